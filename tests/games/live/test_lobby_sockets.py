"""Lobby pages over real WebSockets to a live Daphne (``live_stack``): changes made in another
process (this test's, the Celery worker's) reach every page looking, at most once a second."""

import asyncio
import contextlib
import json
from dataclasses import dataclass, field

import pytest
import websockets
from channels.db import database_sync_to_async
from websockets.exceptions import ConnectionClosed, InvalidStatus

from games.live.guards import CLOSE_TOO_BIG, MAX_FRAME_BYTES
from games.live.pages import PUSH_SECONDS
from games.live.server import SERVER_FRAME_CAP
from games.tables import services
from games.tables.selectors import OPEN_SHOWN
from tests.games.lobby_support import being_played, finished, open_free, seat_taken_and_left
from tests.games.socket_support import TIMEOUT, session_cookie
from tests.games.table_support import members, signed_in, table_new

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]

# A change shows within the push interval; on a busy two-core machine, give it another second.
PUSHED_WITHIN = PUSH_SECONDS + 1.0

_seat_take = database_sync_to_async(services.table_seat_take)
_table_new = database_sync_to_async(table_new)


@dataclass
class LobbyPage:
    """One lobby socket, as htmx's ws extension opens it; every push kept with its time."""

    url: str
    origin: str
    cookie: str | None = None
    pushes: list[tuple[float, str]] = field(default_factory=list)
    connection: object = None

    async def __aenter__(self) -> "LobbyPage":
        headers = {"Origin": self.origin, **({"Cookie": self.cookie} if self.cookie else {})}
        self.connection = await websockets.connect(self.url, additional_headers=headers)
        await self.push()
        return self

    async def __aexit__(self, *exc_info) -> None:
        await self.connection.close()

    async def push(self, timeout: float = TIMEOUT) -> str:
        html = await asyncio.wait_for(self.connection.recv(), timeout)
        self.pushes.append((asyncio.get_running_loop().time(), html))
        return html

    async def shows(self, accept, *, since: float) -> float:
        """Seconds from ``since`` to the first push that ``accept``s."""
        while True:
            if accept(await self.push()):
                return self.pushes[-1][0] - since


def lobby_page(live_stack, client=None, game: str = "pitch") -> LobbyPage:
    cookie = session_cookie(client) if client is not None else None
    return LobbyPage(live_stack.ws_url(f"/ws/pages/lobby/{game}/"), live_stack.http_url, cookie)


def test_a_visitor_and_a_member_see_a_table_made_its_seats_filled_and_its_match_started(
    live_stack,
):
    asha, bilal, chanda, dev = members(4)
    bilals = signed_in(bilal)

    async def scenario():
        delays = []
        async with lobby_page(live_stack) as visitor, lobby_page(live_stack, bilals) as member:
            pages = (visitor, member)
            loop = asyncio.get_running_loop()

            async def shown(accept):
                since = loop.time()
                delays.extend(await asyncio.gather(*(p.shows(accept, since=since) for p in pages)))

            table = await _table_new(asha, "pitch", ["", "", "", ""])
            await shown(lambda html: open_free(html, table.pk) == 3)
            for member_, seat, free in ((bilal, 1, 2), (chanda, 2, 1)):
                await _seat_take(table_id=table.pk, user_id=member_.pk, number=seat)
                await shown(lambda html, free=free: open_free(html, table.pk) == free)
            await _seat_take(table_id=table.pk, user_id=dev.pk, number=3)
            await shown(lambda html: being_played(html, table.pk) and not open_free(html, table.pk))
        return delays

    delays = asyncio.run(scenario())
    assert len(delays) == 8
    assert max(delays) <= PUSHED_WITHIN, delays


def test_a_match_of_bots_the_worker_finishes_moves_to_the_finished_list(live_stack):
    (asha,) = members(1)

    async def scenario():
        async with lobby_page(live_stack) as visitor:
            table = await _table_new(asha, "pitch", ["easy"] * 4)
            await visitor.shows(lambda html: finished(html, table.pk), since=0)

    asyncio.run(scenario())


def test_a_burst_of_seat_changes_reaches_a_page_at_most_once_a_second(live_stack):
    asha, bilal = members(2)
    table = table_new(asha, "pitch", ["", "", "", ""])

    async def scenario():
        async with lobby_page(live_stack) as visitor:
            loop = asyncio.get_running_loop()
            began = loop.time()
            changes = await seat_taken_and_left(table, bilal, seconds=2.5 * PUSH_SECONDS)
            with contextlib.suppress(TimeoutError):
                while True:
                    await visitor.push(timeout=PUSHED_WITHIN)
            pushes = visitor.pushes[1:]
            return changes, pushes[-1][0] - began, [html for _when, html in pushes]

    changes, seconds, pushes = asyncio.run(scenario())
    assert open_free(pushes[-1], table.pk) == 2
    assert len(pushes) <= seconds / PUSH_SECONDS + 1, (len(pushes), seconds)
    assert changes >= 3 * len(pushes), (changes, len(pushes))


def test_a_full_lobby_bigger_than_what_a_client_may_send_still_reaches_the_page(live_stack):
    """The server caps a client's message at 8 KiB (games.live.server); its own pushes are bigger
    at 50 open tables, and must not close the socket."""
    (asha,) = members(1)
    tables = [table_new(asha, "rummy", ["", ""]) for _ in range(OPEN_SHOWN)]

    async def scenario():
        async with lobby_page(live_stack, game="rummy") as page:
            return page.pushes[0][1]

    html = asyncio.run(scenario())
    assert len(html.encode()) > SERVER_FRAME_CAP
    assert [open_free(html, table.pk) for table in tables] == [1] * OPEN_SHOWN


def test_a_lobby_socket_from_another_origin_is_refused_at_the_handshake(live_stack):
    page = lobby_page(live_stack)
    page.origin = "http://127.0.0.1:9999"

    async def scenario():
        with pytest.raises(InvalidStatus) as refused:
            async with page:
                pass
        return refused.value.response.status_code

    assert asyncio.run(scenario()) == 403


def test_an_oversized_frame_closes_a_lobby_socket_with_4009(live_stack):
    async def scenario():
        async with lobby_page(live_stack) as page:
            await page.connection.send(json.dumps({"type": "ping", "pad": "x" * MAX_FRAME_BYTES}))
            error = json.loads(await page.push())
            with pytest.raises(ConnectionClosed) as closed:
                await page.push()
            return error["code"], closed.value.rcvd.code

    assert asyncio.run(scenario()) == ("too_large", CLOSE_TOO_BIG)
