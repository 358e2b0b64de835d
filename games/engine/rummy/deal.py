"""One deal's cards and seats: the deal itself, the two piles, and who is still in (RM-2 .. RM-8).

Piles are lists whose last card is the top. The open pile is public: every card on it was
turned or discarded in front of everyone, and the history names them (RM-29). So is a card
taken from the open pile: everyone saw it go into that hand (``known``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar, cast

from games.engine.cards import decks
from games.engine.rng import MatchRandom
from games.engine.rummy.melds import HAND_SIZE
from games.engine.rummy.ranks import wild_rank_for
from games.engine.views import RummyShow


class SeatStatus(StrEnum):
    """Where a seat stands in the current deal."""

    PLAYING = "playing"
    """Dealt in and still playing."""
    DROPPED = "dropped"
    """Packed at the start of a turn (RM-17); out of the deal, hand face down."""
    WRONG_SHOW = "wrong_show"
    """Declared a hand that was not valid (RM-15); out of the deal, hand face down."""
    OUT = "out"
    """Not dealt in: eliminated from a pool (RM-24), or not in a tie-break deal (RM-26)."""


def full_deck() -> list[str]:
    """RM-2: two decks and two printed jokers, 106 cards."""
    return decks(2, printed_jokers=2)


@dataclass
class Deal:
    """The cards and seats of one deal."""

    number: int
    dealer: int
    wild_card: str  # RM-3: turned face up; its rank is wild
    hands: list[list[str]]
    closed: list[str]
    open_pile: list[str]
    status: list[SeatStatus]
    known: list[list[str]]  # cards everyone saw go into each hand
    has_drawn: list[bool]  # RM-17: a first drop comes before any draw
    turn: int
    penalties: list[int | None]  # what each seat that left the deal pays (RM-15, RM-17)
    shows: list[RummyShow | None]  # each declaration: groups, card put aside, verdict
    taken: str | None = None  # RM-8: the card taken from the open pile this turn
    drawn: str | None = None  # the card drawn this turn (what a timeout discards)
    as_dealt: list[list[str]] | None = None  # the hands as dealt (None: stored before it was kept)

    @classmethod
    def dealt(
        cls, *, number: int, dealer: int, seats: list[int], players: int, rng: MatchRandom
    ) -> Deal:
        """Shuffle and deal 13 to each of ``seats``, turn the wild joker and the first open
        card (RM-2 .. RM-4); the seat after the dealer plays first."""
        deck = rng.shuffled(full_deck())
        hands: list[list[str]] = [[] for _ in range(players)]
        for seat in seats:
            hands[seat] = [deck.pop() for _ in range(HAND_SIZE)]
        wild_card = deck.pop()
        open_pile = [deck.pop()]
        return cls(
            number=number,
            dealer=dealer,
            wild_card=wild_card,
            hands=hands,
            closed=deck,
            open_pile=open_pile,
            status=[
                SeatStatus.PLAYING if seat in seats else SeatStatus.OUT for seat in range(players)
            ],
            known=[[] for _ in range(players)],
            has_drawn=[False] * players,
            turn=next_seat(dealer, seats),
            penalties=[None] * players,
            shows=[None] * players,
            as_dealt=[list(hand) for hand in hands],
        )

    @property
    def wild_rank(self) -> str:
        return wild_rank_for(self.wild_card)

    @property
    def holding(self) -> bool:
        """The seat to play has drawn and holds 14 cards."""
        return len(self.hands[self.turn]) > HAND_SIZE

    def playing(self) -> list[int]:
        return [seat for seat, status in enumerate(self.status) if status is SeatStatus.PLAYING]

    def open_top(self) -> str | None:
        return self.open_pile[-1] if self.open_pile else None

    def draw_closed(self, rng: MatchRandom) -> tuple[str, bool]:
        """The top of the closed deck, and whether the open pile had to be reshuffled first."""
        reshuffled = not self.closed
        if reshuffled:  # RM-4: the open pile but its top becomes a new closed deck
            self.closed = rng.shuffled(self.open_pile[:-1])
            del self.open_pile[:-1]
        card = self.closed.pop()
        self._take(card)
        return card, reshuffled

    def draw_open(self) -> str:
        card = self.open_pile.pop()
        self._take(card)
        self.taken = card
        self.known[self.turn].append(card)
        return card

    def _take(self, card: str) -> None:
        self.hands[self.turn].append(card)
        self.has_drawn[self.turn] = True
        self.drawn = card

    def discard(self, card: str) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
        self.open_pile.append(card)

    def leave(self, seat: int, status: SeatStatus, penalty: int) -> None:
        """``seat`` is out of this deal (dropped or wrong show); its cards stay face down."""
        self.status[seat] = status
        self.penalties[seat] = penalty

    def pass_turn(self) -> None:
        self.turn = next_seat(self.turn, self.playing())
        self.taken = self.drawn = None

    def hidden_from(self, seat: int | None) -> list[str]:
        """The closed deck and every other hand, less what everyone saw go into it."""
        hidden = list(self.closed)
        for other, hand in enumerate(self.hands):
            if other == seat:
                continue
            known = self.known[other]
            hidden += (Counter(hand) - Counter(known)).elements() if known else hand
        return hidden

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "wild_card": self.wild_card,
            "hands": [list(hand) for hand in self.hands],
            "closed": list(self.closed),
            "open_pile": list(self.open_pile),
            "status": [status.value for status in self.status],
            "known": [list(cards) for cards in self.known],
            "has_drawn": list(self.has_drawn),
            "turn": self.turn,
            "penalties": list(self.penalties),
            "shows": copied(self.shows),
            "taken": self.taken,
            "drawn": self.drawn,
            "as_dealt": copied(self.as_dealt),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deal:
        return cls(
            number=data["number"],
            dealer=data["dealer"],
            wild_card=data["wild_card"],
            hands=[list(hand) for hand in data["hands"]],
            closed=list(data["closed"]),
            open_pile=list(data["open_pile"]),
            status=[SeatStatus(status) for status in data["status"]],
            known=[list(cards) for cards in data["known"]],
            has_drawn=list(data["has_drawn"]),
            turn=data["turn"],
            penalties=list(data["penalties"]),
            shows=copied(data["shows"]),
            taken=data["taken"],
            drawn=data["drawn"],
            as_dealt=copied(data.get("as_dealt")),
        )


_Node = TypeVar("_Node")


def copied(node: _Node) -> _Node:
    """A copy of JSON-ready ``node`` sharing no list or dict with it: what the match hands out
    (views, results, its stored state) may be changed by the caller without moving the match.
    The copy has the type of ``node``."""
    return cast(_Node, _copy(node))


def _copy(node: object) -> object:
    if isinstance(node, dict):
        return {key: _copy(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_copy(value) for value in node]
    return node


def next_seat(after: int, seats: list[int]) -> int:
    """The first of ``seats`` after ``after`` in seat order 0, 1, 2, ... (wrapping round)."""
    return next((seat for seat in sorted(seats) if seat > after), min(seats))
