"""The search behind a hand's points and its best arrangement (RM-19, RM-21).

A losing hand pays for the cards its groups leave over, so the search looks for the groups that
cover the most card value, under the two lives' condition when it matters (RM-14: a pure
sequence and a second sequence). Three facts keep it fast in pure Python:

- Jokers are worth nothing and stand for anything, so they are counted, not placed. The only
  joker that matters by name is a wild card used as itself to complete a pure sequence (RM-9).
- A sequence stays in one suit; a set takes its cards from different suits. Once the sets are
  chosen (a *set plan*; a hand rarely has more than a handful), every suit is packed into
  sequences on its own. A suit's packings are memoised by its remaining cards (so they are
  shared across plans and across hands) and cut down to the few that no other packing beats on
  value, jokers used, and what they bring to the two lives.
- The suits then combine through a small table keyed by (jokers used, has a pure sequence,
  sequences so far), and a plan whose best imaginable total cannot beat the best found so far
  is skipped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import NamedTuple

from games.engine.cards import PRINTED_JOKER, rank_of, standard_deck
from games.engine.rummy.melds import GroupKind
from games.engine.rummy.ranks import (
    ACE_HIGH,
    ACE_LOW,
    card_points,
    face_points,
    places,
    positions,
    rank_at,
    suit,
)

SUITS = "SHDC"
_SHORTEST_RUN = 3
_LONGEST_NEEDED_RUN = 5
"""A run of six places or more splits into two runs of three to five with the same cards and
jokers (a part of jokers alone is itself a sequence), which are as pure and count as two: so
the search never needs a longer one. Declarations may of course hold longer ones."""
_TWO_LIVES = 2
_CACHED = 2048
"""Entries per memo. Enough for one hand's work and the suits hands share; more only makes
Python's full garbage collections slower (measured: p99 3.2 ms at 2048, 4.3 ms at 16384)."""
_SPARE_JOKERS_FOR_A_SEQUENCE = 3  # three jokers alone stand for three cards in a row


class Meld(NamedTuple):
    """One group as the search lays it out.

    ``layout`` holds the group's cards in order, with ``None`` where any joker goes. A wild card
    that completes a pure sequence as itself is named in the layout (and counted in ``jokers``).
    """

    layout: tuple[str | None, ...]
    kind: GroupKind
    value: int
    jokers: int

    @property
    def uses_own_wild_card(self) -> bool:
        return self.kind is GroupKind.PURE_SEQUENCE and self.jokers > 0


class Packing(NamedTuple):
    """Some groups of a hand and what they add up to."""

    value: int
    jokers: int
    pure: int  # 1 once a pure sequence is among them
    sequences: int  # counted up to 2: all that the two lives need to know
    wild_cards: int  # wild cards used as themselves, within one suit
    melds: tuple[Meld, ...]

    def with_meld(self, meld: Meld) -> Packing:
        is_pure = meld.kind is GroupKind.PURE_SEQUENCE
        return Packing(
            self.value + meld.value,
            self.jokers + meld.jokers,
            self.pure | is_pure,
            min(_TWO_LIVES, self.sequences + meld.kind.is_sequence),
            self.wild_cards + meld.uses_own_wild_card,
            (meld, *self.melds),
        )

    def holds_both_lives(self, jokers: int) -> bool:
        """A pure sequence and a second sequence, counting one made of spare jokers alone."""
        spare = jokers - self.jokers
        return bool(self.pure) and (
            self.sequences >= _TWO_LIVES or spare >= _SPARE_JOKERS_FOR_A_SEQUENCE
        )


_NOTHING = Packing(0, 0, 0, 0, 0, ())


@dataclass(frozen=True, slots=True)
class SplitHand:
    """A hand as the search sees it: jokers counted, natural cards by suit in run order."""

    wild_rank: str
    jokers: tuple[str, ...]
    suits: tuple[tuple[str, ...], ...]  # per suit of SUITS, by position, Ace last
    own_wild_cards: tuple[int, ...]  # per suit: its wild cards, usable as themselves
    total: int  # the points of every card

    @classmethod
    def of(cls, cards: Iterable[str], wild_rank: str) -> SplitHand:
        jokers = []
        suits: tuple[list[str], ...] = ([], [], [], [])
        own_wild_cards = [0, 0, 0, 0]
        for card in cards:
            if card == PRINTED_JOKER:
                jokers.append(card)
                continue
            letter = _SUIT_INDEX[card[-1]]
            if card[:-1] == wild_rank:
                jokers.append(card)
                own_wild_cards[letter] += 1
            else:
                suits[letter].append(card)
        return cls(
            wild_rank=wild_rank,
            jokers=tuple(jokers),
            suits=tuple(tuple(sorted(cards, key=_RUN_ORDER.__getitem__)) for cards in suits),
            own_wild_cards=tuple(own_wild_cards),
            total=sum(_POINTS[card] for cards in suits for card in cards),
        )

    @property
    def cards(self) -> list[str]:
        return [*(card for cards in self.suits for card in cards), *self.jokers]

    def without(self, meld: Meld) -> SplitHand:
        gone = Counter(card for card in meld.layout if card is not None)
        return SplitHand.of(less(self.cards, gone), self.wild_rank)


