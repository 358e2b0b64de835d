"""Issue 21, point 2, in Debian's Chromium through the live stack: a visitor (not signed in)
tries the daily Court Piece practice deal (issue 28) from its page, plays a few moves at the
ordinary table page (the same page and socket as a member's), reloads and plays on at the same
seat; the page
says the try is unranked and invites them to sign up, and nothing of it is ranked."""

from playwright.sync_api import expect

from games.daily.models import Attempt, VisitorTry
from games.tables.models import Move, MoveBy
from tests.browser.support import DESKTOP, launched, play_to_the_end, written


def test_a_visitor_plays_the_daily_court_piece_deal_a_few_moves_and_resumes_after_a_reload(
    live_stack, page_log
):
    with launched(live_stack, page_log) as pages:
        context = pages.browser.new_context(viewport=DESKTOP, base_url=live_stack.http_url)
        page = context.new_page()
        page_log.watch(page, "visitor")
        page.goto("/daily/courtpiece/")
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
        context.close()

    def read():
        tried = VisitorTry.objects.get()
        played = Move.objects.filter(table=tried.table, seat=0, by=MoveBy.PLAYER).count()
        return tried.table_id, played, Attempt.objects.exists()

    table_id, played, ranked = written(read)
    assert table_url.endswith(f"/tables/{table_id}/")
    assert played == first + again >= 2
    assert not ranked
