"""The pages of ratings: each game's leaderboard, and a member's player page (their ratings,
their history as charts, their recent ranked matches, and the form to report them)."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render

from accounts.moderation.models import ReportReason
from accounts.profiles.selectors import profile_of
from accounts.ratings.charts import line_chart
from accounts.ratings.selectors import (
    leaderboard_top,
    rating_history,
    recent_matches,
    standing_of,
    standings_of,
)
from games.catalogue import CATALOGUE, CATALOGUE_BY_SLUG


def leaderboards(request: HttpRequest) -> HttpResponseRedirect:
    return redirect("leaderboard", CATALOGUE[0].slug)


def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    """The top 100 of one game, and the signed-in member's own place."""
    info = CATALOGUE_BY_SLUG.get(game)
    if info is None:
        raise Http404
    member = request.user if request.user.is_authenticated else None
    context = {
        "game": info,
        "board": leaderboard_top(game=game),
        "own": standing_of(user=member, game=game) if member else None,
        "own_username": member.get_username() if member else None,
    }
    return render(request, "accounts/leaderboard.html", context)


def player(request: HttpRequest, username: str) -> HttpResponse:
    """A member's ratings, their history as charts, and their recent ranked matches."""
    shown = get_object_or_404(get_user_model(), username=username, is_active=True)
    context = {
        "shown": shown,
        "shown_name": profile_of(shown).shown_name,
        "report_reasons": ReportReason.choices,
    }
    return render(request, "accounts/player.html", {**context, **ratings_context(shown)})


def ratings_context(user: User) -> dict[str, object]:
    """A member's ratings with their charts, and their recent ranked matches: the player page
    shows them, and the member's own profile page."""
    rated = [
        (standing, line_chart(rating_history(user=user, game=standing.game.slug)))
        for standing in standings_of(user=user)
    ]
    return {"rated_games": rated, "recent_matches": recent_matches(user=user)}
