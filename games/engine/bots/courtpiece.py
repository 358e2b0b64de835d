"""Court Piece bots, all five games (RULES.md CP-1 .. CP-20; the strategy is the seed's,
``000_c2a09ada9335b4a5``).

Medium calls (or, in hidden trump, lays face down a card of) its longest suit, cashes its
masters, draws trumps when its team holds them, cuts only what the opponents would win, throws
its tens on its partner's sure tricks in Mendikot, asks for a hidden trump only when cutting
pays, and reads the caller who keeps avoiding one suit. Hard deals the unseen cards (voids and
the hidden card's likely suit respected), rebuilds the deal in the engine from the public moves
and plays each candidate out with Medium.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.actions import CourtPieceAction, is_court_piece
from games.engine.base import Event, Match
from games.engine.bots.base import Turn
from games.engine.bots.search import playout_bots, replay
from games.engine.bots.tricks import (
    SUITS,
    Memory,
    Reader,
    Recall,
    Unseen,
    chance_safe,
    deal_unseen,
    rank,
    suit,
    twin_below,
    unseen,
)
from games.engine.courtpiece import match_from_hands
from games.engine.courtpiece.seats import partner_of, right_of, team_of
from games.engine.events import CourtPieceLuck
from games.engine.views import CourtPieceView, is_court_piece_view

SEATS = 4
TEN = 10
MARGIN = 0.25
"""What a trick of margin is worth against a won deal, in Hard's playouts."""
SAFE = 0.6
"""How sure a card must be of holding the trick before it is spent to win it."""
TRUMP_SETTERS = ("call", "luck", "trump_shown", "trump_set", "change_trump")
"""Events that name the trump suit (CP-5, CP-11, CP-16, CP-19)."""


def _trump_named(event: Event) -> str | None:
    return event["suit"] if event["type"] in TRUMP_SETTERS and "suit" in event else None


class CourtPieceReader(Reader):
    """CP-4: a card off the led suit shows a void in it, and so does asking for the trump
    (CP-9: only a seat that cannot follow may ask). Once the trump is shown at a seat's request,
    or on the caller's own lead (CP-10), that seat must play a trump if it holds one, so a card
    of another suit shows it holds none."""

    def __init__(self) -> None:
        super().__init__(lambda led, card, trump: suit(card) != led, _trump_named)
        self.must_trump: int | None = None

    def read_event(self, event: Event) -> None:
        if event["type"] == "ask_trump":
            self.must_trump = event["seat"]
            if self.led is not None:
                self.memory.add_void(event["seat"], self.led)
        elif event["type"] == "trump_shown" and self.must_trump is None:
            self.must_trump = event["seat"]
        elif event["type"] == "play" and "card" in event:
            trump, seat = self.trump, event["seat"]
            if self.must_trump == seat and trump is not None and suit(event["card"]) != trump:
                self.memory.add_void(seat, trump)
            self.must_trump = None
        super().read_event(event)


_memory = Recall(CourtPieceReader)


