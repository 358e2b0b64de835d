"""The month's board and a title on the profile on a 360 x 640 phone, in Urdu (right to left)
and English, in Debian's Chromium through the live stack (issue 32, point 6): no sideways
scroll, the month picker leads to a past month, axe-core finds nothing serious."""

from datetime import timedelta

from django.test import Client

from tests.browser.support import (
    ARTIFACTS,
    axe_findings,
    fits_the_screen,
    launched,
    page_only,
    written,
)

pytestmark = page_only

SMALL_PHONE = {"width": 360, "height": 640}


def a_titled_month():
    """A member with a long display name, first in last month's Pitch (titled) and on this
    month's board."""
    from django.utils import timezone

    from accounts.profiles.models import Profile
    from accounts.ratings.months import month_before, month_of, month_start
    from accounts.ratings.seasons import month_titles_catch_up
    from tests.accounts.ratings.season_support import month_played
    from tests.accounts.ratings.support import members_new

    zoya, aman = members_new(2, prefix="month-phone-")
    longest = Profile._meta.get_field("display_name").max_length  # PostgreSQL holds no more
    name = "ज़ोया रानी, सियालकोट वाली चाय की दुकान"[:longest]
    Profile.objects.create(user=zoya, display_name=name)
    last = month_start(month_before(month_of())) + timedelta(days=3)
    for member, won in ((zoya, 12.0), (aman, 4.0)):
        month_played(member, "pitch", [won] * 5, at=last)
        month_played(member, "pitch", [won] * 6, at=timezone.now())
    month_titles_catch_up()
    client = Client()
    client.force_login(zoya)
    return {"session": client.cookies["sessionid"].value, "last": f"{last:%Y-%m}"}


def test_the_month_board_and_a_title_fit_a_phone_in_urdu_and_english(live_stack, page_log):
    rows = written(a_titled_month)
    ARTIFACTS.mkdir(exist_ok=True)
    problems = []
    with launched(live_stack, page_log) as pages:
        for language in ("ur", "en"):
            page = pages.visit(
                None,
                session=rows["session"],
                language=language,
                viewport=SMALL_PHONE,
                name=f"phone {language}",
                bypass_csp=True,
            )
            context = page.context
            response = page.goto("/ratings/pitch/month/")
            assert response is not None and response.status == 200
            assert page.locator("html").get_attribute("dir") == (
                "rtl" if language == "ur" else "ltr"
            )
            assert page.locator(".leaderboard-table tbody tr").count() == 2
            page.select_option("#month-pick", rows["last"])
            page.locator(".month-picker button[type=submit]").click()
            page.wait_for_url(f"**/ratings/pitch/month/{rows['last']}/")
            page.screenshot(path=str(ARTIFACTS / f"month-board-{language}-360.png"), full_page=True)
            for path in (page.url, "/accounts/profile/"):
                page.goto(path)
                if not fits_the_screen(page):
                    width = page.evaluate("document.documentElement.scrollWidth")
                    problems.append(f"{language} {path}: the page is {width} px wide")
                problems += [f"{path}: {finding}" for finding in axe_findings(context, page)]
            assert page.locator(".month-title").count() == 1
            page.screenshot(path=str(ARTIFACTS / f"month-title-{language}-360.png"), full_page=True)
            context.close()
    assert problems == []
