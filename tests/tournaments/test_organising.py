"""The organiser's acts (issue 19, "Starting"): each needs a reason, is audited (who, when,
what, why), tells those touched; strangers are refused and nothing changes."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.moderation.audit import audit_entries
from accounts.notices.models import Notice
from games.tables.models import Seat
from tests.tournaments import support
from tournaments import services
from tournaments.models import Entry, EntryStatus, TournamentStatus

pytestmark = pytest.mark.django_db


def test_start_now_starts_early_and_is_audited_with_its_reason():
    boss = support.organiser()
    tournament = support.tournament_made(boss)
    support.entered(tournament, support.people(4))
    services.tournament_start_now(tournament_id=tournament.pk, actor=boss, reason="all here")
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING
    (entry,) = audit_entries(act="tournament_start_now", target_id=tournament.pk)
    assert entry.actor == boss and entry.reason == "all here"


def test_start_now_before_check_in_opens_seats_everyone_registered():
    """Issue 19, points 2 and 3: check-in withdraws those who did not check in, but a start
    now before its window opened (nobody could check in yet) seats every entrant; once the
    window is open, start now withdraws those not checked in, as the scheduled start does."""
    boss = support.organiser()
    early = support.tournament_made(boss, check_in_minutes=5, name="Early")
    support.entered(early, support.people(3, prefix="early"))
    services.tournament_start_now(tournament_id=early.pk, actor=boss, reason="all here")
    early.refresh_from_db()
    assert early.status == TournamentStatus.RUNNING
    assert not Entry.objects.filter(tournament=early, status=EntryStatus.NO_SHOW).exists()
    assert Entry.objects.filter(tournament=early, status=EntryStatus.PLAYING).count() == 3

    window = support.tournament_made(
        boss, check_in_minutes=90, starts_at=timezone.now() + timedelta(hours=1), name="Window"
    )
    here, away, also_here = support.people(3, prefix="window")
    support.entered(window, [here, away, also_here])
    for member in (here, also_here):
        services.tournament_check_in(tournament_id=window.pk, user_id=member.pk)
    services.tournament_start_now(tournament_id=window.pk, actor=boss, reason="all here")
    statuses = dict(Entry.objects.filter(tournament=window).values_list("user_id", "status"))
    assert statuses == {
        here.pk: EntryStatus.PLAYING,
        away.pk: EntryStatus.NO_SHOW,
        also_here.pk: EntryStatus.PLAYING,
    }


def test_a_paused_tournament_finishes_its_round_and_waits_for_the_resume():
    boss = support.organiser()
    tournament = support.tournament_made(boss, per_table=3, qualifiers=1)
    support.entered(tournament, support.people(6))
    services.tournament_start_now(tournament_id=tournament.pk, actor=boss, reason="go")
    services.tournament_pause(tournament_id=tournament.pk, actor=boss, reason="tea")
    with support.refused("already_paused"):
        services.tournament_pause(tournament_id=tournament.pk, actor=boss, reason="tea")
    support.round_played_out(tournament)
    assert tournament.rounds.count() == 1
    services.tournament_resume(tournament_id=tournament.pk, actor=boss, reason="back")
    assert tournament.rounds.count() == 2
    acts = [entry.act for entry in audit_entries(target_kind="tournament")]
    assert acts == ["tournament_resume", "tournament_pause", "tournament_start_now"]


def test_removing_an_entrant_mid_round_takes_them_out_with_no_bot_and_tells_them():
    boss = support.organiser()
    tournament = support.tournament_made(boss, per_table=3, qualifiers=1)
    players = support.people(3)
    support.entered(tournament, players)
    services.tournament_start_now(tournament_id=tournament.pk, actor=boss, reason="go")
    services.tournament_entrant_remove(
        tournament_id=tournament.pk, actor=boss, user_id=players[1].pk, reason="abuse in chat"
    )
    assert Entry.objects.get(user=players[1]).status == EntryStatus.REMOVED
    (round_table,) = support.current_tables(tournament)
    seat = Seat.objects.get(table=round_table.table, user=players[1])
    assert seat.left and not seat.stand_in and not seat.bot_level
    notice = Notice.objects.get(member=players[1], kind="tournament_removed")
    assert notice.params["reason"] == "abuse in chat"
    # A removed entrant cannot come back.
    with support.refused("removed"):
        services.tournament_register(tournament_id=tournament.pk, user_id=players[1].pk)


def test_removing_before_the_start_gives_the_place_to_the_wait_list():
    boss = support.organiser()
    tournament = support.tournament_made(boss, max_entrants=2)
    players = support.people(3)
    support.entered(tournament, players)
    services.tournament_entrant_remove(
        tournament_id=tournament.pk, actor=boss, user_id=players[0].pk, reason="duplicate"
    )
    assert Entry.objects.get(user=players[2]).status == EntryStatus.REGISTERED


def test_cancel_tells_every_entrant_why():
    boss = support.organiser()
    tournament = support.tournament_made(boss)
    players = support.people(2)
    support.entered(tournament, players)
    services.tournament_cancel(tournament_id=tournament.pk, actor=boss, reason="server move")
    notices = Notice.objects.filter(kind="tournament_cancelled")
    assert {notice.member_id for notice in notices} == {player.pk for player in players}
    assert all(notice.params["reason"] == "server move" for notice in notices)


def test_a_stranger_using_each_organiser_control_is_refused_and_nothing_is_audited():
    boss = support.organiser()
    tournament = support.tournament_made(boss)
    (stranger,) = support.people(1, prefix="stranger")
    support.entered(tournament, support.people(2))
    for act in (
        services.tournament_start_now,
        services.tournament_pause,
        services.tournament_resume,
        services.tournament_cancel,
    ):
        with support.refused("not_organiser"):
            act(tournament_id=tournament.pk, actor=stranger, reason="mine now")
    with support.refused("not_organiser"):
        services.tournament_entrant_remove(
            tournament_id=tournament.pk, actor=stranger, user_id=boss.pk, reason="x"
        )
    assert not audit_entries(target_kind="tournament").exists()
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.SCHEDULED
