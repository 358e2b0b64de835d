"""Groups as a player lays them out, and whether a declaration is valid (RM-9 .. RM-14, RM-28).

A joker (printed, or of the wild rank) may stand for any card, so a group is read in the most
favourable legal way: as a pure sequence if its cards are themselves consecutive, else as a
sequence with jokers in the gaps, else as a set. A group made only of jokers can stand for any
three cards in a row, so it counts as an impure sequence [open: the seed is silent].
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from games.engine.cards import PRINTED_JOKER, Rank, normalise_code, rank_of
from games.engine.rummy.ranks import (
    ACE_HIGH,
    ACE_LOW,
    LONGEST_RUN,
    is_joker,
    positions,
    suit,
    wild_rank_code,
)

HAND_SIZE = 13
SMALLEST_GROUP = 3
LARGEST_SET = 4


class GroupKind(StrEnum):
    """What a group of cards is, with the colour of its label at the table (RM-28)."""

    PURE_SEQUENCE = "pure_sequence"
    """RM-9, the first life: consecutive cards of one suit, no joker standing in. Green."""
    IMPURE_SEQUENCE = "impure_sequence"
    """RM-10, the second life: a sequence in which jokers fill gaps. Orange."""
    SET = "set"
    """RM-12: three or four cards of one rank, different suits, jokers allowed. Blue."""
    INVALID = "invalid"
    """None of the above. Red."""

    @property
    def is_sequence(self) -> bool:
        return self in (GroupKind.PURE_SEQUENCE, GroupKind.IMPURE_SEQUENCE)

    @property
    def colour(self) -> str:
        return _COLOURS[self]


_COLOURS = {
    GroupKind.PURE_SEQUENCE: "green",
    GroupKind.IMPURE_SEQUENCE: "orange",
    GroupKind.SET: "blue",
    GroupKind.INVALID: "red",
}


def run_span(cards: Sequence[str]) -> int | None:
    """The fewest places that hold ``cards`` (natural cards of one suit) in one run, placing
    an Ace low or high as suits them best; ``None`` if two of them need the same place."""
    aces = [card for card in cards if len(positions(card)) == 2]
    fixed = [positions(card)[0] for card in cards if len(positions(card)) == 1]
    if len(aces) > 1 or len(set(fixed)) < len(fixed):
        return None  # two Aces would need both ends: longer than any run (RM-11)
    if not fixed:
        return len(aces)
    spans = [max([*fixed, ace]) - min([*fixed, ace]) + 1 for ace in (ACE_LOW, ACE_HIGH)]
    return min(spans) if aces else max(fixed) - min(fixed) + 1


def classify_group(cards: Sequence[str], wild_rank: str) -> GroupKind:
    """How ``cards`` (canonical codes) count as one group when the deal's ``wild_rank`` is wild."""
    size = len(cards)
    if not SMALLEST_GROUP <= size <= LONGEST_RUN:
        return GroupKind.INVALID
    if _in_one_suit(cards) and run_span(cards) == size:
        return GroupKind.PURE_SEQUENCE  # RM-9: wild cards in their own place keep it pure
    naturals = [card for card in cards if not is_joker(card, wild_rank)]
    if _in_one_suit(naturals) and (span := run_span(naturals)) is not None and span <= size:
        return GroupKind.IMPURE_SEQUENCE  # RM-10; also a group of jokers only
    if _is_set(naturals, size):
        return GroupKind.SET
    return GroupKind.INVALID


def _in_one_suit(cards: Sequence[str]) -> bool:
    return PRINTED_JOKER not in cards and len({suit(card) for card in cards}) <= 1


def _is_set(naturals: Sequence[str], size: int) -> bool:
    """RM-12: one rank, every natural card of another suit, at most four cards."""
    if size > LARGEST_SET or len({rank_of(card) for card in naturals}) != 1:
        return False
    return len({suit(card) for card in naturals}) == len(naturals)


def why_not_a_group(cards: Sequence[str], wild_rank: str) -> str:
    """Plain words for why ``cards`` form no valid group."""
    if len(cards) < SMALLEST_GROUP:
        return "a group needs at least three cards"
    naturals = [card for card in cards if not is_joker(card, wild_rank)]
    twice = [card for card, count in Counter(naturals).items() if count > 1]
    if len({rank_of(card) for card in naturals}) == 1:
        if twice:
            return f"a set cannot hold {twice[0]} twice"  # RM-12: two decks, one set
        if len(cards) > LARGEST_SET:
            return "a set has at most four cards"
    if _in_one_suit(naturals):
        if twice:
            return f"a sequence cannot hold {twice[0]} twice"
        gaps = (
            "its jokers cannot fill the gaps between its cards"
            if len(naturals) < len(cards)
            else "its cards are not consecutive"
        )
        if any(rank_of(card) == Rank.ACE.code for card in naturals):  # RM-11
            return f"{gaps}; an Ace is low (A 2 3) or high (Q K A), never between K and 2"
        return gaps
    return "its cards are neither of one suit in order nor of one rank"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The check of a declaration (RM-14): ``valid``, and a ``reason`` a player understands.

    ``reason_code`` is a stable key the interface translates (RM-31); ``kinds`` labels each
    group as the player arranged it (RM-28)."""

    valid: bool
    reason: str
    reason_code: str
    kinds: tuple[GroupKind, ...]


def validate_declaration(groups: Sequence[Sequence[str]], wild_rank: str) -> Verdict:
    """Check ``groups`` exactly as arranged (RM-13): the game never regroups a declarer.

    Card codes may use suit symbols; a code that is no card raises ``ValueError``.
    """
    wild = wild_rank_code(wild_rank)
    laid = [[normalise_code(card) for card in group] for group in groups]
    kinds = tuple(classify_group(group, wild) for group in laid)
    held = sum(len(group) for group in laid)
    if held != HAND_SIZE:
        return Verdict(
            False, f"A declaration arranges all 13 cards, not {held}.", "not_13_cards", kinds
        )
    for group, kind in zip(laid, kinds, strict=True):
        if kind is GroupKind.INVALID:
            reason = (
                f"{' '.join(group)} is not a sequence or a set: {why_not_a_group(group, wild)}."
            )
            return Verdict(False, reason, "invalid_group", kinds)
    if GroupKind.PURE_SEQUENCE not in kinds:
        reason = (
            "No pure sequence: two sequences are needed, one of them pure "
            "(no joker standing in for a card)."
        )
        return Verdict(False, reason, "no_pure_sequence", kinds)
    if sum(kind.is_sequence for kind in kinds) < 2:
        reason = (
            "Only one sequence: two sequences are needed, one of them pure; "
            "a set cannot replace the second."
        )
        return Verdict(False, reason, "one_sequence", kinds)
    return Verdict(True, "A valid declaration.", "valid", kinds)
