"""Moderators' acts on tables (issue 20, point 3) and the play bans of ranked matches (point 6):
each with a reason, an audit entry and a notice to the members it touches."""

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from accounts.moderation.audit import audit_entries
from accounts.moderation.models import Report, SanctionKind
from accounts.moderation.sanctions import sanction_in_force
from accounts.notices.models import Notice
from accounts.profiles.formats import local_datetime
from accounts.ratings.models import RatingChange
from games.ranked.services import queue_join
from games.tables import services
from games.tables.models import ChatLine, ChatRoom, MatchResult, Move, Seat, TableStatus
from games.tables.services.moderation import (
    report_from_chat_line,
    report_from_table,
    table_end,
    table_player_remove,
)
from tests.games.table_support import members, refused, signed_in, table_new
from tests.games.tables.test_ranked import play_to_the_end, ranked_table

pytestmark = pytest.mark.django_db


def test_a_stuck_table_ended_keeps_no_result_moves_no_rating_and_tells_its_players(mona):
    users = members(4)
    table = ranked_table(users, "pitch")
    table_end(moderator=mona, table_id=table.pk, reason="stuck since noon")
    table.refresh_from_db()
    assert table.status == TableStatus.ENDED
    assert table.get_status_display() == "ended by a moderator"
    assert (table.deadline, table.bot_due) == (None, None)
    assert not MatchResult.objects.filter(table=table).exists()
    assert not RatingChange.objects.exists()
    told = Notice.objects.filter(kind="table_ended").values_list("member", flat=True)
    assert sorted(told) == sorted(user.pk for user in users)
    entry = audit_entries(act="table_end").get()
    assert (entry.actor, entry.target_id, entry.reason) == (mona, table.pk, "stuck since noon")
    with refused("table_not_playing"):
        services.table_move_apply(
            table_id=table.pk, user_id=users[0].pk, action={"type": "pass"}, version=table.version
        )
    with refused("table_not_running"):
        table_end(moderator=mona, table_id=table.pk, reason="again")


def test_ending_needs_a_moderator_and_a_reason_and_changes_nothing_otherwise(mona):
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", "medium"])
    with pytest.raises(PermissionDenied):
        table_end(moderator=bilal, table_id=table.pk, reason="because")
    with refused("reason_needed"):
        table_end(moderator=mona, table_id=table.pk, reason=" ")
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING and not audit_entries().exists()


def test_a_removed_player_is_played_by_a_bot_and_counted_last_in_a_ranked_match(mona):
    """Pitch partners sit opposite (PI-1): removing seat 1 puts seats 1 and 3 last."""
    users = members(4)
    table = ranked_table(users, "pitch")
    table_player_remove(moderator=mona, table_id=table.pk, user_id=users[1].pk, reason="abuse")
    seat = Seat.objects.get(table=table, user=users[1])
    assert seat.left and seat.stand_in
    assert Notice.objects.get(member=users[1]).kind == "table_removed"
    entry = audit_entries(act="table_player_remove").get()
    assert entry.details["member"] == users[1].pk and entry.reason == "abuse"
    # No play ban: the moderator decided, the member did not leave.
    assert sanction_in_force(users[1].pk, SanctionKind.PLAY_BAN) is None
    table = play_to_the_end(table)
    assert table.status == TableStatus.FINISHED
    change = RatingChange.objects.get(match_ref=table.pk, user=users[1])
    assert change.ordinal_after < change.ordinal_before
    with refused("table_not_playing"):
        table_player_remove(moderator=mona, table_id=table.pk, user_id=users[0].pk, reason="x")


def test_removing_someone_not_at_the_table_is_refused(mona):
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", "medium"])
    with refused("not_at_table"):
        table_player_remove(moderator=mona, table_id=table.pk, user_id=bilal.pk, reason="x")
    assert not audit_entries().exists()


# -- play bans (issue 20, point 6) -------------------------------------------------------------


