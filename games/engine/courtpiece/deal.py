"""One deal's state: the hands, the trump, the trick in play and the tricks taken.

Everything here is plain data in card codes, so that a deal round-trips through JSON exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from enum import Enum, StrEnum
from typing import Any

from games.engine.cards import Suit, standard_deck, suit_of
from games.engine.courtpiece.outcome import Outcome
from games.engine.courtpiece.seats import SEATS, STEP, right_of, team_of
from games.engine.tricks import Play, rank_value, seat_after

FIRST_CARDS = 5
"""CP-3: trump is chosen from the first five cards; the other eight follow."""
LATER_CARDS = 8


class Phase(StrEnum):
    CHOOSE = "choose"
    """Five cards each: the chooser calls trump or passes, the partner calls (CP-3, CP-5); in
    Be-Ranga with the house feature on, the chooser only keeps or changes the five (CP-15)."""
    CONFIRM = "confirm"
    """All 13 dealt: the caller may change trump once before the first card (CP-16, CP-17)."""
    PLAY = "play"
    """The tricks, until the variant's ``deal_outcome`` decides the deal."""
    DEAL_OVER = "deal_over"
    """The deal is decided and still on the table; the next dealer deals on."""
    OVER = "over"
    """A team reached the target: the match is over."""


class TrumpCall(Enum):
    OPEN = "open"
    """The caller names a suit (Single Sar, Double Sar)."""
    HIDDEN = "hidden"
    """The caller lays one of the first five face down (CP-8; Hidden trump, Mendikot)."""
    FIRST_VOID = "first_void"
    """Nobody calls; the first player who cannot follow sets trump (CP-19, Be-Ranga)."""


_SUIT_ORDER = {suit.value: index for index, suit in enumerate(Suit)}
_HAND_ORDER = {code: (_SUIT_ORDER[code[-1]], rank_value(code)) for code in standard_deck()}


def sorted_hand(cards: Iterable[str]) -> list[str]:
    """A hand in the order it is shown: suit by suit, low to high."""
    return sorted(cards, key=_HAND_ORDER.__getitem__)


def suits_in(cards: Iterable[str]) -> list[str]:
    held = {suit_of(card) for card in cards}
    return [suit.value for suit in Suit if suit.value in held]


def split_stock(stock: Sequence[str]) -> list[list[str]]:
    """The stock as the eight cards each seat is still to be dealt, seat by seat."""
    return [list(stock[LATER_CARDS * seat : LATER_CARDS * (seat + 1)]) for seat in SEATS]