@dataclass
class Table:
    """One decision, read from the turn: the trick, the trump and what has been seen."""

    turn: Turn[CourtPieceAction, CourtPieceView]
    memory: Memory
    trick: list[tuple[int, str, bool]]
    trump: str | None
    """The suit counting as trump now (CP-11: a hidden one counts only once shown)."""
    pool: Unseen

    @classmethod
    def of(cls, turn: Turn[CourtPieceAction, CourtPieceView]) -> Table:
        view = turn.view
        memory = _memory(turn.record)
        trick = [(play["seat"], play["card"], play["trump"]) for play in view["trick"]]
        seen = [card for card in (view["trump_card"], _known_face_down(view)) if card]
        return cls(turn, memory, trick, view["trump"], Unseen.of(turn.hand, memory, seen))

    @property
    def seat(self) -> int:
        return self.turn.seat

    @property
    def led(self) -> str | None:
        return suit(self.trick[0][1]) if self.trick else None

    def later(self) -> list[int]:
        """The seats still to play to this trick after this one, in order (CP-1)."""
        seats, seat = [], self.seat
        for _ in range(SEATS - len(self.trick) - 1):
            seat = right_of(seat)
            seats.append(seat)
        return seats

    def winning(self) -> tuple[int, str, bool]:
        """CP-4 with CP-11: the highest card played as a trump, else the highest of the led
        suit."""
        trumps = [play for play in self.trick if play[2]]
        if trumps:
            return max(trumps, key=lambda play: rank(play[1]))
        return max(
            (play for play in self.trick if suit(play[1]) == self.led),
            key=lambda play: rank(play[1]),
        )

    def safe(self, card: str) -> float:
        """The chance no opponent still to play beats ``card`` once it wins the trick."""
        opponents = [seat for seat in self.later() if team_of(seat) != team_of(self.seat)]
        return chance_safe(
            card,
            self.led or suit(card),
            self.trump,
            opponents,
            self.pool,
            self.turn.view["hand_sizes"],
            self.memory,
            trump_any_time=False,
        )

    def is_master(self, card: str) -> bool:
        """No unseen card of its suit is higher."""
        return self.pool.is_master(card)

    def value(self, card: str) -> float:
        """What a card carries into a trick: in Mendikot the tens decide (CP-20)."""
        return 1.0 if self.turn.view["variant"] == "mendikot" and rank(card) == TEN else 0.0


def _known_face_down(view: CourtPieceView) -> str | None:
    face_down = view["face_down"]
    return None if face_down is None else face_down["card"]


# -- choosing trump ----------------------------------------------------------------------------


def suit_strength(cards: Sequence[str], of: str) -> float:
    held = [rank(card) for card in cards if suit(card) == of]
    return len(held) + sum({14: 0.75, 13: 0.5, 12: 0.25}.get(rank, 0.0) for rank in held)


def longest_suit(cards: Sequence[str]) -> str:
    return max(SUITS, key=lambda letter: suit_strength(cards, letter))


def medium_choose(turn: Turn[CourtPieceAction, CourtPieceView]) -> CourtPieceAction:
    """CP-5: call the strongest suit of the first five; the chooser passes a hand with no
    suit worth calling to the partner, who must call. Hidden trump (CP-8): lay face down a
    card of the longest suit, the lowest, keeping its high cards in play (the seed)."""
    hand = turn.hand
    best = longest_suit(hand)
    pass_ = [action for action in turn.legal if action["type"] == "pass"]
    if pass_ and suit_strength(hand, best) < 2.5:
        return pass_[0]
    for action in turn.legal:
        if action["type"] == "call" and action["suit"] == best:
            return action
    hides = [
        action for action in turn.legal if action["type"] == "hide" and suit(action["card"]) == best
    ]
    if hides:
        return min(hides, key=lambda action: rank(action["card"]))
    keep = [action for action in turn.legal if action["type"] in ("keep_cards", "call")]
    return keep[0] if keep else turn.legal[0]


def medium_confirm(turn: Turn[CourtPieceAction, CourtPieceView]) -> CourtPieceAction:
    """CP-16 (house): change trump only to a suit two cards longer than the present one."""
    hand = turn.hand
    current = turn.view["trump"] or (_known_face_down(turn.view) or "")[-1:]
    best = longest_suit(hand)
    if suit_strength(hand, best) >= suit_strength(hand, current) + 2:
        for action in turn.legal:
            if "suit" in action and action["suit"] == best:
                return action
            if "card" in action and suit(action["card"]) == best:
                return action
    return {"type": "keep_trump"}


# -- reading a hidden trump --------------------------------------------------------------------


