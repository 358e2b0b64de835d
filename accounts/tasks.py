"""Where Celery finds the accounts' jobs (``autodiscover_tasks`` imports each app's ``tasks``):
sending to members who are not looking (``notices.reach``)."""

from accounts.notices.reach import reach_batch

__all__ = ["reach_batch"]
