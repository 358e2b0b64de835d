"""The lobby socket, in process: what it sends on connecting and after each change a lobby
shows, how often, in whose language, and whom it refuses."""

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from config import pages as live_pages
from config.asgi import application
from games.live import pages
from games.live.groups import page_group
from games.live.guards import CLOSE_TOO_BIG, MAX_FRAME_BYTES
from games.tables import services
from games.tables.models import MoveBy
from games.tables.services.locked import atomic_locked
from games.web import lobby
from tests.games.live.test_presence import HOST, ORIGIN, TIMEOUT
from tests.games.lobby_support import (
    being_played,
    open_free,
    seat_taken_and_left,
)
from tests.games.table_support import members, signed_in, table_new

# Channels' auth middleware reads the session from another thread: the rows must be committed.
pytestmark = pytest.mark.django_db(transaction=True)

# A push comes at most a second after the change; on a busy two-core machine, give it another.
PUSHED_WITHIN = pages.PUSH_SECONDS + 1.0

_seat_take = database_sync_to_async(services.table_seat_take)
_table_new = database_sync_to_async(table_new)


@pytest.fixture(autouse=True)
def _renders_in_the_tests_thread(monkeypatch):
    """Channels' test communicator turns off closing connections after each database call
    (``channels.testing``): a render in a pool thread would keep its connection open past the
    end of the test database, which PostgreSQL then refuses to drop. In the test's own thread,
    pytest-django looks after it."""
    monkeypatch.setattr(pages, "_render", database_sync_to_async(pages._rendered))


def lobby_socket(
    game: str = "pitch", client: Client | None = None, *, language: str = "", origin=ORIGIN
) -> WebsocketCommunicator:
    cookies = [f"sessionid={client.cookies['sessionid'].value}"] if client else []
    cookies += [f"django_language={language}"] if language else []
    headers = [HOST, origin, *([(b"cookie", "; ".join(cookies).encode())] if cookies else [])]
    return WebsocketCommunicator(application, f"/ws/pages/lobby/{game}/", headers=headers)


async def opened(socket: WebsocketCommunicator) -> str:
    """Connect, and return the lists it is sent at once."""
    accepted, _ = await socket.connect(TIMEOUT)
    assert accepted
    return await socket.receive_from(TIMEOUT)


