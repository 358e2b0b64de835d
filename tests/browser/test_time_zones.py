"""Issue 33 in Debian's Chromium: browsers in Karachi, London and Lucknow. A visitor's browser
tells its zone (static/js/zone.js), and the next page reads times in it; sign-up offers the
browser's zone and keeps it; the daily deal's day is India's, its end also on the reader's own
clock where that is not India's."""

from accounts.profiles.models import Profile
from tests.browser.support import PHONE, launched, page_only, signed_up, written

pytestmark = page_only


def test_browsers_in_karachi_london_and_lucknow_read_their_own_times(live_stack, page_log):
    with launched(live_stack, page_log) as pages:

        def browser_in(zone: str, language: str):
            return pages.visit(None, language=language, viewport=PHONE, name=zone, timezone_id=zone)

        karachi = browser_in("Asia/Karachi", "ur")
        karachi.goto("/")  # India's time on this first page; the browser says its zone
        zone_told(karachi)
        karachi.goto("/daily/pitch/")
        left = karachi.inner_text(".daily-day")
        assert "IST" in left and "PKT" in left and "آپ کے وقت کے مطابق" in left

        london = browser_in("Europe/London", "en")
        london.goto("/accounts/signup/")  # the list is set to the browser's zone at once
        assert london.input_value("#id_time_zone") == "Europe/London"
        signed_up(london, "imogen")
        zone = written(lambda: Profile.objects.get(user__username="imogen").time_zone)
        assert zone == "Europe/London"
        london.goto("/daily/pitch/")
        assert "your time" in london.inner_text(".daily-day")

        lucknow = browser_in("Asia/Kolkata", "hi")
        lucknow.goto("/")
        zone_told(lucknow)
        lucknow.goto("/daily/pitch/")
        day = lucknow.inner_text(".daily-day")
        # India's clock is the reader's: the end is said once, in IST.
        assert "IST" in day and "आपके समय से" not in day


def zone_told(page) -> None:
    """zone.js tells the zone once the page is idle (the zone list of sign-up at once): the next
    page is asked for after the cookie is there, as a person's next tap comes."""
    for _ in range(100):
        if any(cookie["name"] == "tz" for cookie in page.context.cookies()):
            return
        page.wait_for_timeout(50)
    raise AssertionError("the browser never told its zone")