def trump_odds(turn: Turn[CourtPieceAction, CourtPieceView], memory: Memory) -> dict[str, float]:
    """How likely each suit is the face-down one, for a seat that cannot see it.

    The seed: a caller who keeps avoiding one suit is often keeping the suit of the card he
    hid. A suit the caller led or threw away while the card lay face down is less likely; a
    suit with more cards unseen is more likely (the caller hid one of his longest)."""
    view = turn.view
    caller = view["caller"]
    shown = [card for card in (view["trump_card"],) if card]
    pool = unseen(turn.hand, memory, shown)
    weight = {letter: float(sum(suit(card) == letter for card in pool)) for letter in SUITS}
    for trick in memory.tricks:
        for position, (seat, card) in enumerate(trick):
            led_by_caller = position == 0
            threw = position > 0 and suit(card) != suit(trick[0][1])
            if seat == caller and (led_by_caller or threw):
                weight[suit(card)] *= 0.5
    total = sum(weight.values()) or 1.0
    return {letter: value / total for letter, value in weight.items()}


def _ask_pays(table: Table) -> bool:
    """CP-9: once shown at my request I must trump if I can, so ask only when a cut would take
    a trick the opponents are winning, and I probably hold a trump to cut with."""
    seat, _, _ = table.winning()
    if team_of(seat) == team_of(table.seat):
        return False
    known = _known_face_down(table.turn.view)
    if known is not None:
        return True  # the caller: the shown card comes back to the hand, a trump to cut with
    odds = trump_odds(table.turn, table.memory)
    held = {suit(card) for card in table.turn.hand}
    return sum(odds[letter] for letter in held) >= 0.55


def _reveal_pays(table: Table) -> bool:
    """CP-10: showing the trump on one's own lead means leading a trump; do it with plenty
    (the seed)."""
    known = _known_face_down(table.turn.view)
    if known is None:
        return False
    trumps = sum(suit(card) == suit(known) for card in table.turn.hand) + 1
    return trumps >= 4


# -- playing -----------------------------------------------------------------------------------


def medium_play(turn: Turn[CourtPieceAction, CourtPieceView]) -> CourtPieceAction:
    table = Table.of(turn)
    kinds = {action["type"] for action in turn.legal}
    if "ask_trump" in kinds and _ask_pays(table):
        return {"type": "ask_trump"}
    if "reveal" in kinds and _reveal_pays(table):
        return {"type": "reveal"}
    cards = turn.cards_of("play")
    if len(cards) == 1:
        return {"type": "play", "card": cards[0]}
    if not table.trick:
        return {"type": "play", "card": _lead(table, cards)}
    if table.led in {suit(card) for card in cards}:
        return {"type": "play", "card": _follow(table, cards)}
    return {"type": "play", "card": _void(table, cards)}


def _lead(table: Table, cards: Sequence[str]) -> str:
    trump, hand = table.trump, table.turn.hand
    if table.turn.view["must_play_trump"] and trump is not None:
        trumps = [card for card in cards if suit(card) == trump]
        top = max(trumps, key=rank)
        return top if table.is_master(top) else min(trumps, key=rank)
    opponents = [seat for seat in range(SEATS) if team_of(seat) != team_of(table.seat)]
    if trump is not None:
        ours = team_of(table.turn.view["caller"] or table.seat) == team_of(table.seat)
        trumps = [card for card in cards if suit(card) == trump]
        theirs = table.pool.count(trump) and not all(
            table.memory.void_in(seat, trump) for seat in opponents
        )
        if trumps and theirs and (ours or len(trumps) >= 4):
            top = max(trumps, key=rank)
            if table.is_master(top):
                return top  # draw the opponents' trumps while holding the best
    masters = [
        card
        for card in cards
        if suit(card) != trump
        and table.is_master(card)
        and not any(table.memory.void_in(seat, suit(card)) for seat in opponents)
    ]
    if masters:
        return max(masters, key=lambda card: (hand_length(hand, card), rank(card)))
    side = [card for card in cards if suit(card) != trump and table.value(card) == 0] or list(cards)
    return min(side, key=lambda card: (-hand_length(hand, card), rank(card)))


def hand_length(hand: Sequence[str], card: str) -> int:
    return sum(suit(other) == suit(card) for other in hand)


