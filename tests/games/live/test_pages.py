"""Live pages (games/live/pages.py): a kind of page registered by the app that owns it, watched
only by whom it allows, pushed again when a write publishes PageChanged."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.db import transaction

from config import pages as live_pages
from config.asgi import application
from games.live import pages
from games.news import PageChanged, publish
from tests.games.live.test_presence import HOST, ORIGIN, TIMEOUT
from tests.games.socket_support import redis_subscribes_late

pytestmark = pytest.mark.django_db(transaction=True)

SHOWN = {"count": 0}


def render(key, languages):
    if key != "seven":
        raise LookupError(key)
    return {
        language: f'<p id="count">{key} {SHOWN["count"]} {language}</p>' for language in languages
    }


def may_watch(user, key, invite):
    if key != "seven":
        raise LookupError(key)
    return user.is_authenticated


@pytest.fixture(autouse=True)
def test_kind(monkeypatch):
    monkeypatch.setitem(live_pages.PAGE_KINDS, "testpage", pages.PageKind(render, may_watch))
    # Rendered in the test's own thread (see test_lobby: Channels' communicator and the pool).
    monkeypatch.setattr(pages, "_render", pages.database_sync_to_async(pages._rendered))
    monkeypatch.setattr(pages, "_may_watch", pages.database_sync_to_async(pages._allowed))
    SHOWN["count"] = 0


def page_socket(path: str, client=None) -> WebsocketCommunicator:
    headers = [HOST, ORIGIN]
    if client is not None:
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


@pytest.mark.parametrize("late", [False, True], ids=["subscribed", "redis-subscribes-late"])
def test_a_page_is_sent_at_once_and_again_when_a_write_says_it_changed(
    member_client, monkeypatch, late
):
    """Also when Redis takes the board's subscription late (a loaded machine): the page is read
    once the board hears its group, so a change told right after the first page still comes
    (on the old code it waited for the sweep, 30 s later)."""
    if late:
        redis_subscribes_late(monkeypatch)

    async def scenario():
        socket = page_socket("/ws/pages/testpage/seven/", member_client)
        assert (await socket.connect(TIMEOUT))[0]
        first = await socket.receive_from(TIMEOUT)
        SHOWN["count"] = 1
        await pages.database_sync_to_async(changed)()
        again = await socket.receive_from(TIMEOUT)
        await socket.disconnect()
        return first, again

    def changed():
        with transaction.atomic():
            publish(PageChanged("testpage", "seven"))

    first, again = async_to_sync(scenario)()
    assert first == '<p id="count">seven 0 en</p>'
    assert again == '<p id="count">seven 1 en</p>'


@pytest.mark.parametrize(
    "path",
    ["/ws/pages/testpage/eight/", "/ws/pages/nokind/seven/"],
    ids=["no-such-page", "no-kind"],
)
def test_a_page_that_is_not_there_is_refused_at_the_handshake(member_client, path):
    async def scenario():
        accepted, _ = await page_socket(path, member_client).connect(TIMEOUT)
        return accepted

    assert async_to_sync(scenario)() is False


def test_a_reader_the_page_does_not_allow_is_refused_at_the_handshake():
    async def scenario():
        accepted, _ = await page_socket("/ws/pages/testpage/seven/").connect(TIMEOUT)
        return accepted

    assert async_to_sync(scenario)() is False
