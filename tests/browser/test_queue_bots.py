"""Rated bots when people are few, in Debian's Chromium through the live stack (issue 32,
point 4): three members reading Hindi on 360 px phones join the queue of ranked Court Piece
(four seats) and choose to be offered bots after one minute; no fourth member comes; once
their wait is over the live stack's beat offers them a table with a bot in the empty seat;
each page says so by itself, each accepts, and all three are at one ranked table where the
match is being played with a house bot in the fourth seat. Screenshots go to test-artifacts/."""

import re
from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import expect

from games.ranked.models import QueueEntry, QueueOffer
from games.tables.models import Seat, TableStatus
from tests.browser.support import ARTIFACTS, PHONE, fits_the_screen, launched, session_of, written
from tests.games.table_support import members

TOLD_WITHIN = 15_000


def test_three_members_are_offered_a_bot_after_their_wait_accept_and_play(live_stack, page_log):
    def write():
        people = members(3, prefix="botq-")
        return people, [session_of(member) for member in people]

    people, sessions = written(write)
    with launched(live_stack, page_log) as pages:
        phones = []
        for number, session in enumerate(sessions):
            phones.append(
                pages.visit(
                    "/games/courtpiece/queue/",
                    session=session,
                    language="hi",
                    viewport=PHONE,
                    name=f"queue hi {number}",
                )
            )
        first = phones[0]
        # The rule is said on the page, in Hindi: the default wait and how the level is chosen.
        expect(first.locator("#queue-bots-rule")).to_contain_text("2 मिनट")
        expect(first.locator("#queue-bots-rule")).to_contain_text("औसत रेटिंग")
        ARTIFACTS.mkdir(exist_ok=True)
        first.screenshot(path=str(ARTIFACTS / "queue-bots-join-hi-360.png"), full_page=True)
        for page in phones:
            page.locator("#queue-bots-after").select_option("60")
            page.locator("#queue-join").click()
            expect(page.locator("#queue-status")).to_be_visible()

        # Nobody else comes; their minute passes (written, not waited for).
        def minute_passed():
            QueueEntry.objects.update(joined_at=timezone.now() - timedelta(seconds=61))

        written(minute_passed)
        for page in phones:
            expect(page.locator("#offer-accept")).to_be_visible(timeout=TOLD_WITHIN)
            expect(page.locator(".queue-offer")).to_contain_text("बॉट")
        first.screenshot(path=str(ARTIFACTS / "queue-bots-offer-hi-360.png"), full_page=True)
        assert all(fits_the_screen(page) for page in phones)
        for page in phones:
            page.locator("#offer-accept").click()

        offer = written(lambda: QueueOffer.objects.get())
        assert (offer.bots, offer.seats) == (1, 4)
        at_table = re.compile(rf"/tables/{offer.table_id}/$")
        for page in phones:
            expect(page).to_have_url(at_table, timeout=TOLD_WITHIN)
        # Play is on: the table page shows the match, a bot's seat among the players.
        expect(phones[-1].locator("html")).to_have_attribute("lang", "hi")
        phones[-1].screenshot(path=str(ARTIFACTS / "queue-bots-table-hi-360.png"))
        # The bot's seat links its level's page (issue 32): in the tab order, and read out
        # whole ("सीट 4 (name, level bot)") where the phone shows the name alone.
        bot_seat = phones[-1].locator(f'#seats a.seat-name[href="/bots/{offer.bot_level}/"]')
        expect(bot_seat).to_be_visible()
        expect(bot_seat).to_have_accessible_name(re.compile(r"^सीट \d \(.+\)$"))
        assert bot_seat.evaluate("link => link.tabIndex") == 0
        expect(phones[-1].locator("#seats a.seat-name")).to_have_count(1)  # people: no link

        # The bots' pages, linked from the queue page, fit a 360 px phone in Urdu (right to left).
        reader = pages.visit(None, language="ur", viewport=PHONE, name="bots ur")
        for path in ("/bots/", f"/bots/{offer.bot_level}/"):
            reader.goto(path)
            expect(reader.locator("html")).to_have_attribute("dir", "rtl")
            expect(reader.locator("h1")).to_contain_text("بوٹ")
            assert fits_the_screen(reader), path
            name = path.strip("/").replace("/", "-")
            reader.screenshot(path=str(ARTIFACTS / f"{name}-ur-360.png"), full_page=True)

    def seats():
        return list(
            Seat.objects.filter(table_id=offer.table_id).values_list(
                "user_id", "bot_level", "table__status", "table__ranked"
            )
        )

    seated = written(seats)
    assert sorted(u for u, *_rest in seated if u) == sorted(p.pk for p in people)
    assert [level for u, level, *_rest in seated if u is None] == [offer.bot_level]
    assert {(status, ranked) for _u, _l, status, ranked in seated} == {(TableStatus.PLAYING, True)}