def _follow(table: Table, cards: Sequence[str]) -> str:
    led = table.led
    assert led is not None
    following = [card for card in cards if suit(card) == led]
    seat, best, best_is_trump = table.winning()
    last = not table.later()
    lowest = min(following, key=lambda card: (table.value(card), rank(card)))
    if team_of(seat) == team_of(table.seat) and (last or table.safe(best) >= SAFE):
        tens = [card for card in following if table.value(card)]
        return tens[0] if tens else lowest  # Mendikot: a ten on the partner's sure trick
    winners = [] if best_is_trump else [c for c in following if rank(c) > rank(best)]
    if not winners:
        return lowest
    if last:
        return min(winners, key=rank)
    safe = [card for card in winners if table.safe(card) >= SAFE]
    if safe:
        return min(safe, key=rank)
    return lowest


def _void(table: Table, cards: Sequence[str]) -> str:
    seat, best, best_is_trump = table.winning()
    partner_has_it = team_of(seat) == team_of(table.seat) and (
        not table.later() or table.safe(best) >= SAFE
    )
    if table.trump is None and table.turn.view["variant"] == "be_ranga" and not partner_has_it:
        # CP-19: the first card off the led suit names trump: make it the longest suit.
        longest = longest_suit(table.turn.hand)
        return min((card for card in cards if suit(card) == longest), key=rank)
    if not partner_has_it and table.trump is not None:
        cuts = [
            card
            for card in cards
            if suit(card) == table.trump and (not best_is_trump or rank(card) > rank(best))
        ]
        cut = min(cuts, key=rank) if cuts else None
        if cut is not None and (not table.later() or table.safe(cut) >= SAFE / 2):
            return cut
    if partner_has_it:
        tens = [card for card in cards if table.value(card) and suit(card) != table.trump]
        if tens:
            return tens[0]
    return _discard(table, cards)


def _discard(table: Table, cards: Sequence[str]) -> str:
    """The cheapest card: not a trump, not a ten in Mendikot, low, from a short suit (to be
    void in it sooner and cut)."""
    hand = table.turn.hand
    return min(
        cards,
        key=lambda card: (
            suit(card) == table.trump,
            table.value(card),
            table.is_master(card),
            rank(card) + hand_length(hand, card),
        ),
    )


# -- the levels --------------------------------------------------------------------------------


def medium(turn: Turn[CourtPieceAction, CourtPieceView]) -> CourtPieceAction:
    phase = turn.view["phase"]
    if phase == "choose":
        return medium_choose(turn)
    if phase == "confirm":
        return medium_confirm(turn)
    if phase == "play":
        return medium_play(turn)
    return turn.legal[0]  # deal on


def easy(turn: Turn[CourtPieceAction, CourtPieceView]) -> CourtPieceAction:
    """Calls or hides at random, never asks for a hidden trump, plays any legal card."""
    phase = turn.view["phase"]
    actions = [
        action
        for action in turn.legal
        if action["type"] not in ("pass", "change_cards", "ask_trump", "reveal")
    ]
    if phase == "confirm":
        return {"type": "keep_trump"}
    return turn.rng.choice(actions or list(turn.legal))


# -- Hard --------------------------------------------------------------------------------------


