"""The daily deal's pages: the four games' deals of the day, a game's day with its boards, a
past day, playing (an attempt at an ordinary table), and the staff page that rotates deals.

Each view parses the request, calls one service or selector and renders. Refusals come back as
translated messages; nothing is changed by one.
"""

from collections.abc import Iterable
from datetime import date, timedelta
from typing import Any

from allauth.core.internal.ratelimit import get_ip
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ImproperlyConfigured, PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.profiles.formats import local_date, local_number, local_time
from accounts.profiles.requests import MemberRequest, Reader
from games.catalogue import CATALOGUE, CATALOGUE_BY_SLUG, GameInfo
from games.daily import selectors, services
from games.daily.days import DAY_ZONE, day_of
from games.daily.models import Attempt, DailyDeal, VisitorTry
from games.daily.plans import DAILY_BOT_LEVELS, PLANS
from games.daily.refusals import DailyRefusal
from games.tables.models import BotLevel, TableStatus
from games.tables.visitors import visitor_key_given, visitor_key_of
from games.words.daily import (
    daily_refusal_text,
    day_left_words,
    day_words,
    result_words,
    share_words,
)

STAFF_DAYS_AHEAD = 7
# The address of a client whose address cannot be told: such clients share one hour's count.
UNKNOWN_ADDRESS = "unknown"


def daily_index(request: HttpRequest) -> HttpResponse:
    """Each game's deal of the day, with the reader's own go at it: a member's attempt, or a
    visitor's unranked try (not begun, to resume, or its result)."""
    today = day_of()
    user_id = request.user.pk if request.user.is_authenticated else None
    tries = (
        {}
        if user_id
        else selectors.visitor_tries_of(visitor=visitor_key_of(request.session), day=today)
    )
    games = [
        {
            "game": game,
            "deal": services.daily_deal_current(game=game.slug, day=today),
            "attempt": user_id and selectors.attempt_of(user_id=user_id, game=game.slug, day=today),
            "visitor_try": _visitor_try_shown(tries.get(game.slug)),
        }
        for game in CATALOGUE
        if game.slug in PLANS
    ]
    context = {
        "games": games,
        "today": today,
        "day_line": day_words(today),
        "day_left": day_left_words(today),
        "streak": selectors.streak_of(user_id) if user_id else None,
    }
    return render(request, "games/daily/index.html", context)


def daily_game(request: HttpRequest, slug: str) -> HttpResponse:
    """Today's deal of a game: play it (or resume), the boards, the days before."""
    game = _game(slug)
    today = day_of()
    user_id = request.user.pk if request.user.is_authenticated else None
    deal = services.daily_deal_current(game=slug, day=today)
    boards = _boards(slug, today, user_id)
    context = {
        "game": game,
        "day": today,
        "day_line": day_words(today),
        "day_left": day_left_words(today),
        "deal": deal,
        "attempt": user_id and selectors.attempt_of(user_id=user_id, game=slug, day=today),
        "visitor_try": user_id is None
        and selectors.visitor_try_of(visitor=visitor_key_of(request.session), game=slug, day=today),
        "boards": boards,
        "share": _share_text(game.name, today, boards),
        "past_days": selectors.days_with_deals(slug, before=today),
        "streak": selectors.streak_of(user_id) if user_id else None,
        # Where the boards hear of attempts finishing (games.live.pages, kind "daily").
        "board_socket": f"/ws/pages/daily/{slug}/",
    }
    return render(request, "games/daily/game.html", context)


def daily_board_render(slug: str, languages: Iterable[str]) -> dict[str, str]:
    """Today's boards of a game as its live page pushes them (kind ``"daily"``): read once,
    for no reader in particular (each page keeps its reader's own place apart), and rendered
    in each of ``languages``."""
    if slug not in PLANS:
        raise LookupError(f"no daily deal of {slug!r}")
    boards = _boards(slug, day_of(), None)
    rendered: dict[str, str] = {}
    for language in languages:
        with translation.override(language):
            rendered[language] = render_to_string("games/daily/_boards.html", {"boards": boards})
    return rendered


def daily_board_may_watch(user: Reader, slug: str, invite: str | None) -> bool:
    """Anyone may watch a day's boards, visitors too: until the day is over they show scores
    alone (no spoilers)."""
    if slug not in PLANS:
        raise LookupError(f"no daily deal of {slug!r}")
    return True


def daily_day(request: HttpRequest, slug: str, day: str) -> HttpResponse:
    """A past day's boards, with each attempt's table (its replay and seed are open now)."""
    game = _game(slug)
    wanted = _day(day)
    today = day_of()
    if wanted is None:
        messages.error(request, daily_refusal_text("bad_day"))
        return redirect("daily_game", slug=slug)
    if wanted >= today:
        # Today's board is the game's page; a day to come has no board (and no spoilers).
        if wanted > today:
            messages.error(request, _("That day has not come yet."))
        return redirect("daily_game", slug=slug)
    user_id = request.user.pk if request.user.is_authenticated else None
    context = {
        "game": game,
        "day": wanted,
        "boards": _boards(slug, wanted, user_id),
        "past_days": selectors.days_with_deals(slug, before=today),
    }
    return render(request, "games/daily/day.html", context)


