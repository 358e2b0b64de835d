"""What a trick-game player remembers from the public record (Pitch and Court Piece), and how
Hard deals the unseen cards consistently with it.

Both games record each card as ``{"type": "play", "seat", "card"}`` and each finished trick
as ``{"type": "trick", "winner"}``; the rules of following differ, so each game says what a
play off the led suit reveals (``Void``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from games.engine.base import Event
from games.engine.cards import standard_deck
from games.engine.tricks import rank_value
from games.engine.tricks import suit as suit

DECK = tuple(standard_deck())
SUITS = ("S", "H", "D", "C")
RANK = {card: rank_value(card) for card in DECK}
"""2..14, Ace high, looked up: playouts ask it millions of times."""

Void = Callable[[str, str, str | None], bool]
"""(led suit, card played, trump then) -> whether the play shows its seat holds no card of the
led suit."""


def rank(card: str) -> int:
    return RANK[card]


@dataclass
class Memory:
    """The cards each seat has played this deal, the suits it has shown it lacks, and the
    tricks so far (the last one possibly unfinished)."""

    played: dict[int, list[str]] = field(default_factory=dict)
    voids: dict[int, set[str]] = field(default_factory=dict)
    tricks: list[list[tuple[int, str]]] = field(default_factory=lambda: [[]])
    gone: set[str] = field(default_factory=set)

    def void_in(self, seat: int, suit_letter: str) -> bool:
        return suit_letter in self.voids.get(seat, ())

    def add_void(self, seat: int, suit_letter: str) -> None:
        self.voids.setdefault(seat, set()).add(suit_letter)


class Reader:
    """Reads a deal's record into a ``Memory``, event by event.

    ``shows_void`` is the game's rule of following; ``trump_of`` tells whether an event sets
    the trump suit (Pitch's first card, Court Piece's call or reveal). A game with more to read
    (Court Piece's asks for the trump) extends ``read_event``."""

    def __init__(self, shows_void: Void, trump_of: Callable[[Event], str | None]) -> None:
        self.shows_void = shows_void
        self.trump_of = trump_of
        self.memory = Memory()
        self.trump: str | None = None
        self.read_up_to = 0

    @property
    def led(self) -> str | None:
        trick = self.memory.tricks[-1]
        return suit(trick[0][1]) if trick else None

    def read(self, record: Sequence[Event]) -> Memory:
        for event in record[self.read_up_to :]:
            self.trump = self.trump_of(event) or self.trump
            self.read_event(event)
        self.read_up_to = len(record)
        return self.memory

    def read_event(self, event: Event) -> None:
        memory = self.memory
        if event["type"] == "play" and "card" in event:  # a trick game's: Hidden Unders' has ranks
            seat, card = event["seat"], event["card"]
            led = self.led
            if led is not None and self.shows_void(led, card, self.trump):
                memory.add_void(seat, led)
            memory.tricks[-1].append((seat, card))
            memory.played.setdefault(seat, []).append(card)
            memory.gone.add(card)
        elif event["type"] == "trick":
            memory.tricks.append([])


class Recall:
    """A game's memory of the record, read once however often it is asked.

    A record only grows (the bot's memory between moves, a playout's between its moves), so
    the reader of the same list goes on from where it stopped. The few lists remembered are
    held, so one cannot be mistaken for another."""

    SIZE = 8

    def __init__(self, reader: Callable[[], Reader]) -> None:
        self.reader = reader
        self.recent: list[tuple[Sequence[Event], Reader]] = []

    def __call__(self, record: Sequence[Event]) -> Memory:
        for index, (known, reader) in enumerate(self.recent):
            if known is record and reader.read_up_to <= len(record):
                self.recent.insert(0, self.recent.pop(index))
                return reader.read(record)
        reader = self.reader()
        self.recent = [(record, reader), *self.recent[: self.SIZE - 1]]
        return reader.read(record)


@dataclass(frozen=True)
class Unseen:
    """The cards of the deck a seat has not seen (not in its hand, not played), by suit."""

    cards: list[str]
    ranks: dict[str, list[int]]
    """Per suit, the unseen ranks, low to high."""

    @classmethod
    def of(cls, hand: Sequence[str], memory: Memory, also_seen: Sequence[str] = ()) -> Unseen:
        seen = {*hand, *memory.gone, *also_seen}
        cards = [card for card in DECK if card not in seen]
        ranks: dict[str, list[int]] = {letter: [] for letter in SUITS}
        for card in cards:
            ranks[suit(card)].append(RANK[card])
        return cls(cards, ranks)

    def above(self, card: str) -> int:
        """How many unseen cards of its suit are higher."""
        value = RANK[card]
        return sum(other > value for other in self.ranks[suit(card)])

    def is_master(self, card: str) -> bool:
        return self.above(card) == 0

    def count(self, suit_letter: str) -> int:
        return len(self.ranks[suit_letter])


def unseen(hand: Sequence[str], memory: Memory, also_seen: Sequence[str] = ()) -> list[str]:
    """The cards of the deck this seat has not seen: not in its hand, not played."""
    return Unseen.of(hand, memory, also_seen).cards


def beats(card: str, best: str, led: str, trump: str | None) -> bool:
    """Whether ``card`` would beat ``best`` (the card winning a trick led in ``led``)."""
    card_suit, best_suit = card[-1], best[-1]
    if card_suit == best_suit:
        return RANK[card] > RANK[best]
    return card_suit == trump


def winning(trick: Sequence[tuple[int, str]], trump: str | None) -> tuple[int, str]:
    """The (seat, card) winning a trick so far (trump counts from the moment it is set)."""
    led = suit(trick[0][1])
    best = trick[0]
    for play in trick[1:]:
        if beats(play[1], best[1], led, trump):
            best = play
    return best


def chance_safe(
    card: str,
    led: str,
    trump: str | None,
    later: Sequence[int],
    pool: Unseen,
    sizes: Sequence[int],
    memory: Memory,
    *,
    trump_any_time: bool,
) -> float:
    """The chance that ``card``, winning a trick led in ``led``, is not beaten by one of the
    ``later`` seats: each unseen card that beats it lies in their hands in proportion to their
    size. A trump threatens only a seat void in the led suit, unless the game lets a trump be
    played at any time (Pitch, PI-5)."""
    unseen_count = max(1, len(pool.cards))

    def miss(threat_suit: str) -> float:
        """The chance one unseen card of ``threat_suit`` is not with a later seat that could
        play it on this trick."""
        trumping = threat_suit != led
        share = sum(
            sizes[seat]
            for seat in later
            if not memory.void_in(seat, threat_suit)
            and (not trumping or trump_any_time or memory.void_in(seat, led))
        )
        return max(0.0, 1 - share / unseen_count)

    safe = miss(suit(card)) ** pool.above(card)
    if trump is not None and suit(card) != trump:
        safe *= miss(trump) ** pool.count(trump)
    return safe


def twin_below(
    card: str, playable: Sequence[str], pool: Unseen, plain: Callable[[str], bool]
) -> bool:
    """Whether a lower playable card of the same suit plays exactly as ``card``: no unseen
    card lies between them and both are ``plain`` (worth nothing by themselves). A search
    need only try one of such twins."""
    if not plain(card):
        return False
    between = set(pool.ranks[suit(card)])
    return any(
        suit(other) == suit(card)
        and RANK[other] < RANK[card]
        and plain(other)
        and not between & set(range(RANK[other] + 1, RANK[card]))
        for other in playable
    )


SPARE = -1
"""Where the unseen cards no seat holds go (Pitch deals 24 of the 52)."""


def deal_unseen(
    pool: Sequence[str],
    needs: dict[int, int],
    refuses: Callable[[int, str], bool],
    rng: random.Random,
) -> dict[int, list[str]]:
    """Deal ``needs[seat]`` cards of ``pool`` to each seat, never a card the seat ``refuses``
    (a suit it showed it lacks); the cards left over stay undealt.

    The cards go out one by one in random order, each to a seat that may hold it (or to the
    undealt rest), drawn in proportion to the room left there: with nothing refused, that is
    an ordinary shuffled deal. A quick deal can strand a card that only full seats may take;
    after a few such tries the deal checks every card's seat against what the later cards
    need (``_fits``). Late in a deal that matters: two seats void in trump leave every unseen
    trump to the third, and a random pick rarely gives it them all.
    """
    room = {**needs, SPARE: len(pool) - sum(needs.values())}
    if room[SPARE] < 0:
        raise ValueError("fewer unseen cards than the seats hold")
    takers = {
        card: frozenset([SPARE, *(seat for seat in needs if not refuses(seat, card))])
        for card in pool
    }
    for checked in (False, False, False, True):
        hands = _deal(pool, takers, dict(room), rng, checked=checked)
        if hands is not None:
            del hands[SPARE]
            return hands
    raise ValueError("no deal of the unseen cards fits what the record shows")


def _deal(
    pool: Sequence[str],
    takers: dict[str, frozenset[int]],
    room: dict[int, int],
    rng: random.Random,
    *,
    checked: bool,
) -> dict[int, list[str]] | None:
    """One deal as ``deal_unseen`` describes it; ``None`` if a quick one strands a card."""
    cards = list(pool)
    rng.shuffle(cards)
    hands: dict[int, list[str]] = {seat: [] for seat in room}
    left = Counter(takers[card] for card in cards)  # the cards still to deal, by their takers
    for card in cards:
        left[takers[card]] -= 1
        open_seats = [seat for seat in takers[card] if room[seat]]
        # A weighted order without replacement (Efraimidis and Spirakis): by the room left.
        order = sorted(open_seats, key=lambda seat: rng.random() ** (1 / room[seat]))
        for seat in reversed(order):
            room[seat] -= 1
            if not checked or _fits(left, room):
                hands[seat].append(card)
                break
            room[seat] += 1
        else:
            return None
    return hands


def _fits(left: Counter[frozenset[int]], room: dict[int, int]) -> bool:
    """Hall's condition: every group of seats has room for the cards only it may take (the
    room in all of them together is the number of cards left)."""
    seats = list(room)
    return all(
        sum(count for takers, count in left.items() if takers <= set(group))
        <= sum(room[seat] for seat in group)
        for size in range(1, len(seats))
        for group in combinations(seats, size)
    )
