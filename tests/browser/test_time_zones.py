"""Issue 33 in Debian's Chromium: browsers in Karachi, London and Lucknow. A visitor's browser
tells its zone (static/js/zone.js), and the next page reads times in it; sign-up offers the
browser's zone and keeps it; the daily deal's day is India's, its end also on the reader's own
clock where that is not India's."""

from accounts.profiles.models import Profile
from tests.browser.support import PHONE, launched, signed_up, written


def test_browsers_in_karachi_london_and_lucknow_read_their_own_times(live_stack, page_log):
    with launched(live_stack, page_log) as pages:

        def browser_in(zone: str, language: str):
            context = pages.browser.new_context(
                viewport=PHONE, base_url=live_stack.http_url, timezone_id=zone
            )
            context.add_cookies(
                [{"name": "django_language", "value": language, "url": live_stack.http_url}]
            )
            page = context.new_page()
            page_log.watch(page, zone)
            return page

        karachi = browser_in("Asia/Karachi", "ur")
        karachi.goto("/")  # India's time on this first page; the browser says its zone
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
        lucknow.goto("/daily/pitch/")
        day = lucknow.inner_text(".daily-day")
        # India's clock is the reader's: the end is said once, in IST.
        assert "IST" in day and "आपके समय से" not in day