def sample_world(turn: Turn[CourtPieceAction, CourtPieceView], rng: random.Random) -> Match:
    """A deal consistent with the view and the record, rebuilt in the engine.

    An unseen face-down card is drawn first, its suit weighted by ``trump_odds``; the other
    unseen cards are dealt to the other seats, none of a suit a seat showed it lacks. Each
    seat's 13 are what it holds and has played (the caller's also the face-up luck card or
    shown trump, and the face-down card), in the order ``_deal_order`` gives; then the deal's
    public moves are replayed."""
    view = turn.view
    memory = _memory(turn.record)
    caller = view["caller"]
    shown = view["trump_card"]
    face_down = _known_face_down(view)
    pool = unseen(turn.hand, memory, [card for card in (shown, face_down) if card])
    if view["face_down"] is not None and face_down is None:
        face_down = _draw_face_down(pool, trump_odds(turn, memory), rng)
        pool.remove(face_down)
    held_up = shown is not None and caller != turn.seat and shown not in memory.gone
    needs = {
        seat: view["hand_sizes"][seat] - (held_up and seat == caller)
        for seat in range(SEATS)
        if seat != turn.seat
    }
    called = _called_card(turn, memory, pool, rng)
    if called is not None:
        assert caller is not None  # a card called for is in the caller's hand (CP-5)
        pool.remove(called)
        needs[caller] -= 1
    dealt = deal_unseen(pool, needs, lambda seat, card: memory.void_in(seat, suit(card)), rng)
    dealt[turn.seat] = turn.hand
    hands = [dealt[seat] + memory.played.get(seat, []) for seat in range(SEATS)]
    if called is not None:
        assert caller is not None
        hands[caller].append(called)
    if held_up:
        assert caller is not None and shown is not None  # the card shown is the caller's
        hands[caller].append(shown)
    if view["face_down"] is not None:
        assert face_down is not None and caller is not None  # the caller laid it (CP-8)
        hands[caller].append(face_down)
    shown_later = [event["card"] for event in turn.record if event["type"] == "trump_shown"]
    laid = face_down or (shown_later[0] if shown_later else None)  # what was laid face down
    ordered = [_deal_order(seat, hands[seat], turn.record, laid, rng) for seat in range(SEATS)]
    world = match_from_hands(
        view["variant"], ordered, dealer=view["dealer"], options=_options(turn)
    )
    return replay(world, _public_moves(turn.record, laid))


def _called_card(
    turn: Turn[CourtPieceAction, CourtPieceView],
    memory: Memory,
    pool: Sequence[str],
    rng: random.Random,
) -> str | None:
    """CP-5: a caller held a card of the suit called; if another caller has played none yet,
    one is still in the hand: an unseen card of that suit, dealt to the caller first."""
    calls = [
        event for event in turn.record if event["type"] == "call" and event["seat"] != turn.seat
    ]
    if not calls:
        return None
    caller, called = calls[-1]["seat"], calls[-1]["suit"]
    if any(suit(card) == called for card in memory.played.get(caller, [])):
        return None
    return rng.choice([card for card in pool if suit(card) == called])


def _draw_face_down(pool: Sequence[str], odds: dict[str, float], rng: random.Random) -> str:
    letters = [letter for letter in SUITS if any(suit(card) == letter for card in pool)]
    chosen = rng.choices(letters, weights=[odds[letter] + 1e-6 for letter in letters])[0]
    return rng.choice([card for card in pool if suit(card) == chosen])


def _deal_order(
    seat: int, cards: list[str], record: Sequence[Event], face_down: str | None, rng: random.Random
) -> list[str]:
    """A seat's 13 in the order they were dealt: the first five holding what its call needed
    (a card of the suit called, or the card hidden, CP-3, CP-8), the luck card last (CP-5)."""
    rest = list(cards)
    rng.shuffle(rest)
    first: list[str] = []
    last: list[str] = []
    for event in record:
        if event["type"] == "luck" and event["caller"] == seat:
            last.append(event.get("card") or face_down or "")
        elif event["type"] == "hide" and event["seat"] == seat and face_down is not None:
            first.append(face_down)
    for card in first + last:
        rest.remove(card)
    for event in record:
        if event["type"] == "call" and event["seat"] == seat:
            called = next(card for card in rest if suit(card) == event["suit"])
            rest.remove(called)
            first.append(called)
    return first + rest + last


def _options(turn: Turn[CourtPieceAction, CourtPieceView]) -> dict[str, Any]:
    """The table options a view shows: the target and the house features on. (Court Piece's
    view does not carry Double Sar's pile options; their defaults stand in.)"""
    view = turn.view
    options: dict[str, Any] = {"target": view["target"]}
    options.update(dict.fromkeys(view["house_features"], True))
    if view["variant"] == "double_sar":
        options["hidden_trump"] = any(
            event["type"] in ("hide", "trump_shown") for event in turn.record
        ) or (view["face_down"] is not None)
    return options


