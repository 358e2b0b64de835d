"""The tournament's jobs (DESIGN.md: the time on the row, idempotent, a sweep that catches a
lost one): the start at its time, the round check a finished table queues, the beat sweep."""

from datetime import timedelta

import pytest

from config.celery import app as celery_app
from games.tables import services as table_services
from games.tables.models import Table, TableStatus
from games.tables.services.locked import atomic_locked
from tests.games.table_support import members, table_new
from tests.tournaments.support import (
    current_tables,
    entered,
    organiser,
    people,
    table_played_out,
    tournament_made,
)
from tournaments import services, tasks
from tournaments.models import RoundTable, TournamentStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch):
    sent = []
    monkeypatch.setattr(
        celery_app,
        "send_task",
        lambda name, args=(), kwargs=None, **options: sent.append((name, tuple(args))),
    )
    return sent


ROUND_CHECK = tasks.tournament_round_check.name


def test_the_sweep_starts_a_tournament_whose_start_was_lost(monkeypatch):
    tournament = tournament_made(organiser())
    entered(tournament, people(3))
    late = tournament.starts_at + timedelta(minutes=2)
    monkeypatch.setattr("django.utils.timezone.now", lambda: late)
    tasks.tournaments_sweep()
    tasks.tournaments_sweep()
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING
    assert tournament.rounds.count() == 1


def test_the_sweep_queues_a_start_due_soon_at_its_time(monkeypatch):
    tournament = tournament_made(organiser())
    soon = tournament.starts_at - timedelta(seconds=10)
    monkeypatch.setattr("django.utils.timezone.now", lambda: soon)
    queued = []
    monkeypatch.setattr(
        tasks.tournament_start, "apply_async", lambda args, eta: queued.append((args, eta))
    )
    tasks.tournaments_sweep()
    assert queued == [((tournament.pk,), tournament.starts_at)]
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.SCHEDULED


def test_a_start_job_that_comes_early_does_nothing():
    tournament = tournament_made(organiser())
    entered(tournament, people(3))
    tasks.tournament_start(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.SCHEDULED


def test_a_tournament_table_that_finishes_queues_its_round_check_after_the_commit(
    queued, django_capture_on_commit_callbacks
):
    tournament = tournament_made(organiser(), per_table=3, qualifiers=1)
    entered(tournament, people(3))
    services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    (round_table,) = current_tables(tournament)
    queued.clear()
    with django_capture_on_commit_callbacks(execute=True):
        table_played_out(round_table.table_id)
    assert (ROUND_CHECK, (tournament.pk,)) in queued


def test_an_ordinary_table_finishing_queues_no_round_check(
    queued, django_capture_on_commit_callbacks
):
    asha, ravi = members(2)
    table = table_new(asha, "rummy", ["", ""])
    table_services.table_seat_take(table_id=table.pk, user_id=ravi.pk, number=1)
    queued.clear()
    with django_capture_on_commit_callbacks(execute=True):
        table_played_out(table.pk)
    assert all(name != ROUND_CHECK for name, _args in queued)


def test_the_sweep_catches_a_round_check_that_was_lost():
    tournament = tournament_made(organiser(), per_table=3, qualifiers=1)
    entered(tournament, people(6))
    services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    for round_table in current_tables(tournament):
        table_played_out(round_table.table_id, seed=round_table.table_id)
    # The round checks were never run (the worker died): the sweep finds the tables.
    tasks.tournaments_sweep()
    assert RoundTable.objects.filter(round__number=1, settled=False).count() == 0
    assert tournament.rounds.count() >= 1


def test_a_tournament_deals_table_times_out_an_absent_player_and_never_seats_a_bot():
    """RM-26 has no drop: at a tournament's table an absent player's turns time out, and no
    stand-in bot ever takes the seat (issue 19, "People, not bots")."""
    tournament = tournament_made(organiser(), format="deals", per_table=2, qualifiers=1)
    entered(tournament, people(2))
    services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    (round_table,) = current_tables(tournament)
    table = Table.objects.get(pk=round_table.table_id)
    for _ in range(8):
        table.refresh_from_db()
        if table.status != TableStatus.PLAYING:
            break
        later = table.deadline + timedelta(seconds=1)
        table_services.table_timeout_apply(table_id=table.pk, version=table.version, now=later)
    assert not table.seats.filter(stand_in=True).exists()
    with atomic_locked(table.pk) as locked:
        assert locked.movers()[1] == []


def test_a_tournament_player_who_leaves_the_match_gets_no_bot():
    tournament = tournament_made(organiser(), per_table=3, qualifiers=1)
    players = people(3)
    entered(tournament, players)
    services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    (round_table,) = current_tables(tournament)
    table_services.table_match_leave(table_id=round_table.table_id, user_id=players[0].pk)
    seat = round_table.table.seats.get(user=players[0])
    assert seat.left and not seat.stand_in
