"""A visitor signs up, switches to Urdu, signs out and back in, in Debian's Chromium.

Also leaves screenshots of key pages at phone and desktop widths in test-artifacts/, and checks
that no page is wider than a 360 px phone screen.
"""

import pytest

from tests.browser.support import ARTIFACTS, DESKTOP, PASSWORD, PHONE, fits_the_screen, signed_up

SCREENSHOT_HEIGHT = 1600


@pytest.mark.django_db(transaction=True)
def test_language_chosen_after_sign_up_survives_signing_out_and_back_in(
    live_stack, browser, page_log
):
    phone = browser.new_context(viewport=PHONE, base_url=live_stack.http_url)
    page = phone.new_page()
    page_log.watch(page, "phone")
    page.goto("/")
    # On a phone the site's menu is behind its button (issue 30, point 5).
    page.locator(".site-menu > summary").click()
    page.get_by_role("link", name="Sign up").first.click()
    signed_up(page, "farhan")
    assert "Successfully signed in as farhan." in page.inner_text(".messages")

    page.get_by_role("button", name="اردو").click()
    page.wait_for_selector("html[lang=ur][dir=rtl]")
    page.locator(".site-menu > summary").click()
    page.get_by_role("button", name="لاگ آؤٹ").click()
    # Signed out: the menu (closed again on the new page) holds "Sign in".
    page.wait_for_selector("html[lang=ur] a[href='/accounts/login/']", state="attached")

    # A new browser knows nothing of the cookie: the language comes from the profile.
    fresh = browser.new_context(viewport=PHONE, base_url=live_stack.http_url).new_page()
    page_log.watch(fresh, "fresh browser")
    fresh.goto("/accounts/login/")
    assert fresh.get_attribute("html", "lang") == "en"
    fresh.fill("#id_login", "farhan")
    fresh.fill("#id_password", PASSWORD)
    fresh.get_by_role("button", name="Sign In").click()
    fresh.wait_for_selector("html[lang=ur][dir=rtl]")
    assert "آپ farhan کے طور پر سائن اِن ہو گئے ہیں۔" in fresh.inner_text(".messages")


SCREENSHOT_PAGES = [
    ("home", "/", "en"),
    ("signup", "/accounts/signup/", "en"),
    ("home-urdu", "/", "ur"),
    ("rules-urdu", "/games/courtpiece/rules/", "ur"),
    ("signup-hindi", "/accounts/signup/", "hi"),
]


# The browser's layout alone: the scale-out pass leaves it out (tools/testrun.py).
@pytest.mark.embedded_only
def test_pages_fit_phone_and_desktop_screens(live_stack, browser, page_log):
    ARTIFACTS.mkdir(exist_ok=True)
    too_wide = []
    for name, path, language in SCREENSHOT_PAGES:
        context = browser.new_context(base_url=live_stack.http_url)
        context.add_cookies(
            [{"name": "django_language", "value": language, "url": live_stack.http_url}]
        )
        page = context.new_page()
        page_log.watch(page, name)
        for viewport in (PHONE, DESKTOP):
            page.set_viewport_size(viewport)
            page.goto(path)
            assert page.get_attribute("html", "lang") == language
            # The top of long pages only: enough to judge the layout, small enough to look at.
            height = min(page.evaluate("document.documentElement.scrollHeight"), SCREENSHOT_HEIGHT)
            page.screenshot(
                path=str(ARTIFACTS / f"{name}-{viewport['width']}.png"),
                full_page=True,
                clip={"x": 0, "y": 0, "width": viewport["width"], "height": height},
            )
            if not fits_the_screen(page):
                too_wide.append(f"{path} in {language} at {viewport['width']} px")
        context.close()
    assert too_wide == []
