"""The frames a table socket sends: one seat's view of one snapshot, never a shared one.

    {"type": "state", "version": N, "revision": R, "status": ..., "seat": s | None,
     "view": match.view(s), "legal": [...], "deadline": iso | None, "seats": [...],
     "last_move": {"version", "seat", "by", "events", "text"} | None,
     "pause": {"until": iso} | None, "rematch": table id | None,
     "told": [{"kind", "version", "mine", "text"}, ...]}

Between two deals the last deal's result stays up until ``pause["until"]`` or until every
person pressed Ready (each seat's ``ready``): meanwhile nobody has a legal move.

Spectators (``seat`` None) and a member who left the match get no legal actions. The last
move's ``text`` is its public events in the reader's words (``games.words.moves``): the page
shows it as it is. A refusal is an ``ErrorFrame`` to its sender alone; a ping is answered with a
``PongFrame``. ``told`` is what the table tells this reader of things done to it from outside
the match (a moderator, a ban, a daily deal's rotation: ``games.words.told``); a seat taken off
the match that way gets no hand in its view any more.
"""

import dataclasses
from collections import OrderedDict
from typing import Literal, TypedDict

from django.utils import timezone, translation

from games.engine.base import Action, View
from games.tables.selectors import SeatJson, TableSnapshot
from games.tables.sql import PublicMove
from games.words.moves import move_text
from games.words.told import ToldLine, told_lines


class ToldMove(PublicMove):
    """A move's public side, with its words in the reader's language."""

    text: str


class Pause(TypedDict):
    until: str  # ISO 8601


class StateFrame(TypedDict):
    type: Literal["state"]
    table: int
    game: str
    variant: str
    version: int
    revision: int
    status: str
    seat: int | None
    view: View | None
    legal: list[Action]
    deadline: str | None  # ISO 8601, while the match is played
    seats: list[SeatJson]
    last_move: ToldMove | None
    pause: Pause | None
    rematch: int | None  # a finished match's rematch table, once a player asked for one
    told: list[ToldLine]


class ErrorFrame(TypedDict):
    """A request refused, having changed nothing: a stable ``code``, and the ``message`` in the
    reader's language."""

    type: Literal["error"]
    code: str
    message: str


class PongFrame(TypedDict):
    """The heartbeat's answer: the table's bare version and revision (None: no such table),
    for a client to notice a frame it missed."""

    type: Literal["pong"]
    version: int | None
    revision: int | None


def state_frame(
    snapshot: TableSnapshot, seat: int | None, *, language: str | None = None
) -> StateFrame:
    """The frame of ``seat`` (``None``: a spectator); its words in ``language`` (``None``: the
    active one, as a page's request has it)."""
    match = snapshot.match
    playing = match is not None and snapshot.status == "playing"
    # Read once: the moves offered and the pause shown must agree at its very end.
    pause = _pause(snapshot)
    return {
        "type": "state",
        "table": snapshot.id,
        "game": snapshot.game,
        "variant": snapshot.variant,
        "version": snapshot.version,
        "revision": snapshot.revision,
        "status": snapshot.status,
        "seat": seat,
        "view": _view(snapshot, seat),
        "legal": [] if pause is not None else _legal(snapshot, seat),
        "deadline": snapshot.deadline.isoformat() if snapshot.deadline and playing else None,
        "seats": [info.to_json() for info in snapshot.seats],
        "last_move": _told(snapshot, language),
        "pause": pause,
        "rematch": snapshot.rematch,
        "told": _told_lines(snapshot, seat, language),
    }


def _told_lines(snapshot: TableSnapshot, seat: int | None, language: str | None) -> list[ToldLine]:
    if not snapshot.told:
        return []
    with translation.override(language or translation.get_language()):
        return told_lines(snapshot.told, seat)


class ReplayFrame(StateFrame):
    """A finished match's step as the table page draws it, read-only: the spectator's view,
    and every hand open (``Match.open_hands``: after the match only)."""

    open_hands: list[list[dict[str, object]]]
    step: int
    steps: int


def replay_frame(
    snapshot: TableSnapshot, steps: int, *, language: str | None = None
) -> ReplayFrame:
    """The frame of a replay's step (``snapshot``: the finished table at ``version`` the step,
    with the match as it stood after that move, and that move as its last) of ``steps``."""
    assert snapshot.match is not None
    frame = state_frame(
        dataclasses.replace(snapshot, status="playing", deadline=None), None, language=language
    )
    return {
        **frame,
        "status": "finished" if snapshot.match.is_over() else "replay",
        "pause": None,
        "open_hands": [list(map(dict, groups)) for groups in snapshot.match.open_hands()],
        "step": snapshot.version,
        "steps": steps,
    }


def _view(snapshot: TableSnapshot, seat: int | None) -> View | None:
    """The seat's view; a daily deal's, before its day is over, sealed (no spoilers)."""
    match = snapshot.match
    if match is None:
        return None
    if seat is not None and seat in snapshot.seats_put_off():
        seat = None  # taken off the match: the hand goes; they see what a spectator sees
    secret_until = snapshot.hands_secret_until
    if secret_until is not None and timezone.now() < secret_until:
        return match.sealed_view(seat)
    return match.view(seat)


def _pause(snapshot: TableSnapshot) -> Pause | None:
    """The pause between deals, while it lasts (its end is read on the row, as the jobs do)."""
    until = snapshot.paused_until
    if until is None or snapshot.status != "playing" or until <= timezone.now():
        return None
    return {"until": until.isoformat()}


def _legal(snapshot: TableSnapshot, seat: int | None) -> list[Action]:
    match = snapshot.match
    if match is None or snapshot.status != "playing" or seat is None:
        return []
    # A member who left the match still sees their seat, but a bot makes its moves.
    if snapshot.seats[seat].left:
        return []
    return match.legal_actions(seat)


# The words of the last move, per (table, revision, language): every socket of a table in this
# process is sent the same snapshot, so its move is told once per language, not once per
# socket (Pitch's end of a hand takes 80 us to tell). Each entry holds the move it tells, so
# a snapshot of the same revision loaded afresh (or a table id given again) is told anew.
TOLD_KEPT = 1024
_told_moves: OrderedDict[tuple[int, int, str], tuple[PublicMove, str]] = OrderedDict()


def _told(snapshot: TableSnapshot, language: str | None) -> ToldMove | None:
    """The last move, public events only (never its action), with their words."""
    move = snapshot.last_move
    if move is None:
        return None
    language = language or translation.get_language()
    key = (snapshot.id, snapshot.revision, language)
    kept = _told_moves.get(key)
    if kept is None or kept[0] is not move:
        with translation.override(language):
            kept = (move, move_text(move["events"], snapshot.game))
        _told_moves[key] = kept
        if len(_told_moves) > TOLD_KEPT:
            _told_moves.popitem(last=False)
    return {**move, "text": kept[1]}
