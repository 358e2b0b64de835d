"""How a rummy bot judges a hand: what each card is worth keeping (RM-9 .. RM-14, RM-18).

The seed's advice, as numbers: a card in a pure sequence is worth most (build the first life
first); jokers are never thrown (keep them for the second life); a card that could join a
sequence or a set is worth what the cards that would complete it are still worth, which is
nothing once both copies are gone; high cards cost more to hold (throw lone high cards
early); middle cards fit more sequences.

This is a bot's quick judgement, not the rules: whether a hand can be declared is always the
engine's own count and validator. It runs thousands of times in one Hard decision, so a suit's
cards are a bit mask of the places they hold (an Ace holds both ends, RM-11).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from games.engine.cards import PRINTED_JOKER, Suit, rank_of, standard_deck
from games.engine.rummy.ranks import ACE_HIGH, card_points, is_joker, positions

SUITS = tuple(suit.value for suit in Suit)
COPIES = 2
"""RM-2: two decks, so two of every card."""

IN_PURE_SEQUENCE = 100.0
IN_SET = 45.0
NEXT_TO = 12.0
ONE_APART = 7.0
SAME_RANK = 7.0
JOKER = 1000.0
MIDDLE = 2.0
"""The middle ranks fit more sequences (the seed: keep 5, 6, 7)."""

_PLACES = {card: positions(card) for card in standard_deck()}
_RANK = {card: rank_of(card) for card in standard_deck()}
_POINTS = {card: card_points(card, "") for card in standard_deck()}
"""RM-18 for a card that is not a joker."""
_CARD_AT = {(card[-1], place): card for card in standard_deck() for place in _PLACES[card]}
_RUN_OF_THREE = 0b111


@dataclass(frozen=True)
class Hand:
    """A hand as the judgement reads it: its jokers, and its natural cards by suit and place."""

    cards: tuple[str, ...]
    wild_rank: str
    jokers: int
    masks: Mapping[str, int]
    """Per suit, bit ``p`` set when a natural card holds place ``p``."""
    pure_masks: Mapping[str, int]
    """The same with the suit's own wild card in its place, as RM-9 allows in a pure run."""
    suits_of_rank: Mapping[str, frozenset[str]]

    @classmethod
    def of(cls, cards: Iterable[str], wild_rank: str) -> Hand:
        held = tuple(cards)
        masks = dict.fromkeys(SUITS, 0)
        own = dict.fromkeys(SUITS, 0)
        suits: dict[str, set[str]] = {}
        jokers = 0
        for card in held:
            if is_joker(card, wild_rank):
                jokers += 1
                if card != PRINTED_JOKER:
                    for place in _PLACES[card]:
                        own[card[-1]] |= 1 << place
                continue
            for place in _PLACES[card]:
                masks[card[-1]] |= 1 << place
            suits.setdefault(_RANK[card], set()).add(card[-1])
        return cls(
            held,
            wild_rank,
            jokers,
            masks,
            {letter: masks[letter] | own[letter] for letter in SUITS},
            {rank: frozenset(letters) for rank, letters in suits.items()},
        )

    def in_pure_sequence(self, card: str) -> bool:
        """RM-9: three places in a row of its suit held by natural cards (a wild card in its
        own place counts as itself)."""
        mask = self.pure_masks[card[-1]]
        return any(mask & window == window for window in _WINDOWS[card])

    def has_pure_sequence(self) -> bool:
        return any(_has_run(mask) for mask in self.pure_masks.values())

    def alone(self, card: str) -> bool:
        """A natural card with no other of its rank and none of its suit within two places;
        jokers are never alone."""
        if card == PRINTED_JOKER or _RANK[card] == self.wild_rank:
            return False
        return not self.masks[card[-1]] & _NEAR[card] and len(self.ranks_with(card)) < 2

    def joins_nothing(self, card: str) -> bool:
        """A natural card not held, of a rank the hand lacks and no place near its suit's."""
        if card == PRINTED_JOKER or _RANK[card] == self.wild_rank:
            return False
        return not self.masks[card[-1]] & _NEAR[card] and _RANK[card] not in self.suits_of_rank

    def keep_values(
        self, live: Mapping[str, int], *, avoid: Iterable[str] = ()
    ) -> dict[str, float]:
        """See ``keep_values``."""
        pure_made = self.has_pure_sequence()
        wanted = set(avoid)
        values: dict[str, float] = {}
        for card in dict.fromkeys(self.cards):
            if card == PRINTED_JOKER or _RANK[card] == self.wild_rank:
                values[card] = JOKER
                continue
            value = _connections(card, self, live, pure_made)
            if self.in_pure_sequence(card):
                value += IN_PURE_SEQUENCE
            elif len(self.ranks_with(card)) >= 3:
                value += IN_SET if pure_made else IN_SET / 2
            value -= _POINTS[card] / 2  # the seed: throw lone high cards early
            value += MIDDLE if 4 <= _PLACES[card][-1] <= 9 else 0.0
            if card in wanted:
                value += NEXT_TO
            values[card] = value
        return values

    def ranks_with(self, card: str) -> frozenset[str]:
        return self.suits_of_rank.get(_RANK[card], frozenset())