def _public_moves(
    record: Sequence[Event], face_down: str | None
) -> list[tuple[int, CourtPieceAction]]:
    """The deal's moves, read back from its public events (a reveal leaves only the trump
    shown; an ask leaves both)."""
    moves: list[tuple[int, CourtPieceAction]] = []
    asked = False
    for event in record:
        if (event["type"] == "call" or event["type"] == "change_trump") and "suit" in event:
            moves.append((event["seat"], {"type": event["type"], "suit": event["suit"]}))
        elif event["type"] == "hide":
            # ``sample_world`` knows (or drew) the hidden card whenever a card was hidden.
            assert face_down is not None
            moves.append((event["seat"], {"type": "hide", "card": face_down}))
        elif event["type"] == "luck":
            moves.append((_luck_seat(moves, event), {"type": "luck"}))
        elif event["type"] == "pass":
            moves.append((event["seat"], {"type": "pass"}))
        elif event["type"] == "keep_cards" or event["type"] == "keep_trump":
            moves.append((event["seat"], {"type": event["type"]}))
        elif event["type"] == "play" and "card" in event:
            moves.append((event["seat"], {"type": "play", "card": event["card"]}))
        elif event["type"] == "ask_trump":
            asked = True
            moves.append((event["seat"], {"type": "ask_trump"}))
        elif event["type"] == "trump_shown":
            if not asked:
                moves.append((event["seat"], {"type": "reveal"}))
            asked = False
    return moves


def _luck_seat(moves: Sequence[tuple[int, CourtPieceAction]], event: CourtPieceLuck) -> int:
    """The luck card is turned when the partner who was passed the choice does not call."""
    passed = [seat for seat, action in moves if action["type"] == "pass"]
    return partner_of(passed[-1]) if passed else event["caller"]


def deal_result(world: Match, seat: int) -> float:
    """The deal's worth to the seat's team: won deals count 1, sweeps more (CP-2, CP-7), and
    the margin in tricks a quarter each (it tells good play from lucky far more steadily
    than the deal's result alone)."""
    view = world.view(seat)
    assert is_court_piece_view(view)  # a world is a Court Piece match (``sample_world``)
    last = view["last_deal"]
    assert last is not None  # a playout stops at the end of the deal (``deal_over``)
    mine = team_of(seat)
    sign = 0.0 if last["team"] is None else (1.0 if last["team"] == mine else -1.0)
    margin = int(last["tricks"][mine]) - int(last["tricks"][1 - mine])
    return sign * float(last["points"]) + MARGIN * margin


def candidates(turn: Turn[CourtPieceAction, CourtPieceView]) -> list[CourtPieceAction]:
    """The cards (and asking or revealing) in play, one of each run of touching cards; the
    calls are Medium's. A record that does not reach back to the deal, or that holds a house
    move it does not show, leaves the decision to Medium."""
    if turn.view["phase"] != "play" or not turn.complete:
        return []
    if any(_unreplayable(event) for event in turn.record):
        return []
    table = Table.of(turn)
    plays = turn.cards_of("play")
    return [
        action
        for action in turn.legal
        if action["type"] != "play"
        or not twin_below(action["card"], plays, table.pool, lambda card: not table.value(card))
    ]


def _unreplayable(event: Event) -> bool:
    """House moves whose effect the record does not show: fresh cards (CP-15), or a hidden
    trump swapped for another card (CP-16). A deal with one cannot be rebuilt."""
    return event["type"] == "change_cards" or (
        event["type"] == "change_trump" and "suit" not in event
    )


BOTS = playout_bots(
    easy=easy,
    medium=medium,
    own=is_court_piece,
    sees=is_court_piece_view,
    sample=sample_world,
    candidates=candidates,
    ends="deal_over",
    evaluate=deal_result,
)
