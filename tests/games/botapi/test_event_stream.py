"""The account's event stream (issue 35, point 2), read through its endpoint as a program reads
it: an invitation waiting when it opens comes first, then each as it happens: an invitation,
the seat taken, the match started, the match ended. Every line is one of the documented kinds
with the fields its schema requires, and no line of it carries a card (the leak check runs
on every line: an account's events never show a hand)."""

import asyncio

import orjson
import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from accounts.bots.models import AccessToken
from accounts.bots.services import token_revoke
from games.botapi.models import Invitation
from games.botapi.services import bot_invite, invitation_answer
from games.engine.base import leaked_cards
from games.live import fanout, streams
from games.live.hub import hub
from games.tables import services
from games.tables.models import MoveBy, Seat, Table, TableStatus
from games.tables.services.locked import atomic_locked
from games.tables.services.moderation import table_end
from tests.games.botapi.support import (
    WAIT_SECONDS,
    EventReader,
    api,
    bot_made,
    event_stream,
    post,
    token_for,
)
from tests.games.socket_support import redis_subscribes_late
from tests.games.table_support import match_of, members

pytestmark = pytest.mark.django_db(transaction=True)


def _open_table(creator) -> Table:
    return services.table_create(
        creator_id=creator.pk,
        game="pitch",
        variant="standard",
        bot_levels=["", "", "", ""],
        options={"target": 3, "back_door": True},
        bot_delay_seconds=0,
    )


def _bot_seated(name: str):
    """A member's bot account called ``name``, invited by a friend to seat 1 of the friend's
    open table, which it accepted: the owner, the friend, the bot, its token, the table."""
    owner, friend = members(2)
    bot = bot_made(owner, name)
    secret = token_for(owner, bot)
    table = _open_table(friend)
    invitation = bot_invite(member_id=friend.pk, table_id=table.pk, seat=1, name=name)
    invitation_answer(bot_id=bot.pk, invitation_id=invitation.pk, accept=True)
    return owner, friend, bot, secret, table


def test_an_event_told_the_moment_the_stream_listens_reaches_it_however_late_redis_subscribes(
    monkeypatch,
):
    """The stream's first keep-alive says it listens: an invitation made right after must come.
    Redis may take the stream's SUBSCRIBE after the invitation's PUBLISH (a loaded machine);
    here the subscription goes live a moment after ``group_add`` returns (on the old code the
    invitation was lost and only keep-alives came)."""
    redis_subscribes_late(monkeypatch)
    owner, friend = members(2)
    bot = bot_made(owner, "early")
    secret = token_for(owner, bot)
    table = _open_table(friend)

    async def scenario() -> dict:
        reader = EventReader(await event_stream(secret))
        try:
            await reader.opened()
            await database_sync_to_async(bot_invite)(
                member_id=friend.pk, table_id=table.pk, seat=1, name="early"
            )
            return await reader.next_event()
        finally:
            await reader.close()

    told = asyncio.run(scenario())
    assert (told["type"], told["table"], told["seat"]) == ("invitation", table.pk, 1)


