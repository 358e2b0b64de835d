"""A round of Hidden Unders (RULES.md section 4, HU-1 .. HU-11) on the engine contract.

A turn: lay the four overs if it is the seat's first turn (HU-2); then play one or more cards
of one rank (HU-3), or take the pile when nothing plays (HU-6); then Draw/Done (HU-7, HU-8).
A burn (HU-4, HU-5) has the burner draw and play again. An under is played blind, and the turn
passes as soon as it is played, even when it burns the pile (HU-9). The first seat to play its
last card wins (HU-11).

Events name ranks, never card codes: a card on the pile is face up now but may be taken into a
hand later, and the history that views carry must not point at it there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Literal

from games.engine import actions
from games.engine.actions import UndersAction
from games.engine.base import (
    ActionFields,
    Event,
    HandGroup,
    HandLabel,
    Match,
    MatchResult,
    SentAction,
    action_type,
    labelled,
)
from games.engine.cards import decks, normalise_code, rank_of
from games.engine.errors import IllegalAction
from games.engine.events import UndersPlay, UndersUnder
from games.engine.rng import MatchRandom
from games.engine.unders.holding import Holding, Source
from games.engine.unders.pile import Burn, burn_after, can_play, has_play, in_order, value
from games.engine.unders.plays import (
    OVERS_COUNT,
    choices,
    lowest_play,
    playable_sets,
    strongest_overs,
)
from games.engine.views import UndersView

VARIANT = "classic"
CARDS_DEALT = 12
UNDERS_COUNT = 4
"""HU-2: the first four cards each seat is dealt lie face down as its unders."""
HAND_SIZE = 4
"""HU-7: a turn ends by drawing up to this many cards while the deck lasts."""
FIRST_SEAT = 0
"""[open] The player after the dealer leads; the dealer is taken to be the last seat."""
PILE_SHOWN = 4
"""How many top cards of the pile a view shows: enough to see a burn coming (HU-4)."""


class Step(StrEnum):
    """What the seat to move must do now."""

    LAY_OVERS = "overs"
    """HU-2: on its first turn, four cards from the hand face up on the unders."""
    PLAY = "play"
    """HU-3, HU-6, HU-9: play, turn an under over, or take the pile when nothing plays."""
    END_TURN = "done"
    """HU-7, HU-8: end the turn with Draw/Done."""


_OUT_OF_STEP = {
    Step.LAY_OVERS: ("lay_overs_first", "Lay four cards from your hand face up as overs first."),
    Step.PLAY: ("play_first", "Play a card first, or take the pile if nothing plays."),
    Step.END_TURN: ("end_your_turn", "You have played: end your turn with Draw/Done."),
}


_NOT_OPEN = {
    Source.HAND: "Play cards from your hand: your overs wait until it is empty.",
    Source.OVERS: "Your hand is empty: play cards from your overs.",
}
"""Why named cards cannot be played: the seat does not have them where it plays from now."""


def deck_count(players: int) -> int:
    """HU-1 [open]: one deck serves up to four players; five or six need 72 cards: two decks."""
    return 1 if players <= 4 else 2


@dataclass(frozen=True)
class Deal:
    """Where the cards lie as a round starts: for tests that need a chosen deal.

    ``overs`` is ``None`` for a seat that has not laid them yet (HU-2); leave it out and no seat
    has. Cards of the decks that the deal does not place count as burned already.
    """

    hands: Sequence[Sequence[str]]
    unders: Sequence[Sequence[str]]
    deck: Sequence[str] = ()
    overs: Sequence[Sequence[str] | None] | None = None
    pile: Sequence[str] = ()


class UndersMatch(Match):
    """One round of Hidden Unders: the cards of every seat, the deck, the pile, whose turn."""

    game: Literal["unders"] = "unders"
    action_fields: ClassVar[ActionFields] = {
        "overs": {"cards": actions.cards},
        "play": {"cards": actions.cards},
        "under": {"index": actions.as_is},
        "take": {},
        "done": {},
    }

    def __init__(
        self,
        *,
        variant: str,
        players: int,
        options: Mapping[str, Any],
        rng: MatchRandom,
        holdings: list[Holding],
        deck: list[str],
        pile: list[str],
        burned: list[str],
        turn: int,
        step: Step,
        winner: int | None = None,
    ) -> None:
        super().__init__(variant=variant, players=players, options=options, rng=rng)
        self.holdings = holdings
        self.deck = deck
        self.pile = pile
        self.burned = burned
        self.turn = turn
        self.step = step
        self.winner = winner

    # -- starting and restoring -----------------------------------------------------------

    @classmethod
    def new(
        cls, *, variant: str, players: int, options: Mapping[str, Any], rng: MatchRandom
    ) -> UndersMatch:
        """HU-2: twelve cards each from the shuffled decks, the first four face down as unders,
        eight in hand; the rest is the deck."""
        cards = rng.shuffled(decks(deck_count(players)))
        holdings = [
            Holding(
                hand=in_order(cards[start + UNDERS_COUNT : start + CARDS_DEALT]),
                unders=cards[start : start + UNDERS_COUNT],
                dealt=in_order(cards[start : start + CARDS_DEALT]),
            )
            for start in range(0, players * CARDS_DEALT, CARDS_DEALT)
        ]
        return cls(
            variant=variant,
            players=players,
            options=options,
            rng=rng,
            holdings=holdings,
            deck=cards[players * CARDS_DEALT :],
            pile=[],
            burned=[],
            turn=FIRST_SEAT,
            step=Step.LAY_OVERS,
        )

    @classmethod
    def from_deal(cls, deal: Deal, *, first: int = FIRST_SEAT) -> UndersMatch:
        """A round that starts from ``deal`` with ``first`` to move (scenario tests)."""
        players = len(deal.hands)
        overs = deal.overs or [None] * players
        holdings = [
            Holding(
                in_order(hand),
                list(unders),
                None if laid is None else in_order(laid),
                dealt=in_order([*hand, *unders, *(laid or ())]),
            )
            for hand, unders, laid in zip(deal.hands, deal.unders, overs, strict=True)
        ]
        placed = Counter([*deal.deck, *deal.pile])
        for holding in holdings:
            placed.update([*holding.hand, *holding.unders, *(holding.overs or ())])
        all_cards = Counter(decks(deck_count(players)))
        if placed - all_cards:
            raise ValueError(f"the deal holds cards the decks do not: {placed - all_cards}")
        return cls(
            variant=VARIANT,
            players=players,
            options={},
            rng=MatchRandom(0),  # a chosen deal needs no shuffle
            holdings=holdings,
            deck=list(deal.deck),
            pile=list(deal.pile),
            burned=list((all_cards - placed).elements()),
            turn=first,
            step=_step_at_turn_start(holdings[first]),
        )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> UndersMatch:
        match = cls(
            variant=data["variant"],
            players=data["players"],
            options=data["options"],
            rng=MatchRandom.from_json(data["rng"]),
            holdings=[Holding.from_json(seat) for seat in data["holdings"]],
            deck=list(data["deck"]),
            pile=list(data["pile"]),
            burned=list(data["burned"]),
            turn=data["turn"],
            step=Step(data["step"]),
            winner=data["winner"],
        )
        match.restore_base(data)
        return match

    def to_json(self) -> dict[str, Any]:
        return {
            **self.base_json(),
            "holdings": [holding.to_json() for holding in self.holdings],
            "deck": list(self.deck),
            "pile": list(self.pile),
            "burned": list(self.burned),
            "turn": self.turn,
            "step": self.step.value,
            "winner": self.winner,
        }

    # -- the contract ---------------------------------------------------------------------

    def to_move(self) -> list[int]:
        return [] if self.is_over() else [self.turn]

    def is_over(self) -> bool:
        return self.winner is not None

    def legal_actions(self, seat: int) -> list[UndersAction]:
        if type(seat) is not int or seat not in self.to_move():  # a bool is no seat
            return []
        holding = self.holdings[seat]
        if self.step is Step.LAY_OVERS:
            return [
                {"type": "overs", "cards": list(cards)}
                for cards in choices(holding.hand, OVERS_COUNT)
            ]
        if self.step is Step.END_TURN:
            return [{"type": "done"}]
        if holding.source is Source.UNDERS:
            return [{"type": "under", "index": index} for index in range(len(holding.unders))]
        plays = playable_sets(holding.open_cards, self.pile)
        return [{"type": "play", "cards": list(cards)} for cards in plays] or [{"type": "take"}]

    def default_action(self, seat: int) -> UndersAction:
        """The lowest play that works, or taking the pile, or Draw/Done; the strongest four as
        overs (see ``plays``); the first under."""
        holding = self.holdings[self.require_turn(seat)]
        if self.step is Step.LAY_OVERS:
            return {"type": "overs", "cards": list(strongest_overs(holding.hand))}
        if self.step is Step.PLAY and holding.source is not Source.UNDERS:
            plays = playable_sets(holding.open_cards, self.pile)
            return (
                {"type": "play", "cards": list(lowest_play(plays))} if plays else {"type": "take"}
            )
        return self.legal_actions(seat)[0]

    def apply(self, seat: int, action: SentAction) -> list[Event]:
        seat = self.require_turn(seat)
        kind = action_type(action)
        if kind == "overs":
            events = self._lay_overs(seat, action)
        elif kind == "play":
            events = self._play(seat, action)
        elif kind == "under":
            events = self._play_under(seat, action)
        elif kind == "take":
            events = self._take(seat)
        elif kind == "done":
            events = self._end_turn(seat)
        else:
            raise IllegalAction("unknown_action", f"Hidden Unders has no {kind!r} move.")
        return [self.record(event) for event in events]

    def view(self, seat: int | None) -> UndersView:
        """The seat's own hand; every seat's overs (face up), hand size and unders left; the
        pile's top cards. Nobody sees an under, its owner included, until it is played (HU-9)."""
        if seat is not None and (type(seat) is not int or seat not in range(self.players)):
            raise IllegalAction("bad_seat", f"There is no seat {seat!r} at this table.")
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "seat": seat,
            "hand": [] if seat is None else list(self.holdings[seat].hand),
            "to_move": self.to_move(),
            "step": self.step.value,
            "seats": [
                {
                    "hand_size": len(holding.hand),
                    "overs": None if holding.overs is None else list(holding.overs),
                    "unders_left": len(holding.unders),
                }
                for holding in self.holdings
            ],
            "pile": {"top": self.pile[-PILE_SHOWN:], "size": len(self.pile)},
            "deck_size": len(self.deck),
            "burned": len(self.burned),
            "history": list(self.history),
            "over": self.is_over(),
            "result": self.result() if self.is_over() else None,
        }

    def result(self) -> MatchResult:
        """HU-11 [open]: the seat that went out wins; the others rank by the cards they still
        hold (hand, overs and unders), fewer first, equal counts sharing a place. ``scores`` are
        those counts (the winner's is 0): fewer is better."""
        if self.winner is None:
            raise ValueError("the round is not over")
        left = [holding.cards_left() for holding in self.holdings]
        return {
            "ranks": [1 + sum(other < mine for other in left) for mine in left],
            "scores": left,
            "winners": [self.winner],
        }

    def open_hands(self) -> list[list[HandGroup]]:
        """Each seat's twelve as dealt, then its hand, overs and unders now (the contract)."""
        return [
            labelled(
                (HandLabel.DEALT, holding.dealt or ()),
                (HandLabel.HELD, holding.hand),
                (HandLabel.OVERS, holding.overs or ()),
                (HandLabel.UNDERS, holding.unders),
            )
            for holding in self.holdings
        ]

    def all_cards(self) -> list[str]:
        return decks(deck_count(self.players))

    def cards_hidden_from(self, seat: int | None) -> list[str]:
        """The deck, the burned cards (set aside face down), every seat's unders (its owner's
        included, HU-9) and every other seat's hand."""
        hidden = [*self.deck, *self.burned]
        for owner, holding in enumerate(self.holdings):
            hidden += holding.unders
            if owner != seat:
                hidden += holding.hand
        return hidden

    # -- the moves ------------------------------------------------------------------------

    def _lay_overs(self, seat: int, action: SentAction) -> list[Event]:
        """HU-2: four cards from the hand face up on the unders; the turn goes on with a play."""
        self._require_step(Step.LAY_OVERS)
        holding = self.holdings[seat]
        cards = _named_cards(action)
        if len(cards) != OVERS_COUNT:
            raise IllegalAction("four_overs", "Lay exactly four cards as your overs.")
        _require_held(cards, holding.hand, "Lay four cards from your hand as your overs.")
        holding.lay_overs(cards)
        self.step = Step.PLAY
        return [{"type": "overs", "seat": seat}]

    def _play(self, seat: int, action: SentAction) -> list[Event]:
        """HU-3: one or more cards of one rank from the hand, or from the overs once the hand is
        empty (HU-9), that match or beat the top of the pile."""
        self._require_step(Step.PLAY)
        holding = self.holdings[seat]
        source = holding.source
        if source is Source.UNDERS:
            raise IllegalAction("play_blind", "Your unders are face down: turn one over.")
        cards = _named_cards(action)
        _require_held(cards, holding.open_cards, _NOT_OPEN[source])
        if len({value(code) for code in cards}) > 1:
            raise IllegalAction("one_rank", "Cards played together must be of one rank.")
        if not can_play(cards[0], self.pile):
            raise IllegalAction(
                "too_low",
                f"A {rank_of(cards[0])} does not match or beat the {rank_of(self.pile[-1])} "
                "on the pile.",
            )
        holding.give_up(cards)
        self.pile += cards
        played: UndersPlay = {
            "type": "play",
            "seat": seat,
            "rank": rank_of(cards[0]),
            "count": len(cards),
            "from": source.value,
        }
        return [played, *self._after_laying(seat, blind=False)]

    def _play_under(self, seat: int, action: SentAction) -> list[Event]:
        """HU-9: one under, blind. Unplayable, it goes onto the pile and the seat takes the
        pile; either way the turn then passes, even when the under burned the pile."""
        self._require_step(Step.PLAY)
        holding = self.holdings[seat]
        if holding.source is not Source.UNDERS:
            raise IllegalAction("unders_last", "Play your hand, then your overs, before unders.")
        index = action.get("index")
        if not isinstance(index, int) or isinstance(index, bool):
            raise IllegalAction("bad_under", "Say which under to turn over by its position.")
        if not 0 <= index < len(holding.unders):
            raise IllegalAction("bad_under", f"You have {len(holding.unders)} unders left.")
        card = holding.unders.pop(index)
        playable = can_play(card, self.pile)
        self.pile.append(card)
        turned: UndersUnder = {
            "type": "under",
            "seat": seat,
            "rank": rank_of(card),
            "playable": playable,
        }
        if playable:
            return [turned, *self._after_laying(seat, blind=True)]
        taken = self._take_up_pile(seat)
        self._pass_turn()
        return [turned, taken]

    def _take(self, seat: int) -> list[Event]:
        """HU-6: only with nothing playable; the next seat then starts a new pile."""
        self._require_step(Step.PLAY)
        holding = self.holdings[seat]
        if holding.source is Source.UNDERS:
            raise IllegalAction(
                "turn_an_under",
                "Turn an under over: if it cannot be played, you take the pile with it.",
            )
        if has_play(holding.open_cards, self.pile):
            raise IllegalAction(
                "can_play", "You have a card that plays, so you may not take the pile."
            )
        taken = self._take_up_pile(seat)
        self.step = Step.END_TURN  # HU-7: a seat that took the pile still ends with Draw/Done
        return [taken]

    def _end_turn(self, seat: int) -> list[Event]:
        """HU-7, HU-8: draw up to four while the deck lasts, and pass the turn on."""
        self._require_step(Step.END_TURN)
        drew = self._draw_up(seat)
        self._pass_turn()
        return [{"type": "done", "seat": seat, "drew": drew}]

    # -- what follows a move --------------------------------------------------------------

    def _after_laying(self, seat: int, *, blind: bool) -> list[Event]:
        """Burn the pile if the cards just laid complete a burn; then the seat is out (HU-11),
        passes on after an under, burned or not (HU-9: one under a turn; the next seat starts
        the new pile), plays again after a burn from its hand or overs (HU-4, HU-5), or ends
        the turn with Draw/Done (HU-7)."""
        burn = burn_after(self.pile)
        events = [] if burn is None else [self._burn_pile(seat, burn)]
        if self.holdings[seat].cards_left() == 0:
            self.winner = seat
            events.append({"type": "out", "seat": seat})
        elif blind:
            self._pass_turn()
        elif burn is not None:
            self.step = Step.PLAY
        else:
            self.step = Step.END_TURN
        return events

    def _burn_pile(self, seat: int, burn: Burn) -> Event:
        """HU-4, HU-5: the pile is set aside for good, and the burner draws before playing on."""
        burned = len(self.pile)
        self.burned += self.pile
        self.pile.clear()
        drew = self._draw_up(seat)
        return {"type": "burn", "seat": seat, "why": burn.value, "cards": burned, "drew": drew}

    def _take_up_pile(self, seat: int) -> Event:
        taken = len(self.pile)
        self.holdings[seat].take(self.pile)
        self.pile.clear()
        return {"type": "take", "seat": seat, "cards": taken}

    def _draw_up(self, seat: int) -> int:
        """HU-7: up to four cards in hand while the deck lasts; how many were drawn."""
        holding = self.holdings[seat]
        count = min(max(HAND_SIZE - len(holding.hand), 0), len(self.deck))
        if count:
            holding.take(self.deck[-count:])
            del self.deck[-count:]
        return count

    def _pass_turn(self) -> None:
        self.turn = (self.turn + 1) % self.players
        self.step = _step_at_turn_start(self.holdings[self.turn])

    def _require_step(self, step: Step) -> None:
        if self.step is not step:
            raise IllegalAction(*_OUT_OF_STEP[self.step])


def _step_at_turn_start(holding: Holding) -> Step:
    """HU-2: a seat lays its overs when its first turn comes."""
    return Step.LAY_OVERS if holding.overs is None else Step.PLAY


def _named_cards(action: SentAction) -> list[str]:
    """The action's ``cards`` as canonical codes; ``IllegalAction`` for anything else."""
    named = action.get("cards")
    if not isinstance(named, list) or not named:
        raise IllegalAction("bad_cards", "Name the cards as a list of card codes.")
    cards = []
    for code in named:
        try:
            cards.append(normalise_code(code))
        except ValueError:
            raise IllegalAction("bad_card", f"{code!r} is not a card.") from None
    return cards


def _require_held(cards: list[str], held: Sequence[str], message: str) -> None:
    if Counter(cards) - Counter(held):
        raise IllegalAction("not_held", message)
