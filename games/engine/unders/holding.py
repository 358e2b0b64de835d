"""One seat's cards: the hand, the face-up overs and the face-down unders (HU-2, HU-9)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.engine.unders.pile import in_order


class Source(StrEnum):
    """Where a seat's next play comes from (HU-9)."""

    HAND = "hand"
    OVERS = "overs"
    """Face up, played once the hand is empty."""
    UNDERS = "unders"
    """Face down, played blind and one at a time once hand and overs are gone."""


@dataclass(slots=True)
class Holding:
    """A seat's cards. The hand is kept in order, low to high.

    ``overs`` is ``None`` until the seat lays them on its first turn (HU-2). ``dealt`` is
    what the seat was dealt, unders included (``None`` in a state stored before it was kept).
    """

    hand: list[str]
    unders: list[str]
    overs: list[str] | None = None
    dealt: list[str] | None = None

    @property
    def source(self) -> Source:
        """HU-9, HU-10: the hand while it holds a card (also after taking up the pile in the
        overs or unders stage), then the overs, then the unders."""
        if self.hand:
            return Source.HAND
        return Source.OVERS if self.overs else Source.UNDERS

    @property
    def open_cards(self) -> list[str]:
        """The cards the seat plays by sight now: its hand, or its overs once the hand is empty."""
        return self.hand if self.hand else self.overs or []

    def take(self, cards: Iterable[str]) -> None:
        """Cards into the hand (a draw or the pile, HU-6, HU-7)."""
        self.hand = in_order([*self.hand, *cards])

    def lay_overs(self, cards: Iterable[str]) -> None:
        """HU-2: cards from the hand face up on the unders."""
        self.overs = in_order(cards)
        for code in self.overs:
            self.hand.remove(code)

    def give_up(self, cards: Iterable[str]) -> None:
        """Remove played cards from the open cards, the hand or else the overs."""
        open_cards = self.open_cards
        for code in cards:
            open_cards.remove(code)

    def cards_left(self) -> int:
        return len(self.hand) + len(self.overs or ()) + len(self.unders)

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": list(self.hand),
            "overs": None if self.overs is None else list(self.overs),
            "unders": list(self.unders),
            "dealt": None if self.dealt is None else list(self.dealt),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Holding:
        overs, dealt = data["overs"], data.get("dealt")
        return cls(
            list(data["hand"]),
            list(data["unders"]),
            None if overs is None else list(overs),
            None if dealt is None else list(dealt),
        )
