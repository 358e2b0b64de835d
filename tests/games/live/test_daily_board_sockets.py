"""Issue 21: the daily board updates itself. A game's day of boards is a live page (kind
``"daily"``, games.live.pages) over real WebSockets to a live Daphne: an attempt finished in
another process shows on every open board within the push interval, at most once a second,
the same for a visitor and a member, and a visitor's try never shows."""

import asyncio
from itertools import pairwise

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games.daily.models import VisitorTry
from games.engine import IllegalAction
from games.live.pages import PUSH_SECONDS
from games.tables.refusals import TableRefusal
from tests.games.daily.daily_support import begin, play_out
from tests.games.live.test_lobby_sockets import PUSHED_WITHIN, LobbyPage
from tests.games.socket_support import session_cookie
from tests.games.table_support import members, signed_in

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]


def board_page(live_stack, client=None) -> LobbyPage:
    cookie = session_cookie(client) if client is not None else None
    return LobbyPage(live_stack.ws_url("/ws/pages/daily/unders/"), live_stack.http_url, cookie)


def finished(played) -> None:
    """Play the attempt (or try) to its end here, while the worker plays the same bots: a move
    of ours that the worker's came before is refused, and the next round goes on from there."""
    while True:
        try:
            play_out(played)
            return
        except (TableRefusal, IllegalAction):
            continue


def test_a_finished_attempt_shows_on_open_boards_within_a_second_and_a_visitors_try_never(
    live_stack,
):
    asha, bilal, chanda = members(3, prefix="daily")
    watching_member = signed_in(chanda)
    visitor = Client()
    assert visitor.post("/daily/unders/play/").status_code == 302
    tried = VisitorTry.objects.select_related("table").get()
    attempts = [begin(member, "unders") for member in (asha, bilal)]

    async def scenario():
        async with (
            board_page(live_stack) as anyone,
            board_page(live_stack, watching_member) as member,
        ):
            first = anyone.pushes[0][1]
            await database_sync_to_async(finished)(tried)
            loop = asyncio.get_running_loop()
            await database_sync_to_async(finished)(attempts[0])
            start = loop.time()  # the attempt's last move committed
            delays = [
                await page.shows(lambda html: "1 attempt finished." in html, since=start)
                for page in (anyone, member)
            ]
            # Another attempt, finished after that push: shown within the interval too.
            await database_sync_to_async(finished)(attempts[1])
            again = loop.time()
            shown = await anyone.shows(lambda html: "2 attempts finished." in html, since=again)
            return first, delays, shown, anyone.pushes, member.pushes[-1][1]

    first, delays, shown, pushes, member_sees = asyncio.run(scenario())
    assert "0 attempts finished." in first
    assert "1 attempt finished." not in first
    assert all(delay < PUSHED_WITHIN for delay in delays), delays
    assert shown < PUSHED_WITHIN
    # At most one push a second (the first is the page as the socket opened).
    times = [at for at, _html in pushes[1:]]
    assert all(later - earlier >= PUSH_SECONDS * 0.9 for earlier, later in pairwise(times))
    # The member's page is pushed what everyone's is: the names on the board, no visitor.
    assert "daily0" in member_sees and "daily1" in pushes[-1][1]
    assert all("visitor" not in html.lower() for _at, html in pushes)
