"""Issue 21, point 2, in Debian's Chromium through the live stack: a visitor (not signed in)
tries the daily Court Piece practice deal (issue 28) from its page, plays a few moves at the
ordinary table page (the same page and socket as a member's), reloads and plays on at the same
seat; the page says the try is unranked and invites them to sign up, and nothing of it is ranked."""

import time

from playwright.sync_api import expect

from games.daily.models import Attempt, VisitorTry
from games.tables.models import Move, MoveBy
from tests.browser.support import launched, play_to_the_end, written


def test_a_visitor_plays_the_daily_court_piece_deal_a_few_moves_and_resumes_after_a_reload(
    live_stack, page_log
):
    with launched(live_stack, page_log) as pages:
        page = pages.visit("/daily/courtpiece/", name="visitor")
        page.get_by_role("button", name="Try today's practice deal (unranked)").click()
        expect(page.locator(".visitor-try")).to_contain_text("not ranked")
        expect(page.locator(".visitor-try a")).to_have_attribute(
            "href", "/accounts/signup/?next=/daily/courtpiece/"
        )
        table_url = page.url
        first = play_to_the_end(page, moves_before_stopping=2)
        page.reload()
        assert page.url == table_url
        again = play_to_the_end(page, moves_before_stopping=1)
        page.context.close()

    def read():
        tried = VisitorTry.objects.get()
        played = Move.objects.filter(table=tried.table, seat=0, by=MoveBy.PLAYER).count()
        return tried.table_id, played, Attempt.objects.exists()

    # The page counts a move made once a frame clears its wait, and a bot's frame may be that
    # frame: the last move can still be on its way to the commit as the page closes (a loaded
    # run read 2 of 3). A move that reached the server is kept: read until it shows.
    deadline = time.monotonic() + 20
    table_id, played, ranked = written(read)
    while played < first + again and time.monotonic() < deadline:
        time.sleep(0.1)
        table_id, played, ranked = written(read)
    assert table_url.endswith(f"/tables/{table_id}/")
    assert played == first + again >= 2
    assert not ranked
