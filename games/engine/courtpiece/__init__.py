"""Court Piece (Rung), RULES.md CP-1 .. CP-20, registered as ``GAMES["courtpiece"]``.

Five variants share one trick-taking core (``match.CourtPieceMatch``) and differ in class
attributes and hooks (``variants.py``): ``single_sar``, ``hidden`` (chhupa rang), ``double_sar``,
``be_ranga`` and ``mendikot``. Four players; seats are numbered clockwise and play passes to the
right, ``seat - 1`` (CP-1); partners sit opposite, team 0 = seats 0 and 2, team 1 = seats 1, 3.

Actions: ``call`` {suit}, ``hide`` {card}, ``pass``, ``luck`` (what the partner's clock running
out does, CP-5), ``play`` {card}, ``ask_trump`` (CP-9), ``reveal`` (CP-10), ``next_deal``; and
with the house features ``change_cards``, ``keep_cards`` (Be-Ranga), ``change_trump``
{suit | card}, ``keep_trump``.

Choices where RULES.md is **[open]** or silent (the seed page agrees with RULES.md throughout):

- The first draw (CP-2): highest rank chooses; only tied players draw again, from a fresh deck.
  The first dealer sits on the chooser's left. Later deals: the chooser is always on the
  dealer's right; the dealer's team won, the player on the dealer's right deals; it lost, the
  same dealer again, or the dealer's partner after a sweep by the opponents.
- A match runs to option ``target`` won deals (5); a kot, goon kot, mendikot or whitewash
  counts ``kot_value`` (2). After each deal the match pauses with the deal on the table (the
  unshown hidden card turned up, CP-13) until the next dealer plays ``next_deal``; the new
  deal's history starts afresh, and ``last_deal`` sums up the one before.
- Trump is called from the first five (CP-3): a suit the caller holds among them. The player on
  the dealer's right leads the first trick, whoever called.
- The luck card (CP-5) is a random card of the undealt stock: the one the caller would have
  been dealt last. Nobody having called, the first chooser counts as the caller (CP-17): in
  open games they hold it face up; in hidden games it lies face down unseen as their card
  (CP-12). The chooser's clock is 20 s, 10 s when they are in option ``first_game_seats``;
  the partner's, after a pass, is always 20 s.
- Hidden trump: a player void in the led suit, the caller included, may ask for the trump; a
  caller left with only the face-down card shows it the same way. The caller of an unseen luck
  card may reveal it on their lead too. CP-11 is literal: a trump-suit card played before the
  reveal is not a trump, even when that suit was led.
- Be-Ranga: the card that sets trump is itself the first trump. Kot and goon kot are counted
  from the side of the team on the dealer's right, as if it had called.
- Double Sar (CP-18): any two tricks in a row won by one player collect the pile, tricks 1
  and 2 too (the seed names no exception); after the pile is taken a new pair is needed, and a
  pile left after trick 13 goes to nobody. Its common house options, all off by default:
  ``first_pair_not_tricks_1_2``, ``ace_pair_does_not_collect`` (a pair whose second trick is
  won with an Ace), ``last_trick_takes_rest``. With a hidden trump (option ``hidden_trump``)
  tricks won before the reveal break any run. The deal stops when a team has 7 and the other
  has taken at least one; a deal nobody reaches 7 in (the last pile left untaken) is drawn.
- Mendikot (CP-20): 3+ tens win; 2-2 goes to the team with 7+ tricks; all 13 tricks are played.
- House features (CP-15 .. CP-17), off by default: ``change_cards``, once a deal, by the chooser
  before trump is set (in Be-Ranga the chooser is shown five cards to keep or change);
  ``change_trump``, once, by the caller after all 13 are dealt, except in Be-Ranga and Mendikot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.base import GameRules
from games.engine.cards import normalise_code, standard_deck
from games.engine.courtpiece.match import CourtPieceMatch, CourtPieceResult
from games.engine.courtpiece.options import DEFAULT_OPTIONS, HOUSE_FEATURES
from games.engine.courtpiece.seats import SEATS, team_seats
from games.engine.courtpiece.variants import VARIANTS
from games.engine.registry import register
from games.engine.rng import MatchRandom

__all__ = [
    "DEFAULT_OPTIONS",
    "HOUSE_FEATURES",
    "RULES",
    "VARIANTS",
    "CourtPieceMatch",
    "CourtPieceResult",
    "match_from_hands",
]


def _create(
    *, variant: str, players: int, options: Mapping[str, Any], rng: MatchRandom
) -> CourtPieceMatch:
    return VARIANTS[variant].start(options=options, rng=rng)


def _restore(data: dict[str, Any]) -> CourtPieceMatch:
    return VARIANTS[data["variant"]].restore(data)


RULES = register(
    GameRules(
        name="courtpiece",
        variants=tuple(VARIANTS),
        min_players=len(SEATS),
        max_players=len(SEATS),
        create=_create,
        restore=_restore,
        default_options=DEFAULT_OPTIONS,
        partnerships_by_players={len(SEATS): (tuple(team_seats(0)), tuple(team_seats(1)))},
        play_direction="right",  # CP-1: play passes counter-clockwise
    )
)


def match_from_hands(
    variant: str,
    hands: Sequence[Sequence[str]],
    *,
    dealer: int = 0,
    seed: str | int = "chosen-deal",
    options: Mapping[str, Any] | None = None,
) -> CourtPieceMatch:
    """A match whose first deal is ``hands``, seat by seat, dealt by ``dealer`` (no draw): for
    scenario tests and puzzles. Each hand lists 13 cards, its first five first; the last is
    the one a luck card takes (CP-5). Later deals come from ``seed``."""
    dealt = [[normalise_code(card) for card in hand] for hand in hands]
    if len(dealt) != len(SEATS) or any(len(hand) != 13 for hand in dealt):
        raise ValueError("deal 13 cards to each of the four seats")
    if sorted(card for hand in dealt for card in hand) != sorted(standard_deck()):
        raise ValueError("the hands must hold every card of one deck once")
    if dealer not in SEATS:
        raise ValueError(f"there is no seat {dealer!r}")
    return VARIANTS[variant].from_hands(
        dealt,
        dealer=dealer,
        options=RULES.options_for(options),
        rng=MatchRandom(seed),
    )