def _wild_card_of(natural: str, place: int) -> str:
    """The wild card of ``natural``'s suit that stands at ``place`` as itself."""
    return rank_at(place) + suit(natural)


_SUIT_INDEX = {letter: index for index, letter in enumerate(SUITS)}
_RUN_ORDER = {card: (positions(card)[-1], card) for card in standard_deck()}
_POINTS = {card: face_points(card) for card in standard_deck()}


def less(cards: Iterable[str], gone: Counter[str]) -> tuple[str, ...]:
    """``cards`` in their order, less one copy of each card counted in ``gone``."""
    gone = Counter(gone)
    kept = []
    for card in cards:
        if gone[card]:
            gone[card] -= 1
        else:
            kept.append(card)
    return tuple(kept)


# -- sequences within one suit ---------------------------------------------------------------


class Run(NamedTuple):
    """A sequence found in one suit, and the suit's later cards it leaves free."""

    meld: Meld
    rest: tuple[str, ...]


def runs_from(
    first: str, later: tuple[str, ...], wild_rank: str, own_wild_cards: int, jokers: int
) -> list[Run]:
    """The sequences holding ``first`` and cards of ``later`` (the cards after it in its suit,
    in run order) that need at most ``jokers`` jokers.

    Without two copies of a card in the suit, a run takes every card between its ends: two runs
    that cross (one missing a card that lies inside the other) can be redrawn as two that do
    not, with the same cards, no more jokers and no fewer pure ones. With a copy twice, crossing
    runs can be the only best (9D 10D JD and 7D * * 10D), so every choice of cards is tried."""
    holders = {place: card for card in reversed(later) for place in positions(card)}
    start = positions(first)[-1]
    holders[start] = first
    places_of_wild = places(wild_rank) if own_wild_cards else ()
    if start == ACE_HIGH:  # only Aces are left, and two never share a run (RM-11)
        choices: Iterable[list[int]] = [[start]]
    else:
        above = sorted(place for place in holders if place > start)
        lows = [[start], [ACE_LOW, start]] if ACE_LOW in holders else [[start]]
        choose = _every_choice if len({first, *later}) <= len(later) else _whole_spans
        choices = (chosen for low in lows for chosen in choose(low, above, jokers))
    runs = []
    for chosen in choices:
        melds = _melds_on(chosen, holders, places_of_wild, jokers)
        if melds:
            rest = list(later)
            for place in chosen:
                if place != start:
                    rest.remove(holders[place])
            runs += [Run(meld, tuple(rest)) for meld in melds]
    return runs


def _whole_spans(low: list[int], above: list[int], jokers: int) -> Iterator[list[int]]:
    """``low`` extended to each higher place, taking every place on the way."""
    yield low
    for index, place in enumerate(above):
        chosen = [*low, *above[: index + 1]]
        width = place - chosen[0] + 1
        if width > _LONGEST_NEEDED_RUN or width - len(chosen) > jokers:
            return
        yield chosen


def _every_choice(chosen: list[int], above: list[int], jokers: int) -> Iterator[list[int]]:
    """``chosen`` and every extension of it by places in ``above`` whose gaps jokers fill."""
    yield chosen
    for index, place in enumerate(above):
        width = place - chosen[0] + 1
        if width > _LONGEST_NEEDED_RUN or width - len(chosen) - 1 > jokers:
            return
        yield from _every_choice([*chosen, place], above[index + 1 :], jokers)