@require_POST
def daily_play(request: HttpRequest, slug: str) -> HttpResponseRedirect:
    """Begin (or resume) the member's attempt at today's deal and go to its table. A visitor
    begins (or resumes) an unranked try instead, held by their session's key: the board and
    the streak are for members."""
    _game(slug)
    deal_id = _int_or_none(request.POST.get("deal"))
    played: Attempt | VisitorTry
    try:
        if request.user.is_authenticated:
            played = services.daily_attempt_begin(
                user_id=request.user.pk, game=slug, deal_id=deal_id
            )
        else:
            played = services.daily_visitor_try_begin(
                visitor=visitor_key_given(request.session),
                address=_client_address(request),
                game=slug,
                deal_id=deal_id,
            )
    except DailyRefusal as refusal:
        messages.error(request, daily_refusal_text(refusal.code))
        return redirect("daily_game", slug=slug)
    return redirect("table", table_id=played.table_id)


@login_required
def daily_staff(request: MemberRequest) -> HttpResponse:
    """The staff page: each game's deals from today on, and the form that rotates one."""
    if not request.user.is_staff:
        return _staff_only(request)
    today = day_of()
    days = [today + timedelta(n) for n in range(STAFF_DAYS_AHEAD + 1)]
    deals = DailyDeal.objects.filter(day__in=days).order_by("day", "game", "-pk")
    context = {
        "days": days,
        # Each deal with its bots' levels in words (its first seat is the member's).
        "deals": [
            (deal, ", ".join(str(BotLevel(level).label) for level in deal.bot_levels[1:]))
            for deal in deals
        ],
        "games": [game for game in CATALOGUE if game.slug in PLANS],
        "bot_levels": [(level.value, level.label) for level in DAILY_BOT_LEVELS],
        "today": today,
    }
    return render(request, "games/daily/staff.html", context)


@require_POST
@login_required
def daily_rotate(request: MemberRequest) -> HttpResponse:
    if not request.user.is_staff:
        return _staff_only(request)
    day = _day(request.POST.get("day", ""))
    if day is None:
        messages.error(request, daily_refusal_text("bad_day"))
        return redirect("daily_staff")
    try:
        rotation = services.daily_deal_rotate(
            actor=request.user,
            game=request.POST.get("game", ""),
            day=day,
            reason=request.POST.get("reason", ""),
            seed=request.POST.get("seed", "").strip(),
            bot_level=request.POST.get("bot_level", ""),
        )
    except DailyRefusal as refusal:
        messages.error(request, daily_refusal_text(refusal.code))
    else:
        messages.success(
            request,
            _("The deal of %(game)s on %(day)s is now %(commitment)s.")
            % {
                "game": CATALOGUE_BY_SLUG[rotation.deal.game].name,
                "day": local_date(rotation.deal.day, length="long"),
                "commitment": rotation.deal.seed_commitment[:16],
            },
        )
    return redirect("daily_staff")


def _boards(slug: str, day: date, user_id: int | None) -> list[dict[str, Any]]:
    """A day's boards in the reader's language, their times in India's (a board is pushed
    alike to every reader: it names the day and its times as the day's own zone has them)."""
    return [
        {
            "board": board,
            "day_line": day_words(board.deal.day),
            "replaced_at": board.deal.replaced_at
            and local_time(board.deal.replaced_at, zone=DAY_ZONE),
            "finished": local_number(board.finished),
            "rows": [(row, result_words(slug, row.details)) for row in board.rows],
            "own": board.own and (board.own, result_words(slug, board.own.details)),
        }
        for board in selectors.day_boards(slug, day, user_id=user_id)
    ]


def _share_text(game_name: Promise, day: date, boards: list[dict[str, Any]]) -> str:
    """What the reader may share of their finished attempt (their board: one a day at most)."""
    for entry in boards:
        if entry["own"]:
            row, result = entry["own"]
            return share_words(str(game_name), day, row.place, entry["board"].finished, result)
    return ""


def _visitor_try_shown(tried: VisitorTry | None) -> dict[str, object] | None:
    """A visitor's try as the index shows it: playing (to resume at its table) or over, with
    its result in the board's words when its match ended with one."""
    if tried is None:
        return None
    playing = tried.table.status == TableStatus.PLAYING
    return {
        "table_id": tried.table_id,
        "playing": playing,
        "result": "" if playing or not tried.details else result_words(tried.game, tried.details),
    }


def _client_address(request: HttpRequest) -> str:
    """The client's address as allauth's sign-in limits count it (issue 17): behind
    ``TRUSTED_PROXY_COUNT`` proxies the one they forwarded, never the proxy's; an IPv6 client
    by its /64 (``ALLAUTH_RATE_LIMIT_IPV6_PREFIX``), which one household holds whole. Where
    allauth cannot tell it (a header the proxy should have set is missing, a forwarded chain
    shorter than the proxies trusted) it refuses a sign-in; a visitor's try is counted with
    every other such client instead."""
    try:
        address: str = get_ip(request)  # allauth's, untyped
        return address
    except (PermissionDenied, ImproperlyConfigured):
        return UNKNOWN_ADDRESS


def _staff_only(request: HttpRequest) -> HttpResponse:
    return render(request, "403.html", {"reason": daily_refusal_text("not_staff")}, status=403)


def _game(slug: str) -> GameInfo:
    game = CATALOGUE_BY_SLUG.get(slug)
    if game is None or slug not in PLANS:
        raise Http404
    return game


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _int_or_none(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return None
