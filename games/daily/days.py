"""The daily deal's day: it turns at midnight in Asia/Kolkata, for every member wherever they are
(one leaderboard a day needs one midnight)."""

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.utils import timezone

DAY_ZONE = ZoneInfo("Asia/Kolkata")

CATCH_UP_DAYS = 31
"""How far back the beat job fills days it missed (a worker down for a while)."""


def day_of(moment: datetime | None = None) -> date:
    return (moment or timezone.now()).astimezone(DAY_ZONE).date()


def day_start(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=DAY_ZONE)


def day_end(day: date) -> datetime:
    """The first moment after ``day``: its deal's hands and seeds are shown from then."""
    return day_start(day + timedelta(days=1))


def day_is_over(day: date, now: datetime | None = None) -> bool:
    return (now or timezone.now()) >= day_end(day)
