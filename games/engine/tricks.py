"""What every trick-taking game here shares (Court Piece's five games and Pitch).

A trick is a list of plays. Whether a card counts as a trump is decided when it is played
(Court Piece's hidden trump counts only from its reveal, CP-11), so each play carries it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.base import MatchResult
from games.engine.cards import Rank, rank_of, suit_of
from games.engine.views import TrickPlay


class TeamResult(MatchResult):
    """A partnership game's result: each seat has its team's rank and score, and
    ``team_scores`` has them by team (team 0 first)."""

    team_scores: list[int]


@dataclass(frozen=True, slots=True)
class Play:
    """One card played to a trick; ``trump`` is whether it counted as a trump when played."""

    seat: int
    card: str
    trump: bool = False

    def to_json(self) -> TrickPlay:
        return {"seat": self.seat, "card": self.card, "trump": self.trump}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Play:
        return cls(data["seat"], data["card"], data["trump"])


def rank_value(code: str) -> int:
    """2..14, Ace high."""
    return int(Rank.from_code(rank_of(code)))


def suit(card: str) -> str:
    """The suit letter (no trick game here has a printed joker)."""
    return card[-1]


def led_suit(trick: Sequence[Play]) -> str | None:
    return suit_of(trick[0].card) if trick else None


def trick_winner(trick: Sequence[Play]) -> Play:
    """The highest trump played as a trump; with none, the highest card of the led suit."""
    trumps = [play for play in trick if play.trump]
    if trumps:
        return max(trumps, key=lambda play: rank_value(play.card))
    suit = led_suit(trick)
    return max(
        (play for play in trick if suit_of(play.card) == suit),
        key=lambda play: rank_value(play.card),
    )


def of_suit(hand: Iterable[str], suit: str | None) -> list[str]:
    return [card for card in hand if suit_of(card) == suit]


def seat_after(seat: int, players: int, step: int) -> int:
    """The next seat in the game's direction (``step`` +1 or -1)."""
    return (seat + step) % players
