"""Queue the Celery jobs that keep a table moving, after the current transaction commits.

By task name, so that services need not import ``games.tasks`` (which imports them). Every job
carries the table version it was queued for and does nothing once the table has moved on.
"""

from datetime import datetime

from django.db import transaction

from config.celery import app

BOT_TURN = "games.tasks.table_bot_turn"
TIMEOUT = "games.tasks.table_timeout"


def bot_turn_queue(*, table_id: int, version: int, delay: float) -> None:
    transaction.on_commit(
        lambda: app.send_task(BOT_TURN, args=(table_id, version), countdown=max(delay, 0))
    )


def timeout_queue(*, table_id: int, version: int, deadline: datetime) -> None:
    transaction.on_commit(lambda: app.send_task(TIMEOUT, args=(table_id, version), eta=deadline))