def test_invitations_seat_and_match_each_come_on_the_account_stream_as_they_happen(mona):
    owner, friend = members(2)
    bot = bot_made(owner, "listener")
    secret = token_for(owner, bot)
    waiting_at = _open_table(friend)
    waiting = bot_invite(member_id=friend.pk, table_id=waiting_at.pk, seat=2, name="listener")
    table = _open_table(friend)

    async def scenario() -> list[dict]:
        response = await event_stream(secret)
        assert response.status_code == 200
        assert response["Content-Type"] == "application/x-ndjson"
        reader = EventReader(response)
        try:
            await reader.opened()
            # Waiting when the stream opened: first.
            first = await reader.next_event()
            assert (first["type"], first["id"], first["seat"]) == ("invitation", waiting.pk, 2)
            # Made while it is open.
            invitation = await database_sync_to_async(bot_invite)(
                member_id=friend.pk, table_id=table.pk, seat=3, name="LISTENER"
            )
            told = await reader.next_event()
            assert told == {
                "type": "invitation",
                "id": invitation.pk,
                "table": table.pk,
                "seat": 3,
                "game": "pitch",
                "variant": "standard",
                "by": friend.username,
            }
            await database_sync_to_async(invitation_answer)(
                bot_id=bot.pk, invitation_id=invitation.pk, accept=True
            )
            assert await reader.next_event() == {"type": "seated", "table": table.pk}
            # The member leaves their seat and starts: house bots fill the others.
            await database_sync_to_async(services.table_seat_leave)(
                table_id=table.pk, user_id=friend.pk
            )
            await database_sync_to_async(services.table_start)(
                table_id=table.pk, user_id=friend.pk, bot_level="easy"
            )
            started = await reader.next_event()
            assert started == {
                "type": "matchStarted",
                "table": table.pk,
                "game": "pitch",
                "variant": "standard",
                "seat": 3,
            }
            # The match ends (here a moderator ends it).
            await database_sync_to_async(table_end)(
                moderator=mona, table_id=table.pk, reason="stuck"
            )
            ended = await reader.next_event()
            assert ended == {"type": "matchEnded", "table": table.pk, "status": "ended"}
        finally:
            await reader.close()
        return reader.seen

    seen = asyncio.run(scenario())
    kinds = [line["type"] for line in seen if line["type"] != "keep-alive"]
    assert kinds == ["invitation", "invitation", "seated", "matchStarted", "matchEnded"]


def test_an_invitation_whose_seat_another_took_is_withdrawn_and_never_offered_again(
    monkeypatch,
):
    """Issue 35 (the judge's point 4): an invitation whose seat a person took meanwhile stayed
    waiting, and every new event stream offered it again. It is withdrawn with its seat: the
    open stream says so, a new stream does not offer it, and its acceptance answers
    invitation_withdrawn (410). A table that starts withdraws those still waiting there, while
    the invitation of the bot whose acceptance filled the table is accepted."""
    monkeypatch.setattr(streams, "KEEP_ALIVE_SECONDS", 0.5)
    owner, friend, taker = members(3)
    bot, other = bot_made(owner, "jilted"), bot_made(owner, "filler")
    bot_made(owner, "late")
    secret = token_for(owner, bot)
    table = _open_table(friend)
    invitation = bot_invite(member_id=friend.pk, table_id=table.pk, seat=2, name="jilted")

    async def scenario() -> None:
        reader = EventReader(await event_stream(secret))
        try:
            await reader.opened()
            assert (await reader.next_event())["id"] == invitation.pk
            await database_sync_to_async(services.table_seat_take)(
                table_id=table.pk, user_id=taker.pk, number=2
            )
            assert await reader.next_event() == {
                "type": "invitationWithdrawn",
                "id": invitation.pk,
                "table": table.pk,
            }
        finally:
            await reader.close()

    async def offered_now() -> list[dict]:
        response = await event_stream(secret)
        lines = aiter(response.streaming_content)
        try:
            assert orjson.loads(await anext(lines)) == {"type": "keep-alive"}
            # What is pending comes before the next keep-alive.
            seen = [orjson.loads(await asyncio.wait_for(anext(lines), WAIT_SECONDS))]
        finally:
            await lines.aclose()
        return seen

    asyncio.run(scenario())
    assert asyncio.run(offered_now()) == [{"type": "keep-alive"}]
    accepted = post(api(secret), f"/api/bot/invitations/{invitation.pk}/accept")
    assert (accepted.status_code, accepted.json()["code"]) == (410, "invitation_withdrawn")
    assert not Seat.objects.filter(user=bot).exists()
    # Two bots invited to a seat: the first to accept takes it, the other's goes. The last
    # seat's acceptance fills the table, which starts: its acceptance stands, a third bot's
    # invitation to the same seat goes with the start.
    beaten = bot_invite(member_id=friend.pk, table_id=table.pk, seat=3, name="jilted")
    beating = bot_invite(member_id=friend.pk, table_id=table.pk, seat=3, name="filler")
    invitation_answer(bot_id=other.pk, invitation_id=beating.pk, accept=True)
    filling = bot_invite(member_id=friend.pk, table_id=table.pk, seat=1, name="jilted")
    late = bot_invite(member_id=friend.pk, table_id=table.pk, seat=1, name="late")
    invitation_answer(bot_id=bot.pk, invitation_id=filling.pk, accept=True)
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    statuses = [Invitation.objects.get(pk=i.pk).status for i in (beaten, beating, filling, late)]
    assert statuses == ["withdrawn", "accepted", "accepted", "withdrawn"]


