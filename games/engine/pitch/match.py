"""One match of Pitch: the hands, the auction, the tricks and the score, to 21 (PI-1 .. PI-10)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Literal

from games.engine import actions
from games.engine.actions import PitchAction, PitchStep
from games.engine.base import (
    ActionFields,
    Event,
    HandGroup,
    HandLabel,
    Match,
    SentAction,
    action_type,
    labelled,
)
from games.engine.cards import normalise_code
from games.engine.errors import IllegalAction
from games.engine.events import PitchHandSummary
from games.engine.pitch.bidding import (
    Bid,
    allowed_bids,
    highest_bid,
    pitcher_of,
    refusal,
)
from games.engine.pitch.options import PitchOptions
from games.engine.pitch.playing import lowest_card, playable_cards, unplayable
from games.engine.pitch.scoring import (
    HandSummary,
    count_points,
    match_winner,
    settle,
)
from games.engine.pitch.seats import (
    DECK,
    SEATS,
    TEAMS,
    checked_deal,
    deal_hand,
    display_order,
    next_seat,
    suit,
    team_of,
)
from games.engine.rng import MatchRandom
from games.engine.tricks import Play, TeamResult, trick_winner
from games.engine.views import PitchView

FIRST_DEALER = 3
"""Seat 3 deals the first hand, so seat 0 ("You" in the daily deal) bids first."""

DEAL: PitchStep = {"type": "deal"}


class PitchResult(TeamResult):
    """``team_scores`` are the points (PI-8); ``ended_by`` says how the match ended: a team
    that made its bid reached the target, or the pitcher's team went out the back door."""

    hands_played: int
    ended_by: Literal["target", "back_door"]


class Phase(StrEnum):
    """Where a match stands, as views show it."""

    BIDDING = "bidding"
    """The auction, from the dealer's left (PI-2, PI-3)."""
    PLAYING = "playing"
    """The six tricks (PI-4, PI-5)."""
    HAND_OVER = "hand_over"
    """PI-9's summary is on the table; the next dealer deals the next hand."""
    OVER = "over"
    """A team has won (PI-8)."""


