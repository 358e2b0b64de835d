"""Issue 31, point 5 in Chromium: a visitor follows a public tournament's bracket on a 360 px
phone, in Urdu too: the boxes stack in one column and fit the screen, the bracket fills in the
next round by itself when the first ends (no reload), and a live table's box leads to that
table as a spectator sees it."""

import re

from playwright.sync_api import expect

from tests.browser.support import PHONE, axe_findings, launched, page_only, screenshots, written
from tests.tournaments.support import (
    current_tables,
    entered,
    organiser,
    people,
    started,
    table_ended_with,
    tournament_made,
)
from tournaments import services

pytestmark = page_only


def test_a_visitor_follows_the_bracket_on_a_phone_and_watches_a_table(live_stack, page_log):
    def begin():
        tournament = tournament_made(organiser(), per_table=3, qualifiers=1, name="Basant Cup")
        entered(tournament, people(9))
        started(tournament)
        return tournament, [rt.table_id for rt in current_tables(tournament)]

    tournament, tables = written(begin)
    with launched(live_stack, page_log) as pages:
        page = pages.visit(f"/tournaments/{tournament.pk}/", viewport=PHONE, bypass_csp=True)
        context = page.context
        page.get_by_role("link", name="The bracket: every round at a glance").click()
        boxes = page.locator("#bracket-round-1 .bracket-box")
        expect(boxes).to_have_count(3)
        # One column on a phone: every box starts at the same edge, one under the other.
        # Read in one go: a push may redraw the boxes between two reads.
        places = boxes.evaluate_all(
            "boxes => boxes.map((box) => box.getBoundingClientRect())"
            ".map((place) => [place.x, place.y])"
        )
        lefts = {round(x) for x, _y in places}
        tops = [y for _x, y in places]
        assert len(lefts) == 1 and tops == sorted(tops)
        assert axe_findings(context, page) == []
        assert screenshots(page, "bracket-round-1") == []
        page.set_viewport_size(PHONE)

        def first_round_played():
            for table_id in tables:
                table_ended_with(table_id, [1, 2, 3])
            services.tournament_round_check(tournament_id=tournament.pk)

        written(first_round_played)
        # Pushed over the page's socket: the final appears without a reload.
        final = page.locator("#bracket-round-2.bracket-final .bracket-box")
        expect(final).to_have_count(1)
        expect(page.locator("#bracket-round-1 .bracket-players li.through")).to_have_count(3)
        assert screenshots(page, "bracket-final") == []
        page.set_viewport_size(PHONE)

        urdu = context.new_page()
        page_log.watch(urdu, "ur")
        context.add_cookies(
            [{"name": "django_language", "value": "ur", "url": live_stack.http_url}]
        )
        urdu.goto(f"/tournaments/{tournament.pk}/bracket/")
        expect(urdu.locator("html")).to_have_attribute("dir", "rtl")
        expect(urdu.locator("#bracket-round-2 .bracket-box")).to_have_count(1)
        assert urdu.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

        # The final's box leads to its table, which the visitor watches as a spectator.
        final.locator("a.bracket-watch").click()
        page.wait_for_url(re.compile(r"/tables/\d+/$"))
        expect(page.locator("#table")).to_be_visible()
        assert page.locator("#hand .card").count() == 0
