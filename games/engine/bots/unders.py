"""Hidden Unders bots (RULES.md HU-1 .. HU-11; the strategy is the seed's,
``004_2ec28e79841b0d75``).

Medium lays its strongest cards as overs (they are played last, when no deck refills the
hand), starts a new pile with its lowest card unless the next player is about to go out, beats
the pile as cheaply as it can with every copy of the rank, and keeps its 2s and 10s for when
nothing else plays. Hard, once the deck is empty and the end is in reach, deals the cards it
cannot see (other hands, everyone's unders, the buried pile), keeping what the record shows of
them by rank, into an engine round, and plays each candidate out to the end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.engine.actions import UndersAction, is_unders
from games.engine.base import Event, Match
from games.engine.bots.base import Turn
from games.engine.bots.search import playout_bots
from games.engine.cards import decks, rank_of
from games.engine.unders import Deal, UndersMatch
from games.engine.unders.match import deck_count
from games.engine.unders.pile import BURNING_RUN, TEN, TWO, is_special, value
from games.engine.views import UndersSeatView, UndersView, is_unders_view

CLOSE_TO_OUT = 3
"""A player with this few cards left, and no deck to draw from, may go out soon: a new pile
is then started high, so that they cannot follow (the seed)."""


def _strength(card: str) -> tuple[bool, int]:
    """Specials first (they play on anything), then by rank."""
    return is_special(card), value(card)


# -- Medium ------------------------------------------------------------------------------------


def medium_overs(turn: Turn[UndersAction, UndersView]) -> UndersAction:
    """HU-2: the overs are played once the hand is gone and the deck is empty, with nothing
    to fall back on: lay the strongest four, keeping a pair together where possible."""
    hand = turn.hand
    counts = Counter(value(card) for card in hand)
    ranked = sorted(
        hand, key=lambda card: (*_strength(card), counts[value(card)] > 1), reverse=True
    )
    chosen = sorted(ranked[:4], key=hand.index)
    return {"type": "overs", "cards": chosen}


def medium_play(turn: Turn[UndersAction, UndersView]) -> UndersAction:
    plays = [list(action["cards"]) for action in turn.legal if action["type"] == "play"]
    view = turn.view
    pile = view["pile"]["top"]
    ordinary = [cards for cards in plays if not is_special(cards[0])]
    burns = [cards for cards in plays if _burns(cards, pile)]
    if burns:
        return {"type": "play", "cards": max(burns, key=len)}  # HU-4: burn, draw, play again
    if not pile and ordinary and _next_is_close_to_out(turn):
        return {"type": "play", "cards": _all_of(ordinary, max(value(c[0]) for c in ordinary))}
    if ordinary:
        return {"type": "play", "cards": _all_of(ordinary, min(value(c[0]) for c in ordinary))}
    return {"type": "play", "cards": _special(plays, view["pile"]["size"])}


def _all_of(plays: Sequence[list[str]], rank: int) -> list[str]:
    """Every held card of one rank (HU-3): the hand empties faster."""
    return max((cards for cards in plays if value(cards[0]) == rank), key=len)


def _burns(cards: Sequence[str], pile: Sequence[str]) -> bool:
    """HU-4: the cards complete four of a rank on top of the pile."""
    rank = value(cards[0])
    if rank == TEN:
        return False  # a 10 burns anything; it is kept for when it is needed
    run = 0
    for card in reversed(pile):
        if value(card) != rank:
            break
        run += 1
    return run > 0 and run + len(cards) >= BURNING_RUN


def _special(plays: Sequence[list[str]], pile_size: int) -> list[str]:
    """Only a 2 or a 10 plays: a 10 burns a big pile away, a 2 restarts a small one (HU-5)."""
    twos = [cards for cards in plays if value(cards[0]) == TWO]
    tens = [cards for cards in plays if value(cards[0]) == TEN]
    if tens and (pile_size >= 4 or not twos):
        return min(tens, key=len)
    return min(twos, key=len)


def _next_is_close_to_out(turn: Turn[UndersAction, UndersView]) -> bool:
    view = turn.view
    if view["deck_size"]:
        return False
    following = view["seats"][(turn.seat + 1) % view["players"]]
    return _cards_left(following) <= CLOSE_TO_OUT


def medium(turn: Turn[UndersAction, UndersView]) -> UndersAction:
    kind = turn.legal[0]["type"]
    if kind == "overs":
        return medium_overs(turn)
    if kind == "play":
        return medium_play(turn)
    return turn.legal[0]  # an under (blind: any), take the pile, or Draw/Done


def easy(turn: Turn[UndersAction, UndersView]) -> UndersAction:
    """Any legal move: random overs, a random card (a 2 or 10 as soon as any other)."""
    return turn.rng.choice(list(turn.legal))


# -- Hard --------------------------------------------------------------------------------------


@dataclass
class Sightings:
    """What the record shows, by rank, of cards now out of sight (the events name ranks only):
    the ranks on the pile, the ranks burned, and those each seat took up with the pile."""

    pile: list[str] = field(default_factory=list)
    burned: list[str] = field(default_factory=list)
    taken: dict[int, list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, record: Sequence[Event]) -> Sightings:
        seen = cls()
        for event in record:
            if (
                event["type"] == "play" and "rank" in event
            ):  # Hidden Unders' (the others' name cards)
                seen.pile += [event["rank"]] * event["count"]
                if event["from"] == "hand":
                    held = seen.taken.get(event["seat"], [])
                    for _ in range(min(event["count"], held.count(event["rank"]))):
                        held.remove(event["rank"])
            elif event["type"] == "under":
                seen.pile.append(event["rank"])
            elif event["type"] == "burn":  # HU-4, HU-5
                seen.burned += seen.pile
                seen.pile = []
            elif event["type"] == "take":  # HU-6, HU-9
                seen.taken.setdefault(event["seat"], []).extend(seen.pile)
                seen.pile = []
        return seen


def sample_world(turn: Turn[UndersAction, UndersView], rng: random.Random) -> Match:
    """A round consistent with the view and the record: the cards the seat has not seen
    (every other hand, the deck, all unders, its own included, the pile below the top cards
    shown, the burned cards) dealt in the sizes the view shows. What the record shows by rank
    is kept: the buried pile's ranks, the ranks burned, and in each other hand the ranks it
    took up with the pile; the rest is dealt at random."""
    view = turn.view
    players = view["players"]
    seats = view["seats"]
    top = view["pile"]["top"]
    seen = Counter(turn.hand) + Counter(top)
    for shown in seats:
        seen.update(shown["overs"] or ())
    pool = list((Counter(decks(deck_count(players))) - seen).elements())
    rng.shuffle(pool)
    sightings = Sightings.of(turn.record) if turn.complete else Sightings()
    if len(sightings.pile) != view["pile"]["size"]:
        sightings = Sightings()  # the record does not reach back far enough to tell

    def of_rank(rank: str) -> str | None:
        code = next((card for card in pool if rank_of(card) == rank), None)
        if code is not None:
            pool.remove(code)
        return code

    def known(ranks: Sequence[str]) -> list[str]:
        return [code for code in map(of_rank, ranks) if code is not None]

    def take(count: int) -> list[str]:
        cards = pool[len(pool) - count :] if count > 0 else []
        del pool[len(pool) - len(cards) :]
        return cards

    known(sightings.burned)  # out of play: left out of the deal, the world counts them burned
    buried = known(sightings.pile[: len(sightings.pile) - len(top)])
    hands = {
        seat: known(sightings.taken.get(seat, [])[: seats[seat]["hand_size"]])
        for seat in range(players)
        if seat != turn.seat
    }
    for seat, cards in hands.items():
        cards += take(seats[seat]["hand_size"] - len(cards))
    hands[turn.seat] = turn.hand
    unders = [take(seat["unders_left"]) for seat in seats]
    buried += take(view["pile"]["size"] - len(top) - len(buried))
    deal = Deal(
        hands=[hands[seat] for seat in range(players)],
        unders=unders,
        deck=take(view["deck_size"]),
        overs=[seat["overs"] for seat in seats],
        pile=[*buried, *top],
    )
    return UndersMatch.from_deal(deal, first=turn.seat)


def outcome(world: Match, seat: int) -> float:
    """1 for going out first; otherwise a share by how many cards the seat still holds
    against the others (HU-11's ranking), also if a playout stopped short of the end."""
    view = world.view(seat)
    assert is_unders_view(view)  # a world is a Hidden Unders match (``sample_world``)
    if view["result"] is not None and seat in view["result"]["winners"]:
        return 1.0
    left = [_cards_left(other) for other in view["seats"]]
    beaten = sum(other > left[seat] for other in left)
    return 0.5 * beaten / (len(left) - 1)


def _cards_left(seat: UndersSeatView) -> int:
    """What a seat of the view still has to play: hand, overs, unders (HU-11)."""
    return seat["hand_size"] + len(seat["overs"] or ()) + seat["unders_left"]


def candidates(turn: Turn[UndersAction, UndersView]) -> list[UndersAction]:
    """The plays, once the deck is empty: the end of the round is then near enough to play
    out, and its plays decide it (who blocks whom, which overs go when). Before, a round is
    mostly the luck of the draw and Medium's rules of thumb play it as well as a search can.
    Laying overs and turning a blind under are Medium's (seventy ways to lay overs are too
    many to play out, and unders are all alike to whoever cannot see them)."""
    if turn.view["deck_size"]:
        return []
    plays: dict[tuple[int, int], UndersAction] = {}
    for action in turn.legal:  # suits never matter (HU-3): one play per rank and count
        if action["type"] == "play":
            plays.setdefault((value(action["cards"][0]), len(action["cards"])), action)
    return list(plays.values())


BOTS = playout_bots(
    easy=easy,
    medium=medium,
    own=is_unders,
    sees=is_unders_view,
    sample=sample_world,
    candidates=candidates,
    ends="out",
    evaluate=outcome,
)
