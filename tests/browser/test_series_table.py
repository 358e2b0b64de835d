"""Issue 31, point 6 in Chromium at 360 px: a series' page says its points rule in words,
names its leader, shows the table for the whole series and for a month, fits the phone (in
Urdu too), and the leader's profile carries the title."""

from datetime import date, time, timedelta

from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.support import PHONE, fits_the_screen, launched, page_only, written
from tests.tournaments.support import entered, organiser, people, tournament_made
from tournaments import services
from tournaments.models import Entry, EntryStatus, Tournament, TournamentStatus

pytestmark = page_only


def test_the_series_table_on_a_phone_and_the_leaders_title(live_stack, page_log):
    def begin():
        boss = organiser()
        series = services.series_create(
            organiser=boss,
            name="Lahore Saturdays",
            weekdays=[5],
            time_of_day=time(20, 0),
            time_zone="Asia/Kolkata",
            first_date=timezone.localdate() + timedelta(days=60),
        )
        players = people(8)
        day = date(2026, 11, 28)
        tournament = tournament_made(boss, name="Lahore Saturdays, 28 November")
        entered(tournament, players)
        Tournament.objects.filter(pk=tournament.pk).update(
            series=series, occurrence=day, status=TournamentStatus.FINISHED
        )
        for place, member in enumerate(players, start=1):
            Entry.objects.filter(tournament=tournament, user=member).update(
                place=place, status=EntryStatus.OUT
            )
        return series, players[0].username

    series, leader = written(begin)
    with launched(live_stack, page_log) as pages:
        for language in ("en", "ur"):
            page = pages.visit(
                f"/tournaments/series/{series.pk}/?month=2026-11", language=language, viewport=PHONE
            )
            rows = page.locator(".series-standings").first.locator("tbody tr")
            expect(rows).to_have_count(8)
            expect(rows.first).to_contain_text(leader)
            expect(rows.first.locator("td").nth(2)).to_have_text("10")
            expect(page.locator(".series-standings").nth(1).locator("tbody tr")).to_have_count(8)
            assert fits_the_screen(page)
            # Nor does its last column scroll inside the table's own box (issue 31).
            assert page.evaluate(
                "[...document.querySelectorAll('.series-table .table-scroll')]"
                ".every(box => box.scrollWidth <= box.clientWidth)"
            )
            expect(rows.first.locator("td").nth(3)).to_contain_text(
                "1 win" if language == "en" else "1"
            )
            page.screenshot(path=f"test-artifacts/series-table-{language}-360.png", full_page=True)
            if language == "en":
                expect(page.locator(".series-rule-points")).to_contain_text("10 points for 1st")
                expect(page.locator(".series-leader")).to_contain_text(leader)
                page.locator(".series-standings a").first.click()
                expect(page.locator(".series-title")).to_contain_text(
                    "Leads the series Lahore Saturdays"
                )
