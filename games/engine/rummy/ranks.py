"""What a card is in rummy once the deal's wild rank is known: joker or not, points, place.

Positions number the places a card can take in a sequence: Ace low is 1, 2..10 are themselves,
J Q K are 11 12 13 and Ace high is 14 (RM-11: an Ace ends a run at either end, never both).
"""

from __future__ import annotations

from games.engine.cards import PRINTED_JOKER, Rank, rank_of, suit_of

ACE_LOW = 1
ACE_HIGH = 14
LONGEST_RUN = 13
"""A run never holds both Aces (RM-11: K A 2 is not a sequence), so 13 places at most."""

FULL_COUNT = 80
"""RM-20: a deal costs at most 80 points; also the wrong show (RM-15)."""

_POSITIONS: dict[str, tuple[int, ...]] = {
    rank.code: (ACE_LOW, ACE_HIGH) if rank is Rank.ACE else (int(rank),) for rank in Rank
}
_RANK_AT = {place: rank for rank, spots in _POSITIONS.items() for place in spots}
_POINTS = {rank.code: min(int(rank), 10) for rank in Rank}  # RM-18: A K Q J 10 are 10 each


def wild_rank_code(wild_rank: object) -> str:
    """The canonical rank code (``"a"`` -> ``"A"``); ``ValueError`` for anything else."""
    if not isinstance(wild_rank, str):
        raise ValueError(f"not a rank: {wild_rank!r}")
    return Rank.from_code(wild_rank.strip()).code


def wild_rank_for(turned: str) -> str:
    """RM-3: the turned card's rank is wild; a turned printed joker makes the Aces wild."""
    return Rank.ACE.code if turned == PRINTED_JOKER else rank_of(turned)


def is_joker(code: str, wild_rank: str) -> bool:
    """A printed joker, or any card of the wild rank (RM-3)."""
    return code == PRINTED_JOKER or rank_of(code) == wild_rank


def card_points(code: str, wild_rank: str) -> int:
    """RM-18: A K Q J 10 count 10, 2..9 their face value, jokers nothing."""
    return 0 if is_joker(code, wild_rank) else face_points(code)


def face_points(code: str) -> int:
    """What a card that is not a joker counts (RM-18)."""
    return _POINTS[rank_of(code)]


def positions(code: str) -> tuple[int, ...]:
    """The places ``code`` can take in a run: one, or two for an Ace (low and high)."""
    return _POSITIONS[rank_of(code)]


def places(rank: str) -> tuple[int, ...]:
    """The places a card of ``rank`` can take in a run."""
    return _POSITIONS[rank]


def rank_at(place: int) -> str:
    """The rank that stands at ``place`` in a run."""
    return _RANK_AT[place]


def suit(code: str) -> str:
    """The suit letter of a card that is not a printed joker."""
    letter = suit_of(code)
    if letter is None:
        raise ValueError("a printed joker has no suit")
    return letter
