"""The months of the monthly leaderboards (issue 32, point 6): a month turns at midnight in India
(Asia/Kolkata), for every member wherever they are, as the daily deal's day does
(``games.daily.days``): one board a month needs one midnight.

A month is the date of its first day. Pure arithmetic: no database.
"""

import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.utils import timezone

MONTH_ZONE = ZoneInfo("Asia/Kolkata")

AWARD_GRACE = timedelta(minutes=5)
"""How long after a month ends its titles wait: a match recorded in its last second commits a
moment later, and should count."""

_WRITTEN = re.compile(r"(?P<year>[0-9]{4})-(?P<month>[0-9]{2})")


def month_of(moment: datetime | None = None) -> date:
    """The month ``moment`` (now, if not given) falls in, in India's time."""
    day = (moment or timezone.now()).astimezone(MONTH_ZONE).date()
    return day.replace(day=1)


def month_next(month: date) -> date:
    return date(month.year + month.month // 12, month.month % 12 + 1, 1)


def month_before(month: date) -> date:
    return date(month.year - (month.month == 1), (month.month - 2) % 12 + 1, 1)


def month_start(month: date) -> datetime:
    return datetime.combine(month, time.min, tzinfo=MONTH_ZONE)


def month_end(month: date) -> datetime:
    """The first moment after ``month``."""
    return month_start(month_next(month))


def month_is_awardable(month: date, now: datetime | None = None) -> bool:
    """Whether ``month`` is over, and its grace too: its board will not change any more."""
    return (now or timezone.now()) >= month_end(month) + AWARD_GRACE


def month_written(month: date) -> str:
    """``month`` as in the addresses: ``2026-11``."""
    return f"{month.year:04d}-{month.month:02d}"


def month_read(text: str) -> date | None:
    """The month written ``YYYY-MM`` (``month_written``), or None if ``text`` is not one."""
    found = _WRITTEN.fullmatch(text.strip())
    if found is None:
        return None
    year, number = int(found["year"]), int(found["month"])
    if not 1 <= number <= 12 or year < 1:
        return None
    return date(year, number, 1)


def months_from(first: date, last: date) -> list[date]:
    """Every month from ``last`` back to ``first``, newest first ([] if ``first`` is later)."""
    months = []
    month = last
    while month >= first:
        months.append(month)
        month = month_before(month)
    return months
