"""13-card Indian Rummy bots (RULES.md RM-1 .. RM-30; the strategy is the seed's,
``002_3be5808fa3434c30``).

Every level declares only a hand the engine's own ``validate_declaration`` finds valid: the
declaration offered among the legal actions is the engine's ``best_show``, and a bot takes it
only when the validator says so (RM-13 .. RM-15: a bot never wrong-shows).

Medium keeps what builds the pure sequence first, keeps its jokers, throws lone high cards
early, prefers middle cards, stops waiting for a card whose copies are gone, drops (RM-17)
when a pure sequence is out of reach and the hand is heavy, and never takes from the open pile
what it cannot use. Hard deals the cards it cannot see (the others' hands, less what they took
from the open pile, and the closed deck's order) and looks a few draws ahead for each
candidate, Medium drawing and discarding for it, to see which reaches a declaration soonest.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.engine.actions import RummyAction, is_rummy
from games.engine.base import Event
from games.engine.bots.base import GameBots, Turn
from games.engine.bots.rummy_hand import (
    Hand,
    completes,
    hand_value,
    keep_values,
    live_counts,
    related,
)
from games.engine.bots.search import Search
from games.engine.rummy import validate_declaration
from games.engine.rummy.deal import full_deck
from games.engine.rummy.ranks import card_points, is_joker
from games.engine.views import RummyView, is_rummy_view

HEAVY = 50
"""A hand worth this many points or more is heavy (RM-18)."""
HOPELESS_TURNS = 8
"""After this many draws without a pure sequence a heavy hand takes the middle drop."""
WORTH_TAKING = 15.0
"""The keep value a card from the open pile must have in the hand to be taken."""
LOOK_AHEAD = 14
"""Hard's horizon: its own next draws. Early in a deal few hands declare within eight draws,
and the search then has little but Medium's own judgement to go on; fourteen reach far more
declarations (``bench.bench_bots``: one Hard among two Medium won 43% of 270 games, against
37% with eight, not clear of the fair third)."""
HAND_SIZE = 13
HAND_VALUE_SCALE = 400.0
"""Brings a hand's value below the score of any declaration within the horizon."""
CANDIDATES = 4
"""Hard compares the discards Medium values least."""
DECLARED_SOON = 30.0
"""Hard's score for a valid declaration at once; one less for each draw it takes (above
``LOOK_AHEAD``, so any declaration in reach beats a hand still short)."""


@dataclass
class Table:
    """What the seat knows of the deal: the open pile, the cards each other seat was seen to
    take from it (RM-29), and every card out of its reach."""

    turn: Turn[RummyAction, RummyView]
    wild_rank: str
    open_pile: list[str]
    """The open pile, top last, as far as the record shows it."""
    known: dict[int, list[str]] = field(default_factory=dict)
    """Cards each other seat took from the open pile and still holds."""
    draws: int = 0
    """How often this seat has drawn in this deal."""
    _live: Counter[str] | None = None

    @classmethod
    def of(cls, turn: Turn[RummyAction, RummyView]) -> Table:
        """The table for ``turn``, read once however often a search asks."""
        global _last_read
        # The global read once: another thread's bot may replace it between two reads.
        read = _last_read
        if read is None or read.turn is not turn:
            read = _last_read = cls._read_record(turn)
        return read

    @classmethod
    def _read_record(cls, turn: Turn[RummyAction, RummyView]) -> Table:
        view = turn.view
        table = cls(turn, view["wild_rank"], [])
        for event in turn.record:
            table._read(event)
        if not turn.complete or not table.open_pile or table.open_pile[-1] != view["open_top"]:
            table.open_pile = [view["open_top"]] if view["open_top"] else []
        return table

    def _read(self, event: Event) -> None:
        # Rummy's own events, by their tag and (where other games use the same tag) a key.
        if event["type"] == "deal" and "open_card" in event:
            self.open_pile = [] if event["open_card"] is None else [event["open_card"]]
        elif event["type"] == "discard":
            self.open_pile.append(event["card"])
            held = self.known.get(event["seat"], [])
            if event["card"] in held:
                held.remove(event["card"])
        elif event["type"] == "draw" and "source" in event:
            seat = event["seat"]
            if seat == self.turn.seat:
                self.draws += 1
            if event["source"] == "open":
                if self.open_pile:
                    self.open_pile.pop()
                if seat != self.turn.seat:
                    self.known.setdefault(seat, []).append(event["card"])
        elif event["type"] == "reshuffle":
            self.open_pile = self.open_pile[-1:]  # RM-4: the rest is the new closed deck

    @property
    def hand(self) -> list[str]:
        return self.turn.hand

    def out_of_reach(self) -> list[str]:
        """Cards no draw from the closed deck can bring: in this hand, buried in the open
        pile, seen going into other hands, and the turned wild card."""
        taken = [card for cards in self.known.values() for card in cards]
        return [*self.hand, *self.open_pile, *taken, self.turn.view["wild_card"]]

    def live(self) -> Counter[str]:
        if self._live is None:
            self._live = live_counts(self.out_of_reach())
        return self._live

    def next_seat(self) -> int | None:
        playing = [seat["seat"] for seat in self.turn.view["seats"] if seat["status"] == "playing"]
        later = [seat for seat in playing if seat > self.turn.seat] or playing
        return later[0] if later and later[0] != self.turn.seat else None

    def feeding(self) -> list[str]:
        """Cards the next player is known to want: next to, or of the rank of, a card they
        took from the open pile (the seed: watch who takes what)."""
        seat = self.next_seat()
        wanted: list[str] = []
        for card in self.known.get(seat, []) if seat is not None else []:
            if is_joker(card, self.wild_rank):
                continue
            wanted += [other for other in self.hand if related(card, other)]
        return wanted

    def values(self, cards: Sequence[str]) -> dict[str, float]:
        return keep_values(cards, self.wild_rank, self.live(), avoid=self.feeding())


