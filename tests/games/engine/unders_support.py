"""Small helpers that let the Hidden Unders scenario tests read as moves at a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from games.engine import IllegalAction
from games.engine.base import Action, Event
from games.engine.unders import Deal, UndersMatch
from tests.games.engine.conformance import snapshot

DONE: Action = {"type": "done"}
TAKE: Action = {"type": "take"}


def play(*cards: str) -> Action:
    return {"type": "play", "cards": list(cards)}


def overs(*cards: str) -> Action:
    return {"type": "overs", "cards": list(cards)}


def under(index: int = 0) -> Action:
    return {"type": "under", "index": index}


def table(
    hands: Sequence[Sequence[str]],
    *,
    unders: Sequence[Sequence[str]] | None = None,
    overs: Sequence[Sequence[str] | None] | None = None,
    deck: Sequence[str] = (),
    pile: Sequence[str] = (),
    first: int = 0,
) -> UndersMatch:
    """A round from a chosen deal, past the first turns: every seat has laid its overs (none
    unless given; ``None`` for a seat that has not laid them yet) and has no unders unless
    given. Cards the deal does not place count as burned."""
    unders = unders if unders is not None else [[] for _ in hands]
    overs = overs if overs is not None else [[] for _ in hands]
    deal = Deal(hands=hands, unders=unders, overs=overs, deck=deck, pile=pile)
    return UndersMatch.from_deal(deal, first=first)


def moves(match: UndersMatch, *steps: tuple[int, Action]) -> list[Event]:
    """Apply each (seat, action) in turn; the events of all of them."""
    events: list[Event] = []
    for seat, action in steps:
        events += match.apply(seat, action)
    return events


def refusal(match: UndersMatch, seat: Any, action: Any) -> str:
    """The code ``match`` refuses ``action`` with, having checked that nothing changed."""
    before = snapshot(match)
    with pytest.raises(IllegalAction) as refused:
        match.apply(seat, action)
    assert snapshot(match) == before
    return refused.value.code
