"""How deals add up to a game in each format (RM-23 .. RM-26): one hook per question.

The match asks its format which seats play the next deal (none: the game is over), what a
drop costs, and how a finished deal moves the scores; the format keeps nothing itself: the
standings it works on are part of the match's state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.rummy.ranks import FULL_COUNT
from games.engine.views import RummySheetLine


@dataclass
class Standings:
    """The game's running totals: points (Points, Pool) or chips (Deals) per seat."""

    scores: list[int]
    out_after: list[int | None]  # Pool: the deal that eliminated the seat (None: still in)
    rejoined: list[bool]  # Pool: each seat rejoins at most once
    sheet: list[RummySheetLine] = field(default_factory=list)  # every deal's points per seat

    @classmethod
    def opening(cls, scores: list[int]) -> Standings:
        return cls(scores, [None] * len(scores), [False] * len(scores))

    @property
    def deals_played(self) -> int:
        return len(self.sheet)

    def remaining(self) -> list[int]:
        return [seat for seat, out in enumerate(self.out_after) if out is None]

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "out_after": list(self.out_after),
            "rejoined": list(self.rejoined),
            "sheet": [dict(entry) for entry in self.sheet],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Standings:
        return cls(
            list(data["scores"]),
            list(data["out_after"]),
            list(data["rejoined"]),
            [
                {"deal": line["deal"], "winner": line["winner"], "points": list(line["points"])}
                for line in data["sheet"]
            ],
        )


@dataclass(frozen=True)
class DropCosts:
    """RM-17: what dropping costs before the first draw of the deal, and after it."""

    first: int
    middle: int


class Format(ABC):
    """One way of playing deals into a game."""

    drops: DropCosts | None = None
    scoring = "points"

    def opening_scores(self, players: int) -> list[int]:
        return [0] * players

    @abstractmethod
    def settle(self, standings: Standings, winner: int, points: Sequence[int | None]) -> None:
        """Move the scores after a deal; ``points`` is each loser's cost, ``None`` for seats
        not in the deal."""

    @abstractmethod
    def next_seats(self, standings: Standings) -> list[int]:
        """The seats that play the next deal; ``[]`` once the game is over."""

    def ranks(self, standings: Standings) -> list[int]:
        """1 is best; ties share (by score, highest first, unless the format says otherwise)."""
        return competition_ranks([-score for score in standings.scores])

    def rejoin_score(self, standings: Standings) -> int | None:
        """The score a player just eliminated would rejoin with, while rejoining is open."""
        return None


def competition_ranks(keys: Sequence[Any]) -> list[int]:
    """Rank per seat, lower key better: 1 + how many seats are strictly better (1, 2, 2, 4)."""
    return [1 + sum(other < key for other in keys) for key in keys]


class PointsFormat(Format):
    """RM-23: one deal is the game; the winner gains what the losers lose."""

    drops = DropCosts(20, 40)

    def settle(self, standings: Standings, winner: int, points: Sequence[int | None]) -> None:
        _winner_takes(standings, winner, points)

    def next_seats(self, standings: Standings) -> list[int]:
        return [] if standings.deals_played else list(range(len(standings.scores)))

    def ranks(self, standings: Standings) -> list[int]:
        """The winner first, though a loser may have lost nothing; then by score."""
        winner = standings.sheet[-1]["winner"]
        return competition_ranks(
            [(seat != winner, -score) for seat, score in enumerate(standings.scores)]
        )


@dataclass(frozen=True)
class PoolFormat(Format):
    """RM-24, RM-25: points add up; reaching ``limit`` eliminates; the last one left wins.

    Rejoin (a table option): a player eliminated in the deal just played may come back once per
    game, before the next deal, while nobody left in is above ``rejoin_ceiling``, with the
    highest score left in plus one [open: the common online rule]."""

    limit: int
    rejoin_ceiling: int
    drops: DropCosts | None

    def settle(self, standings: Standings, winner: int, points: Sequence[int | None]) -> None:
        deal = standings.deals_played
        for seat, cost in enumerate(points):
            if cost is not None:
                standings.scores[seat] += cost
                if standings.scores[seat] >= self.limit:
                    standings.out_after[seat] = deal

    def next_seats(self, standings: Standings) -> list[int]:
        remaining = standings.remaining()
        return remaining if len(remaining) > 1 else []

    def ranks(self, standings: Standings) -> list[int]:
        """Those still in first; then the later out, the better; then the lower score."""
        last = standings.deals_played + 1
        return competition_ranks(
            [
                (-(last if out is None else out), score)
                for out, score in zip(standings.out_after, standings.scores, strict=True)
            ]
        )

    def rejoin_score(self, standings: Standings) -> int | None:
        remaining = [standings.scores[seat] for seat in standings.remaining()]
        if len(remaining) < 2 or max(remaining) > self.rejoin_ceiling:
            return None
        return max(remaining) + 1


@dataclass(frozen=True)
class DealsFormat(Format):
    """RM-26: ``deals`` deals, no drop; everyone starts with 80 chips per player [open:
    standard]; the winner of a deal takes each loser's points in chips; the most chips wins,
    and players tied for the most play a tie-break deal among themselves [open: standard]."""

    deals: int
    scoring = "chips"

    def opening_scores(self, players: int) -> list[int]:
        return [FULL_COUNT * players] * players

    def settle(self, standings: Standings, winner: int, points: Sequence[int | None]) -> None:
        _winner_takes(standings, winner, points)

    def next_seats(self, standings: Standings) -> list[int]:
        if standings.deals_played < self.deals:
            return list(range(len(standings.scores)))
        most = max(standings.scores)
        leaders = [seat for seat, chips in enumerate(standings.scores) if chips == most]
        return leaders if len(leaders) > 1 else []


def _winner_takes(standings: Standings, winner: int, points: Sequence[int | None]) -> None:
    for seat, cost in enumerate(points):
        if cost is not None and seat != winner:
            standings.scores[seat] -= cost
            standings.scores[winner] += cost


FORMATS: dict[str, Format] = {
    "points": PointsFormat(),
    "pool101": PoolFormat(limit=101, drops=DropCosts(20, 40), rejoin_ceiling=79),
    "pool201": PoolFormat(limit=201, drops=DropCosts(25, 50), rejoin_ceiling=174),
    "deals2": DealsFormat(deals=2),
    "deals3": DealsFormat(deals=3),
}
"""The variants, by name (RM-23 .. RM-26)."""