class PitchMatch(Match):
    """Four seats, two teams, hand after hand until a team that made its bid reaches the
    target. Build one with ``GAMES["pitch"].new_match``, or ``match_from_deal`` for a chosen
    deal."""

    game: Literal["pitch"] = "pitch"
    action_fields: ClassVar[ActionFields] = {
        "bid": {"bid": actions.bid},
        "play": {"card": actions.card},
        "deal": {},
    }

    def __init__(
        self, *, variant: str, players: int, options: Mapping[str, Any], rng: MatchRandom
    ) -> None:
        super().__init__(variant=variant, players=players, options=options, rng=rng)
        self.settings = PitchOptions.parse(self.options)
        self.phase = Phase.BIDDING
        self.hand_number = 0
        self.dealer = FIRST_DEALER
        self.turn = next_seat(FIRST_DEALER)
        self.hands: list[list[str]] = [[] for _ in range(SEATS)]
        self.dealt: list[list[str]] = [[] for _ in range(SEATS)]
        """This hand's cards as dealt: who held the High, Low and Jack (PI-6)."""
        self.calls: list[Bid | None] = [None] * SEATS
        self.pitcher: int | None = None
        self.trump: str | None = None
        self.trick: list[Play] = []
        self.last_trick: list[Play] = []
        """This hand's last completed trick, face up for everyone until the next is taken."""
        self.taken: list[list[str]] = [[], []]
        """Cards in each team's tricks this hand."""
        self.tricks_taken = [0, 0]
        self.scores = [0, 0]
        self.last_hand: PitchHandSummary | None = None
        self.winner: int | None = None
        """The winning team, once the match is over."""

    # -- starting and restoring ---------------------------------------------------------------

    @classmethod
    def create(
        cls, *, variant: str, players: int, options: Mapping[str, Any], rng: MatchRandom
    ) -> PitchMatch:
        match = cls(variant=variant, players=players, options=options, rng=rng)
        match._begin_hand(1, FIRST_DEALER, deal_hand(rng.seed, 1))
        return match

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[Sequence[str]],
        *,
        dealer: int,
        scores: tuple[int, int],
        options: Mapping[str, Any],
        rng: MatchRandom,
    ) -> PitchMatch:
        """A match whose first hand is ``hands`` (seat by seat) dealt by ``dealer``, with the
        teams at ``scores``; later hands are dealt from the seed as usual."""
        if dealer not in range(SEATS):
            raise ValueError(f"there is no seat {dealer}")
        match = cls(variant="standard", players=SEATS, options=options, rng=rng)
        match.scores = list(scores)
        match._begin_hand(1, dealer, checked_deal(hands))
        return match

    @classmethod
    def restore(cls, data: dict[str, Any]) -> PitchMatch:
        match = cls(
            variant=data["variant"],
            players=data["players"],
            options=data["options"],
            rng=MatchRandom.from_json(data["rng"]),
        )
        match.restore_base(data)
        match.phase = Phase(data["phase"])
        match.hand_number = data["hand_number"]
        match.dealer = data["dealer"]
        match.turn = data["turn"]
        match.hands = [list(hand) for hand in data["hands"]]
        match.dealt = [list(hand) for hand in data["dealt"]]
        match.calls = [None if call is None else Bid(call) for call in data["calls"]]
        match.pitcher = data["pitcher"]
        match.trump = data["trump"]
        match.trick = [Play.from_json(play) for play in data["trick"]]
        # A state stored before the last trick was kept has none to show.
        match.last_trick = [Play.from_json(play) for play in data.get("last_trick", [])]
        match.taken = [list(cards) for cards in data["taken"]]
        match.tricks_taken = list(data["tricks_taken"])
        match.scores = list(data["scores"])
        match.last_hand = data["last_hand"]
        match.winner = data["winner"]
        return match

    def to_json(self) -> dict[str, Any]:
        return {
            **self.base_json(),
            "phase": self.phase.value,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "turn": self.turn,
            "hands": [list(hand) for hand in self.hands],
            "dealt": [list(hand) for hand in self.dealt],
            "calls": [None if call is None else call.value for call in self.calls],
            "pitcher": self.pitcher,
            "trump": self.trump,
            "trick": [play.to_json() for play in self.trick],
            "last_trick": [play.to_json() for play in self.last_trick],
            "taken": [list(cards) for cards in self.taken],
            "tricks_taken": list(self.tricks_taken),
            "scores": list(self.scores),
            "last_hand": self.last_hand,
            "winner": self.winner,
        }

    # -- the contract -------------------------------------------------------------------------

    def to_move(self) -> list[int]:
        return [] if self.phase is Phase.OVER else [self.turn]

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def between_deals(self) -> bool:
        return self.phase is Phase.HAND_OVER

    def legal_actions(self, seat: int) -> list[PitchAction]:
        if self.phase is Phase.OVER or type(seat) is not int or seat != self.turn:
            return []  # a bool or a float is no seat
        if self.phase is Phase.HAND_OVER:
            return [DEAL.copy()]
        if self.phase is Phase.BIDDING:
            return [{"type": "bid", "bid": bid.wire} for bid in self._allowed_bids(seat)]
        return [{"type": "play", "card": card} for card in self._playable(seat)]

    def default_action(self, seat: int) -> PitchAction:
        """A pass, or a dealer's forced 2, when bidding; the lowest legal card when playing;
        the next hand when it is time to deal."""
        seat = self.require_turn(seat)
        if self.phase is Phase.HAND_OVER:
            return DEAL.copy()
        if self.phase is Phase.BIDDING:
            return {"type": "bid", "bid": self._allowed_bids(seat)[0].wire}
        return {"type": "play", "card": lowest_card(self._playable(seat))}

    def apply(self, seat: int, action: SentAction) -> list[Event]:
        seat = self.require_turn(seat)
        kind = action_type(action)
        if kind == "bid":
            return self._bid(seat, self._parse_bid(seat, action))
        if kind == "play":
            return self._play(seat, self._parse_play(seat, action))
        if kind == "deal":
            return self._deal()
        raise IllegalAction("unknown_action", f"Pitch has no action {kind!r}.")

    def view(self, seat: int | None) -> PitchView:
        if seat is not None and (type(seat) is not int or seat not in range(SEATS)):
            raise IllegalAction("bad_seat", f"There is no seat {seat!r} at this table.")
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "seat": seat,
            "hand": [] if seat is None else list(self.hands[seat]),
            "to_move": self.to_move(),
            "legal_actions": [] if seat is None else self.legal_actions(seat),
            "history": list(self.history),
            "over": self.is_over(),
            "result": self.result() if self.is_over() else None,
            "decision_seconds": self.decision_seconds(),
            "options": self.settings.table_options(),
            "teams": [list(team) for team in TEAMS],
            "phase": self.phase.value,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "hand_sizes": [len(hand) for hand in self.hands],
            "bids": [None if call is None else call.wire for call in self.calls],
            "pitcher": self.pitcher,
            "bid": None if self.pitcher is None else self._contract().wire,
            "trump": self.trump,
            "trick": [play.to_json() for play in self.trick],
            # Public: every card of a completed trick was played face up (PI-5).
            "last_trick": [play.to_json() for play in self.last_trick],
            "last_trick_winner": trick_winner(self.last_trick).seat if self.last_trick else None,
            "tricks_taken": list(self.tricks_taken),
            "scores": list(self.scores),
            "last_hand": self.last_hand,
        }

    def result(self) -> PitchResult:
        """The winning team's seats share rank 1; each seat has its team's score. Only once
        the match is over."""
        if self.winner is None:
            raise ValueError("the match is not over")
        assert self.last_hand is not None
        winners = list(TEAMS[self.winner])
        return {
            "ranks": [1 if seat in winners else 2 for seat in range(SEATS)],
            "scores": [self.scores[team_of(seat)] for seat in range(SEATS)],
            "winners": winners,
            "team_scores": list(self.scores),
            "hands_played": self.hand_number,
            # The last hand was either made (PI-8) or set back through the back door.
            "ended_by": "target" if self.last_hand["made"] else "back_door",
        }

    def open_hands(self) -> list[list[HandGroup]]:
        """This hand's six cards each as dealt, and those not yet played (see the contract)."""
        return [
            labelled((HandLabel.DEALT, dealt), (HandLabel.HELD, held))
            for dealt, held in zip(self.dealt, self.hands, strict=True)
        ]

    def all_cards(self) -> list[str]:
        return list(DECK)

    def cards_hidden_from(self, seat: int | None) -> list[str]:
        """The other seats' hands and the 28 cards left out of the deal."""
        in_deal = {card for hand in self.dealt for card in hand}
        unused = [card for card in DECK if card not in in_deal]
        others = [card for other, hand in enumerate(self.hands) if other != seat for card in hand]
        return others + unused

    # -- bidding (PI-2, PI-3) -----------------------------------------------------------------

    def _allowed_bids(self, seat: int) -> list[Bid]:
        return allowed_bids(
            highest_bid(self.calls),
            dealer=seat == self.dealer,
            dealer_can_match_kot=self.settings.dealer_can_match_kot,
        )

    def _parse_bid(self, seat: int, action: SentAction) -> Bid:
        if self.phase is not Phase.BIDDING:
            raise IllegalAction("not_bidding", "The bidding is over for this hand.")
        try:
            bid = Bid.from_wire(action.get("bid"))
        except ValueError:
            raise IllegalAction("bad_bid", "A bid is 'pass', 2, 3, 4 or 'kot'.") from None
        if bid not in self._allowed_bids(seat):
            raise refusal(bid, highest_bid(self.calls), dealer=seat == self.dealer)
        return bid

    def _bid(self, seat: int, bid: Bid) -> list[Event]:
        highest_before = highest_bid(self.calls)
        self.calls[seat] = bid
        events = [self.record({"type": "bid", "seat": seat, "bid": bid.wire})]
        if seat != self.dealer:
            self.turn = next_seat(seat)
            return events
        # PI-4: the dealer bid last; the highest bidder pitches and leads.
        self.pitcher = self.turn = pitcher_of(self.calls, self.dealer)
        self.phase = Phase.PLAYING
        stolen = self.pitcher == self.dealer and bid == highest_before
        events.append(
            self.record(
                {
                    "type": "pitcher",
                    "seat": self.pitcher,
                    "bid": self._contract().wire,
                    "dealer_steal": stolen,
                }
            )
        )
        return events

    def _contract(self) -> Bid:
        """The pitcher's bid: once the auction is over, the highest (matched or not)."""
        return highest_bid(self.calls)

    # -- playing (PI-4, PI-5) -----------------------------------------------------------------

    def _playable(self, seat: int) -> list[str]:
        return playable_cards(self.hands[seat], self.trick, self.trump)

    def _parse_play(self, seat: int, action: SentAction) -> str:
        if self.phase is not Phase.PLAYING:
            raise IllegalAction("not_playing", "Cards are played once the bidding is over.")
        try:
            card = normalise_code(action.get("card"))
        except ValueError:
            raise IllegalAction("bad_card", "That is not a card.") from None
        if card not in self.hands[seat]:
            raise IllegalAction("not_in_hand", f"You do not hold {card}.")
        if card not in self._playable(seat):
            raise unplayable(self.trick)
        return card

    def _play(self, seat: int, card: str) -> list[Event]:
        events = [self.record({"type": "play", "seat": seat, "card": card})]
        if self.trump is None:
            # PI-4: the pitcher's first card names trump.
            self.trump = suit(card)
            events.append(self.record({"type": "trump", "suit": self.trump}))
        self.hands[seat].remove(card)
        self.trick.append(Play(seat, card, suit(card) == self.trump))
        if len(self.trick) < SEATS:
            self.turn = next_seat(seat)
            return events
        return events + self._close_trick()

    def _close_trick(self) -> list[Event]:
        winner = trick_winner(self.trick).seat
        team = team_of(winner)
        self.taken[team] += [play.card for play in self.trick]
        self.tricks_taken[team] += 1
        events = [self.record({"type": "trick", "winner": winner})]
        self.last_trick, self.trick = self.trick, []
        self.turn = winner
        if self.hands[winner]:
            return events
        return events + self._close_hand()

    # -- scoring (PI-6 .. PI-9) ---------------------------------------------------------------

    def _close_hand(self) -> list[Event]:
        assert self.pitcher is not None and self.trump is not None
        pitcher_team = team_of(self.pitcher)
        points = count_points(self.trump, self.dealt, self.taken, self.settings.low_rule)
        settlement = settle(
            points,
            pitcher_team=pitcher_team,
            bid=self._contract(),
            tricks_taken=self.tricks_taken[pitcher_team],
        )
        self.scores = [
            score + change for score, change in zip(self.scores, settlement.scored, strict=True)
        ]
        summary = HandSummary(
            hand=self.hand_number,
            pitcher=self.pitcher,
            bid=self._contract(),
            trump=self.trump,
            points=points,
            settlement=settlement,
            scores=(self.scores[0], self.scores[1]),
        )
        self.last_hand = summary.to_json()
        events = [self.record({"type": "hand_over", **self.last_hand})]
        self.winner = match_winner(
            self.scores, pitcher_team=pitcher_team, made=settlement.made, options=self.settings
        )
        if self.winner is not None:
            self.phase = Phase.OVER
            events.append(self.record({"type": "match_over", **self.result()}))
        else:
            self.phase = Phase.HAND_OVER
            self.turn = next_seat(self.dealer)  # The deal passes clockwise.
        return events

    # -- dealing (PI-1, PI-10) ----------------------------------------------------------------

    def _deal(self) -> list[Event]:
        if self.phase is not Phase.HAND_OVER:
            raise IllegalAction("not_dealing", "The cards are dealt once a hand is over.")
        number = self.hand_number + 1
        return [self._begin_hand(number, self.turn, deal_hand(self.rng.seed, number))]

    def _begin_hand(self, number: int, dealer: int, hands: list[list[str]]) -> Event:
        """Deal a hand. The history starts afresh: the cards named in the last hand's moves
        are back in the deck, and some now lie in hands a seat may not see."""
        self.history = []
        self.hand_number = number
        self.dealer = dealer
        self.hands = [sorted(hand, key=display_order) for hand in hands]
        self.dealt = [list(hand) for hand in self.hands]
        self.calls = [None] * SEATS
        self.pitcher = None
        self.trump = None
        self.trick = []
        self.last_trick = []
        self.taken = [[], []]
        self.tricks_taken = [0, 0]
        self.phase = Phase.BIDDING
        self.turn = next_seat(dealer)  # PI-2: bidding starts left of the dealer.
        return self.record({"type": "deal", "hand": number, "dealer": dealer})
