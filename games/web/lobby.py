"""The lobby of each game as a live page (``games.live.pages``, kind ``"lobby"``): its lists of
tables, read once and rendered with the page's own includes in each language
its readers use. Anyone may watch a lobby, visitors too."""

from collections.abc import Iterable

from django.template.loader import render_to_string
from django.utils import translation

from accounts.profiles.requests import Reader
from games.engine import GAMES
from games.tables.selectors import LobbyLists, lobby_lists


def lobby_html(lists: LobbyLists, language: str) -> str:
    """What a lobby socket reading ``language`` is sent: the page's own includes, each element
    with the id of the one it replaces."""
    with translation.override(language):
        return render_to_string("games/lobby/_push.html", {"lists": lists})


def lobby_render(game: str, languages: Iterable[str]) -> dict[str, str]:
    """The lobby of ``game`` read once and rendered in each of ``languages``."""
    if game not in GAMES:
        raise LookupError(f"no game {game!r}")
    lists = lobby_lists(game)
    return {language: lobby_html(lists, language) for language in languages}


def lobby_may_watch(user: Reader, game: str, invite: str | None) -> bool:
    if game not in GAMES:
        raise LookupError(f"no game {game!r}")
    return True
