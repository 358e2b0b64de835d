"""Queue a bot's turn after the current transaction commits.

By task name, so that services need not import ``games.tasks`` (which imports them). The job
carries the table version it was queued for and does nothing once the table has moved on. (A
turn clock's job is queued by ``games.tasks.tables_sweep`` as its deadline comes near.)
"""

from django.db import transaction

from config.celery import app

BOT_TURN = "games.tasks.table_bot_turn"


def bot_turn_queue(*, table_id: int, version: int, delay: float) -> None:
    transaction.on_commit(
        lambda: app.send_task(BOT_TURN, args=(table_id, version), countdown=max(delay, 0))
    )
