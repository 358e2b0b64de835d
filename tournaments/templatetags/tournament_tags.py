"""``{% tournament_record member %}``: a member's titles (the tournaments they won) and their
places in the others, for their public page. A tag, so that ``accounts`` imports nothing of
tournaments: the page's template asks for it."""

from typing import Any

from django import template

from tournaments.selectors import history_of, titles_of

register = template.Library()


@register.inclusion_tag("tournaments/_record.html")
def tournament_record(member: Any) -> dict[str, Any]:
    return {"titles": titles_of(member.pk), "history": history_of(member.pk)}