_last_read: Table | None = None


# -- Medium ------------------------------------------------------------------------------------


def valid_declaration(turn: Turn[RummyAction, RummyView]) -> RummyAction | None:
    """The engine's best show among the legal actions, if the engine's validator finds it
    valid (RM-14); otherwise ``None``: no bot ever wrong-shows."""
    for action in turn.legal:
        if action["type"] == "declare":
            verdict = validate_declaration(action["groups"], turn.view["wild_rank"])
            if verdict.valid:
                return action
    return None


def medium_draw(turn: Turn[RummyAction, RummyView], table: Table) -> RummyAction:
    if turn.only("drop") and _should_drop(table):
        return {"type": "drop"}
    top = turn.view["open_top"]
    if {"type": "draw", "source": "open"} in turn.legal and _worth_taking(table, top):
        return {"type": "draw", "source": "open"}
    return {"type": "draw", "source": "closed"}


def _should_drop(table: Table) -> bool:
    """RM-17 and the seed: with no pure sequence in reach and a heavy hand, 20 now (or 40
    later) is better than 80 at the end."""
    hand = table.hand
    points = sum(card_points(card, table.wild_rank) for card in hand)
    if points < HEAVY or _pure_partials(table) >= 2:
        return False
    return table.draws == 0 or table.draws >= HOPELESS_TURNS


def _pure_partials(table: Table) -> int:
    """Pairs of one suit next to or one apart from each other whose third card may still
    come: the beginnings of a pure sequence (RM-9)."""
    values = keep_values(table.hand, table.wild_rank, table.live())
    if any(value >= 100 for value in values.values() if value < 1000):
        return 99  # a pure sequence is already made
    naturals = sorted({card for card in table.hand if not is_joker(card, table.wild_rank)})
    return sum(
        1
        for index, card in enumerate(naturals)
        for other in naturals[index + 1 :]
        if card[-1] == other[-1] and related(card, other)
    )


def _worth_taking(table: Table, top: str | None) -> bool:
    """Never take what cannot be used (the seed): only a card that builds something and is
    not the next one out."""
    if top is None:
        return False
    values = table.values([*table.hand, top])
    rest = {card: value for card, value in values.items() if card != top}
    return values[top] >= WORTH_TAKING and values[top] > min(rest.values())


def medium_discard(turn: Turn[RummyAction, RummyView], table: Table) -> RummyAction:
    declaration = valid_declaration(turn)
    if declaration is not None:
        return declaration
    choices = set(turn.cards_of("discard"))
    values = table.values(turn.hand)
    card = min(choices, key=lambda card: (values[card], -card_points(card, table.wild_rank), card))
    return {"type": "discard", "card": card}


def medium(turn: Turn[RummyAction, RummyView]) -> RummyAction:
    kinds = {action["type"] for action in turn.legal}
    if "draw" in kinds:
        return medium_draw(turn, Table.of(turn))
    if "discard" in kinds:
        return medium_discard(turn, Table.of(turn))
    if "rejoin" in kinds:
        return {"type": "rejoin"}  # RM-24: a second chance costs nothing but points
    return turn.legal[0]  # deal


def easy(turn: Turn[RummyAction, RummyView]) -> RummyAction:
    """Draws from the closed deck, throws its highest card (a lucky one at random among the
    highest), declares only a valid hand; never drops."""
    kinds = {action["type"] for action in turn.legal}
    if "draw" in kinds:
        return {"type": "draw", "source": "closed"}
    if "discard" in kinds:
        declaration = valid_declaration(turn)
        if declaration is not None:
            return declaration
        wild = turn.view["wild_rank"]
        choices = [card for card in turn.cards_of("discard") if not is_joker(card, wild)]
        choices = choices or turn.cards_of("discard")
        highest = sorted(choices, key=lambda card: -card_points(card, wild))[:3]
        return {"type": "discard", "card": turn.rng.choice(highest)}
    return turn.legal[0]


