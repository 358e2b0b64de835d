"""A player's own layout of their rummy hand, judged as laid out (RM-19, RM-20, RM-28), and
the layout the table's Sort button proposes.

A layout is never a move: it is how a player arranges their cards on the page, judged as they
drag them about (each group's kind, the points the hand counts as laid out, whether showing it
would be valid). Declaring is ``{"type": "declare", ...}``, checked by the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine.cards import normalise_code
from games.engine.rummy.melds import HAND_SIZE, GroupKind, classify_group, validate_declaration
from games.engine.rummy.ranks import FULL_COUNT, card_points, wild_rank_code
from games.engine.rummy.scoring import arrange, best_show


@dataclass(frozen=True, slots=True)
class LayoutVerdict:
    """``judge_layout``'s answer, group by group as laid out."""

    groups: tuple[tuple[str, ...], ...]
    """The groups as given, in canonical codes (``"q♥"`` -> ``"QH"``)."""
    kinds: tuple[GroupKind, ...]
    """Each group's kind (RM-28: the colour of its label)."""
    points: int
    """What the hand counts as laid out (RM-19), at most 80 (RM-20)."""
    valid_show: bool
    """Declaring this layout would be a valid show: 13 cards in valid groups with both lives
    (RM-13, RM-14), or, from 14, those and one card alone in a group, the one put aside. The
    match alone says whether that card may be put aside this turn (RM-8)."""

    @property
    def has_pure_sequence(self) -> bool:
        """The first life (RM-9)."""
        return GroupKind.PURE_SEQUENCE in self.kinds

    @property
    def sequences(self) -> int:
        """How many groups are sequences, pure or not (RM-9, RM-10)."""
        return sum(kind.is_sequence for kind in self.kinds)

    @property
    def has_two_sequences(self) -> bool:
        """The second life as well: two sequences, one of them pure (RM-14)."""
        return self.has_pure_sequence and self.sequences >= 2


def judge_layout(groups: Sequence[Sequence[str]], wild_rank: str) -> LayoutVerdict:
    """``groups`` judged exactly as laid out, never regrouped. RM-19 counts the cards three
    ways: with no pure sequence every card counts; with a pure sequence but no second sequence
    all but the pure sequence counts; with both lives only the cards outside valid groups
    count. A code that is no card, or a ``wild_rank`` that is no rank, raises ``ValueError``."""
    wild = wild_rank_code(wild_rank)
    laid = tuple(tuple(normalise_code(card) for card in group) for group in groups)
    kinds = tuple(classify_group(group, wild) for group in laid)
    sequences = sum(kind.is_sequence for kind in kinds)
    if GroupKind.PURE_SEQUENCE not in kinds:
        counted = laid
    elif sequences < 2:
        counted = tuple(g for g, k in zip(laid, kinds, strict=True) if k != GroupKind.PURE_SEQUENCE)
    else:
        counted = tuple(g for g, k in zip(laid, kinds, strict=True) if k == GroupKind.INVALID)
    points = sum(card_points(card, wild) for group in counted for card in group)
    return LayoutVerdict(laid, kinds, min(points, FULL_COUNT), _is_valid_show(laid, wild))


def _is_valid_show(groups: Sequence[Sequence[str]], wild_rank: str) -> bool:
    held = sum(len(group) for group in groups)
    if held == HAND_SIZE + 1:
        alone = [index for index, group in enumerate(groups) if len(group) == 1]
        if len(alone) != 1:
            return False
        groups = [group for index, group in enumerate(groups) if index != alone[0]]
    return validate_declaration(groups, wild_rank).valid


def valid_asides(groups: Sequence[Sequence[str]], wild_rank: str) -> list[tuple[int, int]]:
    """The places ``(group, position)`` of a 14-card layout whose card, put aside, leaves a
    valid show of the rest as laid out (RM-13, RM-14): what the Declare button tells before a
    player risks a wrong show (RM-15). Whether the card may be put aside this turn (RM-8) is
    the match's to say."""
    if sum(len(group) for group in groups) != HAND_SIZE + 1:
        return []
    wild = wild_rank_code(wild_rank)
    laid = [[normalise_code(card) for card in group] for group in groups]
    places = []
    for g, group in enumerate(laid):
        for p in range(len(group)):
            rest = [group[:p] + group[p + 1 :] if i == g else other for i, other in enumerate(laid)]
            if validate_declaration([r for r in rest if r], wild).valid:
                places.append((g, p))
    return places


def best_layout(hand: Sequence[str], wild_rank: str, *, keep: str | None = None) -> list[list[str]]:
    """The Sort button's layout of ``hand``: of 13 cards, the arrangement that costs the fewest
    points (RM-21), the leftovers as a last group; of 14, the best declaration (a valid one
    where there is one) with the card put aside alone, last. ``keep`` is a card that may not
    be put aside (RM-8: the one just taken from the open pile)."""
    if len(hand) == HAND_SIZE + 1:
        show = best_show(hand, wild_rank, keep=keep)
        return [*show.arrangement.as_declared(), [show.aside]]
    return arrange(hand, wild_rank).as_declared()
