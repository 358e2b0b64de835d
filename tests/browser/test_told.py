"""Told at the table (issue 30, point 6) in Debian's Chromium, through the live stack, with two
members or more: "Report a player" as soon as someone sits (no reload, no reason chosen); a
moderator's removal (why and what now to the removed, what becomes of the seat to the others;
the hand and the chat go); a banned opponent; a moderator's end with its reason; each rated
member's rating change on the result panel; a daily deal replaced mid-attempt, what its
finished table offers, and a streak that counts the attempt only once it is finished. Never a
card in what is told (``games.words.told`` holds its words)."""

import re

from playwright.sync_api import expect

from tests.browser.support import PHONE, fits_the_screen, launched, session_of, written
from tests.games.table_support import members, table_new


def four_at_pitch():
    """A Pitch table of four seats (PI-1), Asha alone at it so far; a moderator."""
    from tests.moderation_support import moderator_make

    people = members(4, prefix="told-")
    table = table_new(people[0], "pitch", ["", "", "", ""], turn_seconds=300)
    return table, people, [session_of(member) for member in people], moderator_make("mod-told")


def test_report_removal_ban_and_end_are_told_at_once_to_each_reader(live_stack, page_log):
    from games.tables import services

    table, (_asha, bilal, chand, dev), sessions, mona = written(four_at_pitch)
    with launched(live_stack, page_log) as pages:
        page = pages.open(sessions[0], table, "en", PHONE)
        report = page.locator("#table-report")
        expect(report).to_be_hidden()  # nobody to report yet
        written(lambda: services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1))
        # Bilal sat down: the form is there without a reload, and no reason is chosen for Asha.
        expect(report).to_be_visible()
        expect(page.locator("#table-report-seat option")).to_have_text([bilal.username])
        assert page.locator('#table-report select[name="reason"]').input_value() == ""

        for member, seat in ((chand, 2), (dev, 3)):
            written(
                lambda member=member, seat=seat: services.table_seat_take(
                    table_id=table.pk, user_id=member.pk, number=seat
                )
            )
        expect(page.locator("#hand .card-button").first).to_be_visible()
        removed = pages.open(sessions[1], table, "hi", PHONE)
        expect(removed.locator("#hand .card-button").first).to_be_visible()

        def remove():
            from games.tables.services.moderation import table_player_remove

            table_player_remove(
                moderator=mona, table_id=table.pk, user_id=bilal.pk, reason="Gaali-galoch"
            )

        written(remove)
        # The removed reader, in Hindi: why, what now; the hand, the moves and the chat go.
        told = removed.locator("#told .told-line.mine")
        expect(told).to_contain_text("“Gaali-galoch”")
        expect(told).to_contain_text("बॉट")
        expect(removed.locator(".hand-area")).to_have_count(0)
        expect(removed.locator("#chat-form")).to_have_count(0)
        # The others: what becomes of the seat, never the reason.
        expect(page.locator("#told")).to_contain_text(
            f"A moderator removed \u2068{bilal.username}\u2069 from the match. "
            "A bot plays their seat to the end."
        )
        assert "Gaali" not in page.locator("#told").inner_text()

        def ban():
            from accounts.moderation.sanctions import member_ban

            member_ban(moderator=mona, member_id=chand.pk, reason="Cheating", days=1)

        written(ban)
        expect(page.locator("#told")).to_contain_text(
            f"\u2068{chand.username}\u2069 can no longer play here: their account was banned. "
            "A bot plays their seat to the end."
        )
        expect(page.locator("#hand .card-button").first).to_be_visible()  # Asha plays on

        def end():
            from games.tables.services.moderation import table_end

            table_end(moderator=mona, table_id=table.pk, reason="Stuck since noon")

        written(end)
        # The table's status changed: the page comes back with the reason.
        expect(page.locator("#told")).to_contain_text(
            "A moderator ended this table. The reason: “Stuck since noon”.", timeout=30_000
        )
        for line in page.locator("#told li").all_inner_texts():
            assert not re.search(r"\b(10|[2-9AJQK])[SHDC]\b", line)  # never a card


def rated_and_replaced():
    """A ranked rummy match of two members played out; a staff member."""
    from tests.games.tables.test_ranked import play_to_the_end, ranked_table

    asha, bilal, staff = members(3, prefix="rated-")
    staff.is_staff = True
    staff.save()
    table = play_to_the_end(ranked_table([asha, bilal], "rummy"))
    return table, asha, [session_of(member) for member in (asha, bilal)], staff


def test_rating_changes_on_the_result_and_a_daily_deal_replaced_mid_attempt(live_stack, page_log):
    from games.daily.services import daily_deal_rotate
    from tests.games.daily.daily_support import begin

    table, asha, sessions, staff = written(rated_and_replaced)
    with launched(live_stack, page_log) as pages:
        for session, language in zip(sessions, ("en", "ur"), strict=True):
            page = pages.open(session, table, language, PHONE)
            # Every rated member's row: before, after, the difference; provisional marked.
            expect(page.locator("#result .rating-shift .rating-after")).to_have_count(2)
            expect(page.locator("#result .rating-shift .provisional")).to_have_count(2)
            # On a 360 px phone, in Urdu too: no sideways scroll (the column wraps between its
            # parts), and the rating before stays left of the one after, the arrow between them
            # pointing from it (figures run left to right in a right-to-left line).
            assert fits_the_screen(page), language
            before = page.locator("#result .rating-before").first.bounding_box()
            after = page.locator("#result .rating-after").first.bounding_box()
            assert before["x"] < after["x"], language
        # Begun only now: its turn clock runs from the start (a loaded run spent the clock on
        # the pages above, and the bots had finished the deal before it was opened).
        attempt = written(lambda: begin(asha, "rummy"))
        daily = pages.open(sessions[0], attempt.table, "en", PHONE)
        expect(daily.locator("#hand .card-button").first).to_be_visible()
        assert daily.locator("#invite-link").count() == 0  # a daily deal is played alone
        written(
            lambda: daily_deal_rotate(
                actor=staff, game="rummy", day=attempt.day, reason="A bad deal"
            )
        )
        expect(daily.locator("#told .told-line.mine")).to_contain_text(
            "counts on the board of the deal you began"
        )
        expect(daily.locator("#hand .card-button").first).to_be_visible()  # played on
        # A daily attempt only begun is no day of a streak.
        streak = daily.context.new_page()
        streak.goto("/daily/rummy/")
        expect(streak.locator(".daily-streak")).to_have_text("Your daily streak: 0 days in a row.")

        def played_out():
            from tests.games.daily.daily_support import play_out

            play_out(attempt)

        written(played_out)
        # Finished, the page comes back offering the board, sharing and tomorrow's deal; never
        # Play again, a new table nor an invite link (a daily deal is once a day, played alone).
        expect(daily.locator("#daily-board")).to_be_visible(timeout=60_000)
        expect(daily.locator("#daily-share")).to_be_visible()
        expect(daily.locator("#daily-next")).to_contain_text("Tomorrow's deal opens at")
        assert daily.locator("#play-again, #invite-link, a[href$='/tables/new/']").count() == 0
        # Played to its end, it is: the streak counts finished attempts only.
        streak.reload()
        expect(streak.locator(".daily-streak")).to_have_text("Your daily streak: 1 day in a row.")