# -- Hard --------------------------------------------------------------------------------------


@dataclass
class World:
    """The cards the seat cannot see, dealt one way: the closed deck's order (top last)."""

    closed: list[str]
    others: int
    """How many other seats still play: each draws once a round (from the closed deck, as far
    as a look-ahead can tell)."""


def sample_world(turn: Turn[RummyAction, RummyView], rng: random.Random) -> World:
    """The cards out of sight (106, less this hand, the open pile as the record shows it, the
    cards seen going into other hands, the turned wild card) shuffled and dealt: to the other
    hands their unseen part, to the buried open pile what the record no longer shows, the rest
    as the closed deck in the size the view shows."""
    table = Table.of(turn)
    view = turn.view
    pool = list((Counter(full_deck()) - Counter(table.out_of_reach())).elements())
    rng.shuffle(pool)
    closed = pool[: view["closed_count"]]
    others = sum(
        1 for seat in view["seats"] if seat["status"] == "playing" and seat["seat"] != turn.seat
    )
    return World(closed, others)


def candidates(turn: Turn[RummyAction, RummyView]) -> list[RummyAction]:
    """Draw closed or open when both are sensible; the discards Medium values least. Dropping
    and declaring are Medium's (a valid declaration is always taken)."""
    table = Table.of(turn)
    kinds = {action["type"] for action in turn.legal}
    if "draw" in kinds:
        open_draw: RummyAction = {"type": "draw", "source": "open"}
        if open_draw not in turn.legal or medium(turn)["type"] == "drop":
            return []
        top = turn.view["open_top"]
        assert top is not None  # the open pile has a top: drawing it is legal
        values = table.values([*table.hand, top])
        return [{"type": "draw", "source": "closed"}, open_draw] if values[top] > 0 else []
    if "discard" not in kinds or valid_declaration(turn) is not None:
        return []
    values = table.values(turn.hand)
    cheapest = sorted(turn.cards_of("discard"), key=lambda card: values[card])[:CANDIDATES]
    return [{"type": "discard", "card": card} for card in cheapest]


def score(
    world: World, turn: Turn[RummyAction, RummyView], action: RummyAction, rng: random.Random
) -> float:
    """Play ``action``, then this seat's own draws from the sampled closed deck (the other
    seats drawing from it in between), Medium choosing each discard, until a valid
    declaration: the sooner, the better. A hand still short after ``LOOK_AHEAD`` draws scores
    by how good it is by then, below any declaration."""
    table = Table.of(turn)
    live, wild = table.live(), table.wild_rank
    deck = list(world.closed)
    hand = list(turn.hand)
    keep = None
    if action["type"] == "discard":
        hand.remove(action["card"])
    elif action["type"] == "draw" and action["source"] == "open":
        keep = turn.view["open_top"]  # RM-8: it may not go straight back
        assert keep is not None  # the open pile has a top: drawing it was legal
        hand.append(keep)
    elif deck:
        hand.append(deck.pop())
    held: Hand | None = None  # the last hand read whole: a draw that joins none of it goes back
    for draw in range(LOOK_AHEAD + 1):
        if len(hand) > HAND_SIZE:
            if held is not None and held.joins_nothing(hand[-1]):
                hand.pop()  # nothing it could complete was incomplete before
            else:
                held = Hand.of(hand, wild)
                if _declarable(held, keep):
                    return DECLARED_SOON - draw
                hand.remove(_weakest(held, live, keep))
            keep = None
        del deck[len(deck) - world.others :]
        if not deck:
            break
        hand.append(deck.pop())
    return hand_value(hand[:HAND_SIZE], wild, live) / HAND_VALUE_SCALE


def _weakest(hand: Hand, live: Counter[str], keep: str | None) -> str:
    values = hand.keep_values(live)
    return min((card for card in values if card != keep), key=lambda card: values[card])


def _declarable(hand: Hand, keep: str | None) -> bool:
    """Whether 13 of these 14 group completely, the 14th put aside. A quick look first: a
    pure sequence, and no more cards related to no other than the one put aside and those
    two jokers each can make a run with."""
    if not hand.has_pure_sequence():
        return False
    if sum(hand.alone(card) for card in hand.cards if card != keep) > 1 + hand.jokers // 2:
        return False
    return completes(hand.cards, hand.wild_rank, aside=True, keep=keep)


BOTS = GameBots(
    easy=easy,
    medium=medium,
    hard=Search(sample=sample_world, score=score, medium=medium, candidates=candidates).policy,
    own=is_rummy,
    sees=is_rummy_view,
)
