"""``{% daily_streak user %}``: the member's streak of days played, for the profile page (which
belongs to ``accounts``, which may not read the games). ``{{ day|daily_day }}``: the daily
deal's day as every page names it, and ``{{ moment|daily_clock }}``: a time on India's clock,
the daily deal's (games.words.daily)."""

from datetime import date, datetime

from django import template
from django.contrib.auth.models import AnonymousUser, User

from accounts.profiles.formats import local_time
from games.daily.days import DAY_ZONE
from games.daily.selectors import streak_of
from games.words.daily import day_words

register = template.Library()


@register.inclusion_tag("games/daily/_streak.html")
def daily_streak(user: User | AnonymousUser) -> dict[str, int]:
    return {"streak": streak_of(user.pk) if user.is_authenticated else 0}


@register.filter
def daily_day(day: date) -> str:
    return day_words(day)


@register.filter
def daily_clock(moment: datetime) -> str:
    return local_time(moment, zone=DAY_ZONE)
