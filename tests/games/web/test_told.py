"""Told at the table (issue 30, point 6), server side: what the table page and its frames say
to each seat, in the reader's language, and never a card."""

from datetime import timedelta

import pytest
from django.utils.html import escape

from accounts.moderation.models import Report
from accounts.moderation.sanctions import member_ban
from accounts.ratings.models import RatingChange
from accounts.ratings.selectors import match_shifts
from games.daily.days import day_end
from games.daily.selectors import streak_of
from games.daily.services import daily_deal_rotate
from games.live.frames import state_frame
from games.tables import services
from games.tables.models import Seat, ToldKind
from games.tables.selectors import table_snapshot
from games.tables.services.chat import ChatRefusal, chat_line_post
from games.tables.services.moderation import table_end, table_player_remove
from games.words.daily import day_words
from games.words.told import SENTENCES
from tests.games.daily.daily_support import begin, play_out
from tests.games.table_support import match_of, members, signed_in, table_new
from tests.games.tables.test_ranked import play_to_the_end, ranked_table

pytestmark = pytest.mark.django_db


def test_the_result_panel_shows_every_rated_members_rating_before_after_and_difference():
    """RM-1's finishing order rates both members; each sees both shifts, marked provisional
    (a first ranked match), in whole points that add up."""
    asha, bilal = members(2, prefix="shift-")
    table = play_to_the_end(ranked_table([asha, bilal], "rummy"))
    shifts = match_shifts(game="rummy", match_ref=table.pk)
    assert set(shifts) == {asha.pk, bilal.pk}
    for change in RatingChange.objects.filter(match_ref=table.pk):
        shift = shifts[change.user_id]
        assert (shift.before, shift.after) == (
            round(change.ordinal_before),
            round(change.ordinal_after),
        )
        assert shift.provisional  # one ranked match played, of PROVISIONAL_MATCHES
    page = signed_in(bilal).get(f"/tables/{table.pk}/").content.decode()
    for shift in shifts.values():
        sign = "+" if shift.difference > 0 else "\u2212"
        assert f'<span class="rating-before">{shift.before}</span>' in page
        assert f'<span class="rating-after">{shift.after}</span>' in page
        assert f"{sign}{abs(shift.difference)}" in page
    assert page.count('class="provisional"') == 2
    # In Hindi too.
    client = signed_in(asha)
    client.cookies["django_language"] = "hi"
    assert "रेटिंग" in client.get(f"/tables/{table.pk}/").content.decode()


def test_an_unranked_result_has_no_rating_column():
    asha, bilal = members(2, prefix="unrated-")
    table = table_new(asha, "rummy", ["", ""])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    play_to_the_end(table)
    page = signed_in(asha).get(f"/tables/{table.pk}/").content.decode()
    assert 'id="result"' in page and "rating-shift" not in page


# -- told at the table ---------------------------------------------------------------------------


@pytest.fixture
def playing():
    """Asha (seat 0) and Bilal (seat 1) in a rummy match, long turns."""
    asha, bilal = members(2, prefix="told-")
    table = table_new(asha, "rummy", ["", ""], turn_seconds=300)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    table.refresh_from_db()
    return table, asha, bilal


def frame_of(table, seat, language="en"):
    return state_frame(table_snapshot(table.pk), seat, language=language)


def no_card_in(lines, table) -> None:
    """What is told never names a card: none of the match's card codes is in its words."""
    match = match_of(table)
    codes = {card for seat in range(2) for card in match.view(seat)["hand"]}
    for line in lines:
        assert not any(f" {code} " in f" {line['text']} " for code in codes)


def test_a_removed_member_is_told_why_and_what_now_loses_hand_and_chat_the_other_is_told(
    mona, playing
):
    table, asha, bilal = playing
    table_player_remove(moderator=mona, table_id=table.pk, user_id=asha.pk, reason="Abuse")
    table.refresh_from_db()
    mine = frame_of(table, 0)
    (told,) = mine["told"]
    assert told["mine"] and told["kind"] == "removed"
    # Rummy has a drop (RM-17): the seat drops as an absent player's does.
    assert "“Abuse”" in told["text"] and "Your seat is dropped from the match" in told["text"]
    assert not mine["view"].get("hand") and mine["legal"] == []  # the hand goes
    (theirs,) = frame_of(table, 1)["told"]
    assert not theirs["mine"] and "Abuse" not in theirs["text"] and "dropped" in theirs["text"]
    assert "removed \u2068told-0\u2069 from the match" in theirs["text"]
    (hindi,) = frame_of(table, 1, "hi")["told"]
    assert "told-0" in hindi["text"] and "bot" not in hindi["text"]
    no_card_in([told, theirs], table)
    # The chat is closed to them, in words; the page has neither hand nor chat form.
    with pytest.raises(ChatRefusal, match=r"^chat_put_off$"):
        chat_line_post(table_id=table.pk, user_id=asha.pk, text="why?")
    page = signed_in(asha).get(f"/tables/{table.pk}/").content.decode()
    assert 'id="told"' in page and "“Abuse”" in page
    assert 'class="hand-area' not in page and 'id="chat-form"' not in page
    assert 'id="chat-form"' in signed_in(bilal).get(f"/tables/{table.pk}/").content.decode()


