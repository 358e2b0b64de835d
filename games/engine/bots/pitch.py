"""Pitch bots (RULES.md PI-1 .. PI-10; the strategy is the seed's, ``003_5a788261b0bf524c``).

Medium bids by counting the points its hand makes sure of, pitches the trump Ace, throws its
tens on tricks its partner is sure to win, and trumps to catch a ten or a Jack. Hard deals the
unseen cards (voids respected), rebuilds the hand in the engine from that deal and the public
moves, and plays each candidate out with Medium.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.engine.actions import PitchAction, is_pitch
from games.engine.base import Event, Match
from games.engine.bots.base import Turn
from games.engine.bots.search import playout_bots, replay
from games.engine.bots.tricks import (
    SUITS,
    Memory,
    Reader,
    Recall,
    Unseen,
    beats,
    chance_safe,
    deal_unseen,
    rank,
    suit,
    twin_below,
    unseen,
    winning,
)
from games.engine.pitch import match_from_deal
from games.engine.pitch.scoring import CARD_POINTS
from games.engine.views import PitchView, is_pitch_view

SEATS = 4
MATCH_SWING = 5.0
"""What winning or losing the match in this hand is worth beyond its points (PI-8)."""


def team(seat: int) -> int:
    return seat % 2


def points(card: str) -> int:
    """PI-6: what a card counts towards Game."""
    return CARD_POINTS.get(card[:-1], 0)


def _shows_void(led: str, card: str, trump: str | None) -> bool:
    return suit(card) not in (led, trump)  # PI-5: a trump may always be played


def _trump_named(event: Event) -> str | None:
    return event["suit"] if event["type"] == "trump" else None


_recall = Recall(lambda: Reader(_shows_void, _trump_named))


def _memory(turn: Turn[PitchAction, PitchView]) -> Memory:
    return _recall(turn.record)


# -- bidding -----------------------------------------------------------------------------------


def suit_points(hand: Sequence[str], trump: str, low_rule: str = "won") -> float:
    """The points a hand may count on with ``trump`` as trump (the seed's bidding advice)."""
    trumps = sorted((rank(card) for card in hand if suit(card) == trump), reverse=True)
    if not trumps:
        return 0.0
    # High: the trump Ace is sure; a King or Queen is High only when the cards above were not
    # dealt (18 of the 46 unseen cards are).
    high = {14: 1.0, 13: 0.6, 12: 0.35}.get(trumps[0], 0.1)
    # Low: the trump 2 is sure Low if it is kept out of the opponents' tricks.
    low = {2: 0.8, 3: 0.55, 4: 0.35, 5: 0.2}.get(trumps[-1], 0.0)
    if low_rule == "dealt":
        low = {2: 1.0, 3: 0.65, 4: 0.4, 5: 0.25}.get(trumps[-1], 0.0)
    # Jack: alone it is easily caught, so half a point; guarded by length or a higher trump,
    # nearly sure.
    jack = 0.0
    if 11 in trumps:
        jack = 0.9 if len(trumps) >= 3 or trumps[0] > 11 else 0.5
    # Game: tens and honours, and trump length to win tricks with.
    card_points = sum(points(card) for card in hand)
    game = min(0.9, 0.12 * len(trumps) + card_points / 45)
    return high + low + jack + game


def best_trump(hand: Sequence[str], low_rule: str = "won") -> tuple[str, float]:
    return max(((s, suit_points(hand, s, low_rule)) for s in SUITS), key=lambda pair: pair[1])


def medium_bid(turn: Turn[PitchAction, PitchView]) -> PitchAction:
    view = turn.view
    bids = [action["bid"] for action in turn.legal if action["type"] == "bid"]
    _, expected = best_trump(turn.hand, view["options"]["low_rule"])
    worth = _bid_value(expected, turn.hand, view["options"]["low_rule"])
    highest, holder = _highest_bid(view)
    partner_holds = holder is not None and team(holder) == team(turn.seat)
    if partner_holds and worth < highest + 1:
        worth = 0  # no need to outbid a partner's contract with a hand hardly better
    affordable = [bid for bid in bids if bid != "pass" and _value(bid) <= worth]
    if affordable:
        return {"type": "bid", "bid": max(affordable, key=_value)}
    if "pass" in bids:
        return {"type": "bid", "bid": "pass"}
    return {"type": "bid", "bid": min(bids, key=_value)}  # PI-3: the dealer must bid


def _bid_value(expected: float, hand: Sequence[str], low_rule: str) -> int:
    """The contract a hand is worth: its expected points, a little optimistic (a partner
    helps), and a kot only with six trumps or five headed by the Ace and King."""
    trump, _ = best_trump(hand, low_rule)
    trumps = [rank(card) for card in hand if suit(card) == trump]
    if len(trumps) == 6 or (len(trumps) == 5 and {13, 14} <= set(trumps)):
        return 5
    return min(4, int(expected + 0.3))


def _value(bid: int | str) -> int:
    return {"pass": 0, "kot": 5}.get(str(bid), 0) if isinstance(bid, str) else bid


def _highest_bid(view: PitchView) -> tuple[int, int | None]:
    bids = view["bids"]
    best, holder = 0, None
    for seat, bid in enumerate(bids):
        if bid is not None and _value(bid) > best:
            best, holder = _value(bid), seat
    return best, holder


# -- playing -----------------------------------------------------------------------------------


def _trick(turn: Turn[PitchAction, PitchView]) -> list[tuple[int, str]]:
    return [(play["seat"], play["card"]) for play in turn.view["trick"]]


def keep_value(card: str, trump: str) -> float:
    """What losing ``card`` to a trick costs, roughly: its Game points, and for a trump its
    power and the High, Jack and Low it may take."""
    value = float(points(card)) + rank(card) / 20
    if suit(card) == trump:
        value += 4 + rank(card) / 2 + {11: 8.0, 2: 5.0, 3: 2.0}.get(rank(card), 0.0)
    return value


def _safe(
    card: str,
    trick: Sequence[tuple[int, str]],
    trump: str,
    turn: Turn[PitchAction, PitchView],
    memory: Memory,
) -> float:
    """The chance that no opponent still to play beats ``card`` (it would win ``trick`` now)."""
    later = [(turn.seat + step) % SEATS for step in range(1, SEATS - len(trick))]
    return chance_safe(
        card,
        suit(trick[0][1]) if trick else suit(card),
        trump,
        [seat for seat in later if team(seat) != team(turn.seat)],
        Unseen.of(turn.hand, memory),
        turn.view["hand_sizes"],
        memory,
        trump_any_time=True,
    )


def medium_play(turn: Turn[PitchAction, PitchView]) -> PitchAction:
    cards = turn.cards_of("play")
    if len(cards) == 1:
        return {"type": "play", "card": cards[0]}
    trump = turn.view["trump"]
    if trump is None:
        return {"type": "play", "card": _pitch(turn.hand, turn.view["options"]["low_rule"])}
    memory = _memory(turn)
    trick = _trick(turn)
    card = (
        _follow(turn, cards, trick, trump, memory) if trick else _lead(turn, cards, trump, memory)
    )
    return {"type": "play", "card": card}


def _pitch(hand: Sequence[str], low_rule: str) -> str:
    """PI-4: the first card names trump. Pitch the trump Ace: it wins High and usually draws
    out the opponents' Jack or a low trump (the seed); without it, the highest trump."""
    trump, _ = best_trump(hand, low_rule)
    return max((card for card in hand if suit(card) == trump), key=rank)


def _lead(
    turn: Turn[PitchAction, PitchView], cards: Sequence[str], trump: str, memory: Memory
) -> str:
    trumps = [card for card in cards if suit(card) == trump]
    pool = Unseen.of(turn.hand, memory)
    opponents = [seat for seat in range(SEATS) if team(seat) != team(turn.seat)]
    opponents_may_trump = pool.count(trump) and not all(
        memory.void_in(seat, trump) for seat in opponents
    )
    if trumps and opponents_may_trump:
        top = max(trumps, key=rank)
        if pool.is_master(top):
            return top  # the master trump draws the others' trumps, and their Jack or Low
    side = [card for card in cards if suit(card) != trump]
    if side:
        return min(side, key=lambda card: (points(card) >= 10, points(card), rank(card)))
    return min(cards, key=lambda card: keep_value(card, trump))


def _follow(
    turn: Turn[PitchAction, PitchView],
    cards: Sequence[str],
    trick: list[tuple[int, str]],
    trump: str,
    memory: Memory,
) -> str:
    leader_seat, best = winning(trick, trump)
    led = suit(trick[0][1])
    last = len(trick) == SEATS - 1
    if team(leader_seat) == team(turn.seat) and (
        last or _safe(best, trick, trump, turn, memory) > 0.8
    ):
        return _throw_points(cards, trump)
    winners = [card for card in cards if beats(card, best, led, trump)]
    valuable = sum(points(card) for _, card in trick) >= 10 or any(
        suit(card) == trump and rank(card) in (11, 2, 3) for _, card in trick
    )
    if winners and (valuable or last):
        # The seed: trumping is often the best way to catch a ten or a Jack, even when the led
        # suit could be followed.
        safe = [card for card in winners if last or _safe(card, trick, trump, turn, memory) > 0.5]
        if safe:
            return min(safe, key=lambda card: keep_value(card, trump))
    if team(leader_seat) != team(turn.seat) and winners and not last:
        cheap = [card for card in winners if suit(card) != trump and points(card) == 0]
        if cheap and _safe(min(cheap, key=rank), trick, trump, turn, memory) > 0.7:
            return min(cheap, key=rank)
    return min(cards, key=lambda card: keep_value(card, trump))


def _throw_points(cards: Sequence[str], trump: str) -> str:
    """The seed: tens decide Game, so throw them on the partner's sure tricks; the trump Jack
    and a low trump are safe there too. Side Aces stay: they win tricks of their own."""

    def gift(card: str) -> float:
        value = rank(card)
        if suit(card) == trump:
            return {11: 9.0, 2: 8.0, 3: 5.0}.get(value, 0.0)
        return 1.0 if value == 14 else float(points(card))

    best = max(cards, key=gift)
    if gift(best) > 0:
        return best
    return min(cards, key=lambda card: keep_value(card, trump))


# -- the levels --------------------------------------------------------------------------------


def medium(turn: Turn[PitchAction, PitchView]) -> PitchAction:
    kinds = {action["type"] for action in turn.legal}
    if "bid" in kinds:
        return medium_bid(turn)
    if "play" in kinds:
        return medium_play(turn)
    return turn.legal[0]  # deal the next hand


def easy(turn: Turn[PitchAction, PitchView]) -> PitchAction:
    """Bids 2 with an Ace and another card of its suit (else passes, or the forced 2), and
    plays any legal card: follows the rules, rarely more."""
    bids = [action for action in turn.legal if action["type"] == "bid"]
    if bids:
        strong = any(
            rank(card) == 14 and sum(suit(other) == suit(card) for other in turn.hand) >= 2
            for card in turn.hand
        )
        wanted = [2, "pass"] if strong else ["pass"]
        for bid in wanted:
            for action in bids:
                if action["bid"] == bid:
                    return action
        return bids[0]  # PI-3: the dealer must bid; the lowest
    return turn.rng.choice(list(turn.legal))


# -- Hard --------------------------------------------------------------------------------------


def sample_world(turn: Turn[PitchAction, PitchView], rng: random.Random) -> Match:
    """A deal consistent with the view and the record: the unseen cards dealt to the other
    seats (none of a suit a seat showed it lacks), each seat's hand as dealt rebuilt from what
    it holds and has played, and the hand replayed in the engine from its public moves."""
    view = turn.view
    memory = _memory(turn)
    others = [seat for seat in range(SEATS) if seat != turn.seat]
    dealt = deal_unseen(
        unseen(turn.hand, memory),
        {seat: view["hand_sizes"][seat] for seat in others},
        lambda seat, card: memory.void_in(seat, suit(card)),
        rng,
    )
    dealt[turn.seat] = turn.hand
    hands = [dealt[seat] + memory.played.get(seat, []) for seat in range(SEATS)]
    world = match_from_deal(
        hands,
        dealer=view["dealer"],
        scores=(view["scores"][0], view["scores"][1]),
        options=view["options"],
    )
    return replay(world, list(_public_moves(turn)))


def _public_moves(turn: Turn[PitchAction, PitchView]) -> list[tuple[int, PitchAction]]:
    moves: list[tuple[int, PitchAction]] = []
    for event in turn.record:
        if event["type"] == "bid":
            moves.append((event["seat"], {"type": "bid", "bid": event["bid"]}))
        elif event["type"] == "play" and "card" in event:
            moves.append((event["seat"], {"type": "play", "card": event["card"]}))
    return moves


def hand_result(world: Match, seat: int) -> float:
    """The hand's points for the seat's team less the other team's, and the match if it was
    decided (PI-7, PI-8)."""
    view = world.view(seat)
    assert is_pitch_view(view)  # a world is a Pitch match (``sample_world``)
    last_hand = view["last_hand"]
    assert last_hand is not None  # a playout stops at the end of the hand (``hand_over``)
    scored = last_hand["scored"]
    mine = team(seat)
    value = float(scored[mine] - scored[1 - mine])
    if view["result"] is not None:  # the match is over
        value += MATCH_SWING if seat in view["result"]["winners"] else -MATCH_SWING
    return value


def candidates(turn: Turn[PitchAction, PitchView]) -> list[PitchAction]:
    """Search the bids and the cards; a record that does not reach back to the deal cannot
    be replayed, so that (rare) decision is Medium's."""
    if not turn.complete or turn.legal[0]["type"] == "deal":
        return []
    trump = turn.view["trump"]
    if turn.legal[0]["type"] == "bid" or trump is None:
        return list(turn.legal)
    pool = Unseen.of(turn.hand, _memory(turn))
    plays = turn.cards_of("play")

    def plain(card: str) -> bool:
        """A side card that counts nothing for Game (PI-6)."""
        return suit(card) != trump and points(card) == 0

    return [
        action
        for action in turn.legal
        if action["type"] == "play" and not twin_below(action["card"], plays, pool, plain)
    ]


BOTS = playout_bots(
    easy=easy,
    medium=medium,
    own=is_pitch,
    sees=is_pitch_view,
    sample=sample_world,
    candidates=candidates,
    ends="hand_over",
    evaluate=hand_result,
)
