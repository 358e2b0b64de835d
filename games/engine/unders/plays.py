"""Every legal set of cards to play or to lay as overs, and the turn timer's choice among them."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, groupby

from games.engine.unders.pile import can_play, is_special, value

OVERS_COUNT = 4
"""HU-2: four cards from the hand go face up on the unders."""


def choices(cards: Sequence[str], size: int) -> list[tuple[str, ...]]:
    """Each distinct choice of ``size`` of ``cards`` (kept in order) once: with two decks a hand
    may hold twins, and picking either twin is the same choice."""
    return list(dict.fromkeys(combinations(cards, size)))


def playable_sets(cards: Sequence[str], pile: Sequence[str]) -> list[tuple[str, ...]]:
    """HU-3: every distinct set of one rank from ``cards`` (kept in order) that may go on the
    pile; lowest rank first, and within a rank the fewest cards first."""
    sets: list[tuple[str, ...]] = []
    for _, group in groupby(cards, key=value):
        same_rank = list(group)
        if can_play(same_rank[0], pile):
            for size in range(1, len(same_rank) + 1):
                sets += choices(same_rank, size)
    return sets


def lowest_play(sets: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    """The timer's play: every card of the lowest rank that works (HU-3 lets them go together),
    keeping 2s and 10s (HU-5) for when nothing else does."""
    first_choice = next((cards for cards in sets if not is_special(cards[0])), sets[0])
    rank = value(first_choice[0])
    return max((cards for cards in sets if value(cards[0]) == rank), key=len)


def strongest_overs(hand: Sequence[str]) -> tuple[str, ...]:
    """The timer's overs: the 10s and 2s, then the highest cards, kept in hand order.

    Overs are played once the hand is gone and the deck is empty, with nothing to fall back on,
    so they should beat most piles; low cards are best spent early, while the deck refills the
    hand (HU-7).
    """
    strength = sorted(
        range(len(hand)), key=lambda i: (is_special(hand[i]), value(hand[i])), reverse=True
    )
    return tuple(hand[i] for i in sorted(strength[:OVERS_COUNT]))