def _melds_on(
    chosen: list[int], holders: dict[int, str], places_of_wild: tuple[int, ...], jokers: int
) -> list[Meld]:
    """The sequence of the cards at ``chosen`` places: impure, or pure when nothing is missing,
    or when the one missing card is this suit's wild card, held and usable as itself (RM-9)."""
    low, high = chosen[0], chosen[-1]
    length = max(_SHORTEST_RUN, high - low + 1)
    needed = length - len(chosen)
    if needed > jokers or length > _LONGEST_NEEDED_RUN:
        return []
    value = sum(_POINTS[holders[place]] for place in chosen)
    melds: list[Meld] = []
    for start in range(low, high - length, -1):  # the windows of ``length`` places around them
        end = start + length - 1
        if start < ACE_LOW or end > ACE_HIGH:
            continue
        layout = tuple(
            holders[place] if place in chosen else None for place in range(start, end + 1)
        )
        holes = [place for place in range(start, end + 1) if place not in chosen]
        if not holes:
            return [Meld(layout, GroupKind.PURE_SEQUENCE, value, 0)]
        if not melds:
            melds.append(Meld(layout, GroupKind.IMPURE_SEQUENCE, value, needed))
        if len(holes) == 1 and holes[0] in places_of_wild:
            wild_card = _wild_card_of(holders[low], holes[0])
            named = tuple(wild_card if card is None else card for card in layout)
            return [*melds, Meld(named, GroupKind.PURE_SEQUENCE, value, needed)]
    return melds


@lru_cache(maxsize=_CACHED)
def pack_suit(
    cards: tuple[str, ...], wild_rank: str, own_wild_cards: int, jokers: int
) -> tuple[Packing, ...]:
    """The ways to pack one suit's ``cards`` into sequences that no other way beats.

    Memoised by the cards themselves, so every set plan and every hand that leaves a suit
    with the same cards shares the work."""
    if not cards:
        return (_NOTHING,)
    first, later = cards[0], cards[1:]
    best: dict[tuple[int, int, int, int], Packing] = {}
    for packing in pack_suit(later, wild_rank, own_wild_cards, jokers):  # ``first`` left over
        _keep(best, packing)
    for meld, rest in runs_from(first, later, wild_rank, own_wild_cards, jokers):
        for packing in pack_suit(rest, wild_rank, own_wild_cards, jokers):
            grown = packing.with_meld(meld)
            if grown.jokers <= jokers and grown.wild_cards <= own_wild_cards:
                _keep(best, grown)
    return _unbeaten(best.values())


def _keep(best: dict[tuple[int, int, int, int], Packing], packing: Packing) -> None:
    key = (packing.jokers, packing.pure, packing.sequences, packing.wild_cards)
    kept = best.get(key)
    if kept is None or packing.value > kept.value:
        best[key] = packing


def _unbeaten(packings: Iterable[Packing]) -> tuple[Packing, ...]:
    """The packings no other beats on every count; the most valuable first."""
    kept: list[Packing] = []
    ranked = sorted(
        packings, key=lambda p: (-p.value, p.jokers, -p.pure, -p.sequences, p.wild_cards)
    )
    for packing in ranked:
        if not any(
            other.jokers <= packing.jokers
            and other.pure >= packing.pure
            and other.sequences >= packing.sequences
            and other.wild_cards <= packing.wild_cards
            for other in kept
        ):
            kept.append(packing)
    return tuple(kept)


# -- sets across suits -----------------------------------------------------------------------


def set_plans(hand: SplitHand) -> Iterator[Packing]:
    """Every choice of sets (none included) that the hand's jokers can complete."""
    by_rank: dict[str, list[str]] = {}
    for cards in hand.suits:
        for card in cards:
            by_rank.setdefault(rank_of(card), []).append(card)
    choices = [
        _set_choices(tuple(sorted(cards)), hand.wild_rank)
        for cards in by_rank.values()
        if len({*cards}) > 1
    ]
    yield from _plans(choices, _NOTHING, len(hand.jokers))


def _plans(choices: list[list[tuple[Meld, ...]]], plan: Packing, jokers: int) -> Iterator[Packing]:
    if not choices:
        yield plan
        return
    yield from _plans(choices[1:], plan, jokers)
    for sets in choices[0]:
        grown = plan
        for meld in sets:
            grown = grown.with_meld(meld)
        if grown.jokers <= jokers:
            yield from _plans(choices[1:], grown, jokers)


