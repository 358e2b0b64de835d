"""Points of a hand and its best arrangement (RM-18 .. RM-22), and the best show from 14 cards.

RM-19 counts a losing hand in one of three ways, and RM-21 takes the cheapest:

- no pure sequence: every card counts;
- a pure sequence but no second sequence: everything but that pure sequence counts;
- both lives (a pure sequence and a second sequence): only the cards left out of groups count.

and RM-20 caps the result at 80. The search itself lives in ``search``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.engine.cards import ALL_CODES, normalise_code
from games.engine.rummy.melds import LARGEST_SET, GroupKind, classify_group
from games.engine.rummy.ranks import FULL_COUNT, LONGEST_RUN, card_points, wild_rank_code
from games.engine.rummy.search import Meld, SplitHand, best_cover, best_pure_run, less

_KIND_ORDER = (GroupKind.PURE_SEQUENCE, GroupKind.IMPURE_SEQUENCE, GroupKind.SET)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand laid out in groups, what is left over, and the points it costs (RM-21)."""

    groups: tuple[tuple[str, ...], ...]
    kinds: tuple[GroupKind, ...]
    ungrouped: tuple[str, ...]
    points: int

    def as_declared(self) -> list[list[str]]:
        """The groups as a declaration lays them out, the leftovers as one more group."""
        groups = [list(group) for group in self.groups]
        if self.ungrouped:
            groups.append(list(self.ungrouped))
        return groups


@dataclass(frozen=True, slots=True)
class Show:
    """The best declaration from 14 cards: the card put aside and the other 13 arranged."""

    aside: str
    arrangement: Arrangement


def hand_points(cards: Iterable[str], wild_rank: str) -> int:
    """The points ``cards`` cost a loser: the minimum over every grouping, at most 80."""
    return _points(_split(cards, wild_rank), beat=FULL_COUNT + 1)


def arrange(cards: Iterable[str], wild_rank: str) -> Arrangement:
    """The arrangement of ``cards`` that costs the fewest points (the table's Sort button and
    the result screen). Jokers left over join a group when the hand holds both lives."""
    hand = _split(cards, wild_rank)
    pure = best_pure_run(hand)
    if pure is not None:
        lives = best_cover(hand, floor=pure.value - 1, lives=True)
        if lives is not None:
            points = min(FULL_COUNT, hand.total - lives.value)
            return _lay_out(hand, lives.melds, points, lives=True)
        rest = best_cover(hand.without(pure), floor=-1, lives=False)
        melds = (pure, *rest.melds) if rest else (pure,)
        return _lay_out(hand, melds, min(FULL_COUNT, hand.total - pure.value), lives=False)
    anything = best_cover(hand, floor=-1, lives=False)
    melds = anything.melds if anything else ()
    return _lay_out(hand, melds, min(FULL_COUNT, hand.total), lives=False)


def best_show(cards: Iterable[str], wild_rank: str, keep: str | None = None) -> Show:
    """The card to put aside from 14 and the arrangement of the rest that costs least (a
    valid declaration when it costs nothing). ``keep`` may not be put aside (RM-8)."""
    codes = tuple(sorted(_canonical(cards)))
    return _best_show(codes, wild_rank_code(wild_rank), keep and normalise_code(keep))


@lru_cache(maxsize=256)
def _best_show(cards: tuple[str, ...], wild_rank: str, keep: str | None) -> Show:
    """Tries the cards to put aside, most valuable first. No 13 of the 14 cards can be grouped
    better than all 14, so once a card is too cheap to beat the best found, so are the rest."""
    whole = SplitHand.of(cards, wild_rank)
    reach = _most_grouped(whole)
    candidates = sorted({*cards} - {keep}, key=lambda card: (-card_points(card, wild_rank), card))
    best_aside, best_points = candidates[0], FULL_COUNT + 1
    for aside in candidates:
        if min(FULL_COUNT, whole.total - card_points(aside, wild_rank) - reach) >= best_points:
            break
        points = _points(SplitHand.of(_without_one(cards, aside), wild_rank), beat=best_points)
        if points < best_points:
            best_aside, best_points = aside, points
    return Show(best_aside, arrange(_without_one(cards, best_aside), wild_rank))


