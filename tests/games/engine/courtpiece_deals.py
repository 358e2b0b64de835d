"""Fixed Court Piece deals for the scenario tests, and a shorthand to play them.

Every deal here is dealt by seat 1, so seat 0 chooses trump and leads, and play goes
0, 3, 2, 1 (CP-1: to the right). A hand lists its first five cards first; its last card is
the one a luck card would take (CP-5).
"""

from __future__ import annotations

from typing import Any

from games.engine.base import Event
from games.engine.courtpiece import CourtPieceMatch, match_from_hands

DEALER = 1


def hands(*seats: str) -> list[list[str]]:
    return [seat.split() for seat in seats]


ONE_SUIT_EACH = hands(
    "2S 3S 4S 5S 6S  7S 8S 9S 10S JS QS KS AS",
    "2H 3H 4H 5H 6H  7H 8H 9H 10H JH QH KH AH",
    "2D 3D 4D 5D 6D  7D 8D 9D 10D JD QD KD AD",
    "2C 3C 4C 5C 6C  7C 8C 9C 10C JC QC KC AC",
)
"""Each seat holds one suit, so the other three are void in every lead."""

HIDDEN_HEART = hands(
    "AS KS 2H 9C 8C  QS JS 10S 9S 2C 3C 4C 5C",
    "QH JH 10H 8S 7S  9H 8H 7H 6S 5S 4S 3S 2S",
    "6H 5H 4H 3H 5D  4D 3D 2D JC 10C 7C 6C AH",
    "KH AD KD QD JD  10D 9D 8D 7D 6D AC KC QC",
)
"""Seat 0 holds one heart to lay face down; seats 3 and 2 have no spades, seat 3 one heart
(KH), seat 2 five; seat 1 has spades to follow with."""

WEAK_CALL = hands(
    "2H 3H 4H 5H 6H  2D 3D 4D 5D 6D 7D 8D 2S",
    "AH KH QH JH 10H  9H 8H 7H AS KS QS JS 10S",
    "2C 3C 4C 5C 6C  7C 9D 3S 4S 5S 6S 7S 8S",
    "AC KC QC JC 10C  9C 8C AD KD QD JD 10D 9S",
)
"""Seat 0 can only call hearts from five low ones, and seat 1 holds the eight top hearts."""


def start(variant: str, deal: list[list[str]], **options: Any) -> CourtPieceMatch:
    return match_from_hands(variant, deal, dealer=DEALER, options=options)


def action(text: str) -> dict[str, Any]:
    """``"play QS"`` -> ``{"type": "play", "card": "QS"}``; ``"call H"`` names a suit."""
    kind, *rest = text.split()
    if not rest:
        return {"type": kind}
    field = "suit" if len(rest[0]) == 1 else "card"
    return {"type": kind, field: rest[0]}


def act(match: CourtPieceMatch, *moves: str) -> list[Event]:
    """Each move in turn, by whoever is to move."""
    events: list[Event] = []
    for move in moves:
        events += match.apply(match.to_move()[0], action(move))
    return events


def play_out(match: CourtPieceMatch) -> list[Event]:
    """Play default actions (the lowest legal card) until the deal is decided."""
    events: list[Event] = []
    while match.deal.phase.value == "play":
        seat = match.to_move()[0]
        events += match.apply(seat, match.default_action(seat))
    return events


def kinds(events: list[Event]) -> list[str]:
    return [event["type"] for event in events]


def play_tricks(match: CourtPieceMatch, count: int) -> list[Event]:
    """Play default actions until ``count`` more tricks are done."""
    target = match.deal.tricks_played + count
    events: list[Event] = []
    while match.deal.tricks_played < target:
        seat = match.to_move()[0]
        events += match.apply(seat, match.default_action(seat))
    return events
