from datetime import timedelta

from celery import shared_task
from celery.signals import worker_ready
from django.utils import timezone

from games import selectors, services
from games.presence import announcement_send

# Two sweeps ahead: a clock is queued even when one sweep runs late. A clock queued twice runs
# once (the second job finds the table moved on).
CLOCK_HORIZON = timedelta(seconds=4)


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
    """Every two seconds (beat, config/settings.py): queue the job of each turn clock that runs
    out before the sweep after next, to act at its deadline with the version it was set for;
    act at once on a clock already out, whose job came late or was lost (Celery's countdowns
    live in a worker's memory; DESIGN.md, "Turn clocks")."""
    now = timezone.now()
    for table_id, version, deadline in selectors.tables_due_by(now + CLOCK_HORIZON):
        if deadline <= now:
            services.table_timeout_apply(table_id=table_id, version=version, now=now)
        else:
            table_timeout.apply_async((table_id, version), eta=deadline)


@shared_task
def tables_resume() -> None:
    """Queue again the bot turns that matches wait for: the worker that held them may have
    died (the sweep looks after the turn clocks)."""
    for table_id in selectors.tables_in_play():
        services.table_jobs_resume(table_id=table_id)


@worker_ready.connect
def _resume_tables_on_start(sender, **kwargs) -> None:
    tables_resume.delay()
