"""Where Celery finds the accounts' jobs (``autodiscover_tasks`` imports each app's ``tasks``):
sending to members who are not looking (``notices.reach``), and the months' titles."""

from celery import shared_task

from accounts.notices.reach import reach_batch
from accounts.ratings.seasons import month_titles_catch_up

__all__ = ["month_titles_give", "reach_batch"]


@shared_task
def month_titles_give() -> None:
    """Every hour at 35 past (beat, config/settings.py): the first three of every game's
    ended month get their titles (accounts.ratings.seasons.month_titles_catch_up). Months turn
    at midnight in India, 18:30 UTC, so a month's titles come five minutes after it ends, or
    within the hour after a missed run. Idempotent; two at once give each title once."""
    month_titles_catch_up()
