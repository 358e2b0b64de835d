"""The trick-taking core the five Court Piece games share.

A match is a series of deals (CP-2). Each deal runs through the phases of ``Phase``: five
cards each and the trump decision, the other eight, the house feature's last word on trump,
the tricks, and a pause with the deal still on the table until the next dealer deals on.

What may be done at each moment, and why anything else is refused, is in ``legal.py``;
this module changes the state, only ever with an action ``legal.py`` has let through.

Variants subclass ``CourtPieceMatch`` (see ``variants.py``), set its class attributes and
override the hooks ``take_trick``, ``deal_outcome`` and ``variant_view``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from games.engine import actions
from games.engine.actions import (
    CourtPieceAction,
    CourtPieceStepType,
    HideCard,
    NameSuit,
    PlayCard,
)
from games.engine.base import (
    ActionFields,
    Event,
    HandGroup,
    HandLabel,
    Match,
    SentAction,
    labelled,
)
from games.engine.cards import standard_deck, suit_of
from games.engine.courtpiece import legal
from games.engine.courtpiece.deal import (
    FIRST_CARDS,
    Deal,
    Phase,
    TrumpCall,
    sorted_hand,
    split_stock,
)
from games.engine.courtpiece.options import HOUSE_FEATURES, checked_options
from games.engine.courtpiece.outcome import Outcome, first_to_seven, next_dealer
from games.engine.courtpiece.seats import (
    SEATS,
    draw_for_first_chooser,
    left_of,
    partner_of,
    team_of,
    team_seats,
)
from games.engine.errors import IllegalAction
from games.engine.events import (
    CourtPieceChangeTrump,
    CourtPieceDealSummary,
    CourtPieceLuck,
    CourtPieceTally,
    TurnedUp,
)
from games.engine.rng import MatchRandom
from games.engine.tricks import Play, TeamResult, led_suit, rank_value, suit, trick_winner
from games.engine.views import CourtPieceView, FaceDownView

CALL_SECONDS = 20
FIRST_GAME_CALL_SECONDS = 10
"""CP-5: the chooser's time to call trump, shorter in their very first game; the partner, after
a pass, always has 20 seconds."""

QUIET_DEFAULTS: tuple[CourtPieceStepType, ...] = (
    "pass",
    "luck",
    "keep_cards",
    "keep_trump",
    "next_deal",
    "reveal",
    "ask_trump",
)
"""What a timeout does when there is no card to play, in order of preference (see
``default_action``); each phase offers exactly one of the first five."""


class CourtPieceResult(TeamResult):
    """``team_scores`` are the won deals (CP-2); ``deals`` how many deals were played."""

    deals: int


def _lowest_first(card: str) -> tuple[int, str]:
    return rank_value(card), card


class CourtPieceMatch(Match):
    """A Court Piece match; the variants differ in the class attributes and the hooks."""

    game: Literal["courtpiece"] = "courtpiece"
    action_fields: ClassVar[ActionFields] = {
        "call": {"suit": actions.suit},
        "hide": {"card": actions.card},
        "pass": {},
        "luck": {},
        "change_cards": {},
        "keep_cards": {},
        # Open trump changes to a suit; a hidden trump to another face-down card.
        "change_trump": {"suit": actions.suit, "card": actions.card},
        "keep_trump": {},
        "play": {"card": actions.card},
        "ask_trump": {},
        "reveal": {},
        "next_deal": {},
    }
    variant_name: ClassVar[str]
    trump_call: TrumpCall = TrumpCall.OPEN
    trump_may_change: ClassVar[bool] = True
    """CP-16: change trump is offered in Single Sar, Double Sar and Hidden trump."""

    deal: Deal

    def __init__(self, *, options: Mapping[str, Any], rng: MatchRandom) -> None:
        super().__init__(variant=self.variant_name, players=len(SEATS), options=options, rng=rng)
        self.scores = [0, 0]
        self.last_deal: CourtPieceDealSummary | None = None

    # -- starting and storing ----------------------------------------------------------------

    @classmethod
    def start(cls, *, options: Mapping[str, Any], rng: MatchRandom) -> CourtPieceMatch:
        """A new match: the draw (CP-2), then the first deal, dealt by the chooser's left."""
        match = cls(options=checked_options(options), rng=rng)
        chooser, draw = draw_for_first_chooser(rng)
        match.record(draw)
        match._begin_deal(1, left_of(chooser))
        return match

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Sequence[str]],
        *,
        dealer: int,
        options: Mapping[str, Any],
        rng: MatchRandom,
    ) -> CourtPieceMatch:
        """A match whose first deal is ``hands`` (13 codes a seat: the first five first, and the
        last is the one a luck card would take, CP-5), dealt by ``dealer``; no draw."""
        match = cls(options=checked_options(options), rng=rng)
        fives = [card for hand in hands for card in hand[:FIRST_CARDS]]
        rests = [card for hand in hands for card in hand[FIRST_CARDS:]]
        match._begin_deal(1, dealer, fives + rests)
        return match

    @classmethod
    def restore(cls, data: dict[str, Any]) -> CourtPieceMatch:
        match = cls(options=data["options"], rng=MatchRandom.from_json(data["rng"]))
        match.restore_base(data)
        match.scores = list(data["scores"])
        match.last_deal = data["last_deal"]
        match.deal = Deal.from_json(data["deal"])
        return match

    def to_json(self) -> dict[str, Any]:
        """The full state, sharing no list with the match: a stored state stays as it was while
        play goes on."""
        return {
            **self.base_json(),
            "history": list(self.history),
            "scores": list(self.scores),
            "last_deal": self.last_deal,
            "deal": self.deal.to_json(),
        }

    # -- the contract ------------------------------------------------------------------------

    def to_move(self) -> list[int]:
        deal = self.deal
        if deal.phase in (Phase.CHOOSE, Phase.CONFIRM):
            return [deal.decider]
        if deal.phase is Phase.PLAY:
            return [deal.turn]
        if deal.phase is Phase.DEAL_OVER:
            return [self._next_dealer()]
        return []

    def between_deals(self) -> bool:
        return self.deal.phase is Phase.DEAL_OVER

    def legal_actions(self, seat: int) -> list[CourtPieceAction]:
        if seat not in self.to_move():
            return []
        deal = self.deal
        if deal.phase is Phase.CHOOSE:
            return legal.choose_actions(deal, seat, self.trump_call, self.options["change_cards"])
        if deal.phase is Phase.CONFIRM:
            return legal.confirm_actions(deal, seat, self.trump_call)
        if deal.phase is Phase.PLAY:
            return legal.play_actions(deal, seat)
        return [{"type": "next_deal"}]

    def apply(self, seat: int, action: SentAction) -> list[Event]:
        """Checked against ``legal_actions`` before anything changes (see ``legal``)."""
        seat = self.require_turn(seat)
        move = legal.canonical(action, self.trump_call)
        if move not in self.legal_actions(seat):
            raise legal.refusal(self.deal, seat, move, self.trump_call, self.options)
        return self._perform(seat, move)

    def default_action(self, seat: int) -> CourtPieceAction:
        """CP-5: the chooser's clock passes to the partner, the partner's turns the luck card;
        in play the lowest card that may be played (or, with only the face-down card left,
        showing it); otherwise the quiet choice: keep the cards, keep trump, deal on."""
        actions = self.legal_actions(seat)
        if not actions:
            raise IllegalAction("not_your_turn", "It is not your turn.")
        plays = [action["card"] for action in actions if action["type"] == "play"]
        if plays:
            return {"type": "play", "card": min(plays, key=_lowest_first)}
        quiet = next(kind for kind in QUIET_DEFAULTS if {"type": kind} in actions)
        return {"type": quiet}

    def decision_seconds(self) -> int | None:
        """CP-5: the trump call is on the clock; everything else is left to the table."""
        deal = self.deal
        if deal.phase is not Phase.CHOOSE or self.trump_call is TrumpCall.FIRST_VOID:
            return None
        if deal.decider == deal.chooser and deal.decider in self.options["first_game_seats"]:
            return FIRST_GAME_CALL_SECONDS  # the partner always has 20 seconds
        return CALL_SECONDS

    def is_over(self) -> bool:
        return self.deal.phase is Phase.OVER

    def result(self) -> CourtPieceResult:
        """Partners share their team's rank and score: the won deals (CP-2)."""
        if not self.is_over():
            raise ValueError("the match is not over")
        winner = 0 if self.scores[0] >= self.options["target"] else 1
        return {
            "ranks": [1 if team_of(seat) == winner else 2 for seat in SEATS],
            "scores": [self.scores[team_of(seat)] for seat in SEATS],
            "winners": team_seats(winner),
            "team_scores": list(self.scores),
            "deals": self.deal.number,
        }

    def view(self, seat: int | None) -> CourtPieceView:
        if seat is not None and seat not in SEATS:
            raise ValueError(f"there is no seat {seat!r}")
        deal = self.deal
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "seat": seat,
            "teams": [team_seats(0), team_seats(1)],
            "hand": [] if seat is None else list(deal.hands[seat]),
            "hand_sizes": [len(hand) for hand in deal.hands],
            "to_move": self.to_move(),
            "phase": deal.phase.value,
            "deal": deal.number,
            "dealer": deal.dealer,
            "chooser": deal.chooser,
            "caller": deal.caller,
            "trump": deal.trump,
            "trump_card": deal.shown_card,
            "face_down": self._face_down_view(seat),
            "leader": deal.leader,
            "trick": [play.to_json() for play in deal.trick],
            "last_trick": [play.to_json() for play in deal.last_trick],
            # The last completed trick and who took it are public (every card in it was
            # played face up, and the trump flags are CP-11's, set only once trump is shown).
            "last_trick_winner": trick_winner(deal.last_trick).seat if deal.last_trick else None,
            "must_play_trump": deal.must_trump,
            "tricks": list(deal.taken),
            "tricks_played": deal.tricks_played,
            **self.variant_view(),
            "scores": list(self.scores),
            "target": self.options["target"],
            "last_deal": self.last_deal,
            "house_features": [name for name in HOUSE_FEATURES if self.options[name]],
            "decision_seconds": self.decision_seconds(),
            "history": list(self.history),
            "over": self.is_over(),
            "result": self.result() if self.is_over() else None,
        }

    def open_hands(self) -> list[list[HandGroup]]:
        """This deal's hands as play began (before: as dealt so far), the caller's with its
        face-down card; the cards not yet played; the card still lying face down (see the
        contract). A state stored before ``Deal.as_dealt`` was kept has no ``DEALT`` in play."""
        deal = self.deal
        before_play = deal.phase in (Phase.CHOOSE, Phase.CONFIRM)
        dealt = deal.dealt_so_far() if before_play else deal.as_dealt
        return [
            labelled(
                (HandLabel.DEALT, [] if dealt is None else dealt[seat]),
                (HandLabel.HELD, deal.hands[seat]),
                (HandLabel.FACE_DOWN, self._face_down_of(seat)),
            )
            for seat in SEATS
        ]

    def _face_down_of(self, seat: int) -> list[str]:
        deal = self.deal
        return [deal.face_down] if deal.face_down is not None and seat == deal.caller else []

    def all_cards(self) -> list[str]:
        return standard_deck()

    def cards_hidden_from(self, seat: int | None) -> list[str]:
        """Other hands (but the card that set trump face up), the undealt cards, and the
        face-down card unless ``seat`` laid it knowingly or it is turned up (CP-8, CP-12, CP-13)."""
        deal = self.deal
        hidden = [card for cards in deal.undealt for card in cards]
        for other in SEATS:
            if other != seat:
                hidden += [card for card in deal.hands[other] if card != deal.shown_card]
        if deal.face_down is not None and not self._sees_face_down(seat):
            hidden.append(deal.face_down)
        return hidden

    # -- hooks for the variants --------------------------------------------------------------

    def take_trick(self, won: Play, trick: list[Play]) -> list[Event]:
        """CP-6: tricks are counted one by one, to the winner's team. ``won`` is the play that
        won ``trick``; its seat leads the next one."""
        self.deal.taken[team_of(won.seat)] += 1
        return []

    def deal_outcome(self) -> Outcome | None:
        """CP-6, CP-7: the first team to 7 tricks wins; the first 7 in a row is a kot."""
        return first_to_seven(self.deal.taken, self.deal.calling_team)

    def variant_view(self) -> CourtPieceTally:
        """What a variant adds to every view and to the finished deal's summary."""
        return {}

    # -- the phases --------------------------------------------------------------------------

    def _begin_deal(self, number: int, dealer: int, deck: list[str] | None = None) -> list[Event]:
        if deck is None:
            deck = self.rng.shuffled(standard_deck())
        self.deal = Deal.dealt(number, dealer, deck)
        event = self.record(
            {"type": "deal", "deal": number, "dealer": dealer, "chooser": self.deal.chooser}
        )
        if self.trump_call is TrumpCall.FIRST_VOID and not self.options["change_cards"]:
            self._deal_the_rest()  # CP-19: nothing to decide on five cards
        return [event]

    def _deal_the_rest(self) -> None:
        """CP-3: the other eight each, then CP-16's chance to change trump, or play."""
        deal = self.deal
        deal.deal_the_rest()
        if self.options["change_trump"] and self.trump_may_change:
            deal.phase = Phase.CONFIRM
        else:
            deal.begin_play()

    def _finish_deal(self, outcome: Outcome) -> list[Event]:
        deal = self.deal
        deal.outcome = outcome
        points = outcome.points(self.options["kot_value"])
        if outcome.team is not None:
            self.scores[outcome.team] += points
        self.last_deal = {
            "deal": deal.number,
            "dealer": deal.dealer,
            "team": outcome.team,
            "kind": outcome.kind.value,
            "points": points,
            "tricks": list(deal.taken),
            **self.variant_view(),
        }
        finished = max(self.scores) >= self.options["target"]
        deal.phase = Phase.OVER if finished else Phase.DEAL_OVER
        turned_up: TurnedUp = {} if deal.face_down is None else {"face_down_card": deal.face_down}
        return [self.record({"type": "deal_over", **self.last_deal, **turned_up})]

    def _next_dealer(self) -> int:
        outcome = self.deal.outcome
        if outcome is None:
            raise ValueError("the deal is not over")
        return next_dealer(self.deal.dealer, outcome)

    # -- what a seat sees ----------------------------------------------------------------------

    def _sees_face_down(self, seat: int | None) -> bool:
        deal = self.deal
        knows = seat is not None and seat == deal.caller and deal.face_down_seen
        return knows or deal.is_face_up

    def _face_down_view(self, seat: int | None) -> FaceDownView | None:
        deal = self.deal
        if deal.face_down is None:
            return None
        card = deal.face_down if self._sees_face_down(seat) else None
        suit = None if card is None else suit_of(card)  # the trump to be, for whoever knows it
        return {"seat": deal.caller, "card": card, "suit": suit, "face_up": deal.is_face_up}

    # -- doing it ----------------------------------------------------------------------------

    def _perform(self, seat: int, move: CourtPieceAction) -> list[Event]:
        if move["type"] == "play":
            return self._play(seat, move)
        if move["type"] == "call":
            return self._call(seat, move)
        if move["type"] == "hide":
            return self._hide(seat, move)
        if move["type"] == "change_trump":
            return self._change_trump(seat, move)
        step: dict[CourtPieceStepType, Callable[[int], list[Event]]] = {
            "pass": self._pass,
            "luck": self._luck,
            "change_cards": self._change_cards,
            "keep_cards": self._keep_cards,
            "keep_trump": self._keep_trump,
            "ask_trump": self._ask_trump,
            "reveal": self._reveal,
            "next_deal": self._next_deal,
        }
        return step[move["type"]](seat)

    def _call(self, seat: int, move: NameSuit) -> list[Event]:
        deal = self.deal
        deal.caller, deal.trump = seat, move["suit"]
        self._deal_the_rest()
        return [self.record({"type": "call", "seat": seat, "suit": deal.trump})]

    def _hide(self, seat: int, move: HideCard) -> list[Event]:
        """CP-8: one of the first five face down, known to the caller alone."""
        deal = self.deal
        deal.caller, deal.caller_five = seat, list(deal.hands[seat])
        deal.hands[seat].remove(move["card"])
        deal.face_down, deal.face_down_seen = move["card"], True
        self._deal_the_rest()
        return [self.record({"type": "hide", "seat": seat})]

    def _pass(self, seat: int) -> list[Event]:
        self.deal.decider = partner_of(seat)
        return [self.record({"type": "pass", "seat": seat, "to": self.deal.decider})]

    def _luck(self, seat: int) -> list[Event]:
        """CP-5: nobody called, so the dealer turns a random card of the stock, one of the
        caller's 13, and the first chooser counts as the caller (CP-17). In an open game it is
        face up in their hand; in a hidden one it lies face down unseen, their card (CP-12)."""
        deal = self.deal
        hidden = self.trump_call is TrumpCall.HIDDEN
        caller = deal.caller = deal.decider = deal.chooser
        event: CourtPieceLuck = {"type": "luck", "seat": deal.dealer, "caller": caller}
        if hidden:
            deal.caller_five = list(deal.hands[caller])
            deal.face_down = deal.undealt[caller].pop()
        else:
            card = deal.shown_card = deal.undealt[caller][-1]
            trump = deal.trump = suit(card)
            event |= {"card": card, "suit": trump}
        self._deal_the_rest()
        return [self.record(event)]

    def _change_cards(self, seat: int) -> list[Event]:
        """CP-15 (house): the five go back into the stock and five fresh ones come from it."""
        deal = self.deal
        stock = deal.hands[seat] + [card for cards in deal.undealt for card in cards]
        self.rng.shuffle(stock)
        deal.hands[seat] = sorted_hand(stock[:FIRST_CARDS])
        deal.undealt = split_stock(stock[FIRST_CARDS:])
        deal.cards_changed = True
        return [self.record({"type": "change_cards", "seat": seat})]

    def _keep_cards(self, seat: int) -> list[Event]:
        self._deal_the_rest()
        return [self.record({"type": "keep_cards", "seat": seat})]

    def _change_trump(self, seat: int, move: HideCard | NameSuit) -> list[Event]:
        """CP-16, CP-17 (house), once, before the first card."""
        deal = self.deal
        event: CourtPieceChangeTrump = {"type": "change_trump", "seat": seat}
        if "card" in move:  # a hidden trump changes to another face-down card (``legal``)
            hand = deal.hands[seat]
            hand.remove(move["card"])
            deal.hands[seat] = sorted_hand([*hand, deal.face_down_card()])
            deal.face_down, deal.face_down_seen = move["card"], True
        else:
            deal.trump = event["suit"] = move["suit"]
        deal.begin_play()
        return [self.record(event)]

    def _keep_trump(self, seat: int) -> list[Event]:
        self.deal.begin_play()
        return [self.record({"type": "keep_trump", "seat": seat})]

    def _play(self, seat: int, move: PlayCard) -> list[Event]:
        deal = self.deal
        card = move["card"]
        sets_trump = self._sets_trump(card)
        if sets_trump:
            deal.trump = suit(card)
        deal.hands[seat].remove(card)
        # CP-11: whether a card is a trump is settled as it is played.
        play = Play(seat, card, trump=suit_of(card) == deal.trump)
        deal.trick.append(play)
        deal.must_trump = False
        events = [self.record({"type": "play", "seat": seat, "card": card, "trump": play.trump})]
        if sets_trump:
            events.append(self.record({"type": "trump_set", "seat": seat, "suit": suit(card)}))
        if len(deal.trick) == len(SEATS):
            events += self._close_trick()
        return events

    def _sets_trump(self, card: str) -> bool:
        """CP-19, Be-Ranga: the first card played off the led suit sets trump, and is one."""
        deal = self.deal
        return (
            self.trump_call is TrumpCall.FIRST_VOID
            and deal.trump is None
            and led_suit(deal.trick) not in (None, suit_of(card))
        )

    def _close_trick(self) -> list[Event]:
        deal = self.deal
        won = trick_winner(deal.trick)
        deal.tricks_played += 1
        deal.last_trick, deal.trick, deal.leader = deal.trick, [], won.seat
        events = [self.record({"type": "trick", "number": deal.tricks_played, "winner": won.seat})]
        events += self.take_trick(won, deal.last_trick)
        outcome = self.deal_outcome()
        if outcome is not None:
            events += self._finish_deal(outcome)
        return events

    def _ask_trump(self, seat: int) -> list[Event]:
        """CP-9: asked by a player who cannot follow, who must then trump if they can."""
        return [self.record({"type": "ask_trump", "seat": seat}), *self._show_trump()]

    def _reveal(self, seat: int) -> list[Event]:
        """CP-10: shown by the caller on their lead, who must then lead a trump."""
        return self._show_trump()

    def _show_trump(self) -> list[Event]:
        """CP-11: trump counts from now on, and the card goes back into the caller's hand."""
        deal = self.deal
        card, caller = deal.face_down_card(), deal.caller_seat()
        deal.hands[caller] = sorted_hand([*deal.hands[caller], card])
        trump = suit(card)
        deal.face_down, deal.shown_card, deal.trump = None, card, trump
        deal.must_trump = True
        return [self.record({"type": "trump_shown", "seat": caller, "card": card, "suit": trump})]

    def _next_deal(self, seat: int) -> list[Event]:
        """CP-2: the next deal, by the dealer the last one's result names. The history starts
        afresh: the codes in the last deal's moves name cards that now lie in new hands."""
        number = self.deal.number + 1
        self.history.clear()
        return self._begin_deal(number, dealer=seat)
