"""The five Court Piece games: the shared core with their own metadata and hooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.base import Event
from games.engine.cards import rank_of
from games.engine.courtpiece.deal import TrumpCall
from games.engine.courtpiece.match import CourtPieceMatch
from games.engine.courtpiece.outcome import TRICKS_IN_A_DEAL, Outcome, pile_outcome, tens_outcome
from games.engine.courtpiece.seats import team_of
from games.engine.events import CourtPieceTally, Streak
from games.engine.rng import MatchRandom
from games.engine.tricks import Play


class SingleSar(CourtPieceMatch):
    """The base game: trump named aloud, tricks counted one by one (CP-6, CP-7)."""

    variant_name = "single_sar"
    trump_call = TrumpCall.OPEN


class HiddenTrump(SingleSar):
    """Chhupa rang: Single Sar with the trump laid face down (CP-8 .. CP-14)."""

    variant_name = "hidden"
    trump_call = TrumpCall.HIDDEN


class BeRanga(SingleSar):
    """Nobody calls: the first player who cannot follow sets trump (CP-19)."""

    variant_name = "be_ranga"
    trump_call = TrumpCall.FIRST_VOID
    trump_may_change = False


class DoubleSar(CourtPieceMatch):
    """The pile game (CP-18): tricks pile up in the middle until one player wins two in a
    row and takes the pile; the deal ends as ``pile_outcome`` says. With the table's
    ``hidden_trump`` option trump is laid face down as in CP-8."""

    variant_name = "double_sar"

    def __init__(self, *, options: Mapping[str, Any], rng: MatchRandom) -> None:
        super().__init__(options=options, rng=rng)
        if self.options["hidden_trump"]:
            self.trump_call = TrumpCall.HIDDEN

    def take_trick(self, won: Play, trick: list[Play]) -> list[Event]:
        deal = self.deal
        deal.pile += 1
        if deal.trump is None:
            deal.streak_seat, deal.streak = None, 0  # a pair counts only after the reveal
        elif deal.streak_seat == won.seat:
            deal.streak += 1
        else:
            deal.streak_seat, deal.streak = won.seat, 1
        return self._collect(won.seat) if self._takes_the_pile(won) else []

    def _takes_the_pile(self, won: Play) -> bool:
        deal, options = self.deal, self.options
        if deal.tricks_played == TRICKS_IN_A_DEAL and options["last_trick_takes_rest"]:
            return True
        if deal.streak < 2:
            return False
        if deal.tricks_played == 2 and options["first_pair_not_tricks_1_2"]:
            return False
        return not (options["ace_pair_does_not_collect"] and rank_of(won.card) == "A")

    def _collect(self, seat: int) -> list[Event]:
        deal = self.deal
        tricks = deal.pile
        deal.taken[team_of(seat)] += tricks
        deal.pile, deal.streak_seat, deal.streak = 0, None, 0
        return [self.record({"type": "collect", "seat": seat, "tricks": tricks})]

    def deal_outcome(self) -> Outcome | None:
        deal = self.deal
        return pile_outcome(deal.taken, deal.tricks_played, deal.calling_team)

    def variant_view(self) -> CourtPieceTally:
        deal = self.deal
        streak: Streak | None = (
            None if deal.streak_seat is None else {"seat": deal.streak_seat, "tricks": deal.streak}
        )
        return {"pile": deal.pile, "streak": streak}


class Mendikot(CourtPieceMatch):
    """The tens decide (CP-20, see ``tens_outcome``); trump is laid face down as in CP-8."""

    variant_name = "mendikot"
    trump_call = TrumpCall.HIDDEN
    trump_may_change = False

    def take_trick(self, won: Play, trick: list[Play]) -> list[Event]:
        self.deal.tens[team_of(won.seat)] += sum(1 for play in trick if rank_of(play.card) == "10")
        return super().take_trick(won, trick)

    def deal_outcome(self) -> Outcome | None:
        deal = self.deal
        return tens_outcome(deal.tens, deal.taken, deal.tricks_played)

    def variant_view(self) -> CourtPieceTally:
        return {"tens": list(self.deal.tens)}


VARIANTS: dict[str, type[CourtPieceMatch]] = {
    game.variant_name: game for game in (SingleSar, HiddenTrump, DoubleSar, BeRanga, Mendikot)
}
