"""The ranked queue in Debian's Chromium, through the live stack (issue 32): two members, one
reading Urdu on a phone, join the queue of ranked Points rummy from its page; when the forming
pass makes their table, each page says so by itself (its title too), each accepts, and both
are at the same ranked table. The live stack's Celery beat forms the table, as on the site.
Screenshots go to test-artifacts/."""

import re

from playwright.sync_api import expect

from games.ranked.models import QueueOffer
from games.tables.models import Table
from tests.browser.support import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    fits_the_screen,
    launched,
    session_of,
    written,
)
from tests.games.table_support import members

# The status part asks every 3 s; the rest is slack for a busy two-core machine.
TOLD_WITHIN = 15_000


def queue_page(pages, member_session, *, language, viewport):
    return pages.visit(
        "/games/rummy/queue/",
        session=member_session,
        language=language,
        viewport=viewport,
        name=f"queue {language}",
    )


def test_two_members_queue_are_told_their_table_formed_accept_and_sit_at_it(live_stack, page_log):
    def write():
        people = members(2, prefix="queue-")
        return people, [session_of(member) for member in people]

    (asha, bilal), (ashas, bilals) = written(write)
    with launched(live_stack, page_log) as pages:
        english = queue_page(pages, ashas, language="en", viewport=DESKTOP)
        urdu = queue_page(pages, bilals, language="ur", viewport=PHONE)
        expect(urdu.locator("html")).to_have_attribute("dir", "rtl")
        # The page says the rule of the widening gap.
        expect(english.locator(".ranked-queue-page")).to_contain_text("within 100 points")
        ARTIFACTS.mkdir(exist_ok=True)
        too_wide = []
        for page, name in ((english, "queue-en"), (urdu, "queue-ur")):
            page.locator("select[name=variant]").select_option("points")
            page.locator("#queue-join").click()
            expect(page.locator("#queue-status")).to_be_visible()
            page.set_viewport_size(PHONE)
            page.screenshot(path=str(ARTIFACTS / f"{name}-360.png"), full_page=True)
            if not fits_the_screen(page):
                too_wide.append(name)
        assert too_wide == []

        # The live stack's beat runs the forming pass every two seconds.
        # Told without a reload: the offer, its buttons, and the title that names it.
        for page in (english, urdu):
            expect(page.locator("#offer-accept")).to_be_visible(timeout=TOLD_WITHIN)
        expect(english).to_have_title(re.compile("Your ranked table is ready"))
        english.locator("#offer-accept").click()
        expect(english.locator(".queue-offer")).to_contain_text("waiting for the others")
        urdu.locator("#offer-accept").click()

        table = written(lambda: QueueOffer.objects.get().table)
        at_table = re.compile(rf"/tables/{table.pk}/$")
        expect(urdu).to_have_url(at_table)
        # The first to accept is sent there by the page's next update.
        expect(english).to_have_url(at_table, timeout=TOLD_WITHIN)
    seated = written(lambda: sorted(Table.objects.get().seats.values_list("user_id", flat=True)))
    assert table.ranked and seated == sorted([asha.pk, bilal.pk])