def test_the_keep_alive_holds_while_a_table_the_account_sits_at_is_busy(monkeypatch):
    """Issue 35 review, point 2: the stream waited a whole keep-alive period after each change
    of a table the account sits at, so a busy table (changes that say nothing to the account)
    kept it silent for a minute. The keep-alive now comes every period whatever else comes.
    The table changes ten times a period here; the keep-alives must come within a deadline
    (on the old code none came while the table stayed busy)."""
    period = 0.5
    monkeypatch.setattr(streams, "KEEP_ALIVE_SECONDS", period)
    _owner, _friend, _bot, secret, table = _bot_seated("patient")
    table.refresh_from_db()

    async def busy() -> None:
        # What the hub is told of a busy table: changes that are no news for the account.
        revision = table.revision
        while True:
            revision += 1
            await hub().tell(
                {
                    "type": "table.changed",
                    "table": table.pk,
                    "version": 0,
                    "revision": revision,
                    "origin": "",
                }
            )
            await asyncio.sleep(period / 10)  # the pace of the table's changes, not a wait

    async def scenario() -> int:
        reader = EventReader(await event_stream(secret))
        changing = None
        try:
            await reader.opened()
            assert await reader.next_event() == {"type": "seated", "table": table.pk}
            changing = asyncio.ensure_future(busy())
            keep_alives = 0
            async with asyncio.timeout(WAIT_SECONDS):
                while keep_alives < 3:
                    raw = await anext(reader.lines)
                    assert orjson.loads(raw) == {"type": "keep-alive"}
                    keep_alives += 1
            return keep_alives
        finally:
            if changing is not None:
                changing.cancel()
            await reader.close()

    assert asyncio.run(scenario()) == 3


def test_revoking_a_token_ends_the_streams_opened_with_it(monkeypatch):
    """Issue 35 review, point 3: a revoked token's event and table streams kept sending (the
    hand included) for a minute. Each now ends at its next keep-alive: here both end within
    the deadline after the revocation (on the old code they sent keep-alives on)."""
    monkeypatch.setattr(streams, "KEEP_ALIVE_SECONDS", 0.2)
    owner, _friend, bot, secret, table = _bot_seated("revoked")
    token = AccessToken.objects.get(user=bot)

    async def ended(lines) -> list[dict]:
        seen = []
        async with asyncio.timeout(WAIT_SECONDS):
            async for raw in lines:
                seen.append(orjson.loads(raw))
        return seen

    async def scenario() -> tuple[list[dict], list[dict]]:
        headers = {"Authorization": f"Bearer {secret}"}
        events = await AsyncClient().get("/api/stream/events", headers=headers)
        frames = await AsyncClient().get(f"/api/bot/tables/{table.pk}/stream", headers=headers)
        assert (events.status_code, frames.status_code) == (200, 200)
        event_lines = aiter(events.streaming_content)
        frame_lines = aiter(frames.streaming_content)
        assert orjson.loads(await anext(event_lines)) == {"type": "keep-alive"}
        assert orjson.loads(await anext(frame_lines))["type"] == "state"
        assert await database_sync_to_async(token_revoke)(member=owner, token_id=token.pk)
        return await ended(event_lines), await ended(frame_lines)

    after_events, after_frames = asyncio.run(scenario())
    assert {line["type"] for line in after_events + after_frames} <= {"seated", "keep-alive"}


