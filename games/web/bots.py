"""The house bots' public pages (issue 32, point 4): each level's rating in every game and
format it has played ranked, and its recent ranked results."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.ratings.models import BotRating
from accounts.ratings.selectors import bot_results, bots_rated
from games.catalogue import CATALOGUE_BY_SLUG
from games.tables.models import BotLevel
from games.words.labels import variant_name


def bots_page(request: HttpRequest) -> HttpResponse:
    """Every level, with its ratings."""
    ratings = bots_rated()
    levels = [
        {"key": key, "name": name, "ratings": _rows([r for r in ratings if r.bot == key])}
        for key, name in BotLevel.choices
    ]
    return render(request, "games/bots.html", {"levels": levels})


def bot_page(request: HttpRequest, level: str) -> HttpResponse:
    """One level: its ratings and its last ranked results."""
    if level not in BotLevel.values:
        raise Http404
    results = [
        {
            "change": change,
            "game": CATALOGUE_BY_SLUG[change.game].name,
            "variant": variant_name(change.game, change.variant),
        }
        for change in bot_results(bot=level)
        if change.game in CATALOGUE_BY_SLUG
    ]
    context = {
        "level": level,
        "name": BotLevel(level).label,
        "ratings": _rows(bots_rated(level)),
        "results": results,
    }
    return render(request, "games/bot.html", context)


def _rows(ratings: list[BotRating]) -> list[dict[str, object]]:
    return [
        {
            "game": CATALOGUE_BY_SLUG[rating.game].name,
            "variant": variant_name(rating.game, rating.variant),
            "rating": rating.shown,
            "matches": rating.matches_played,
        }
        for rating in ratings
        if rating.game in CATALOGUE_BY_SLUG
    ]
