"""The shapes of the frames (``games.frames``), as the table page and every other reader of a
seat's stream receive them in JSON.

    {"type": "state", "table": id, "game", "variant", "version": N, "revision": R, "status",
     "seat": s | None, "view": match.view(s), "legal": [...], "deadline": iso | None,
     "seats": [...], "last_move": {"version", "seat", "by", "events", "text"} | None,
     "pause": {"until": iso} | None, "rematch": table id | None,
     "told": [{"kind", "version", "mine", "text"}, ...]}

Between two deals the last deal's result stays up until ``pause["until"]`` or until every
person pressed Ready (each seat's ``ready``): meanwhile nobody has a legal move. A refusal is an
``ErrorFrame`` to its sender alone; a ping is answered with a ``PongFrame``. ``told`` is what
the table tells this reader of things done to it from outside the match (a moderator, a ban, a
daily deal's rotation: ``games.words.told``).
"""

import zlib
from typing import Literal, TypedDict

from games.engine.base import Action, Event, View
from games.words.told import ToldLine

# A seat's ``bot`` when a bot account (a program, through the bot API) holds it; a house bot's
# is its level.
BOT_ACCOUNT = "account"


class SeatJson(TypedDict):
    """A seat as every frame shows it: ``avatar`` is the member's picture
    (accounts.profiles.avatars; "" for none: their initials on the colour of ``hue``); ``bot``
    is None for a person, a house bot's level (a stand-in's too, beside the member's name), or
    ``BOT_ACCOUNT`` for a bot account's seat (with its name)."""

    seat: int
    name: str
    avatar: str
    hue: int  # 0-359, the same for the same member at every table
    bot: str | None
    stand_in: bool
    away: bool
    left: bool
    ready: bool


def seat_hue(who: str) -> int:
    """The hue of a seat's initials, stable for ``who`` (a member's id, a visitor's name)."""
    return zlib.crc32(who.encode()) % 360


class PublicMove(TypedDict):
    """The public side of a move, as frames and replays show it: never its action."""

    version: int
    seat: int
    by: str
    events: list[Event]


class ToldMove(PublicMove):
    """A move's public side, with its words in the reader's language."""

    text: str


class Pause(TypedDict):
    until: str  # ISO 8601


class StateFrame(TypedDict):
    type: Literal["state"]
    table: int | str  # the offline table's id is a string of its own ("offline-...")
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


class ReplayFrame(StateFrame):
    """A finished match's step as the table page draws it, read-only: the spectator's view,
    and every hand open (``Match.open_hands``: after the match only)."""

    open_hands: list[list[dict[str, object]]]
    step: int
    steps: int


class LayoutStatus(TypedDict):
    """The status line under a rummy hand (``games.words.layout.layout_status``) in parts:
    the page draws the first life's mark between them, never a ✓ or ✗ glyph."""

    before: str
    mark: str  # the mark in words, read in its place by a screen reader
    after: str
    met: bool  # the hand has its pure sequence (drawn as ✓, else ✗)


class ArrangementFrame(TypedDict):
    """The answer to a rummy player's layout of their own hand (``games.frames.arrange``)."""

    type: Literal["arrangement"]
    groups: list[list[str]]
    kinds: list[str]
    labels: list[str]
    points: int
    status: LayoutStatus
    sorted: bool
    drop_cost: int | None
    valid_asides: list[list[int]]  # [group, position] pairs
    wrong_show_cost: int


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


def error_frame(code: str, message: str) -> ErrorFrame:
    return {"type": "error", "code": code, "message": message}


def pong_frame(version: int | None, revision: int | None) -> PongFrame:
    return {"type": "pong", "version": version, "revision": revision}
