from games.catalogue import CATALOGUE


def game_catalogue(request):
    """The four games, for the navigation that every page shows."""
    return {"catalogue": CATALOGUE}
