"""An open table's page in Debian's Chromium, through the live stack: a member waiting there
sees seats fill and empty as others take and leave them, and is taken into the match the
moment it starts, with no reload: their cards and their own moves, a title and a sound cue
(issue 18, point 1)."""

import re

from playwright.sync_api import expect

from tests.browser.support import DESKTOP, PHONE, launched, screenshots, session_of, written
from tests.games.table_support import match_of, members, table_new


def open_rummy_table():
    """A three-seat rummy table, Asha in the first seat and two seats empty."""
    asha, bilal, chand = members(3, prefix="waiting-")
    table = table_new(asha, "rummy", ["", "", ""], turn_seconds=120)
    return table, chand, (session_of(asha), session_of(bilal))


def test_a_member_waiting_at_an_open_table_sees_seats_change_and_is_taken_into_the_match(
    live_stack, page_log
):
    from games.tables import services

    table, chand, sessions = written(open_rummy_table)
    with launched(live_stack, page_log) as pages:
        waiting = pages.open(sessions[0], table, "en", PHONE)

        def seat(number):
            return waiting.locator(f'#seats .seat[data-seat="{number}"]')

        expect(seat(1)).to_contain_text("waiting for a player")
        expect(seat(0).locator("button")).to_have_text("Leave this seat")
        expect(waiting.locator("#hand")).to_be_hidden()
        # Issue 22, point 1: the seats wait around the felt as they will sit in the match, the
        # member's own at the bottom, the invite and start controls in the middle.
        places = waiting.eval_on_selector_all(
            "#felt .seat", "seats => seats.map((seat) => seat.dataset.place)"
        )
        assert places == ["bottom", "left", "right"]
        expect(waiting.locator("#felt #open-table")).to_be_visible()
        start = waiting.locator("#felt #open-table").get_by_role("button", name="Start now")
        expect(start).to_be_visible()
        assert screenshots(waiting, "table-open-en") == []
        title = waiting.title()
        # The page is the same page throughout: this mark would not survive a reload.
        waiting.evaluate("window.waitedHere = true")

        # The Sound button: off, then on again, remembered on this device.
        sound = waiting.locator("#sound-toggle")
        expect(sound).to_have_text("Sound: on")
        sound.click()
        expect(sound).to_have_text("Sound: off")
        assert waiting.evaluate("localStorage.getItem('taash-sound-muted')") == "1"
        sound.click()
        expect(sound).to_have_text("Sound: on")

        # Chand sits down, then moves to the other empty seat: the waiting page follows.
        written(lambda: services.table_seat_take(table_id=table.pk, user_id=chand.pk, number=1))
        expect(seat(1)).to_contain_text(chand.username)
        written(lambda: services.table_seat_take(table_id=table.pk, user_id=chand.pk, number=2))
        expect(seat(2)).to_contain_text(chand.username)
        expect(seat(1)).to_contain_text("waiting for a player")
        expect(seat(1).locator("button")).to_have_text("Take this seat")

        # Bilal takes the last seat in his own browser: the match starts.
        other = pages.open(sessions[1], table, "ur", DESKTOP)
        # Bilal watches from seat 1's place: no seat yet, so seat 1 at the bottom.
        expect(other.locator('#felt .seat[data-seat="0"]')).to_have_attribute(
            "data-place", "bottom"
        )
        assert screenshots(other, "table-open-ur") == []
        other.set_viewport_size(DESKTOP)
        other.locator('#seats .seat[data-seat="1"] button').click()
        expect(other.locator("#hand .card-button")).to_have_count(13)

        expect(waiting.locator("#hand .card-button")).to_have_count(13)
        expect(waiting.locator("#open-table")).to_have_count(0)
        expect(waiting).to_have_title(re.compile("^The match has started · " + re.escape(title)))
        assert waiting.evaluate("window.waitedHere") is True
        expect(waiting.locator("#table-status")).to_have_text("playing")
        (mover,) = written(lambda: match_of(table).to_move())
        if mover == 0:  # Asha's turn: her own moves, live (RM-6, RM-17)
            expect(waiting.locator("#closed-deck")).to_be_enabled()
            expect(waiting.locator("#actions .action-drop")).to_have_text("Drop (costs 20 points)")
        else:
            expect(waiting.locator("#turn")).to_contain_text("Waiting for")
            expect(waiting.locator("#closed-deck")).to_be_disabled()
        # Touching the page again brings its own title back.
        waiting.locator("#hand .card-button").first.click()
        expect(waiting).to_have_title(title)
    assert not [line for line in page_log.lines if " error: " in line]