def test_a_table_ended_by_a_moderator_says_so_with_the_reason(mona, playing):
    table, asha, _bilal = playing
    table_end(moderator=mona, table_id=table.pk, reason="Stuck since noon")
    page = signed_in(asha).get(f"/tables/{table.pk}/").content.decode()
    assert "A moderator ended this table. The reason: “Stuck since noon”." in page
    assert "no rating change" in page


def test_a_ban_takes_the_member_off_every_table_and_tells_the_others(
    mona, playing, django_capture_on_commit_callbacks
):
    """The banned seat leaves the match (in rummy it drops, RM-17), said to the others; at a
    table still waiting the seat is free again."""
    table, _asha, bilal = playing
    waiting = table_new(members(1, prefix="host-")[0], "pitch", ["", "", "", ""])
    services.table_seat_take(table_id=waiting.pk, user_id=bilal.pk, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        member_ban(moderator=mona, member_id=bilal.pk, reason="Cheating", days=3)
    assert Seat.objects.get(table=table, number=1).left
    (told,) = frame_of(table, 0)["told"]
    assert told["kind"] == "banned" and "\u2068told-1\u2069 can no longer play here" in told["text"]
    assert "Cheating" not in told["text"]
    assert not Seat.objects.filter(table=waiting, user=bilal).exists()


def test_a_daily_deal_replaced_mid_attempt_is_told_at_the_table():
    (asha,) = members(1, prefix="daily-told-")
    staff = members(1, prefix="staff-")[0]
    staff.is_staff = True
    staff.save()
    attempt = begin(asha, "rummy")
    daily_deal_rotate(actor=staff, game="rummy", day=attempt.day, reason="A bad deal")
    (told,) = frame_of(attempt.table, 0)["told"]
    assert told["kind"] == "daily_rotated" and told["mine"]
    assert "counts on the board of the deal you began" in told["text"]


def test_a_report_form_chooses_no_reason_and_names_players_by_seat(playing):
    table, asha, bilal = playing
    page = signed_in(asha).get(f"/tables/{table.pk}/").content.decode()
    assert '<select name="reason" required>\n    ' in page
    assert '<option value="">Choose a reason</option>' in page
    # No reason: refused, nothing kept.
    signed_in(asha).post(f"/tables/{table.pk}/report/", {"seat": "1", "reason": ""})
    assert not Report.objects.exists()
    signed_in(asha).post(f"/tables/{table.pk}/report/", {"seat": "1", "reason": "stalling"})
    assert Report.objects.get().case.member_id == bilal.pk


def test_report_a_player_is_on_the_page_before_anyone_else_sits():
    """The form waits hidden: the page's script shows it when someone sits (no reload)."""
    (asha,) = members(1, prefix="alone-")
    table = table_new(asha, "rummy", ["", ""])
    page = signed_in(asha).get(f"/tables/{table.pk}/").content.decode()
    assert 'id="table-report" hidden' in page


def test_a_finished_daily_table_offers_board_sharing_and_tomorrow_never_play_again():
    (asha,) = members(1, prefix="daily-done-")
    attempt = begin(asha, "pitch")
    play_out(attempt)
    attempt.refresh_from_db()
    page = signed_in(asha).get(f"/tables/{attempt.table_id}/").content.decode()
    assert 'id="daily-board"' in page and 'id="daily-share"' in page
    # The day named as the daily pages name it, India's, its end on India's clock (issue 33).
    assert "Tomorrow's deal opens at 12:00\u202fam\u00a0IST, in " in page
    assert escape(day_words(attempt.day)) in page and f"scored {attempt.score}" in page
    assert 'id="play-again"' not in page and "/tables/new/" not in page
    assert 'id="invite-link"' not in page


def test_a_daily_table_in_play_has_no_invite_link():
    (asha,) = members(1, prefix="daily-play-")
    attempt = begin(asha, "rummy")
    page = signed_in(asha).get(f"/tables/{attempt.table_id}/").content.decode()
    assert "invite" not in page.split('id="table"')[1].split("table-frame")[0].lower()


def test_a_streak_counts_finished_attempts_only(monkeypatch):
    (asha,) = members(1, prefix="streak-")
    first = begin(asha, "pitch")
    play_out(first)
    next_day = day_end(first.day) + timedelta(hours=2)
    monkeypatch.setattr("django.utils.timezone.now", lambda: next_day)
    begin(asha, "rummy")  # begun, not played
    assert streak_of(asha.pk) == 1


def test_every_told_kind_has_its_words():
    assert set(SENTENCES) == set(ToldKind.values)
