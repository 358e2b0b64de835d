"""How a deal ends, what it is worth, and who deals next (CP-2, CP-6, CP-7)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.engine.courtpiece.seats import partner_of, right_of, team_of

TRICKS_TO_WIN = 7
TRICKS_IN_A_DEAL = 13
ALL_TENS = 4


class OutcomeKind(StrEnum):
    WIN = "win"
    """The deal won plainly: 7 tricks (CP-6), or the tens (CP-20)."""
    KOT = "kot"
    """The calling team swept: the first 7 tricks in a row (CP-7), or all 13 in Double Sar."""
    GOON_KOT = "goon_kot"
    """The same sweep by the team that did not call (CP-7)."""
    MENDIKOT = "mendikot"
    """All four tens (CP-20)."""
    WHITEWASH = "whitewash"
    """All 13 tricks in Mendikot, the 52-card mendikot (CP-20)."""
    DRAWN = "drawn"
    """Nobody reached 7 (Double Sar with a pile left untaken): no score, the dealer deals again."""


SWEEPS = frozenset(
    {OutcomeKind.KOT, OutcomeKind.GOON_KOT, OutcomeKind.MENDIKOT, OutcomeKind.WHITEWASH}
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a deal: the winning team (``None`` when drawn) and how it was won."""

    team: int | None
    kind: OutcomeKind

    @property
    def is_sweep(self) -> bool:
        return self.kind in SWEEPS

    def points(self, kot_value: int) -> int:
        """CP-2: a plain win counts one won deal, a sweep ``kot_value``, a drawn deal none."""
        if self.team is None:
            return 0
        return kot_value if self.is_sweep else 1

    def to_json(self) -> dict[str, Any]:
        return {"team": self.team, "kind": self.kind.value}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(data["team"], OutcomeKind(data["kind"]))


def sweep_kind(team: int, calling_team: int) -> OutcomeKind:
    """CP-7: a sweep by the calling team is a kot, by the other team a goon kot."""
    return OutcomeKind.KOT if team == calling_team else OutcomeKind.GOON_KOT


def first_to_seven(taken: list[int], calling_team: int) -> Outcome | None:
    """CP-6, CP-7: tricks counted one by one; 7 wins the deal, and 7 against none is a kot."""
    for team, tricks in enumerate(taken):
        if tricks >= TRICKS_TO_WIN:
            if taken[1 - team] == 0:
                return Outcome(team, sweep_kind(team, calling_team))
            return Outcome(team, OutcomeKind.WIN)
    return None


def pile_outcome(taken: list[int], tricks_played: int, calling_team: int) -> Outcome | None:
    """CP-18, Double Sar: 7 taken wins, all 13 is a kot. The deal stops once a team has 7 and
    the other has taken something, so that no kot is possible any more; otherwise all 13 are
    played, and if nobody has 7 then (the last pile left untaken) the deal is drawn."""
    winner = next((team for team, tricks in enumerate(taken) if tricks >= TRICKS_TO_WIN), None)
    kot_possible = winner is None or taken[1 - winner] == 0
    if tricks_played < TRICKS_IN_A_DEAL and kot_possible:
        return None
    if winner is None:
        return Outcome(None, OutcomeKind.DRAWN)
    if taken[winner] == TRICKS_IN_A_DEAL:
        return Outcome(winner, sweep_kind(winner, calling_team))
    return Outcome(winner, OutcomeKind.WIN)


def tens_outcome(tens: list[int], taken: list[int], tricks_played: int) -> Outcome | None:
    """CP-20, Mendikot: all 13 tricks are played; three or four tens win, two each goes to the
    team with 7 tricks or more. All four tens is mendikot, all 13 tricks a whitewash."""
    if tricks_played < TRICKS_IN_A_DEAL:
        return None
    team = max((0, 1), key=lambda team: (tens[team], taken[team]))
    if taken[team] == TRICKS_IN_A_DEAL:
        return Outcome(team, OutcomeKind.WHITEWASH)
    if tens[team] == ALL_TENS:
        return Outcome(team, OutcomeKind.MENDIKOT)
    return Outcome(team, OutcomeKind.WIN)


def next_dealer(dealer: int, outcome: Outcome) -> int:
    """CP-2 [open], the common default: the dealer's team won, the player on the dealer's right
    deals; it lost, the same dealer deals again, or the dealer's partner after a sweep by the
    opponents; a drawn deal is dealt again by the same dealer."""
    if outcome.team is None:
        return dealer
    if outcome.team == team_of(dealer):
        return right_of(dealer)
    return partner_of(dealer) if outcome.is_sweep else dealer
