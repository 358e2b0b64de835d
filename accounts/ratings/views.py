"""The pages of ratings: each game's leaderboard, and a member's player page (their ratings,
their history as charts, their recent ranked matches, and the form to report them)."""

from datetime import date

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from accounts.moderation.models import ReportReason
from accounts.profiles.selectors import profile_of
from accounts.ratings.charts import line_chart
from accounts.ratings.months import month_before, month_next, month_of, month_read, months_from
from accounts.ratings.seasons import (
    MONTH_MIN_MATCHES,
    first_month,
    month_board,
    month_label,
    own_month,
    titles_of,
)
from accounts.ratings.selectors import (
    leaderboard_top,
    rating_history,
    recent_matches,
    standing_of,
    standings_of,
)
from games.catalogue import CATALOGUE, CATALOGUE_BY_SLUG, GameInfo


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


def leaderboard_month(request: HttpRequest, game: str, month: str | None = None) -> HttpResponse:
    """One game's board of one month (issue 32, point 6): this month's without ``month``, a
    past one's with it (``2026-11``, or ``?month=2026-11`` from the month picker, sent on to
    its own address). A month that is not one, or is not between the game's first ranked match
    and now, is refused on the page, in the reader's language, with a 404."""
    info = CATALOGUE_BY_SLUG.get(game)
    if info is None:
        raise Http404
    asked = month if month is not None else request.GET.get("month")
    current = month_of()
    first = first_month(game=game) or current
    if asked is None:
        return _month_page(request, info, current, first=first, current=current)
    chosen = month_read(asked)
    if chosen is None or not first <= chosen <= current:
        return _month_refused(request, info, first=first, current=current, known=chosen is not None)
    if month is None:
        return redirect("leaderboard_month_of", game, asked.strip())
    return _month_page(request, info, chosen, first=first, current=current)


def _month_page(
    request: HttpRequest, info: GameInfo, month: date, *, first: date, current: date
) -> HttpResponse:
    member = request.user if request.user.is_authenticated else None
    context = {
        "game": info,
        "month": month,
        "month_label": month_label(month),
        "is_current": month == current,
        "months": [(option, month_label(option)) for option in months_from(first, current)],
        "earlier": month_before(month) if month > first else None,
        "later": month_next(month) if month < current else None,
        "board": month_board(game=info.slug, month=month),
        "own": own_month(user=member, game=info.slug, month=month) if member else None,
        "own_username": member.get_username() if member else None,
        "min_matches": MONTH_MIN_MATCHES,
    }
    return render(request, "accounts/leaderboard_month.html", context)


def _month_refused(
    request: HttpRequest, info: GameInfo, *, first: date, current: date, known: bool
) -> HttpResponse:
    if known:
        reason = gettext(
            "There is no board for that month: %(game)s has boards from %(first)s to %(current)s."
        ) % {
            "game": info.name,
            "first": month_label(first),
            "current": month_label(current),
        }
    else:
        reason = gettext("That is not a month: write it as year and month, like 2026-11.")
    context = {"game": info, "reason": reason}
    return render(request, "accounts/leaderboard_month_refused.html", context, status=404)


def player(request: HttpRequest, username: str) -> HttpResponse:
    """A member's ratings, their history as charts, and their recent ranked matches."""
    shown = get_object_or_404(get_user_model(), username=username, is_active=True)
    # A bot account (``accounts.bots``, read through the relation: ratings sit below bots)
    # says so, with the member who made it.
    bot = getattr(shown, "bot_account", None)
    context = {
        "shown": shown,
        "shown_name": profile_of(shown).shown_name,
        "bot_owner": bot.owner if bot is not None else None,
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
    return {
        "rated_games": rated,
        "recent_matches": [
            {"change": change, "game": change.game_info.name if change.game_info else change.game}
            for change in recent_matches(user=user)
        ],
        "month_titles": titles_of(user=user),
    }
