"""A tournament's page as a live page (``games.live.pages``, kind ``"tournament"``): its
status, entrants, rounds and standings, read once and rendered in each language its readers
use; and its bracket (kind ``"bracket"``, issue 31, point 5), the same read drawn as boxes,
which hears the tournament page's news. The push is the same for every reader; what is the
reader's own (their table when a round starts) is fetched by the page itself
(``views.tournament_you``, on htmx's ``load``)."""

from collections.abc import Iterable

from django.template.loader import render_to_string
from django.utils import translation

from accounts.profiles.requests import Reader
from tournaments.models import Tournament
from tournaments.selectors import TournamentPage, tournament_page
from tournaments.services.entering import may_see


def tournament_html(page: TournamentPage, language: str) -> str:
    with translation.override(language):
        return render_to_string("tournaments/_live.html", {"page": page, "t": page.tournament})


def tournament_render(key: str, languages: Iterable[str]) -> dict[str, str]:
    page = tournament_page(_id(key))
    return {language: tournament_html(page, language) for language in languages}


def bracket_html(page: TournamentPage, language: str) -> str:
    with translation.override(language):
        return render_to_string("tournaments/_bracket.html", {"page": page, "t": page.tournament})


def bracket_render(key: str, languages: Iterable[str]) -> dict[str, str]:
    page = tournament_page(_id(key))
    return {language: bracket_html(page, language) for language in languages}


def tournament_may_watch(user: Reader, key: str, invite: str | None) -> bool:
    tournament = Tournament.objects.filter(pk=_id(key)).first()
    if tournament is None:
        raise LookupError(key)
    user_id = user.pk if getattr(user, "is_authenticated", False) else None
    return may_see(tournament, user_id=user_id, invite=invite)


def _id(key: str) -> int:
    if not key.isdigit():
        raise LookupError(key)
    return int(key)
