"""The frames a table socket sends: one seat's view of one snapshot, never a shared one.

    {"type": "state", "version": N, "revision": R, "status": ..., "seat": s | None,
     "view": match.view(s), "legal": [...], "deadline": iso | None, "seats": [...],
     "last_move": {...} | None}

Spectators (``seat`` None) and a member who left the match get no legal actions. A refusal is
an ``ErrorFrame`` to its sender alone; a ping is answered with a ``PongFrame``.
"""

from typing import Literal, TypedDict

from games.engine.base import Action, View
from games.tables.selectors import SeatJson, TableSnapshot
from games.tables.sql import PublicMove


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
    last_move: PublicMove | None


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


def state_frame(snapshot: TableSnapshot, seat: int | None) -> StateFrame:
    match = snapshot.match
    playing = match is not None and snapshot.status == "playing"
    return {
        "type": "state",
        "table": snapshot.id,
        "game": snapshot.game,
        "variant": snapshot.variant,
        "version": snapshot.version,
        "revision": snapshot.revision,
        "status": snapshot.status,
        "seat": seat,
        "view": match.view(seat) if match is not None else None,
        "legal": _legal(snapshot, seat),
        "deadline": snapshot.deadline.isoformat() if snapshot.deadline and playing else None,
        "seats": [info.to_json() for info in snapshot.seats],
        "last_move": snapshot.last_move,
    }


def _legal(snapshot: TableSnapshot, seat: int | None) -> list[Action]:
    match = snapshot.match
    if match is None or snapshot.status != "playing" or seat is None:
        return []
    # A member who left the match still sees their seat, but a bot makes its moves.
    if snapshot.seats[seat].left:
        return []
    return match.legal_actions(seat)
