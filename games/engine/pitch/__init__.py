"""Pitch (auction pitch, setback): RULES.md PI-1 .. PI-10, registered as ``GAMES["pitch"]``.

Seats 0..3 play clockwise (``seat + 1``); partners sit opposite (0 and 2 against 1 and 3). Seat
3 deals the first hand (when the match starts), so seat 0 bids first; after each hand the deal
passes clockwise and the next dealer deals with ``{"type": "deal"}`` once PI-9's summary has
been seen. Actions: ``{"type": "bid", "bid": "pass" | 2 | 3 | 4 | "kot"}``,
``{"type": "play", "card": "10H"}``, ``{"type": "deal"}``.

One variant, ``standard``; the daily deal (PI-10) is a ``standard`` match started from the
day's seed, ``new_match("standard", 4, seed="daily-2026-11-29")``, whose every hand is dealt
from that seed and the hand number alone.

Choices where RULES.md is silent or **[open]**, and its house rules, each a table option:

- ``dealer_can_match_kot`` (default ``True``): the dealer may take the contract by matching
  any highest bid, a kot too (PI-3: the seed names no exception). ``False`` is PI-7's house
  rule, the dealer may not match a kot.
- ``low_rule`` (default ``"won"``): Low goes to the team that wins the trick holding the
  lowest trump, as RULES.md and the seed say; ``"dealt"`` gives it to the team that was dealt
  it, the traditional rule (PI-6).
- ``target`` (default 21, PI-8).
- ``back_door`` (default ``False``), PI-8's house rule: a pitcher's team set back to minus the
  target loses. PI-8 alone ends the matches bots play, and those of four seats left to the
  turn timer (the dealer's forced 2 is made about half the time and the defenders always
  score, so both scores climb): in ``bench/bench_pitch_length``, 300 matches each of the timer,
  Easy and Medium and 200 of Hard took at most 30 hands (p99 23 or less), and no team fell
  below -12. Only reckless bidding runs on: under uniformly random legal play 1 match in 200
  ended within 20,000 moves (the scores drift below -800), so random play turns the back door
  on (``random_play_options``).

And, following pagat.com: the pitcher's team that makes its bid scores every point it took,
not just the bid; a made kot scores exactly 5; when only one trump is in play it is both High
and Low; a team's score may go below zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.base import GameRules
from games.engine.pitch.bidding import LADDER, Bid
from games.engine.pitch.match import FIRST_DEALER, PitchMatch, PitchResult
from games.engine.pitch.options import DEFAULT_OPTIONS, LowRule
from games.engine.pitch.seats import SEATS, TEAMS
from games.engine.registry import register
from games.engine.rng import MatchRandom

RULES = register(
    GameRules(
        name="pitch",
        play_direction="left",  # PI-2: the bidding starts left of the dealer and goes round so
        variants=("standard",),
        min_players=SEATS,
        max_players=SEATS,
        create=PitchMatch.create,
        restore=PitchMatch.restore,
        default_options=DEFAULT_OPTIONS,
        partnerships_by_players={SEATS: TEAMS},
        bid_ladders={"standard": LADDER},
        random_play_options={"back_door": True},
    )
)


def match_from_deal(
    hands: Sequence[Sequence[str]],
    *,
    dealer: int = FIRST_DEALER,
    scores: tuple[int, int] = (0, 0),
    seed: str = "chosen-deal",
    options: Mapping[str, Any] | None = None,
) -> PitchMatch:
    """A match that starts from a chosen deal (seat by seat) at the given team scores: for
    scenario tests and puzzles. Hands after the first come from ``seed``."""
    return PitchMatch.from_deal(
        hands,
        dealer=dealer,
        scores=scores,
        options=RULES.options_for(options),
        rng=MatchRandom(seed),
    )


__all__ = ["RULES", "Bid", "LowRule", "PitchMatch", "PitchResult", "match_from_deal"]
