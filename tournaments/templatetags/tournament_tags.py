"""``{% tournament_record member %}``: a member's titles (the tournaments they won, the series
they lead or won: ``series_table``) and their places in the others, for their public page. A
tag, so that ``accounts`` imports nothing of tournaments: the page's template asks for it."""

from typing import Any

from django import template
from django.contrib.auth.models import User
from django.utils import timezone

from tournaments.selectors import history_of, next_public, titles_of
from tournaments.series_table import series_titles_of

register = template.Library()


@register.inclusion_tag("tournaments/_record.html")
def tournament_record(member: User) -> dict[str, Any]:
    return {
        "titles": titles_of(member.pk),
        "series_titles": series_titles_of(member.pk),
        "history": history_of(member.pk),
    }


@register.inclusion_tag("tournaments/_next.html")
def next_tournament(game: str = "rummy") -> dict[str, Any]:
    """The next public tournament of ``game``, for the home and game pages."""
    return {"next": next_public(game, now=timezone.now())}
