import time
from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from games.daily.services import daily_deals_generate, visitor_tries_sweep
from games.live.presence import announcement_send
from games.ranked.services import queues_form_while_full
from games.tables import selectors, services
from games.tables.news import BotTurnDue

# Two sweeps ahead: a clock is queued even when one sweep runs late; it is queued once.
CLOCK_HORIZON = timedelta(seconds=4)
# How late a queued clock's job may act (Celery's countdowns run 0.2 to 1.3 s late) before the
# sweep acts in its place.
JOB_GRACE = timedelta(seconds=2)


@shared_task
def presence_announce(text: str, user_id: int | None = None) -> None:
    """Deliver ``text`` to a member's open sockets (or to everyone) from a worker process."""
    announcement_send(text=text, user_id=user_id)


@shared_task
def table_bot_turn(table_id: int, version: int, due_at: float | None = None) -> None:
    """A bot's (or a stand-in's) turn at ``version``, due at ``due_at`` (seconds since the
    epoch; a job queued before it was sent has none); a late or repeated job does nothing."""
    services.table_bot_turn_play(table_id=table_id, version=version, due_at=due_at)


def bot_turn_queue(due: BotTurnDue) -> None:
    """Queue the bot's turn for after the commit of the write that made it due, with the time
    it is due: a job that waits long in the queue thinks for less (``table_bot_turn_play``)."""
    delay = max(due.delay, 0)
    # celery-types 0.26 lacks the Django task class's apply_async_on_commit (Celery 5.4).
    table_bot_turn.apply_async_on_commit(  # type: ignore[attr-defined]
        (due.table_id, due.version, time.time() + delay), countdown=delay
    )


@shared_task
def table_timeout(table_id: int, version: int) -> None:
    """The turn clock set at ``version`` ran out; stale or early, it does nothing."""
    services.table_timeout_apply(table_id=table_id, version=version)


@shared_task
def tables_sweep() -> None:
    """Every two seconds (beat, config/settings.py): queue the job of each people's clock that
    runs out before the sweep after next, once, to act at its deadline with the version it
    was set for; act at once on a clock already out whose job was never queued, or came late
    or was lost (Celery's countdowns live in a worker's memory; DESIGN.md, "Turn clocks"); and
    queue again the job of a bot that is overdue. Bots need no clock: a position with a bot to
    move queued its one job when it was saved."""
    now = timezone.now()
    queued = []
    for table_id, version, deadline in selectors.clocks_due(
        by=now + CLOCK_HORIZON, late=now - JOB_GRACE
    ):
        if deadline <= now:
            services.table_timeout_apply(table_id=table_id, version=version, now=now)
        else:
            table_timeout.apply_async((table_id, version), eta=deadline)
            queued.append((table_id, version))
    services.table_clocks_queued(tables=queued)
    for table_id, version in selectors.bots_overdue(now):
        services.table_bot_job_requeue(table_id=table_id, version=version, now=now)


@shared_task
def daily_deals_make() -> None:
    """At midnight Asia/Kolkata (beat, config/settings.py), and every hour in case a run was
    missed: today's and tomorrow's deal of every game, and any day missed since the last run.
    Idempotent (games.daily.services.daily_deals_generate). Then the visitors' tries that
    are over or abandoned go, with their tables."""
    daily_deals_generate()
    visitor_tries_sweep()


@shared_task
def ranked_queues_form() -> None:
    """Every two seconds (beat, config/settings.py): the ranked queues' forming passes
    (games.ranked.services.queues_form_while_full). Two at once are safe: one of them forms
    nothing."""
    queues_form_while_full()
