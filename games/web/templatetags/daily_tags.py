"""``{% daily_streak user %}``: the member's streak of days played, for the profile page (which
belongs to ``accounts``, which may not read the games)."""

from django import template

from games.daily.selectors import streak_of

register = template.Library()


@register.inclusion_tag("games/daily/_streak.html")
def daily_streak(user):
    return {"streak": streak_of(user.pk) if user.is_authenticated else 0}