def test_leaving_a_ranked_match_pauses_ranked_play_with_the_reason_and_the_end():
    users = members(4)
    table = ranked_table(users, "pitch")
    services.table_match_leave(table_id=table.pk, user_id=users[2].pk)
    ban = sanction_in_force(users[2].pk, SanctionKind.PLAY_BAN)
    assert ban is not None and ban.cause == "left_ranked"
    assert timedelta(minutes=9) < ban.until - timezone.now() <= timedelta(minutes=10)
    with pytest.raises(ValidationError) as refusal:
        queue_join(user_id=users[2].pk, game="pitch", variant="standard", seats=4)
    words = refusal.value.message_dict["ranked"][0]
    # Told away from any request: in the site's zone (UTC), the zone named (issue 33).
    assert "you left a ranked match" in words and local_datetime(ban.until) in words
    # An unranked table is still open to them; their profile says why and until when.
    table_new(users[2], "rummy", ["", "medium"])
    profile = signed_in(users[2]).get("/accounts/profile/").content.decode()
    # On a page: in the member's zone, India's as they chose none.
    shown = local_datetime(ban.until, zone=ZoneInfo("Asia/Kolkata"))
    assert 'id="sanctions-now"' in profile and shown in profile


def test_leaving_an_unranked_match_pauses_nothing():
    asha, bilal = members(2)
    table = table_new(asha, "pitch", ["", "", "medium", "medium"])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    services.table_match_leave(table_id=table.pk, user_id=asha.pk)
    assert sanction_in_force(asha.pk, SanctionKind.PLAY_BAN) is None


def test_timing_out_of_a_ranked_match_pauses_ranked_play_once():
    users = members(4)
    table = ranked_table(users, "pitch")
    table.refresh_from_db()
    later = timezone.now() + timedelta(hours=1)
    banned = []
    # Each seat's turn times out in turn, until one reaches the limit of timeouts in a row.
    for _step in range(4 * table.max_timeouts + 4):
        table.refresh_from_db()
        services.table_timeout_apply(table_id=table.pk, version=table.version, now=later)
        later += timedelta(hours=1)
        banned = [u for u in users if sanction_in_force(u.pk, SanctionKind.PLAY_BAN)]
        if banned:
            break
    assert len(banned) == 1, "the first seat to reach the limit is paused"
    ban = sanction_in_force(banned[0].pk, SanctionKind.PLAY_BAN)
    assert ban.cause == "timed_out_ranked"
    assert Move.objects.filter(table=table, by="timeout").exists()


# -- reports from a table and a chat line ------------------------------------------------------


def test_a_report_from_a_table_attaches_the_table_and_its_move():
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", ""])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    table.refresh_from_db()
    report_from_table(reporter=asha, table_id=table.pk, member_id=bilal.pk, reason="stalling")
    report = Report.objects.get()
    assert (report.table_id, report.move_version) == (table.pk, table.version)
    assert report.case.member == bilal


def test_a_report_on_someone_not_at_the_table_is_refused():
    asha, bilal, chand = members(3)
    table = table_new(asha, "rummy", ["", "medium"])
    with refused("not_at_table"):
        report_from_table(reporter=bilal, table_id=table.pk, member_id=chand.pk, reason="other")
    assert not Report.objects.exists()


def test_a_report_from_a_chat_line_attaches_its_text_and_only_a_reader_of_its_room_may():
    asha, bilal, chand = members(3)
    table = table_new(asha, "rummy", ["", ""])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    line = ChatLine.objects.create(table=table, author=bilal, room=ChatRoom.PLAYERS, text="idiot")
    with refused("chat_no_line"):  # a spectator never read the players' room
        report_from_chat_line(reporter=chand, line_id=line.pk, reason="chat_abuse")
    report_from_chat_line(reporter=asha, line_id=line.pk, reason="chat_abuse")
    report = Report.objects.get()
    assert (report.chat_line_id, report.chat_text, report.table_id) == (line.pk, "idiot", table.pk)
