"""Pages of live tables: the lobby of each game, a new table, the table itself, its replay.

Each view parses the request, calls one service or selector and renders; refusals come back as
messages on the table page.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import is_moderator
from config.catalogue import CATALOGUE_BY_SLUG
from games.engine import GAMES
from games.engine.base import Match
from games.live.frames import state_frame
from games.tables import selectors, services
from games.tables.models import BotLevel, Table, TableStatus
from games.tables.refusals import TableRefusal
from games.web.console import chat_context
from games.web.forms import TableForm
from games.words.labels import HAND_LABELS, isolated, variant_name
from games.words.refusals import refusal_text
from games.words.table_page import table_page_words


def lobby(request, slug):
    game = _game(slug)
    context = {
        "game": game,
        "lists": selectors.lobby_lists(slug),
        # Where the page hears of changes to its lists (games.live.pages, games.web.lobby).
        "lobby_socket": f"/ws/pages/lobby/{slug}/",
    }
    return render(request, "games/lobby.html", context)


@login_required
def table_new(request, slug):
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
                private=form.cleaned_data["private"],
                allow_spectators=form.cleaned_data["allow_spectators"],
                ranked=form.cleaned_data["ranked"],
            )
        except ValidationError as error:
            for field, errors in error.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            return redirect("table", table_id=table.pk)
    return render(request, "games/table_new.html", {"game": game, "form": form})


@require_POST
@login_required
def ranked_play(request, slug):
    """The "Play ranked" button: a seat at an open ranked table near the member's rating, or
    at a new one."""
    _game(slug)
    try:
        table = services.ranked_table_join(
            user_id=request.user.pk, game=slug, variant=request.POST.get("variant", "")
        )
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return redirect("lobby", slug=slug)
    return redirect("table", table_id=table.pk)


def table(request, table_id):
    table, invite = _visible_table(request, table_id)
    snapshot = selectors.table_snapshot(table.pk)
    user_id = request.user.pk if request.user.is_authenticated else None
    seat = next((s.number for s in snapshot.seats if user_id and s.user_id == user_id), None)
    closed = table.status != TableStatus.OPEN and not table.allow_spectators
    if seat is None and closed and not is_moderator(request.user):
        raise Http404
    rows = _result_rows(snapshot) if table.status == TableStatus.FINISHED else []
    context = {
        "table": table,
        "game": CATALOGUE_BY_SLUG[table.game],
        "variant": variant_name(table.game, table.variant),
        "seats": snapshot.seats,
        "my_seat": seat,
        "my_seat_left": seat is not None and snapshot.seats[seat].left,
        "is_creator": user_id is not None and user_id == table.created_by_id,
        "invite": invite,
        "invite_url": _invite_url(request, table) if table.private and user_id else None,
        "frame": state_frame(snapshot, seat),
        "recent_moves": list(reversed(selectors.table_recent_moves(table))),
        "game_partial": f"games/table/_{table.game}.html",
        "game_script": GAME_SCRIPTS[table.game],
        # The page follows the table live where its socket will be let in: a seat, or a
        # table that may be watched.
        "live": seat is not None or table.allow_spectators or is_moderator(request.user),
        "result_rows": rows,
        "hands_open": any(row["hands"] for row in rows),
        "bot_levels": BotLevel.choices,
        "strings": table_page_words(
            bot_levels=BotLevel.choices, table_statuses=TableStatus.choices
        ),
        "rules": {"bids": GAMES[table.game].bid_ladder(table.variant)},
        "socket_path": _with_invite(f"/ws/tables/{table.pk}/", invite),
        "chat": chat_context(snapshot, seat, user_id),
    }
    return render(request, "games/table.html", context)


@require_POST
@login_required
def table_seat(request, table_id):
    return _table_action(
        request,
        table_id,
        lambda: services.table_seat_take(
            table_id=table_id,
            user_id=request.user.pk,
            number=_int_or_none(request.POST.get("seat")),
            invite=request.POST.get("invite") or None,
        ),
    )


@require_POST
@login_required
def table_leave(request, table_id):
    return _table_action(
        request,
        table_id,
        lambda: services.table_seat_leave(table_id=table_id, user_id=request.user.pk),
    )


@require_POST
@login_required
def table_match_leave(request, table_id):
    return _table_action(
        request,
        table_id,
        lambda: services.table_match_leave(table_id=table_id, user_id=request.user.pk),
    )


@require_POST
@login_required
def table_start(request, table_id):
    return _table_action(
        request,
        table_id,
        lambda: services.table_start(
            table_id=table_id,
            user_id=request.user.pk,
            bot_level=request.POST.get("bot_level", BotLevel.MEDIUM),
        ),
    )


def table_replay(request, table_id):
    """A finished match move by move (``?step=N``), every hand open."""
    table, invite = _visible_table(request, table_id)
    if table.status not in (TableStatus.FINISHED, TableStatus.ENDED) or table.initial_state is None:
        raise Http404
    total = table.version
    step = min(max(_int_or_none(request.GET.get("step")) or 0, 0), total)
    shown = selectors.table_replay_step(table, step)
    context = {
        "table": table,
        "game": CATALOGUE_BY_SLUG[table.game],
        "variant": variant_name(table.game, table.variant),
        "step": step,
        "total": total,
        "move": shown.move,
        "hands": _open_hands(shown.match),
        "public_view": shown.match.view(None),
        "result": getattr(table, "result", None),
        "invite": invite,
    }
    return render(request, "games/replay.html", context)


# Each game's own part of the table page's script.
GAME_SCRIPTS = {
    "rummy": "js/table_rummy.js",
    "courtpiece": "js/table_tricks.js",
    "pitch": "js/table_tricks.js",
    "unders": "js/table_unders.js",
}


def _open_hands(match: Match) -> list[list[tuple[str, list[str]]]]:
    """Every seat's cards open, each group under its label: only for a finished match (the
    result screen) and a replay (``Match.open_hands``)."""
    return [
        [(str(HAND_LABELS[group["label"]]), group["cards"]) for group in groups]
        for groups in match.open_hands()
    ]


def _result_rows(snapshot) -> list[dict]:
    """The result screen: each seat's place and score, and every hand open now that the match
    is over."""
    match = snapshot.match
    if match is None or not match.is_over():
        return []
    hands = _open_hands(match)
    result = match.result()
    winners = set(result["winners"])
    rows = []
    for info in snapshot.seats:
        number = info.number
        name = info.name or str(BotLevel(info.bot_level).label if info.bot_level else "")
        label = _("Seat %(number)s") % {"number": number + 1}
        rows.append(
            {
                "name": f"{label} ({isolated(name)})" if name else label,
                "rank": result["ranks"][number],
                "score": result["scores"][number],
                "winner": number in winners,
                "hands": hands[number],
            }
        )
    return sorted(rows, key=lambda row: row["rank"])


def _game(slug):
    game = CATALOGUE_BY_SLUG.get(slug)
    if game is None or slug not in GAMES:
        raise Http404
    return game


def _visible_table(request, table_id) -> tuple[Table, str | None]:
    """The table, if this visitor may see it (a stranger to a private table gets a 404: its
    existence is nobody else's business)."""
    table = get_object_or_404(Table, pk=table_id)
    invite = request.GET.get("invite") or None
    user_id = request.user.pk if request.user.is_authenticated else None
    seen = selectors.table_may_be_seen(table, user_id=user_id, invite=invite)
    if not seen and not is_moderator(request.user):
        raise Http404
    return table, invite


def _table_action(request, table_id, action) -> HttpResponseRedirect:
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


def _invite_url(request, table: Table) -> str:
    path = _with_invite(reverse("table", args=[table.pk]), table.invite_token)
    return request.build_absolute_uri(path)


def _with_invite(path: str, invite: str | None) -> str:
    return f"{path}?{urlencode({'invite': invite})}" if invite else path


def _int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
