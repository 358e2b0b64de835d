"""Pages of live tables: the lobby of each game, a new table, the table itself, its replay.

Each view parses the request, calls one service or selector and renders; refusals come back as
messages on the table page.
"""

from itertools import islice

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.catalogue import CATALOGUE_BY_SLUG
from games.engine import GAMES
from games.engine.courtpiece.deal import sorted_hand
from games.live.arrange import KIND_LABELS
from games.live.frames import state_frame
from games.tables import selectors, services
from games.tables.models import BotLevel, MoveBy, Table, TableStatus
from games.tables.refusals import TableRefusal
from games.web.forms import TableForm
from games.words.labels import (
    ACTION_NAMES,
    ACTION_WORDS,
    CARD_NAME,
    EVENT_NAMES,
    EVENT_QUIET,
    EVENT_TEMPLATES,
    FACE_DOWN,
    FLAG_WORDS,
    JOKER,
    NOBODY,
    OUTCOME_NAMES,
    PROMPTS,
    RANK_NAMES,
    SEAT_FIELDS,
    SEAT_STATUSES,
    SUIT_NAMES,
    TEAM_FIELDS,
    isolated,
    variant_name,
)
from games.words.refusals import refusal_text


def lobby(request, slug):
    game = _game(slug)
    context = {
        "game": game,
        "lists": selectors.lobby_lists(slug),
        # Where the page hears of changes to its lists (games.live.lobby).
        "lobby_socket": f"/ws/lobby/{slug}/",
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
    if seat is None and table.status != TableStatus.OPEN and not table.allow_spectators:
        raise Http404
    rows = _result_rows(table, snapshot) if table.status == TableStatus.FINISHED else []
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
        "result_rows": rows,
        # Rummy's hands are shown in their groups in the last deal's summary instead.
        "hands_open": any(row["hands"] for row in rows),
        "bot_levels": BotLevel.choices,
        "strings": _table_strings(),
        "socket_path": _with_invite(f"/ws/tables/{table.pk}/", invite),
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
    if table.status != TableStatus.FINISHED:
        raise Http404
    total = table.version
    step = min(max(_int_or_none(request.GET.get("step")) or 0, 0), total)
    shown = next(islice(selectors.table_replay(table), step, None))
    match = shown.match
    context = {
        "table": table,
        "game": CATALOGUE_BY_SLUG[table.game],
        "variant": variant_name(table.game, table.variant),
        "step": step,
        "total": total,
        "move": shown.move,
        "hands": [match.view(seat)["hand"] for seat in range(table.seat_count)],
        "public_view": match.view(None),
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


def _open_hands(table, match) -> list[list[tuple[str, list[str]]]]:
    """Every seat's cards, open on the result screen (only once the match is over): Hidden
    Unders' hand, overs and unders; Pitch's last hand as dealt; Court Piece's last deal as it
    stood when play began (from the replay: the tricks have taken the cards since); rummy's
    last hand (its groups are in the summary)."""
    state = match.to_json()
    if match.game == "unders":
        return [
            [
                (_("Hand"), holding["hand"]),
                (_("Overs"), holding["overs"] or []),
                (_("Unders"), holding["unders"]),
            ]
            for holding in state["holdings"]
        ]
    if match.game == "pitch":
        return [[(_("Dealt in the last hand"), list(cards))] for cards in state["dealt"]]
    if match.game == "courtpiece":
        dealt = None
        for step in selectors.table_replay(table):
            deal = step.match.deal
            if deal.phase == "play" and deal.tricks_played == 0 and not deal.trick:
                dealt = [list(hand) for hand in deal.hands]
                if deal.face_down is not None and deal.caller is not None:
                    dealt[deal.caller].append(deal.face_down)
        if dealt is not None:
            label = _("Dealt in the last deal")
            return [[(label, sorted_hand(cards))] for cards in dealt]
    return [[("", match.view(seat)["hand"])] for seat in range(match.players)]


def _result_rows(table, snapshot) -> list[dict]:
    """The result screen: each seat's place and score, and every hand open now that the match
    is over."""
    match = snapshot.match
    if match is None or not match.is_over():
        return []
    hands = _open_hands(table, match)
    result = match.result()
    winners = set(result.get("winners", []))
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
                "hands": [(label, cards) for label, cards in hands[number] if cards],
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
    if not selectors.table_may_be_seen(table, user_id=user_id, invite=invite):
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


def _table_strings() -> dict:
    """The words the table page's script shows, in the reader's language."""
    return {
        "actions": {kind: str(name) for kind, name in ACTION_NAMES.items()},
        "events": {kind: str(name) for kind, name in EVENT_NAMES.items()},
        "words": {word: str(text) for word, text in ACTION_WORDS.items()},
        "by": {key: str(label) for key, label in MoveBy.choices},
        "bot_levels": {key: str(label) for key, label in BotLevel.choices},
        "seat": _("Seat %(number)s"),
        "you": _("you"),
        "bot": _("bot"),
        "stand_in": _("a bot plays for now"),
        "left": _("left the match: a bot plays"),
        "away": _("away"),
        "empty": _("empty"),
        "your_turn": _("Your turn"),
        "waiting_for": _("Waiting for"),
        "seconds_left": _("%(seconds)s s left"),
        "over": _("The match is over."),
        "connecting": _("Connecting…"),
        "reconnecting": _("Connection lost: reconnecting…"),
        "no_moves": _("Nothing to do now."),
        "back": _("I am back"),
        "cancel": _("Cancel"),
        "selected": _("%(count)s selected"),
        "to_move": _("to move"),
        "dealer": _("dealer"),
        "team": _("Team %(number)s"),
        "scores": _("Scores"),
        "prompts": _words(PROMPTS),
        "ranks": _words(RANK_NAMES),
        "suits": _words(SUIT_NAMES),
        "card_name": str(CARD_NAME),
        "joker": str(JOKER),
        "face_down": str(FACE_DOWN),
        "kinds": {kind.value: str(label) for kind, label in KIND_LABELS.items()},
        "statuses": _words(SEAT_STATUSES),
        "outcomes": _words(OUTCOME_NAMES),
        "cards_count": _("%(count)s cards"),
        "group": _("Group"),
        "move_here": _("Move the selected cards into this group"),
        "new_group_drop": _("Drop a card here for a new group"),
        "closed_deck": _("Deck: %(count)s"),
        "open_pile": _("Open pile: %(count)s"),
        "wild_joker": _("Wild joker"),
        "sort": _("Sort"),
        "group_selected": _("Group selected"),
        "declare_aside": _("Declare, putting the selected card aside"),
        "declare_hint": _("Select the card to put aside, then declare."),
        "drop_cost": _("Drop (costs %(points)s points)"),
        "last_deal": _("Last deal"),
        "points": _("%(points)s points"),
        "ungrouped": _("Ungrouped"),
        "trump": _("Trump"),
        "face_down_by": _("laid face down by %(seat)s"),
        "not_yet": _("not chosen yet"),
        "team_tricks": _("Team %(number)s: %(tricks)s tricks"),
        "of_target": _("of %(target)s"),
        "deal_outcome": _("Team %(team)s: %(outcome)s, %(points)s points"),
        "pitcher_bid": _("%(seat)s bid %(bid)s"),
        "bid": _("Bid"),
        "points_names": {
            "high": _("High"),
            "low": _("Low"),
            "jack": _("Jack"),
            "game": _("Game"),
        },
        "hand_summary": _("Hand %(number)s"),
        "made": _("bid made"),
        "set_back": _("set back"),
        "scored": _("Scored"),
        "pile_count": _("Pile: %(count)s"),
        "burned": _("Burned: %(count)s"),
        "cp": {
            "pass": _("Pass to your partner, %(seat)s"),
            "luck": _("Let the luck card decide"),
            "change_cards": _("Change cards: five fresh ones, once a deal"),
            "keep_cards": _("Keep these cards"),
            "keep_trump": _("Keep trump"),
            "ask_trump": _("Show trump: you cannot follow suit"),
            "reveal": _("Reveal your face-down trump before you lead"),
            "house_feature": _("House feature"),
            "change_trump_to": _("Change trump to:"),
            "your_face_down": _("your face-down card: trump once shown"),
            "prompt_change_hidden": _(
                "House feature: choose another of your first five in your hand to lay face "
                "down instead, or keep the face-down card."
            ),
            "prompt_change_suit": _(
                "House feature: change trump to another suit you hold, or keep it."
            ),
            "prompt_keep_trump": _("Trump is set: keep it to start the play."),
            "prompt_ask_trump": _(
                "You cannot follow suit: play any card, or ask for the trump to be shown."
            ),
            "prompt_reveal": _("Your lead: play a card, or first reveal your face-down trump."),
        },
        "event_templates": _words(EVENT_TEMPLATES),
        "event_fields": {
            "seats": sorted(SEAT_FIELDS),
            "teams": sorted(TEAM_FIELDS),
            "quiet": sorted(EVENT_QUIET),
            "flags": {key: [str(yes), str(no)] for key, (yes, no) in FLAG_WORDS.items()},
        },
        "nobody": str(NOBODY),
        "your_overs": _("Your overs"),
        "your_unders": _("Your unders"),
        "under_number": _("Face-down under %(number)s"),
        "unders_play": _(
            "Select one card, or several of one rank, then press Play. Once your hand is "
            "empty, play from your overs."
        ),
    }


def _words(names: dict) -> dict:
    return {key: str(text) for key, text in names.items()}