def _has_run(mask: int) -> bool:
    return bool(mask & mask >> 1 & mask >> 2)


def live_counts(unavailable: Iterable[str]) -> Counter[str]:
    """How many copies of each card may still come: two, less those out of reach."""
    live = Counter(dict.fromkeys(standard_deck(), COPIES))
    live.subtract(card for card in unavailable if card != PRINTED_JOKER)
    return live


def keep_values(
    cards: Sequence[str], wild_rank: str, live: Mapping[str, int], *, avoid: Iterable[str] = ()
) -> dict[str, float]:
    """What keeping each card is worth (the higher, the more): its part in sequences and
    sets made or in the making, less its points. ``avoid`` are cards a next player is known to
    want: throwing them feeds that player."""
    return Hand.of(cards, wild_rank).keep_values(live, avoid=avoid)


def _links(card: str) -> list[tuple[int, tuple[str, ...], float]]:
    """Where another card of its suit makes ``card`` a sequence in the making: (that card's
    place, the cards that would then complete three in a row, the link's weight)."""
    letter = card[-1]
    links = []
    for place in _PLACES[card]:
        for step in (1, -1):
            ends = (place - step, place + 2 * step)
            links.append((place + step, _cards_at(letter, ends), NEXT_TO))  # two in a row
            links.append((place + 2 * step, _cards_at(letter, (place + step,)), ONE_APART))
    return [link for link in links if 0 < link[0] <= ACE_HIGH]


def _cards_at(suit_letter: str, places: Iterable[int]) -> tuple[str, ...]:
    return tuple(card for place in places if (card := _CARD_AT.get((suit_letter, place))))


_LINKS = {card: _links(card) for card in standard_deck()}
_WINDOWS = {
    card: [
        _RUN_OF_THREE << start
        for place in _PLACES[card]
        for start in (place - 2, place - 1, place)
        if 1 <= start <= ACE_HIGH - 2
    ]
    for card in standard_deck()
}
"""Per card, the three places in a row of its suit that hold it, as masks."""
_NEAR = {
    card: sum(
        1 << place + step for place in _PLACES[card] for step in (-2, -1, 1, 2) if place + step > 0
    )
    for card in standard_deck()
}
"""Per card, the places of its suit within two of its own."""


def _connections(card: str, hand: Hand, live: Mapping[str, int], pure_made: bool) -> float:
    """The sequences and sets ``card`` is a part of in the making, each as good as the cards
    that would complete it are still to be had (the seed: both copies gone, stop waiting)."""
    mask = hand.masks[card[-1]]
    joker_help = 0.25 if hand.jokers else 0.0
    value = 0.0
    for place, outs, weight in _LINKS[card]:
        if mask >> place & 1:
            value += weight * (_chance(sum(live.get(out, 0) for out in outs)) + joker_help)
    suits = hand.ranks_with(card)
    if len(suits) > 1:
        rank = _RANK[card]
        missing = sum(live.get(rank + other, 0) for other in SUITS if other not in suits)
        # The first life comes first: a set is worth less until a pure sequence is made.
        worth = SAME_RANK * (len(suits) - 1) * (_chance(missing) + joker_help)
        value += worth if pure_made else worth / 2
    return value


def _chance(outs: int) -> float:
    return min(outs, 4) / 4


def hand_value(cards: Sequence[str], wild_rank: str, live: Mapping[str, int]) -> float:
    """A whole hand's worth: its cards' keep values (a sure joker counted as a card in a
    pure sequence), and the first life once it is made."""
    values = keep_values(cards, wild_rank, live)
    hand = Hand.of(cards, wild_rank)
    return sum(min(value, IN_PURE_SEQUENCE + NEXT_TO) for value in values.values()) + (
        IN_PURE_SEQUENCE if hand.has_pure_sequence() else 0.0
    )


def related(card: str, other: str) -> bool:
    """Two natural cards that could share a group: of one rank (not twins), or of one suit
    within three places."""
    if PRINTED_JOKER in (card, other):
        return False
    if _RANK[card] == _RANK[other]:
        return card != other
    return card[-1] == other[-1] and any(
        abs(a - b) <= 2 for a in _PLACES[card] for b in _PLACES[other]
    )


