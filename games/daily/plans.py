"""What each game's daily deal is, and how an attempt at it scores (issue 21).

The member always sits at seat 0; bots fill the other seats. Bot levels are Easy or Medium
only: their choices depend on their seed, their memory and the view alone, so the same moves
meet the same replies for everyone (a Hard bot's search is cut by a time budget, which depends
on the machine's load).

Scores are one whole number, higher is better, so that a board is one index scan; ties go to
the quicker attempt:

- rummy (a Points deal): winning, then fewest points left, then fewest moves;
- Court Piece (one deal of Single Sar, a bot partner at seat 2): tricks won by your side;
- Pitch (PI-10, the seed's hand sequence, North at seat 2 your partner): your side's points;
- Hidden Unders (one round): your place, then fewest moves.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from games.engine.base import MatchResult, View
from games.engine.views import CourtPieceView
from games.tables.models import BotLevel

MEMBER_SEAT = 0
DAILY_BOT_LEVELS = (BotLevel.EASY, BotLevel.MEDIUM)
MOVES_CAP = 999  # more moves than any attempt makes: the moves never outweigh the result

Scorer = Callable[[MatchResult, View, int], tuple[int, dict[str, Any]]]
"""(the match's result, the public view at its end, the member's moves) -> (score, details)."""


@dataclass(frozen=True)
class DailyPlan:
    variant: str
    seat_count: int
    scorer: Scorer
    options: dict[str, Any] = field(default_factory=dict)
    bot_level: str = BotLevel.MEDIUM

    def bot_levels(self, level: str | None = None) -> list[str]:
        """The table's seats: the member's, then bots."""
        return ["", *[level or self.bot_level] * (self.seat_count - 1)]


def _moves(moves: int) -> int:
    return min(moves, MOVES_CAP)


def rummy_score(result: MatchResult, _view: View, moves: int) -> tuple[int, dict[str, Any]]:
    won = MEMBER_SEAT in result["winners"]
    # A Points deal's scores are the points won (the winner) or lost (RM-8's count, negative).
    points = max(0, -int(result["scores"][MEMBER_SEAT]))
    score = int(won) * 10_000_000 - points * 1_000 - _moves(moves)
    return score, {"won": won, "points": points, "moves": moves}


def courtpiece_score(_result: MatchResult, view: View, moves: int) -> tuple[int, dict[str, Any]]:
    # ``PLANS`` gives this scorer Court Piece's views alone (a game's name is never tested
    # outside the engine to decide a rule: tests/games/test_rules_stay_in_engine.py).
    tricks = int(cast(CourtPieceView, view)["tricks"][0])  # seats 0 and 2 are team 0
    return tricks, {"tricks": tricks, "moves": moves}


def pitch_score(result: MatchResult, _view: View, moves: int) -> tuple[int, dict[str, Any]]:
    points = int(result["scores"][MEMBER_SEAT])
    return points, {"points": points, "won": MEMBER_SEAT in result["winners"], "moves": moves}


def unders_score(result: MatchResult, _view: View, moves: int) -> tuple[int, dict[str, Any]]:
    place = int(result["ranks"][MEMBER_SEAT])
    return (10 - place) * 10_000 - _moves(moves), {"place": place, "moves": moves}


PLANS: dict[str, DailyPlan] = {
    "rummy": DailyPlan("points", 3, rummy_score),
    "courtpiece": DailyPlan("single_sar", 4, courtpiece_score, options={"target": 1}),
    "pitch": DailyPlan("standard", 4, pitch_score),
    "unders": DailyPlan("classic", 3, unders_score),
}