def test_a_seat_taken_at_a_table_already_playing_says_seated_then_match_started():
    """A stream opened while the account sits at a match in play says so at once."""
    _owner, friend, _bot, secret, table = _bot_seated("latecomer")
    services.table_seat_leave(table_id=table.pk, user_id=friend.pk)
    services.table_start(table_id=table.pk, user_id=friend.pk, bot_level="easy")

    async def scenario() -> dict:
        reader = EventReader(await event_stream(secret))
        try:
            return await reader.next_event()
        finally:
            await reader.close()

    assert asyncio.run(scenario()) == {
        "type": "matchStarted",
        "table": table.pk,
        "game": "pitch",
        "variant": "standard",
        "seat": 1,
    }


def test_a_missing_wrong_or_unscoped_token_gets_a_json_error_not_a_stream():
    (owner,) = members(1)
    bot = bot_made(owner, "guarded")

    read_only = token_for(owner, bot, scopes=("play",))

    async def scenario() -> list[tuple[int, str]]:
        answers = []
        for headers in ({}, {"Authorization": "Bearer nonsense"}):
            response = await AsyncClient().get("/api/stream/events", headers=headers)
            answers.append((response.status_code, orjson.loads(response.content)["code"]))
        response = await event_stream(read_only)
        answers.append((response.status_code, orjson.loads(response.content)["code"]))
        return answers

    assert asyncio.run(scenario()) == [(401, "no_token"), (401, "bad_token"), (403, "wrong_scope")]


def test_a_table_stream_catches_up_at_its_keep_alive_on_a_change_whose_news_was_lost(
    monkeypatch,
):
    """No lost move: Redis's pub/sub carries news at most once, so a change can be committed
    and never told. The table page's heartbeat asks for the state again; a bot's table stream
    looks at the table's revision at each keep-alive and sends the frame it missed (on the old
    code it sent keep-alives only, until the next change that was told)."""
    monkeypatch.setattr(streams, "KEEP_ALIVE_SECONDS", 0.3)
    _owner, friend, _bot, secret, table = _bot_seated("catching")
    services.table_seat_leave(table_id=table.pk, user_id=friend.pk)
    services.table_start(table_id=table.pk, user_id=friend.pk, bot_level="easy")

    def changed_untold() -> int:
        """A move by whoever is to move (the bot account or a house bot), its news lost."""
        with atomic_locked(table.pk) as locked:
            seat = locked.match.to_move()[0]
            by = MoveBy.PLAYER if seat == 1 else MoveBy.BOT
            locked.apply(seat, locked.match.legal_actions(seat)[0], by)
            locked.save()
            return locked.table.version

    async def scenario() -> tuple[dict, dict, int]:
        headers = {"Authorization": f"Bearer {secret}"}
        response = await AsyncClient().get(f"/api/bot/tables/{table.pk}/stream", headers=headers)
        lines = aiter(response.streaming_content)
        first = orjson.loads(await anext(lines))
        monkeypatch.setattr(fanout, "running_hubs", list)
        monkeypatch.setattr(fanout, "tables_news_deliver", _told_nowhere)
        version = await database_sync_to_async(changed_untold)()
        try:
            async with asyncio.timeout(WAIT_SECONDS):
                while True:
                    line = orjson.loads(await anext(lines))
                    if line["type"] == "state":
                        return first, line, version
        finally:
            await lines.aclose()

    first, caught_up, version = asyncio.run(scenario())
    assert caught_up["version"] == version == first["version"] + 1
    assert leaked_cards(caught_up, match_of(table), 1) == []


async def _told_nowhere(hub, changes, *, remote=True) -> None:
    """News of a change lost on its way (``games.live.fanout.tables_news_deliver``)."""
