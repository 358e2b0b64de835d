"""A seat's frame of a table as it stands (``state_frame``) and a replay's step
(``replay_frame``), from ``TableFacts`` and the match: the one builder of the live tables, the
replays and the offline table."""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.engine.base import Action, Match, View
from games.frames.shapes import Pause, ReplayFrame, SeatJson, StateFrame, ToldMove
from games.words.told import told_lines


@dataclass(frozen=True)
class TableFacts:
    """What a frame says of the table, whoever reads it, read by the caller at one moment."""

    table: int | str
    game: str
    variant: str
    version: int
    revision: int
    status: str
    seats: list[SeatJson]
    last_move: ToldMove | None
    deadline: str | None = None  # ISO 8601; shown only while the match is played
    pause: Pause | None = None  # between two deals, while the pause lasts
    rematch: int | None = None
    sealed: bool = False  # a daily deal before its day is over: no spoilers (sealed views)
    # What the table tells its readers (``Table.told``), in ``language`` (None: the active
    # one); the seats it took off the match (a moderator, a ban): their hand goes.
    told: tuple[Mapping[str, Any], ...] = ()
    put_off: frozenset[int] = frozenset()
    language: str | None = None


def state_frame(facts: TableFacts, match: Match | None, seat: int | None) -> StateFrame:
    """The frame of ``seat`` (``None``: a spectator)."""
    playing = match is not None and facts.status == "playing"
    return {
        "type": "state",
        "table": facts.table,
        "game": facts.game,
        "variant": facts.variant,
        "version": facts.version,
        "revision": facts.revision,
        "status": facts.status,
        "seat": seat,
        "view": _view(facts, match, seat),
        "legal": [] if facts.pause is not None else _legal(facts, match, seat),
        "deadline": facts.deadline if playing else None,
        "seats": facts.seats,
        "last_move": facts.last_move,
        "pause": facts.pause,
        "rematch": facts.rematch,
        "told": told_lines(facts.told, seat, language=facts.language),
    }


def replay_frame(facts: TableFacts, match: Match, steps: int) -> ReplayFrame:
    """The frame of a replay's step (``facts``: the finished table at the step's version, the
    match as it stood after that move, and that move as its last) of ``steps``: a spectator's
    frame with every hand open."""
    frame = state_frame(replace(facts, status="playing", deadline=None), match, None)
    return {
        **frame,
        "status": "finished" if match.is_over() else "replay",
        "pause": None,
        "open_hands": [list(map(dict, groups)) for groups in match.open_hands()],
        "step": facts.version,
        "steps": steps,
    }


def _view(facts: TableFacts, match: Match | None, seat: int | None) -> View | None:
    if match is None:
        return None
    if seat in facts.put_off:
        seat = None  # taken off the match: the hand goes; they see what a spectator sees
    return match.sealed_view(seat) if facts.sealed else match.view(seat)


def _legal(facts: TableFacts, match: Match | None, seat: int | None) -> list[Action]:
    if match is None or facts.status != "playing" or seat is None or match.is_over():
        return []
    # A member who left the match still sees their seat, but a bot makes its moves.
    if facts.seats[seat]["left"]:
        return []
    return list(match.legal_actions(seat))
