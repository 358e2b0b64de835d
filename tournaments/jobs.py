"""Queue a tournament's jobs after the current commit, by task name (``tournaments.tasks``
imports the services)."""

from django.db import transaction

from config.celery import app

ROUND_CHECK = "tournaments.tasks.tournament_round_check"
START = "tournaments.tasks.tournament_start"


def round_check_queue(*, tournament_id: int) -> None:
    transaction.on_commit(lambda: app.send_task(ROUND_CHECK, args=(tournament_id,)))