def completes(
    cards: Sequence[str], wild_rank: str, *, aside: bool = False, keep: str | None = None
) -> bool:
    """Whether the cards group completely with both lives (RM-14), with one natural card put
    aside first when ``aside`` (never ``keep``, RM-8). Read quickly, for a look-ahead: a real
    declaration is always the engine's. A wild card may stand in as a joker or, to keep a
    sequence pure, be itself (RM-9); up to two of them are tried so."""
    jokers = [card for card in cards if is_joker(card, wild_rank)]
    naturals = [card for card in cards if not is_joker(card, wild_rank)]
    wild_cards = sorted({card for card in jokers if card != PRINTED_JOKER})
    for size in range(min(2, len(wild_cards)) + 1):
        for as_themselves in combinations(wild_cards, size):
            ordered = tuple(sorted([*naturals, *as_themselves], key=_suit_order))
            spare = keep if aside else _NO_SPARE
            if _groups_all(ordered, len(jokers) - size, False, 0, spare):
                return True
    return False


_NO_SPARE = "no card may be put aside"
"""Not a card: ``_groups_all`` may put aside any card but the one it is told to keep."""


def _suit_order(card: str) -> tuple[str, int]:
    return card[-1], _PLACES[card][0]


_LONGEST = 5
"""Longer runs split into two of three to five, as pure and counting twice."""


@lru_cache(maxsize=1 << 16)
def _groups_all(
    cards: tuple[str, ...], jokers: int, pure: bool, sequences: int, spare: str | None
) -> bool:
    """Whether ``cards`` (naturals, by suit and place) and ``jokers`` group completely with a
    pure sequence and two sequences. ``spare``: one card may still be put aside, any but this
    one (``None``: any at all); ``_NO_SPARE``: none."""
    if not cards:
        return pure and (sequences >= 2 or jokers >= 3) and spare == _NO_SPARE
    if not pure and not _run_of_three_in(cards):
        return False  # RM-14: no pure sequence can be made of what is left
    first, rest = cards[0], cards[1:]
    if (
        spare != _NO_SPARE
        and first != spare
        and _groups_all(rest, jokers, pure, sequences, _NO_SPARE)
    ):
        return True
    suit_rest = tuple(card for card in rest if card[-1] == first[-1])
    for run, used in _runs_from(first, suit_rest, jokers):
        left = _without(rest, run)
        if _groups_all(left, jokers - used, pure or used == 0, min(2, sequences + 1), spare):
            return True
    same_rank = tuple(card for card in rest if _RANK[card] == _RANK[first])
    for group, used in _sets_from(first, same_rank, jokers):
        if _groups_all(_without(rest, group), jokers - used, pure, sequences, spare):
            return True
    return False


@lru_cache(maxsize=1 << 14)
def _run_of_three_in(cards: tuple[str, ...]) -> bool:
    masks = dict.fromkeys(SUITS, 0)
    for card in cards:
        for place in _PLACES[card]:
            masks[card[-1]] |= 1 << place
    return any(_has_run(mask) for mask in masks.values())


def _runs_from(
    first: str, suit_rest: tuple[str, ...], jokers: int
) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Runs holding ``first``, the lowest natural card left in its suit (an Ace also as the
    top of Q K A, RM-11), with ``suit_rest`` (the suit's other cards) in their places and at
    most ``jokers`` jokers in the gaps and below ``first``."""
    held = {place: card for card in suit_rest for place in _PLACES[card]}
    runs: list[tuple[tuple[str, ...], int]] = []
    for place in _PLACES[first]:
        # Below ``first`` lie only jokers, but below a high Ace its suit's own cards.
        below = _LONGEST - 1 if place == ACE_HIGH else min(jokers, _LONGEST - 1)
        for start in range(max(1, place - below), place + 1):
            for end in range(max(place, start + 2), min(ACE_HIGH, start + _LONGEST - 1) + 1):
                taken = tuple(held[p] for p in range(start, end + 1) if p != place and p in held)
                used = end - start - len(taken)
                if used <= jokers:
                    runs.append(((first, *taken), used))
    return tuple(runs)


@lru_cache(maxsize=1 << 12)
def _sets_from(
    first: str, same_rank: tuple[str, ...], jokers: int
) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Sets holding ``first``: cards of its rank in other suits, jokers making up three or
    four (RM-12: never one card twice)."""
    others = sorted({card for card in same_rank if card[-1] != first[-1]})
    groups: list[tuple[tuple[str, ...], int]] = []
    for size in range(len(others) + 1):
        for chosen in combinations(others, size):
            for total in (3, 4):
                used = total - 1 - size
                if 0 <= used <= jokers:
                    groups.append(((first, *chosen), used))
    return tuple(groups)


def _without(cards: tuple[str, ...], gone: Sequence[str]) -> tuple[str, ...]:
    left = list(cards)
    for card in gone[1:]:
        left.remove(card)
    return tuple(left)
