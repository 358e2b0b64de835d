"""Pages of live tables: the lobby of each game, a new table, the table itself, its replay.

Each view parses the request, calls one service or selector and renders; refusals come back as
messages on the table page.
"""

from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.moderation.roles import is_moderator
from accounts.profiles.requests import MemberRequest
from accounts.ratings.selectors import bot_shifts, match_shifts
from accounts.ratings.skill import PROVISIONAL_MATCHES
from games.catalogue import CATALOGUE_BY_SLUG, GameInfo
from games.daily.selectors import daily_table_of
from games.engine import GAMES
from games.engine.base import Match
from games.live.frames import replay_frame, state_frame
from games.tables import selectors, services
from games.tables.models import ENDED_EARLY, BotLevel, Move, Table, TableStatus
from games.tables.refusals import TableRefusal
from games.tables.selectors import SeatInfo, TableSnapshot
from games.tables.visitors import visitor_key_of
from games.web.console import chat_context
from games.web.forms import TableForm
from games.words.labels import (
    BOT_ACCOUNT_LABEL,
    HAND_LABELS,
    bot_label,
    isolated,
    variant_name,
)
from games.words.refusals import refusal_text
from games.words.table_page import table_page_words


def lobby(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    context = {
        "game": game,
        "lists": selectors.lobby_lists(slug),
        # "Play ranked" joins the queue of a format (games.ranked) at its usual seat count.
        "ranked_variants": [(v, variant_name(slug, v)) for v in GAMES[slug].variants],
        # Where the page hears of changes to its lists (games.live.pages, games.web.lobby).
        "lobby_socket": f"/ws/pages/lobby/{slug}/",
    }
    return render(request, "games/lobby.html", context)


@login_required
def table_new(request: MemberRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    form = TableForm(slug, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            table = services.table_create(
                creator_id=request.user.pk,
                game=slug,
                variant=form.cleaned_data["variant"],
                bot_levels=form.bot_levels(),
                options=form.options(),
                turn_seconds=form.cleaned_data["turn_seconds"],
                bot_delay_seconds=form.cleaned_data["bot_delay_seconds"],
                max_timeouts=form.cleaned_data["max_timeouts"],
                pause_seconds=form.cleaned_data["pause_seconds"],
                private=form.cleaned_data["private"],
                allow_spectators=form.cleaned_data["allow_spectators"],
                ranked=form.cleaned_data["ranked"],
                client_seed=request.POST.get("client_seed", ""),
            )
        except ValidationError as error:
            for field, errors in error.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            return redirect("table", table_id=table.pk)
    return render(request, "games/table_new.html", {"game": game, "form": form})


@require_POST
@login_required
def play_now(request: MemberRequest, slug: str) -> HttpResponseRedirect:
    """The "Play now" button: a table of this game against bots, started at once, in one
    click (the member in seat 1, medium bots in the others)."""
    _game(slug)
    variant, seats = quick_start(slug)
    table = services.table_create(
        creator_id=request.user.pk,
        game=slug,
        variant=variant,
        bot_levels=["", *[BotLevel.MEDIUM] * (seats - 1)],
    )
    return redirect("table", table_id=table.pk)


def quick_start(slug: str) -> tuple[str, int]:
    """A quick game's variant (the game's first) and seats (four where the variant allows,
    else as near as it does)."""
    rules = GAMES[slug]
    variant = rules.variants[0]
    low, high = rules.player_range(variant)
    return variant, min(max(QUICK_SEATS, low), high)


QUICK_SEATS = 4


@require_POST
@login_required
def table_again(request: MemberRequest, table_id: int) -> HttpResponseRedirect:
    """ "Play again" on a finished table: the rematch's table, its member seated there."""
    table, _invite = _visible_table(request, table_id)
    try:
        rematch = services.table_rematch(table_id=table.pk, user_id=request.user.pk)
    except TableRefusal as refusal:
        messages.error(request, refusal_text(refusal.code))
        return redirect("table", table_id=table.pk)
    path = reverse("table", args=[rematch.pk])
    return redirect(_with_invite(path, rematch.invite_token if rematch.private else None))


def table(request: HttpRequest, table_id: int) -> HttpResponse:
    table, invite = _visible_table(request, table_id)
    snapshot = selectors.table_snapshot(table.pk)
    assert snapshot is not None  # the table was read just above
    user_id = request.user.pk if request.user.is_authenticated else None
    visitor = _visitor(request)
    seat = snapshot.seat_held_by(user_id=user_id, visitor=visitor)
    # A daily deal's table, closed to spectators while its day lasts, opens to all with its
    # replay once the day is over (issue 28: the ranked deal opens to visitors then).
    closed = (
        table.status != TableStatus.OPEN
        and not table.allow_spectators
        and not selectors.daily_deal_is_open(table)
    )
    if seat is None and closed and not is_moderator(request.user):
        raise Http404
    if table.seed_held and (seat is None or snapshot.seats[seat].left):
        # Duplicate deals (issue 31): the round's other tables play these very cards, so its
        # board, moves and hands wait for the round's end; for a moderator too.
        context = {"table": table, "game": CATALOGUE_BY_SLUG[table.game], "invite": invite}
        return render(request, "games/table_held.html", context, status=403)
    # A daily deal's hands and replay wait for its day's end (no spoilers).
    # A duplicate deal's, while the round's other tables still play its cards (seed_held).
    deal_secret = table.seed_held or bool(
        table.reveal_after and timezone.now() < table.reveal_after
    )
    finished = table.status == TableStatus.FINISHED
    # Only a daily deal's table keeps its hands secret to a moment: no query for the others.
    daily = daily_table_of(table.pk) if table.reveal_after else None
    rows = _result_rows(snapshot, hands=not deal_secret) if finished else []
    if rows and table.ranked:
        shifts = match_shifts(game=table.game, match_ref=table.pk)
        # A house bot's seat (the queue's tables with bots, issue 32) shows its level's.
        bots = (
            bot_shifts(game=table.game, match_ref=table.pk)
            if any(row["bot_level"] for row in rows)
            else {}
        )
        for row in rows:
            row["shift"] = bots.get(row["bot_level"]) or shifts.get(row["user_id"])
    context = {
        "table": table,
        "game": CATALOGUE_BY_SLUG[table.game],
        "variant": variant_name(table.game, table.variant, table.options),
        "seats": snapshot.seats,
        "my_seat": seat,
        "my_seat_left": seat is not None and snapshot.seats[seat].left,
        # A moderator or a ban took the reader off the match: no hand, no players' chat.
        "my_seat_put_off": seat is not None and seat in snapshot.seats_put_off(),
        # A visitor's unranked try at a daily deal (issue 21): the page says so.
        "visitor_seat": seat is not None and user_id is None,
        "is_creator": user_id is not None and user_id == table.created_by_id,
        "invite": invite,
        # A daily deal is played alone: nobody to invite.
        "invite_url": (
            _invite_url(request, table) if table.private and user_id and not daily else None
        ),
        "daily": daily,
        "daily_url": request.build_absolute_uri(reverse("daily_game", args=[table.game])),
        "frame": state_frame(snapshot, seat),
        "recent_moves": list(reversed(selectors.table_recent_moves(table))),
        "game_partial": f"games/table/_{table.game}.html",
        "game_script": GAME_SCRIPTS[table.game],
        "table_modules": script_modules(table.game),
        # The page follows the table live where its socket will be let in: a seat, or a
        # table that may be watched.
        "live": seat is not None or table.allow_spectators or is_moderator(request.user),
        "result_rows": rows,
        "hands_open": any(row["hands"] for row in rows),
        "rated": any(row.get("shift") for row in rows),
        "provisional_shown": any(row.get("shift") and row["shift"].provisional for row in rows),
        "provisional_matches": PROVISIONAL_MATCHES,
        "deal_secret": deal_secret,
        "bot_levels": BotLevel.choices,
        "strings": table_page_words(
            bot_levels=BotLevel.choices, table_statuses=TableStatus.choices
        ),
        "rules": {"bids": GAMES[table.game].bid_ladder(table.variant)},
        "socket_path": _with_invite(f"/ws/tables/{table.pk}/", invite),
        "chat": chat_context(snapshot, seat, user_id),
        "rematch": _rematch_of(table) if table.status == TableStatus.FINISHED else None,
        "direction": GAMES[table.game].play_direction,
        "seat_pages": _seat_pages(),
    }
    return render(request, "games/table.html", context)


@require_POST
@login_required
def table_seat(request: MemberRequest, table_id: int) -> HttpResponseRedirect:
    return _table_action(
        request,
        table_id,
        lambda: services.table_seat_take(
            table_id=table_id,
            user_id=request.user.pk,
            number=_int_or_none(request.POST.get("seat")),
            invite=request.POST.get("invite") or None,
            client_seed=request.POST.get("client_seed", ""),
        ),
    )


@require_POST
@login_required
def table_leave(request: MemberRequest, table_id: int) -> HttpResponseRedirect:
    return _table_action(
        request,
        table_id,
        lambda: services.table_seat_leave(table_id=table_id, user_id=request.user.pk),
    )


@require_POST
@login_required
def table_match_leave(request: MemberRequest, table_id: int) -> HttpResponseRedirect:
    return _table_action(
        request,
        table_id,
        lambda: services.table_match_leave(table_id=table_id, user_id=request.user.pk),
    )


@require_POST
@login_required
def table_start(request: MemberRequest, table_id: int) -> HttpResponseRedirect:
    return _table_action(
        request,
        table_id,
        lambda: services.table_start(
            table_id=table_id,
            user_id=request.user.pk,
            bot_level=request.POST.get("bot_level", BotLevel.MEDIUM),
        ),
    )


def table_replay(request: HttpRequest, table_id: int) -> HttpResponse:
    """A finished match move by move (``?step=N``), every hand open."""
    table, invite = _visible_table(request, table_id)
    if table.status not in (TableStatus.FINISHED, *ENDED_EARLY) or table.initial_state is None:
        raise Http404
    if table.reveal_after and timezone.now() < table.reveal_after:
        messages.error(request, _("A daily deal's replay opens when its day is over."))
        return redirect(_with_invite(reverse("table", args=[table.pk]), invite))
    if table.seed_held:
        messages.error(
            request,
            _(
                "The round's other tables play these same deals: the replay opens when "
                "they are all over."
            ),
        )
        return redirect(_with_invite(reverse("table", args=[table.pk]), invite))
    total = table.version
    step = min(max(_int_or_none(request.GET.get("step")) or 0, 0), total)
    shown = selectors.table_replay_step(table, step)
    at_step = selectors.table_replay_snapshot(table, shown, step)
    frame = replay_frame(at_step, total)
    context = {
        "table": table,
        "game": CATALOGUE_BY_SLUG[table.game],
        "variant": variant_name(table.game, table.variant, table.options),
        "step": step,
        "total": total,
        "move": shown.move,
        "invite": invite,
        # The table's own page, read-only: its board and seats drawn from the step's frame.
        "frame": frame,
        "seats": at_step.seats,
        "my_seat": None,
        "live": True,
        "replay": True,
        "move_who": _mover(at_step, shown.move),
        "socket_path": "",
        "game_partial": f"games/table/_{table.game}.html",
        "game_script": GAME_SCRIPTS[table.game],
        "table_modules": script_modules(table.game),
        "strings": table_page_words(
            bot_levels=BotLevel.choices, table_statuses=TableStatus.choices
        ),
        "rules": {"bids": GAMES[table.game].bid_ladder(table.variant)},
        "direction": GAMES[table.game].play_direction,
        "recent_moves": [],
    }
    return render(request, "games/table.html", context)


STATIC_JS = Path(__file__).resolve().parents[2] / "static" / "js"


def _modules(folder: str) -> tuple[str, ...]:
    """Every file of static/js/``folder``/ by its static name: a module added there is
    preloaded by the table page and cached offline with the rest."""
    return tuple(f"js/{folder}/{path.name}" for path in sorted((STATIC_JS / folder).glob("*.js")))


# The table script's modules (table.js imports every file of static/js/table/).
TABLE_MODULES = _modules("table")
# Each game's own part of the table page's script, an ES module like table.js, and the parts
# it imports (each a module under 250 lines, issue 29).
GAME_SCRIPTS = {
    "rummy": "js/table_rummy.js",
    "courtpiece": "js/table_tricks.js",
    "pitch": "js/table_tricks.js",
    "unders": "js/table_unders.js",
}
GAME_MODULES = {
    "rummy": _modules("rummy"),
    "courtpiece": _modules("tricks"),
    "pitch": _modules("tricks"),
    "unders": (),
}


def script_modules(game: str) -> tuple[str, ...]:
    """What a table page of ``game`` preloads beside its scripts: the table's modules and the
    game's (fetched at once, not after the script that imports them is read: a round trip of a
    phone's network less before the table is drawn)."""
    return TABLE_MODULES + GAME_MODULES[game]


def _open_hands(match: Match) -> list[list[tuple[str, list[str]]]]:
    """Every seat's cards open, each group under its label: only for a finished match (the
    result screen) and a replay (``Match.open_hands``)."""
    return [
        [(str(HAND_LABELS[group["label"]]), group["cards"]) for group in groups]
        for groups in match.open_hands()
    ]


def _result_rows(snapshot: TableSnapshot, *, hands: bool = True) -> list[dict[str, Any]]:
    """The result screen: each seat's place and score, and every hand open now that the match
    is over (unless ``hands`` is false: a daily deal before its day's end)."""
    match = snapshot.match
    if match is None or not match.is_over():
        return []
    open_hands = _open_hands(match) if hands else [[] for _seat in snapshot.seats]
    result = match.result()
    winners = set(result["winners"])
    rows = []
    for info in snapshot.seats:
        number = info.number
        rows.append(
            {
                "name": _seat_label(info),
                "user_id": info.user_id,
                # A house bot's seat: its level, whose page the name links to.
                "bot_level": info.bot_level if info.user_id is None else "",
                "page": _seat_page(info),
                "rank": result["ranks"][number],
                "score": result["scores"][number],
                "winner": number in winners,
                "hands": open_hands[number],
            }
        )
    return sorted(rows, key=lambda row: row["rank"])


def _seat_page(info: SeatInfo) -> str:
    """The page a bot's name links to (issue 32): a house bot's level's, a bot account's
    player page (its seat's name is its username); "" for a person's."""
    if info.user_id is None and info.bot_level:
        return reverse("bot_rated", args=[info.bot_level])
    return reverse("player", args=[info.name]) if info.program and info.name else ""


def _seat_pages() -> dict[str, str]:
    """The pages a bot's seat links to (issue 32), as the result's names do: a house bot's
    level's and a bot account's player page, each address up to the level or the name that
    the script (table/seats.js) adds."""
    return {
        "bot": reverse("bot_rated", args=["-"]).removesuffix("-/"),
        "player": reverse("player", args=["-"]).removesuffix("-/"),
    }


def _rematch_of(table: Table) -> Table | None:
    """The open table of this finished one's rematch, for its players to join."""
    if table.rematch_id is None:
        return None
    return Table.objects.filter(pk=table.rematch_id, status=TableStatus.OPEN).first()


def _mover(snapshot: TableSnapshot, move: Move | None) -> str:
    """Who made a replay's move, by seat and name."""
    if move is None:
        return ""
    if move.seat < len(snapshot.seats):
        return _seat_label(snapshot.seats[move.seat])
    return _("Seat %(number)s") % {"number": move.seat + 1}


def _seat_label(info: SeatInfo) -> str:
    """``Seat 2 (Kabir, medium bot)``: a seat with its member's name or its bot's; a bot
    account's says so (``Seat 3 (randombot, bot account)``)."""
    level = str(BotLevel(info.bot_level).label) if info.bot_level else ""
    name = info.name or (bot_label(info.number, level) if level else "")
    if info.program and info.name:
        name = str(BOT_ACCOUNT_LABEL) % {"name": info.name}
    label = _("Seat %(number)s") % {"number": info.number + 1}
    return f"{label} ({isolated(name)})" if name else label


def _game(slug: str) -> GameInfo:
    game = CATALOGUE_BY_SLUG.get(slug)
    if game is None or slug not in GAMES:
        raise Http404
    return game


def _visible_table(request: HttpRequest, table_id: int) -> tuple[Table, str | None]:
    """The table, if this visitor may see it (a stranger to a private table gets a 404: its
    existence is nobody else's business)."""
    table = get_object_or_404(Table, pk=table_id)
    invite = request.GET.get("invite") or None
    user_id = request.user.pk if request.user.is_authenticated else None
    seen = selectors.table_may_be_seen(
        table, user_id=user_id, invite=invite, visitor=_visitor(request)
    )
    if not seen and not is_moderator(request.user):
        raise Http404
    return table, invite


def _visitor(request: HttpRequest) -> str:
    """A visitor's key (``games.tables.visitors``); "" for a member, who is known by id."""
    return "" if request.user.is_authenticated else visitor_key_of(request.session)


def _table_action(
    request: MemberRequest, table_id: int, action: Callable[[], object]
) -> HttpResponseRedirect:
    """Run a member's act at the table. A table they may not see answers the 404 of a missing
    one, before the act could say "you do not sit here" (issue 28: that told a stranger the
    private table exists)."""
    table = Table.objects.filter(pk=table_id).first()
    invite = request.POST.get("invite") or request.GET.get("invite") or None
    if table is None or not (
        selectors.table_may_be_seen(table, user_id=request.user.pk, invite=invite)
        or is_moderator(request.user)
    ):
        raise Http404
    try:
        action()
    except TableRefusal as refusal:
        if refusal.code in ("no_table", "private_table"):
            raise Http404 from None
        messages.error(request, refusal_text(refusal.code))
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    url = _with_invite(reverse("table", args=[table_id]), request.POST.get("invite"))
    return redirect(url)


def _invite_url(request: HttpRequest, table: Table) -> str:
    path = _with_invite(reverse("table", args=[table.pk]), table.invite_token)
    return request.build_absolute_uri(path)


def _with_invite(path: str, invite: str | None) -> str:
    return f"{path}?{urlencode({'invite': invite})}" if invite else path


def _int_or_none(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return None
