from django.http import HttpRequest

from games.catalogue import CATALOGUE, GameInfo


def game_catalogue(request: HttpRequest) -> dict[str, tuple[GameInfo, ...]]:
    """The four games, for the navigation that every page shows."""
    return {"catalogue": CATALOGUE}
