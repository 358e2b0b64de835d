"""Helpers that let the rummy scenario tests read as moves at a table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from games.engine import IllegalAction
from games.engine.base import Action
from games.engine.rummy import RummyMatch
from tests.games.engine.conformance import snapshot

DRAW_CLOSED: Action = {"type": "draw", "source": "closed"}
DRAW_OPEN: Action = {"type": "draw", "source": "open"}
DROP: Action = {"type": "drop"}
DEAL: Action = {"type": "deal"}

VALID_13 = "3H 4H 5H 6H 10S JS PJ 7C 7D 7S QD QC 9H"
"""RM-16's valid row (9s wild): with any 14th card it makes a valid show."""
JUNK_13 = "2S 5S 8S KS 3D 7D JD 4C 6C JC AH 3H 10H"
"""Nothing groups without a joker (9s wild): 2+5+8+10+3+7+10+4+6+10+10+3+10 = 88, so 80."""
LOOSE_13 = "2C 4C 6C 8C 10C QC 2D 4D 6D 8D 10D QD 3S"
"""Thirteen more cards that fit nothing (for third and later seats)."""


def cards(text: str) -> list[str]:
    return text.split()


def discard(card: str) -> Action:
    return {"type": "discard", "card": card}


def declare(aside: str, *groups: str) -> Action:
    """A show: the card put aside, and the groups as space-separated cards."""
    return {"type": "declare", "discard": aside, "groups": [cards(group) for group in groups]}


def table(
    *hands: str,
    variant: str = "points",
    wild: str = "9C",
    open_pile: str = "2H",
    closed: str = "KS 8H 5C",
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
    options: Mapping[str, Any] | None = None,
) -> RummyMatch:
    """A game from a chosen first deal. The closed deck is given bottom to top (the last card
    is drawn first); by default the last seat deals, so seat 0 plays first."""
    return RummyMatch.with_deal(
        variant,
        [cards(hand) for hand in hands],
        wild_card=wild,
        open_pile=cards(open_pile),
        closed=cards(closed),
        dealer=len(hands) - 1 if dealer is None else dealer,
        scores=scores,
        options=options,
    )


def play(match: RummyMatch, *moves: tuple[int, Action]) -> None:
    for seat, action in moves:
        match.apply(seat, action)


def refused(match: RummyMatch, seat: int, action: object, code: str) -> IllegalAction:
    """``action`` is refused with ``code`` and leaves the match exactly as it was."""
    before = snapshot(match)
    with pytest.raises(IllegalAction) as refusal:
        match.apply(seat, action)  # type: ignore[arg-type]
    assert refusal.value.code == code, refusal.value
    assert snapshot(match) == before
    return refusal.value
