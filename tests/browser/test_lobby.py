"""The lobby in Debian's Chromium, through the live stack: visitors watching it (one reading
Urdu) see a table appear, its free seats drop and its match start, without reloading, under the
site's Content-Security-Policy; the member who pressed "Play ranked" is in its queue.
Screenshots of the lobby go to test-artifacts/."""

import re

from django.test import Client
from playwright.sync_api import expect

from games.live.pages import PUSH_SECONDS
from games.tables import services
from tests.browser.support import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    fits_the_screen,
    launched,
    page_only,
    written,
)
from tests.games.table_support import members, table_new

pytestmark = page_only

# Milliseconds for a change to show: a push comes within a second of it; the rest is slack for
# a busy two-core machine. A page that needed a reload would never show it.
SHOWN_WITHIN = int((PUSH_SECONDS + 4) * 1000)


def lobby_page(pages, *, language="en", session=None, viewport=DESKTOP):
    return pages.visit(
        "/games/pitch/tables/",
        session=session,
        language=language,
        viewport=viewport,
        name=f"lobby {language}",
    )


def test_visitors_see_the_lobby_change_live_and_play_ranked_queues_a_member(live_stack, page_log):
    def write():
        people = members(4, prefix="lobby-")
        client = Client()
        client.force_login(people[1])
        return people, client.cookies["sessionid"].value

    (asha, bilal, chanda, dev), bilals_session = written(write)
    with launched(live_stack, page_log) as pages:
        visitor = lobby_page(pages)
        urdu = lobby_page(pages, language="ur", viewport=PHONE)
        expect(urdu.locator("html")).to_have_attribute("dir", "rtl")

        table = written(lambda: table_new(asha, "pitch", ["", "", "", ""]))
        row = f'#open-tables tr[data-table="{table.pk}"]'
        for page in (visitor, urdu):
            expect(page.locator(f"{row} .seats-free")).to_have_text("3", timeout=SHOWN_WITHIN)
        expect(urdu.locator("#lobby-lists h2").first).to_have_text("کھلاڑیوں کا انتظار")

        written(lambda: services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1))
        expect(visitor.locator(f"{row} .seats-free")).to_have_text("2", timeout=SHOWN_WITHIN)

        for member, seat in ((chanda, 2), (dev, 3)):
            written(
                lambda member=member, seat=seat: services.table_seat_take(
                    table_id=table.pk, user_id=member.pk, number=seat
                )
            )
        playing = f'#playing-tables li[data-table="{table.pk}"]'
        for page in (visitor, urdu):
            expect(page.locator(playing)).to_be_visible(timeout=SHOWN_WITHIN)
            expect(page.locator(row)).to_have_count(0)

        member = lobby_page(pages, session=bilals_session)
        member.get_by_role("button", name="Play ranked: Standard").click()
        # Issue 32: the button joins the format's queue, whose page says where they stand.
        expect(member).to_have_url(re.compile(r"/games/pitch/queue/$"))
        expect(member.locator("#queue-waiting")).to_have_text("1 member waiting in this queue now.")

        ARTIFACTS.mkdir(exist_ok=True)
        too_wide = []
        for page, name in ((visitor, "lobby-en"), (urdu, "lobby-ur")):
            for viewport in (PHONE, DESKTOP):
                page.set_viewport_size(viewport)
                shot = ARTIFACTS / f"{name}-{viewport['width']}.png"
                page.screenshot(path=str(shot), full_page=True)
                if not fits_the_screen(page):
                    too_wide.append(f"{name} at {viewport['width']} px")
    assert too_wide == []