@lru_cache(maxsize=_CACHED)
def _set_choices(cards: tuple[str, ...], wild_rank: str) -> list[tuple[Meld, ...]]:
    """The sets that cards of one rank can form: one set, or two when both decks allow.

    Sets of two natural cards take a joker; a set of one natural card is never needed, since
    that card and two jokers make a sequence, which is worth as much and more to the lives."""
    distinct = sorted({*cards})
    sets = [
        _set_meld(combo, wild_rank) for size in (2, 3, 4) for combo in combinations(distinct, size)
    ]
    held = Counter(cards)
    pairs = [
        (first, second)
        for first, second in combinations_with_replacement(sets, 2)
        if not Counter(_set_cards(first)) + Counter(_set_cards(second)) - held
    ]
    return [*((one,) for one in sets), *pairs]


def _set_meld(cards: tuple[str, ...], wild_rank: str) -> Meld:
    padding: tuple[None, ...] = (None,) * max(0, _SHORTEST_RUN - len(cards))
    value = sum(card_points(card, wild_rank) for card in cards)
    return Meld((*cards, *padding), GroupKind.SET, value, len(padding))


def _set_cards(meld: Meld) -> list[str]:
    return [card for card in meld.layout if card is not None]


# -- the whole hand --------------------------------------------------------------------------


def best_pure_run(hand: SplitHand) -> Meld | None:
    """The most valuable pure sequence in the hand, if it has one (RM-19's second case)."""
    runs = [
        run
        for cards, own_wild_cards in zip(hand.suits, hand.own_wild_cards, strict=True)
        if (run := _best_pure_run_in(cards, hand.wild_rank, own_wild_cards)) is not None
    ]
    return max(runs, key=lambda run: run.value, default=None)


@lru_cache(maxsize=_CACHED)
def _best_pure_run_in(cards: tuple[str, ...], wild_rank: str, own_wild_cards: int) -> Meld | None:
    jokers = min(1, own_wild_cards)  # a pure sequence holds at most one wild card as itself
    runs = [
        meld
        for index, first in enumerate(cards)
        for meld, _ in runs_from(first, cards[index + 1 :], wild_rank, own_wild_cards, jokers)
        if meld.kind is GroupKind.PURE_SEQUENCE
    ]
    return max(runs, key=lambda run: run.value, default=None)


def best_cover(hand: SplitHand, *, floor: int, lives: bool) -> Packing | None:
    """The packing of the whole hand worth the most, if it is worth more than ``floor``.

    With ``lives``, only packings holding both lives count (RM-19's third case)."""
    jokers = len(hand.jokers)
    best: Packing | None = None
    for plan in set_plans(hand):
        suits = [
            pack_suit(cards, hand.wild_rank, own, jokers)
            for cards, own in zip(_left_by_sets(hand, plan), hand.own_wild_cards, strict=True)
        ]
        if plan.value + sum(_most(packings, jokers - plan.jokers) for packings in suits) <= floor:
            continue
        for packing in _combine(plan, suits, jokers):
            if packing.value > floor and (not lives or packing.holds_both_lives(jokers)):
                best, floor = packing, packing.value
        if best is not None and best.value == hand.total:
            break  # every card is covered: nothing can beat it
    return best


def _left_by_sets(hand: SplitHand, plan: Packing) -> list[tuple[str, ...]]:
    """Each suit's cards that the plan's sets leave."""
    if not plan.melds:
        return list(hand.suits)
    left = [list(cards) for cards in hand.suits]
    for meld in plan.melds:
        for card in _set_cards(meld):
            left[_SUIT_INDEX[card[-1]]].remove(card)
    return [tuple(cards) for cards in left]


def _most(packings: Sequence[Packing], jokers: int) -> int:
    """The most any of ``packings`` (most valuable first) is worth within ``jokers``."""
    return next((p.value for p in packings if p.jokers <= jokers), 0)


def _combine(plan: Packing, suits: list[tuple[Packing, ...]], jokers: int) -> list[Packing]:
    """The best packing of the whole hand for each (jokers used, pure, sequences)."""
    table = {(plan.jokers, 0, 0): plan}
    for packings in suits:
        grown: dict[tuple[int, int, int], Packing] = {}
        for (used, pure, sequences), so_far in table.items():
            for packing in packings:
                total_jokers = used + packing.jokers
                if total_jokers > jokers:
                    continue
                key = (
                    total_jokers,
                    pure | packing.pure,
                    min(_TWO_LIVES, sequences + packing.sequences),
                )
                kept = grown.get(key)
                if kept is None or so_far.value + packing.value > kept.value:
                    grown[key] = Packing(
                        so_far.value + packing.value,
                        total_jokers,
                        key[1],
                        key[2],
                        0,
                        so_far.melds + packing.melds,
                    )
        table = grown
    return list(table.values())
