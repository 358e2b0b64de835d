"""Celery: a tournament's start at its time, its round checks, and the beat sweep that catches
a lost one (DESIGN.md: the time lives on the row; a job that runs twice or late acts once).

A round check is queued when one of its tables' match finishes (``round_check_queue``, on
``MatchFinished`` after its commit: config/subscribers.py)."""

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from games.tables.news import MatchFinished
from tournaments import selectors, services

# A start is queued this far ahead by the sweep, with its ETA at the row's time; one that was
# lost is caught by the next sweep once its time has passed.
START_HORIZON = timedelta(seconds=30)


@shared_task
def tournament_start(tournament_id: int) -> None:
    """Start the tournament if its time (on the row) has come; early or repeated, nothing."""
    services.tournament_start(tournament_id=tournament_id)


@shared_task
def tournament_round_check(tournament_id: int) -> None:
    """Read the round's finished tables; when all are settled, seat the next round."""
    services.tournament_round_check(tournament_id=tournament_id)


def round_check_queue(finished: MatchFinished) -> None:
    """A match finished (its commit done): if its table is a tournament's, check the round
    (the sweep catches a check lost with its worker)."""
    tournament_id = selectors.tournament_of_table(finished.table_id)
    if tournament_id is not None:
        tournament_round_check.delay(tournament_id)


@shared_task
def series_ahead() -> None:
    """Hourly (beat): every running series' occurrences of the coming week are made, once."""
    services.series_ahead()


@shared_task
def tournaments_sweep() -> None:
    """Every ten seconds (beat): start what is due (and queue what falls due before the next
    sweeps, at its time), check every round with a finished table not yet read or an
    ended round not yet followed (a round check lost with a worker), and hand the reminders
    due to their jobs (``services.reminders``)."""
    now = timezone.now()
    for tournament_id, starts_at in selectors.starts_due(by=now + START_HORIZON):
        if starts_at <= now:
            services.tournament_start(tournament_id=tournament_id, now=now)
        else:
            tournament_start.apply_async((tournament_id,), eta=starts_at)
    for tournament_id in selectors.rounds_to_check():
        services.tournament_round_check(tournament_id=tournament_id, now=now)
    services.tournament_reminders_send(now=now)