@dataclass(slots=True)
class Deal:
    """The state of one deal. Seats index ``hands`` and ``undealt``; teams index ``taken``."""

    number: int
    dealer: int
    phase: Phase
    hands: list[list[str]]
    undealt: list[list[str]]
    """The eight cards each seat is still to be dealt (CP-3); the luck card is the caller's
    last (CP-5): a random card of the shuffled stock, like any other."""
    decider: int
    """Who decides now: the chooser, or the partner after a pass (CP-5); the caller in the
    house feature's last word on trump (CP-16)."""
    leader: int
    caller: int | None = None
    caller_five: list[str] = field(default_factory=list)
    """The caller's first five cards, the ones a hidden trump may be swapped for (CP-16)."""
    cards_changed: bool = False
    trump: str | None = None
    """The suit that counts as trump now: ``None`` before a hidden trump is shown (CP-11) or
    before Be-Ranga's first void (CP-19)."""
    face_down: str | None = None
    face_down_seen: bool = False
    """Whether the caller has seen the face-down card: not when it is the luck card (CP-12)."""
    shown_card: str | None = None
    """The card that set trump face up in front of everyone, held in the caller's hand: the
    luck card of an open game (CP-5), or the hidden card once shown (CP-11)."""
    trick: list[Play] = field(default_factory=list)
    last_trick: list[Play] = field(default_factory=list)
    must_trump: bool = False
    """The player to move must play a trump if they hold one (CP-9, CP-10)."""
    tricks_played: int = 0
    taken: list[int] = field(default_factory=lambda: [0, 0])
    pile: int = 0
    """Double Sar: tricks won but not yet collected (CP-18)."""
    streak_seat: int | None = None
    streak: int = 0
    """Double Sar: tricks in a row won by ``streak_seat`` since the pile was last taken."""
    tens: list[int] = field(default_factory=lambda: [0, 0])
    """Mendikot: tens each team has taken (CP-20)."""
    outcome: Outcome | None = None
    as_dealt: list[list[str]] | None = None
    """The hands as play began, the face-down card with its caller's (``dealt_so_far`` at
    that moment): ``None`` before, and in a state stored before the engine kept it."""

    @classmethod
    def dealt(cls, number: int, dealer: int, deck: Sequence[str]) -> Deal:
        """Deal ``deck`` (52 codes, top first): five to each seat, the rest held back."""
        fives = len(SEATS) * FIRST_CARDS
        chooser = right_of(dealer)
        return cls(
            number=number,
            dealer=dealer,
            phase=Phase.CHOOSE,
            hands=[sorted_hand(deck[FIRST_CARDS * s : FIRST_CARDS * (s + 1)]) for s in SEATS],
            undealt=split_stock(deck[fives:]),
            decider=chooser,
            leader=chooser,
        )

    @property
    def chooser(self) -> int:
        """CP-2: the player on the dealer's right chooses trump and leads the first trick."""
        return right_of(self.dealer)

    @property
    def calling_team(self) -> int:
        """CP-7: the chooser's team, whichever partner called; in Be-Ranga, where nobody calls,
        the team on the dealer's right stands in for it."""
        return team_of(self.chooser)

    @property
    def turn(self) -> int:
        return seat_after(self.leader, len(SEATS), STEP * len(self.trick))

    @property
    def is_face_up(self) -> bool:
        """CP-13: once the deal is decided a face-down card is turned up for everyone."""
        return self.phase in (Phase.DEAL_OVER, Phase.OVER)

    def caller_seat(self) -> int:
        if self.caller is None:
            raise ValueError("nobody has called trump")
        return self.caller

    def face_down_card(self) -> str:
        if self.face_down is None:
            raise ValueError("no card lies face down")
        return self.face_down

    def deal_the_rest(self) -> None:
        for seat in SEATS:
            self.hands[seat] = sorted_hand(self.hands[seat] + self.undealt[seat])
            self.undealt[seat] = []

    def to_json(self) -> dict[str, Any]:
        """Every field, JSON-ready, sharing no list with the deal."""
        return {name: getattr(self, name) for name in _FIELD_NAMES} | {
            "phase": self.phase.value,
            "hands": [list(hand) for hand in self.hands],
            "undealt": [list(cards) for cards in self.undealt],
            "caller_five": list(self.caller_five),
            "trick": [play.to_json() for play in self.trick],
            "last_trick": [play.to_json() for play in self.last_trick],
            "taken": list(self.taken),
            "tens": list(self.tens),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "as_dealt": _copied_hands(self.as_dealt),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deal:
        """The deal ``to_json`` stored, sharing no list with ``data``."""
        outcome = data["outcome"]
        return cls(
            **{
                **data,
                "phase": Phase(data["phase"]),
                "hands": [list(hand) for hand in data["hands"]],
                "undealt": [list(cards) for cards in data["undealt"]],
                "caller_five": list(data["caller_five"]),
                "taken": list(data["taken"]),
                "tens": list(data["tens"]),
                "trick": [Play.from_json(play) for play in data["trick"]],
                "last_trick": [Play.from_json(play) for play in data["last_trick"]],
                "outcome": None if outcome is None else Outcome.from_json(outcome),
                "as_dealt": _copied_hands(data.get("as_dealt")),
            }
        )

    def dealt_so_far(self) -> list[list[str]]:
        """Every seat's cards dealt until now, a face-down card with its caller's: before the
        first card is played, the hands as dealt, after any house feature (CP-15, CP-16)."""
        hands = [list(hand) for hand in self.hands]
        if self.face_down is not None:
            caller = self.caller_seat()
            hands[caller] = sorted_hand([*hands[caller], self.face_down])
        return hands

    def begin_play(self) -> None:
        """The tricks begin: the hands as they stand are kept as the deal as dealt."""
        self.phase = Phase.PLAY
        self.as_dealt = self.dealt_so_far()


def _copied_hands(hands: list[list[str]] | None) -> list[list[str]] | None:
    return None if hands is None else [list(hand) for hand in hands]


_FIELD_NAMES = tuple(deal_field.name for deal_field in fields(Deal))