def _most_grouped(hand: SplitHand) -> int:
    """The most card value any grouping of ``hand`` keeps from counting (RM-19)."""
    pure = best_pure_run(hand)
    if pure is None:
        return 0
    lives = best_cover(hand, floor=pure.value, lives=True)
    return pure.value if lives is None else lives.value


def _without_one(cards: Sequence[str], card: str) -> list[str]:
    rest = list(cards)
    rest.remove(card)
    return rest


def _split(cards: Iterable[str], wild_rank: str) -> SplitHand:
    return SplitHand.of(_canonical(cards), wild_rank_code(wild_rank))


def _canonical(cards: Iterable[str]) -> list[str]:
    """Card codes as the engine writes them (``"q♥"`` -> ``"QH"``); ``ValueError`` if one is
    no card."""
    return [card if card in ALL_CODES else normalise_code(card) for card in cards]


def _points(hand: SplitHand, *, beat: int) -> int:
    """The hand's points when fewer than ``beat``; otherwise some number no smaller."""
    pure = best_pure_run(hand)
    if pure is None:
        return min(FULL_COUNT, hand.total)  # RM-19: no pure sequence, every card counts
    fewest = min(FULL_COUNT, hand.total - pure.value)  # RM-19: all but the pure sequence
    lives = best_cover(hand, floor=hand.total - min(fewest, beat), lives=True)
    return fewest if lives is None else hand.total - lives.value  # RM-19: both lives


# -- laying the search's melds out as cards --------------------------------------------------


def _lay_out(hand: SplitHand, melds: Sequence[Meld], points: int, *, lives: bool) -> Arrangement:
    """Groups with real jokers in their slots; with both lives, spare jokers join groups."""
    pool = list(hand.jokers)
    for meld in melds:  # wild cards used as themselves first: they are named
        for card in meld.layout:
            if card is not None and card in pool and meld.uses_own_wild_card:
                pool.remove(card)
    groups = [[card if card is not None else pool.pop(0) for card in meld.layout] for meld in melds]
    if lives and pool:
        _place_spare_jokers(groups, pool, hand.wild_rank)
    groups.sort(key=lambda group: _KIND_ORDER.index(classify_group(group, hand.wild_rank)))
    ungrouped = less(hand.cards, Counter(card for group in groups for card in group))
    return Arrangement(
        groups=tuple(tuple(group) for group in groups),
        kinds=tuple(classify_group(group, hand.wild_rank) for group in groups),
        ungrouped=ungrouped,
        points=points,
    )


def _place_spare_jokers(groups: list[list[str]], pool: list[str], wild_rank: str) -> None:
    """Put every spare joker in a group without breaking the two lives (RM-14).

    Three or more spare jokers may already be the second sequence; otherwise they go to an
    impure sequence, then a set short of four, then a pure sequence when another stays pure."""
    kinds = [classify_group(group, wild_rank) for group in groups]
    if kinds.count(GroupKind.PURE_SEQUENCE) + kinds.count(GroupKind.IMPURE_SEQUENCE) < 2:
        groups.append(list(pool))
        pool.clear()
        return
    while pool:
        target = _joker_home(groups, kinds)
        groups[target].append(pool.pop(0))
        kinds[target] = classify_group(groups[target], wild_rank)


def _joker_home(groups: list[list[str]], kinds: list[GroupKind]) -> int:
    def room(index: int) -> bool:
        limit = LARGEST_SET if kinds[index] is GroupKind.SET else LONGEST_RUN
        return len(groups[index]) < limit

    for wanted in (GroupKind.IMPURE_SEQUENCE, GroupKind.SET, GroupKind.PURE_SEQUENCE):
        for index, kind in enumerate(kinds):
            if kind is wanted and room(index):
                return index
    raise AssertionError("a hand with both lives always has room for a joker")
