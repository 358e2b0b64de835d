from celery import shared_task
from celery.signals import worker_ready
from django.utils import timezone

from games import selectors, services
from games.presence import announcement_send


@shared_task
def presence_announce(text: str, user_id: int | None = None) -> None:
    """Deliver ``text`` to a member's open sockets (or to everyone) from a worker process."""
    announcement_send(text=text, user_id=user_id)


@shared_task
def table_bot_turn(table_id: int, version: int) -> None:
    """A bot's (or a stand-in's) turn at ``version``; a late or repeated job does nothing."""
    services.table_bot_turn_play(table_id=table_id, version=version)


@shared_task
def table_timeout(table_id: int, version: int) -> None:
    """The turn clock set at ``version`` ran out; stale or early, it does nothing."""
    services.table_timeout_apply(table_id=table_id, version=version)


@shared_task
def tables_sweep() -> None:
    """Every two seconds (beat, config/settings.py): act on each turn clock that ran out
    without its job, since Celery countdowns live in a worker's memory and can be late or lost
    (DESIGN.md)."""
    for table_id, version in selectors.tables_past_deadline(timezone.now()):
        services.table_timeout_apply(table_id=table_id, version=version)


@shared_task
def tables_resume() -> None:
    """Queue again the jobs every match waits for: the worker that held them may have died."""
    for table_id in selectors.tables_in_play():
        services.table_jobs_resume(table_id=table_id)


@worker_ready.connect
def _resume_tables_on_start(sender, **kwargs) -> None:
    tables_resume.delay()
