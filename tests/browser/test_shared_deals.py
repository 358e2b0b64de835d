"""Issue 31 in Chromium, in Urdu, on a phone held upright (360 px) and on its side (740x360):
the page of how each table played the same deals (duplicate deals, point 7) once the round is
over, its boxes whole and each replay link leading to the deal; and the organiser's forms (move
the start, change the settings, move the whole series) fit both screens. Screenshots go to
test-artifacts/."""

import re
from datetime import time, timedelta

from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.support import (
    ARTIFACTS,
    PHONE,
    fits_the_screen,
    launched,
    page_only,
    session_of,
    written,
)
from tests.tournaments.support import current_tables, tournament_made
from tests.tournaments.test_duplicate_deals import played_through_the_services, running
from tournaments import services

pytestmark = page_only

SIDEWAYS = {"width": 740, "height": 360}


def test_the_shared_deals_page_and_the_organisers_forms_on_a_phone_in_urdu(live_stack, page_log):
    def begin():
        tournament = running(6, per_table=3, qualifiers=1)
        tables = current_tables(tournament)
        for round_table in tables:
            played_through_the_services(round_table.table_id)
        services.tournament_round_check(tournament_id=tournament.pk)
        boss = tournament.organiser
        coming = tournament_made(boss, name="Lahore Saturday Deals", format="deals")
        series = services.series_create(
            organiser=boss,
            name="Karachi weekend series",
            weekdays=[5, 6],
            time_of_day=time(20, 0),
            time_zone="Asia/Karachi",
            first_date=timezone.localdate() + timedelta(days=2),
        )
        return tournament.pk, coming.pk, series.pk, session_of(boss)

    tournament_id, coming_id, series_id, boss_session = written(begin)
    ARTIFACTS.mkdir(exist_ok=True)
    with launched(live_stack, page_log) as pages:
        for name, viewport in (("360", PHONE), ("740x360", SIDEWAYS)):
            page = pages.visit(
                f"/tournaments/{tournament_id}/deals/",
                session=boss_session,
                language="ur",
                viewport=viewport,
                name=f"ur-{name}",
            )
            expect(page.locator("html")).to_have_attribute("dir", "rtl")
            deals = page.locator(".shared-deal")
            expect(deals.first).to_be_visible()
            assert deals.count() >= 3
            assert fits_the_screen(page)
            # Every box lies whole within the screen: no name or score runs out of it.
            assert page.evaluate(
                """[...document.querySelectorAll('.shared-deal .bracket-box')].every(box => {
                    const r = box.getBoundingClientRect();
                    return r.left >= 0 && r.right <= window.innerWidth
                        && box.scrollWidth <= box.clientWidth; })"""
            )
            page.screenshot(path=str(ARTIFACTS / f"shared-deals-ur-{name}.png"), full_page=True)
            page.locator(".shared-deal a").first.click()
            expect(page).to_have_url(re.compile(r"/replay/\?step=\d+"))
            assert fits_the_screen(page)
            # The organiser's forms, opened.
            for path, shot in (
                (f"/tournaments/{coming_id}/", "move-forms"),
                (f"/tournaments/series/{series_id}/", "series-page"),
            ):
                page.goto(path)
                for summary in page.locator(
                    "details.organiser > summary, .settings-change > summary"
                ).all():
                    summary.click()
                expect(page.locator(".settings-form").first).to_be_visible()
                assert fits_the_screen(page), f"{shot} at {name}"
                page.screenshot(path=str(ARTIFACTS / f"{shot}-ur-{name}.png"), full_page=True)
            page.context.close()