async def pushed_until(socket: WebsocketCommunicator, accept, within: float = PUSHED_WITHIN) -> str:
    """The first push that ``accept``s, within ``within`` seconds of now."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while True:
        html = await socket.receive_from(max(0.01, deadline - loop.time()))
        if accept(html):
            return html


def run(scenario):
    return async_to_sync(scenario)()


def test_a_visitor_is_sent_the_lists_exactly_as_the_page_shows_them():
    (asha,) = members(1)
    table = table_new(asha, "pitch", ["", "", "", "easy"])
    page = Client().get("/games/pitch/tables/").text

    async def scenario():
        socket = lobby_socket()
        html = await opened(socket)
        await socket.disconnect()
        return html

    html = run(scenario)
    assert open_free(html, table.pk) == 2
    # The push is the lists' element, as the page holds it.
    assert html.strip() in page


def test_every_lobby_page_sees_a_new_table_its_seats_filling_and_its_match_starting():
    asha, bilal, chanda = members(3)
    bilals = signed_in(bilal)

    async def scenario():
        visitor, member = lobby_socket(), lobby_socket(client=bilals)
        for socket in (visitor, member):
            await opened(socket)
        table = await _table_new(asha, "pitch", ["", "", "", "easy"])
        for socket in (visitor, member):
            await pushed_until(socket, lambda html: open_free(html, table.pk) == 2)
        await _seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
        for socket in (visitor, member):
            await pushed_until(socket, lambda html: open_free(html, table.pk) == 1)
        await _seat_take(table_id=table.pk, user_id=chanda.pk, number=2)
        for socket in (visitor, member):
            html = await pushed_until(socket, lambda html: being_played(html, table.pk))
            assert open_free(html, table.pk) is None
            await socket.disconnect()

    run(scenario)


def test_a_burst_of_seat_changes_is_pushed_at_most_once_a_second():
    asha, bilal = members(2)
    table = table_new(asha, "pitch", ["", "", "", ""])

    async def scenario():
        socket = lobby_socket()
        await opened(socket)
        loop = asyncio.get_running_loop()
        began = loop.time()
        changes = await seat_taken_and_left(table, bilal, seconds=2.5 * pages.PUSH_SECONDS)
        pushes = []
        while not await socket.receive_nothing(PUSHED_WITHIN):
            pushes.append(await socket.receive_from(TIMEOUT))
            last = loop.time()
        await socket.disconnect()
        return changes, last - began, pushes

    changes, seconds, pushes = run(scenario)
    assert open_free(pushes[-1], table.pk) == 2
    assert len(pushes) <= seconds / pages.PUSH_SECONDS + 1
    assert changes >= 3 * len(pushes)


def test_a_move_of_a_match_in_play_tells_no_lobby(monkeypatch):
    asha, bilal = members(2)
    table = table_new(asha, "pitch", ["", "", "medium", "medium"])
    lobby_news = []

    async def group_send(group, message):
        if group.startswith("page.lobby."):
            lobby_news.append(group)

    monkeypatch.setattr(get_channel_layer(), "group_send", group_send)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    assert lobby_news == [page_group("lobby", "pitch")]  # the seat that started the match
    with atomic_locked(table.pk) as locked:
        seat = locked.match.to_move()[0]
        locked.apply(seat, locked.match.legal_actions(seat)[0], MoveBy.PLAYER)
        locked.save()
    assert lobby_news == [page_group("lobby", "pitch")]


def test_a_private_table_tells_no_lobby(monkeypatch):
    (asha,) = members(1)
    lobby_news = []

    async def group_send(group, message):
        lobby_news.append(group)

    monkeypatch.setattr(get_channel_layer(), "group_send", group_send)
    table_new(asha, "pitch", ["", "", "", ""], private=True)
    # Only the moderators' console hears of it (issue 20), besides the table's own sockets.
    assert lobby_news == [f"table.{asha.tables_created.get().pk}", "page.console.tables"]


def test_a_push_renders_once_per_language_however_many_sockets_read_it(monkeypatch):
    (asha,) = members(1)
    renders = []
    render = lobby.lobby_render

    def counted(game, languages):
        renders.append(sorted(languages))
        return render(game, languages)

    monkeypatch.setitem(
        live_pages.PAGE_KINDS,
        "lobby",
        pages.PageKind(counted, live_pages.PAGE_KINDS["lobby"].may_watch),
    )

    async def scenario():
        sockets = [lobby_socket(language=language) for language in ("en", "en", "en", "ur", "ur")]
        for socket in sockets:
            await opened(socket)
        renders.clear()
        table = await _table_new(asha, "pitch", ["", "", "", ""])
        for socket in sockets:
            await pushed_until(socket, lambda html: open_free(html, table.pk) == 3)
            await socket.disconnect()

    run(scenario)
    assert renders == [["en", "ur"]]


def test_an_urdu_reader_is_sent_the_lists_in_urdu():
    async def scenario():
        socket = lobby_socket(language="ur")
        html = await opened(socket)
        await socket.disconnect()
        return html

    html = run(scenario)
    reader = Client()
    reader.cookies["django_language"] = "ur"
    page = reader.get("/games/pitch/tables/").text
    assert "جاری میچ" in html and "Being played" not in html
    assert html.strip() in page


def test_a_page_that_reconnects_is_sent_what_it_missed():
    asha, bilal = members(2)

    async def scenario():
        staying, leaving = lobby_socket(), lobby_socket()
        await opened(staying)
        await opened(leaving)
        await leaving.disconnect()
        table = await _table_new(asha, "pitch", ["", "", "", ""])
        await _seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
        await pushed_until(staying, lambda html: open_free(html, table.pk) == 2, within=TIMEOUT)
        back = lobby_socket()
        html = await opened(back)
        for socket in (staying, back):
            await socket.disconnect()
        return table, html

    table, html = run(scenario)
    assert open_free(html, table.pk) == 2


@pytest.mark.parametrize(
    "origin",
    [(b"origin", b"https://cards.example.net"), (b"origin", b"http://127.0.0.1:9999"), None],
    ids=["foreign", "other-port", "missing"],
)
def test_a_lobby_socket_from_another_origin_is_refused(origin):
    async def scenario():
        socket = lobby_socket(origin=origin) if origin else lobby_socket()
        if origin is None:
            socket.scope["headers"] = [HOST]
        accepted, _ = await socket.connect(TIMEOUT)
        return accepted

    assert run(scenario) is False


def test_a_lobby_of_no_game_is_refused():
    async def scenario():
        accepted, _ = await lobby_socket("poker").connect(TIMEOUT)
        return accepted

    assert run(scenario) is False


def test_an_oversized_frame_closes_the_lobby_socket_with_4009():
    async def scenario():
        socket = lobby_socket()
        await opened(socket)
        await socket.send_to(text_data=json.dumps({"type": "ping", "pad": "x" * MAX_FRAME_BYTES}))
        error = json.loads(await socket.receive_from(TIMEOUT))
        closed = await socket.receive_output(TIMEOUT)
        return error["code"], closed

    code, closed = run(scenario)
    assert code == "too_large"
    assert closed == {"type": "websocket.close", "code": CLOSE_TOO_BIG}
