"""Scoring a hand (PI-6, PI-7) and winning the match (PI-8).

Teams are 0 (seats 0 and 2) and 1 (seats 1 and 3). Every dealt card is played, so the trumps
"in play" are the trumps dealt.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.engine.events import PitchHandSummary
from games.engine.pitch.bidding import Bid
from games.engine.pitch.options import LowRule, PitchOptions
from games.engine.pitch.seats import HAND_SIZE, suit, team_of
from games.engine.tricks import rank_value

CARD_POINTS = {"10": 10, "A": 4, "K": 3, "Q": 2, "J": 1}
"""PI-6: what each card in a team's tricks counts towards Game."""


def card_points(cards: Iterable[str]) -> int:
    return sum(CARD_POINTS.get(card[:-1], 0) for card in cards)


@dataclass(frozen=True, slots=True)
class HandPoints:
    """Who took each of PI-6's four points in one hand (a team, or ``None``)."""

    high: int
    low: int
    jack: int | None
    """``None`` when the jack of trump was not dealt."""
    game: int | None
    """``None`` when the card points tie."""
    card_points: tuple[int, int]

    def taken_by(self, team: int) -> int:
        return sum(winner == team for winner in (self.high, self.low, self.jack, self.game))


def count_points(
    trump: str, dealt: Sequence[Sequence[str]], taken: Sequence[Sequence[str]], low_rule: LowRule
) -> HandPoints:
    """PI-6 for one finished hand: ``dealt`` per seat as dealt, ``taken`` per team."""
    holder = {card: seat for seat, hand in enumerate(dealt) for card in hand}
    winner = {card: team for team, cards in enumerate(taken) for card in cards}
    trumps = sorted((card for card in holder if suit(card) == trump), key=rank_value)
    high, low, jack = trumps[-1], trumps[0], "J" + trump
    points = (card_points(taken[0]), card_points(taken[1]))
    return HandPoints(
        # High: whoever held it wins its trick too, since nothing beats it.
        high=team_of(holder[high]),
        low=team_of(holder[low]) if low_rule is LowRule.DEALT else winner[low],
        jack=winner[jack] if jack in holder else None,
        game=None if points[0] == points[1] else int(points[1] > points[0]),
        card_points=points,
    )


@dataclass(frozen=True, slots=True)
class Settlement:
    """What a hand does to the score (PI-7)."""

    made: bool
    scored: tuple[int, int]
    """Per team; the pitcher's team's is negative when set back."""


def settle(points: HandPoints, *, pitcher_team: int, bid: Bid, tricks_taken: int) -> Settlement:
    """PI-7: the pitcher's team scores what it took if that reaches its bid, else loses the
    bid; a kot (all six tricks) scores 5 or loses 5. The defenders always score what they
    took."""
    if bid is Bid.KOT:
        made = tricks_taken == HAND_SIZE
        pitcher_score = bid.value if made else -bid.value
    else:
        took = points.taken_by(pitcher_team)
        made = took >= bid
        pitcher_score = took if made else -bid.value
    defenders = 1 - pitcher_team
    scored = {pitcher_team: pitcher_score, defenders: points.taken_by(defenders)}
    return Settlement(made, (scored[0], scored[1]))


def match_winner(
    scores: Sequence[int], *, pitcher_team: int, made: bool, options: PitchOptions
) -> int | None:
    """The team that wins the match at the end of this hand, if any.

    PI-8: a team wins only at the end of a hand in which it made its bid, so only the pitcher's
    team can reach the target and win, its points counted first; defenders past the target play
    on. The back-door house rule (off by default): a pitcher's team set back to minus the
    target loses.
    """
    if made:
        return pitcher_team if scores[pitcher_team] >= options.target else None
    if options.back_door and scores[pitcher_team] <= -options.target:
        return 1 - pitcher_team
    return None


@dataclass(frozen=True, slots=True)
class HandSummary:
    """PI-9's table after each hand: shown in the events and in every view."""

    hand: int
    pitcher: int
    bid: Bid
    trump: str
    points: HandPoints
    settlement: Settlement
    scores: tuple[int, int]

    def to_json(self) -> PitchHandSummary:
        points = self.points
        return {
            "hand": self.hand,
            "pitcher": self.pitcher,
            "pitcher_team": team_of(self.pitcher),
            "bid": self.bid.wire,
            "trump": self.trump,
            "high": points.high,
            "low": points.low,
            "jack": points.jack,
            "game": points.game,
            "card_points": list(points.card_points),
            "points_taken": [points.taken_by(0), points.taken_by(1)],
            "made": self.settlement.made,
            "scored": list(self.settlement.scored),
            "scores": list(self.scores),
        }
