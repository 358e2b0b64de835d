"""Bot accounts, their tokens and requests with them, and a reader of the event stream, for the
bot API's tests."""

import asyncio

import orjson
from django.test import AsyncClient, Client

from accounts.bots import services
from games.engine.base import is_card_code
from games.tables import services as table_services
from games.tables.models import Table


def bot_made(owner, name: str = "randombot"):
    return services.bot_account_make(owner=owner, name=name)


def token_for(member, account, scopes=("play", "read")) -> str:
    made = services.token_make(member=member, account_id=account.pk, name="t", scopes=list(scopes))
    return made.secret


def api(secret: str | None = None, language: str = "en") -> Client:
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    if secret is not None:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {secret}"
    return Client(**headers)


async def event_stream(secret: str):
    """The account's event stream, asked for with its token: the response, no line read yet."""
    return await AsyncClient().get(
        "/api/stream/events", headers={"Authorization": f"Bearer {secret}"}
    )


def post(client: Client, path: str, body: object = None, raw: bytes | None = None):
    import json

    data = raw if raw is not None else json.dumps(body if body is not None else {})
    return client.post(path, data=data, content_type="application/json")


def seated_bot_table(creator, bot, game: str = "pitch", levels=("", "easy", "easy", "")) -> Table:
    """An open table of ``creator``'s with the bot invited to its last seat and seated: the
    match starts (the other seats: house bots)."""
    from games.botapi.services import bot_invite, invitation_answer

    table = table_services.table_create(
        creator_id=creator.pk,
        game=game,
        variant="standard" if game == "pitch" else "points",
        bot_levels=list(levels),
        options={"target": 3, "back_door": True} if game == "pitch" else {},
        bot_delay_seconds=0,
    )
    invitation = bot_invite(
        member_id=creator.pk, table_id=table.pk, seat=len(levels) - 1, name=bot.username
    )
    invitation_answer(bot_id=bot.pk, invitation_id=invitation.pk, accept=True)
    table.refresh_from_db()
    return table


def bot_among_house_bots(creator, bot, game: str = "pitch", seats: int = 4) -> Table:
    """A match begun with the bot account at the last seat and house bots at the others: the
    creator invited it, left their own seat and started the table."""
    table = seated_bot_table(creator, bot, game, levels=("",) * seats)
    table_services.table_seat_leave(table_id=table.pk, user_id=creator.pk)
    table_services.table_start(table_id=table.pk, user_id=creator.pk, bot_level="easy")
    table.refresh_from_db()
    return table


WAIT_SECONDS = 15
# The fields each kind of line must have (the /api/ page's JSON Schema of the event stream).
REQUIRED = {
    "keep-alive": {"type"},
    "invitation": {"type", "id", "table", "seat", "game", "variant", "by"},
    "invitationWithdrawn": {"type", "id", "table"},
    "seated": {"type", "table"},
    "matchStarted": {"type", "table", "game", "variant", "seat"},
    "matchEnded": {"type", "table", "status"},
    "rankedTableFormed": {"type", "offer", "game", "variant", "seats", "expires"},
}


def cards_in(node: object) -> list[str]:
    if isinstance(node, dict):
        return [card for value in node.values() for card in cards_in(value)]
    if isinstance(node, list):
        return [card for value in node for card in cards_in(value)]
    return [node] if isinstance(node, str) and is_card_code(node) else []


class EventReader:
    """The lines of an open event stream, each checked as it comes."""

    def __init__(self, response) -> None:
        self.lines = aiter(response.streaming_content)
        self.seen: list[dict] = []

    async def next_event(self) -> dict:
        """The next line that is not a keep-alive, within ``WAIT_SECONDS`` (keep-alives do
        not hold off a line that never comes)."""
        async with asyncio.timeout(WAIT_SECONDS):
            while True:
                raw = await anext(self.lines)
                assert raw.endswith(b"\n") and raw.count(b"\n") == 1
                line = orjson.loads(raw)
                assert set(line) >= REQUIRED[line["type"]], line
                assert cards_in(line) == [], line
                self.seen.append(line)
                if line["type"] != "keep-alive":
                    return line

    async def opened(self) -> None:
        """The stream's first line: it listens from now on."""
        raw = await asyncio.wait_for(anext(self.lines), WAIT_SECONDS)
        assert orjson.loads(raw) == {"type": "keep-alive"}

    async def close(self) -> None:
        await self.lines.aclose()
