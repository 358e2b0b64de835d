"""13-card Indian Rummy on the engine contract: turns, drops, shows, and deals played into a
game by the variant's format (RM-1 .. RM-30).

Choices where RULES.md leaves room, and the team's agreements:

- Between two deals the finished deal stays on the table, every hand shown with its best
  arrangement (RM-5, RM-21), until the next dealer deals (``{"type": "deal"}``; its timeout
  deals too). Pool rejoin offers are answered first.
- After a valid show the losers are scored in their best grouping by the game (RM-21); they
  do not lay out their hands themselves.
- A wrong show's 14 cards stay face down with that player until the deal ends (RM-15).
- The history (RM-29) covers the current deal: it starts again with each deal, and when the
  open pile is shuffled into a new closed deck (the discards it named are face down again).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Literal

from games.engine import actions
from games.engine.actions import Declare, Discard, RummyAction
from games.engine.base import (
    AbsentSeat,
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
from games.engine.cards import normalise_code
from games.engine.errors import IllegalAction
from games.engine.events import RummyDeal
from games.engine.rng import MatchRandom
from games.engine.rummy.deal import Deal, SeatStatus, copied, full_deck, next_seat
from games.engine.rummy.formats import FORMATS, DealsFormat, Format, Standings
from games.engine.rummy.melds import validate_declaration
from games.engine.rummy.ranks import FULL_COUNT, is_joker
from games.engine.rummy.scoring import arrange, best_show, hand_points
from games.engine.views import RummySheetLine, RummyShownHand, RummyView

DEFAULT_OPTIONS: dict[str, Any] = {"rejoin": False, "deals": 0, "stand_ins": True}
"""``rejoin``: in Pool, an eliminated player may come back once (RM-24, a table option).
``deals``: in Deals, how many deals the game has (0: the variant's own count; a tournament
plays as many deals as there are players at the table). ``stand_ins``: false where no bot may
ever play a seat (a tournament's tables): a seat that keeps timing out is dropped where the
format has drops, else it goes on timing out (``AbsentSeat.TIME_OUT``)."""

OPTIONAL_OPTIONS: dict[str, Any] = {"duplicate": False}
"""``duplicate``: duplicate deals (a tournament's choice, issue 31): deal *n* is shuffled from
a stream of its own, drawn from the match's seed and *n* alone (``deal_random``), so every
match with that seed and seat count is dealt the very same cards in every deal, whatever was
played before; an open pile shuffled into a new closed deck (RM-4) still draws from the
match's own stream. Absent, as in every match before it existed: every shuffle draws from the
match's stream, as it always has (``GameRules.optional_options``)."""

MAX_DEALS = 12


class RummyResult(MatchResult):
    """``scoring`` says what ``scores`` count: ``"points"`` (Points, Pool: fewer is better)
    or ``"chips"`` (Deals); ``sheet`` is every deal's ``{"deal", "winner", "points"}``, the
    points per seat (``None`` for a seat not dealt in)."""

    scoring: str
    sheet: list[RummySheetLine]


class Phase(StrEnum):
    """What the match waits for."""

    DRAW = "draw"
    """The seat to play draws from the closed deck or the open pile, or drops (RM-6, RM-17)."""
    DISCARD = "discard"
    """The seat to play holds 14 cards: it discards one, or declares (RM-6, RM-13)."""
    BETWEEN_DEALS = "between_deals"
    """The finished deal is shown; Pool rejoin offers are answered; the next dealer deals."""
    OVER = "over"


_HINTS = {
    Phase.DRAW: "Draw a card first, from the closed deck or the open pile.",
    Phase.DISCARD: "You hold 14 cards: discard one, or declare.",
    Phase.BETWEEN_DEALS: "This deal is over; the next one has not been dealt yet.",
}
Handler = Callable[[int, SentAction], list[Event]]


class RummyMatch(Match):
    """A game of 13-card Indian Rummy in one of its formats (RM-23 .. RM-26)."""

    game: Literal["rummy"] = "rummy"
    action_fields: ClassVar[ActionFields] = {
        "draw": {"source": actions.as_is},
        "drop": {},
        "discard": {"card": actions.card},
        "declare": {"discard": actions.card, "groups": actions.card_groups},
        "deal": {},
        "rejoin": {},
        "stay_out": {},
    }

    def __init__(
        self,
        *,
        variant: str,
        players: int,
        options: Mapping[str, Any],
        rng: MatchRandom,
        standings: Standings,
        deal: Deal,
        reveal: list[RummyShownHand] | None = None,
        rejoin_offers: list[int] | None = None,
        rejoin_score: int | None = None,
    ) -> None:
        super().__init__(variant=variant, players=players, options=options, rng=rng)
        self.format = format_for(variant, options)
        self.standings = standings
        self.deal = deal
        self.reveal = reveal  # the finished deal, shown until the next is dealt (RM-5)
        self.rejoin_offers = rejoin_offers or []
        self.rejoin_score = rejoin_score

    # -- starting and storing ----------------------------------------------------------------

    @classmethod
    def start(
        cls, *, variant: str, players: int, options: Mapping[str, Any], rng: MatchRandom
    ) -> RummyMatch:
        """A new game, its first deal dealt by seat 0."""
        fmt = format_for(variant, options)
        standings = Standings.opening(fmt.opening_scores(players))
        seats = fmt.next_seats(standings)
        deal = Deal.dealt(
            number=1, dealer=0, seats=seats, players=players, rng=deal_random(rng, options, 1)
        )
        return cls._opened(variant, players, options, rng, standings, deal)

    @classmethod
    def with_deal(
        cls,
        variant: str,
        hands: Sequence[Sequence[str]],
        *,
        wild_card: str,
        open_pile: Sequence[str],
        closed: Sequence[str],
        dealer: int = 0,
        scores: Sequence[int] | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | int = 0,
    ) -> RummyMatch:
        """A game whose first deal is the one given (tests, and replays of a known deal).

        ``closed`` lists the closed deck bottom to top; ``scores`` are the standings before it
        (Pool totals, Deals chips); later deals are dealt from ``seed``."""
        players = len(hands)
        rules_options = {**DEFAULT_OPTIONS, **(options or {})}
        fmt = format_for(variant, rules_options)
        standings = Standings.opening(list(scores or fmt.opening_scores(players)))
        dealt = [[normalise_code(card) for card in hand] for hand in hands]
        deal = Deal(
            number=1,
            dealer=dealer,
            wild_card=normalise_code(wild_card),
            hands=[list(hand) for hand in dealt],
            closed=[normalise_code(card) for card in closed],
            open_pile=[normalise_code(card) for card in open_pile],
            status=[SeatStatus.PLAYING if hand else SeatStatus.OUT for hand in hands],
            known=[[] for _ in hands],
            has_drawn=[False] * players,
            turn=next_seat(dealer, [seat for seat, hand in enumerate(hands) if hand]),
            penalties=[None] * players,
            shows=[None] * players,
            as_dealt=dealt,
        )
        return cls._opened(variant, players, rules_options, MatchRandom(seed), standings, deal)

    @classmethod
    def _opened(
        cls,
        variant: str,
        players: int,
        options: Mapping[str, Any],
        rng: MatchRandom,
        standings: Standings,
        deal: Deal,
    ) -> RummyMatch:
        if not isinstance(options.get("rejoin"), bool):
            raise ValueError("the rummy option 'rejoin' is true or false")
        if not isinstance(options.get("stand_ins", True), bool):
            raise ValueError("the rummy option 'stand_ins' is true or false")
        if not isinstance(options.get("duplicate", False), bool):
            raise ValueError("the rummy option 'duplicate' is true or false")
        match = cls(
            variant=variant,
            players=players,
            options=options,
            rng=rng,
            standings=standings,
            deal=deal,
        )
        match.record(match._deal_event())
        return match

    def to_json(self) -> dict[str, Any]:
        """The state as copies: the stored row and the live match never share a list."""
        return {
            **self.base_json(),
            "options": dict(self.options),
            "history": copied(self.history),
            "standings": copied(self.standings.to_json()),
            "deal": self.deal.to_json(),
            "reveal": copied(self.reveal),
            "rejoin_offers": list(self.rejoin_offers),
            "rejoin_score": self.rejoin_score,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> RummyMatch:
        match = cls(
            variant=data["variant"],
            players=data["players"],
            options=data["options"],
            rng=MatchRandom.from_json(data["rng"]),
            standings=Standings.from_json(copied(data["standings"])),
            deal=Deal.from_json(data["deal"]),
            reveal=copied(data["reveal"]),
            rejoin_offers=list(data["rejoin_offers"]),
            rejoin_score=data["rejoin_score"],
        )
        match.restore_base({"history": copied(data["history"])})
        return match

    # -- where the game stands ---------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        if self.reveal is None:
            return Phase.DISCARD if self.deal.holding else Phase.DRAW
        return Phase.BETWEEN_DEALS if self.format.next_seats(self.standings) else Phase.OVER

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def to_move(self) -> list[int]:
        phase = self.phase
        if phase is Phase.OVER:
            return []
        if phase is Phase.BETWEEN_DEALS:
            return list(self.rejoin_offers) or [self._next_dealer()]
        return [self.deal.turn]

    def _next_dealer(self) -> int:
        return next_seat(self.deal.dealer, self.format.next_seats(self.standings))

    def result(self) -> RummyResult:
        if not self.is_over():
            raise ValueError("the game is not over")
        ranks = self.format.ranks(self.standings)
        return {
            "ranks": ranks,
            "scores": list(self.standings.scores),
            "winners": [seat for seat, rank in enumerate(ranks) if rank == 1],
            "scoring": self.format.scoring,
            "sheet": copied(self.standings.sheet),
        }

    def open_hands(self) -> list[list[HandGroup]]:
        """This deal's hands as dealt, and as held now; a declarer's 14th card, the one put
        aside, apart (see the contract). A seat not dealt in has nothing."""
        deal = self.deal
        hands = []
        for seat, hand in enumerate(deal.hands):
            show = deal.shows[seat]
            held, aside = list(hand), [] if show is None else [show["aside"]]
            for card in aside:
                held.remove(card)
            dealt = [] if deal.as_dealt is None else deal.as_dealt[seat]
            hands.append(
                labelled((HandLabel.DEALT, dealt), (HandLabel.HELD, held), (HandLabel.ASIDE, aside))
            )
        return hands

    def all_cards(self) -> list[str]:
        return full_deck()

    def cards_hidden_from(self, seat: int | None) -> list[str]:
        if self.reveal is not None:  # every hand of the finished deal is shown (RM-5)
            return list(self.deal.closed)
        return self.deal.hidden_from(seat)

    # -- what a seat may do ------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[RummyAction]:
        if type(seat) is not int or seat not in self.to_move():  # a bool or a float is no seat
            return []
        phase = self.phase
        if phase is Phase.DRAW:
            return self._draw_choices()
        if phase is Phase.DISCARD:
            return self._discard_choices()
        if seat in self.rejoin_offers:
            return [{"type": "rejoin"}, {"type": "stay_out"}]
        return [{"type": "deal"}]

    def _draw_choices(self) -> list[RummyAction]:
        choices: list[RummyAction] = [{"type": "draw", "source": "closed"}]
        if self._open_draw_refusal() is None:
            choices.append({"type": "draw", "source": "open"})
        if self.format.drops is not None:
            choices.append({"type": "drop"})
        return choices

    def _discard_choices(self) -> list[RummyAction]:
        deal = self.deal
        hand = deal.hands[deal.turn]
        discards: list[RummyAction] = [
            {"type": "discard", "card": card} for card in dict.fromkeys(hand) if card != deal.taken
        ]
        show = best_show(hand, deal.wild_rank, keep=deal.taken)
        declare: Declare = {
            "type": "declare",
            "discard": show.aside,
            "groups": show.arrangement.as_declared(),
        }
        return [*discards, declare]

    def absent_seat_policy(self) -> AbsentSeat:
        """RM-17: a player who keeps timing out is dropped where the format has drops; in
        Deals (RM-26) a bot stands in, or, where the table allows no bot (``stand_ins``
        false), the seat goes on timing out."""
        if self.format.drops is not None:
            return AbsentSeat.DROP
        return AbsentSeat.STAND_IN if self.options.get("stand_ins", True) else AbsentSeat.TIME_OUT

    def forfeit_action(self, seat: int) -> RummyAction | None:
        """Deals rummy has no drop (RM-26), so a seat gone for good from a table no bot may
        play (issue 31: a table of such seats never ended) loses each deal as the rules make
        a player lose it at once: it draws, then shows its hand as it lies, all 13 cards in one
        group, which is never a valid show (RM-14 wants two sequences). That is a wrong show:
        80 points, the most a deal may cost (RM-20), and out of the deal; the others play on,
        and the last one left wins the deal (RM-15). Between deals: nothing to forfeit."""
        if self.format.drops is not None or seat not in self.to_move():
            return None
        if self.phase is Phase.DRAW:
            return self.default_action(seat)
        if self.phase is Phase.DISCARD:
            aside = self._default_discard(seat)["card"]
            rest = list(self.deal.hands[seat])
            rest.remove(aside)
            return {"type": "declare", "discard": aside, "groups": [rest]}
        return None

    def default_action(self, seat: int) -> RummyAction:
        """A timeout draws from the closed deck, then discards the card just drawn (or, when
        that came from the open pile, the card the best arrangement leaves over); between
        deals it declines a rejoin offer, or deals."""
        seat = self.require_turn(seat)
        phase = self.phase
        if phase is Phase.DRAW:
            return {"type": "draw", "source": "closed"}
        if phase is Phase.DISCARD:
            return self._default_discard(seat)
        return {"type": "stay_out"} if seat in self.rejoin_offers else {"type": "deal"}

    def _default_discard(self, seat: int) -> Discard:
        deal = self.deal
        card = deal.drawn
        if card is None or card == deal.taken:
            card = best_show(deal.hands[seat], deal.wild_rank, keep=deal.taken).aside
        return {"type": "discard", "card": card}

    # -- applying an action ------------------------------------------------------------------

    def apply(self, seat: int, action: SentAction) -> list[Event]:
        seat = self.require_turn(seat)
        kind = action_type(action)
        handler = self._handlers(seat).get(kind)
        if handler is None:
            if kind in actions.RUMMY_TYPES:
                raise IllegalAction("not_now", _HINTS[self.phase])
            raise IllegalAction("unknown_action", f"Rummy has no {kind!r} action.")
        return handler(seat, action)

    def _handlers(self, seat: int) -> dict[str, Handler]:
        phase = self.phase
        if phase is Phase.DRAW:
            return {"draw": self._draw, "drop": self._drop}
        if phase is Phase.DISCARD:
            return {"discard": self._discard, "declare": self._declare}
        if seat in self.rejoin_offers:
            return {"rejoin": self._rejoin, "stay_out": self._stay_out}
        return {"deal": self._deal_next}

    def _draw(self, seat: int, action: SentAction) -> list[Event]:
        source = action.get("source")
        if source not in ("closed", "open"):
            raise IllegalAction("bad_source", "Draw from the 'closed' deck or the 'open' pile.")
        if source == "open":
            refusal = self._open_draw_refusal()
            if refusal is not None:
                raise refusal
            card = self.deal.draw_open()
            return [self.record({"type": "draw", "seat": seat, "source": "open", "card": card})]
        card, reshuffled = self.deal.draw_closed(self.rng)
        events = []
        if reshuffled:  # RM-4; the discards named so far are back in the deck, face down
            self.history = []
            events.append(self.record({"type": "reshuffle", "closed": len(self.deal.closed) + 1}))
        events.append(self.record({"type": "draw", "seat": seat, "source": "closed"}))
        return events

    def _open_draw_refusal(self) -> IllegalAction | None:
        top = self.deal.open_top()
        if top is None:
            return IllegalAction("open_pile_empty", "The open pile is empty.")
        if is_joker(top, self.deal.wild_rank):  # RM-7
            return IllegalAction(
                "joker_from_open_pile", "A joker cannot be taken from the open pile."
            )
        return None

    def between_deals(self) -> bool:
        return self.phase is Phase.BETWEEN_DEALS

    def wrong_show_cost(self) -> int:
        """What a wrong show costs the one who declares it (RM-15)."""
        return FULL_COUNT

    def drop_cost(self, seat: int) -> int | None:
        """What dropping now would cost ``seat``: the first drop's points before its first
        draw of the deal, a middle drop's after (RM-17); ``None`` when a drop is not one of its
        moves now (not its turn to draw, or Deals rummy, RM-26)."""
        drops = self.format.drops
        if drops is None or self.phase is not Phase.DRAW or seat not in self.to_move():
            return None
        return drops.middle if self.deal.has_drawn[seat] else drops.first

    def _drop(self, seat: int, _action: SentAction) -> list[Event]:
        cost = self.drop_cost(seat)
        if cost is None:  # only asked in the seat's draw phase, so: a format without drops
            raise IllegalAction("no_drop", "There is no drop in Deals rummy.")
        self.deal.leave(seat, SeatStatus.DROPPED, cost)
        event = self.record({"type": "drop", "seat": seat, "points": cost})
        return [event, *self._after_leaving()]

    def _discard(self, seat: int, action: SentAction) -> list[Event]:
        card = self._held_card(action.get("card"), "discarded")
        self.deal.discard(card)
        event = self.record({"type": "discard", "seat": seat, "card": card})
        self.deal.pass_turn()
        return [event]

    def _declare(self, seat: int, action: SentAction) -> list[Event]:
        aside = self._held_card(action.get("discard"), "put aside")
        groups = _card_groups(action.get("groups"))
        laid = Counter(card for group in groups for card in group)
        if laid + Counter([aside]) != Counter(self.deal.hands[seat]):
            raise IllegalAction(
                "not_your_cards",
                "Your groups and the card put aside must be exactly the 14 cards you hold.",
            )
        verdict = validate_declaration(groups, self.deal.wild_rank)  # RM-13, RM-14
        self.deal.shows[seat] = {"groups": groups, "aside": aside, "reason": verdict.reason}
        if verdict.valid:
            event = self.record({"type": "declare", "seat": seat, "valid": True})
            return [event, *self._finish_deal(winner=seat)]
        self.deal.leave(seat, SeatStatus.WRONG_SHOW, FULL_COUNT)  # RM-15
        event = self.record(
            {
                "type": "declare",
                "seat": seat,
                "valid": False,
                "reason_code": verdict.reason_code,
                "points": FULL_COUNT,
            }
        )
        return [event, *self._after_leaving()]

    def _held_card(self, value: object, verb: str) -> str:
        """``value`` as a card the seat to play holds and may let go of this turn (RM-8)."""
        try:
            card = normalise_code(value)
        except ValueError:
            raise IllegalAction("bad_card", f"{value!r} is not a card.") from None
        if card not in self.deal.hands[self.deal.turn]:
            raise IllegalAction("not_in_hand", f"You do not hold {card}.")
        if card == self.deal.taken:
            raise IllegalAction(
                "taken_from_open_pile",
                f"{card} was taken from the open pile this turn: it cannot be {verb}.",
            )
        return card

    def _after_leaving(self) -> list[Event]:
        """RM-15: the others play on; the last one left wins the deal."""
        playing = self.deal.playing()
        if len(playing) == 1:
            return self._finish_deal(winner=playing[0])
        self.deal.pass_turn()
        return []

    # -- the end of a deal, and the next -----------------------------------------------------

    def _finish_deal(self, winner: int) -> list[Event]:
        deal = self.deal
        points = [self._cost(seat, winner) for seat in range(self.players)]
        self.reveal = [self._shown_hand(seat, winner, points[seat]) for seat in self._dealt_in()]
        self.standings.sheet.append({"deal": deal.number, "winner": winner, "points": points})
        self.format.settle(self.standings, winner, points)
        events = [
            self.record(
                {"type": "deal_over", "deal": deal.number, "winner": winner, "points": points}
            )
        ]
        eliminated = [s for s, out in enumerate(self.standings.out_after) if out == deal.number]
        events += [self.record({"type": "eliminated", "seat": seat}) for seat in eliminated]
        self._offer_rejoin(eliminated)
        if self.is_over():
            events.append(self.record({"type": "game_over", "winners": self.result()["winners"]}))
        return events

    def _dealt_in(self) -> list[int]:
        return [
            seat for seat, status in enumerate(self.deal.status) if status is not SeatStatus.OUT
        ]

    def _cost(self, seat: int, winner: int) -> int | None:
        """What ``seat`` pays for this deal: nothing for the winner, its penalty for a drop or
        a wrong show, else its hand in its best grouping (RM-21); ``None`` if not dealt in."""
        deal = self.deal
        if deal.status[seat] is SeatStatus.OUT:
            return None
        if seat == winner:
            return 0
        penalty = deal.penalties[seat]
        return penalty if penalty is not None else hand_points(deal.hands[seat], deal.wild_rank)

    def _shown_hand(self, seat: int, winner: int, points: int | None) -> RummyShownHand:
        """A hand as the result screen shows it: a declaration as laid out, else the game's
        best arrangement (RM-5, RM-21)."""
        deal = self.deal
        show = deal.shows[seat]
        if show is not None:
            groups, ungrouped, aside = show["groups"], [], show["aside"]
            kinds = validate_declaration(groups, deal.wild_rank).kinds
        else:
            laid = arrange(deal.hands[seat], deal.wild_rank)
            groups, ungrouped, aside = [list(g) for g in laid.groups], list(laid.ungrouped), None
            kinds = laid.kinds
        return {
            "seat": seat,
            "outcome": self._outcome(seat, winner),
            "groups": groups,
            "kinds": [kind.value for kind in kinds],
            "ungrouped": ungrouped,
            "aside": aside,
            "points": points,
        }

    def _outcome(self, seat: int, winner: int) -> str:
        """``won``, ``lost``, ``dropped`` or ``wrong_show``."""
        status = self.deal.status[seat]
        if seat == winner:
            return "won"
        return "lost" if status is SeatStatus.PLAYING else status.value

    def _offer_rejoin(self, eliminated: list[int]) -> None:
        score = self.format.rejoin_score(self.standings) if self.options["rejoin"] else None
        offers = [seat for seat in eliminated if not self.standings.rejoined[seat]]
        self.rejoin_offers = offers if score is not None else []
        self.rejoin_score = score if self.rejoin_offers else None

    def _rejoin(self, seat: int, _action: SentAction) -> list[Event]:
        score = self.rejoin_score
        assert score is not None  # offers exist only with a score
        self.standings.scores[seat] = score
        self.standings.out_after[seat] = None
        self.standings.rejoined[seat] = True
        self.rejoin_offers.remove(seat)
        return [self.record({"type": "rejoin", "seat": seat, "score": score})]

    def _stay_out(self, seat: int, _action: SentAction) -> list[Event]:
        self.rejoin_offers.remove(seat)
        return [self.record({"type": "stay_out", "seat": seat})]

    def _deal_next(self, seat: int, _action: SentAction) -> list[Event]:
        number = self.deal.number + 1
        self.deal = Deal.dealt(
            number=number,
            dealer=seat,
            seats=self.format.next_seats(self.standings),
            players=self.players,
            rng=deal_random(self.rng, self.options, number),
        )
        self.reveal, self.rejoin_score = None, None
        self.history = []  # RM-29: the history is the current deal's
        return [self.record(self._deal_event())]

    def _deal_event(self) -> RummyDeal:
        deal = self.deal
        return {
            "type": "deal",
            "deal": deal.number,
            "dealer": deal.dealer,
            "seats": self._dealt_in(),
            "wild_card": deal.wild_card,
            "open_card": deal.open_top(),
        }

    # -- what a seat sees --------------------------------------------------------------------

    def view(self, seat: int | None) -> RummyView:
        """What ``seat`` sees, as copies: a caller may decorate a view without moving the match."""
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players
        ):
            raise IllegalAction("bad_seat", f"There is no seat {seat!r} at this table.")
        deal = self.deal
        phase = self.phase
        in_play = self.reveal is None
        drops = self.format.drops
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "seat": seat,
            "hand": list(deal.hands[seat]) if seat is not None and in_play else [],
            "to_move": self.to_move(),
            "history": copied(self.history),
            "over": phase is Phase.OVER,
            "result": self.result() if phase is Phase.OVER else None,
            "decision_seconds": self.decision_seconds(),
            "phase": phase.value,
            "deal": deal.number,
            "dealer": deal.dealer,
            "turn": deal.turn if in_play else None,
            "wild_card": deal.wild_card,
            "wild_rank": deal.wild_rank,
            "open_top": deal.open_top(),
            "open_count": len(deal.open_pile),
            "closed_count": len(deal.closed),
            "seats": [
                {"seat": other, "status": deal.status[other].value, "cards": len(hand)}
                for other, hand in enumerate(deal.hands)
            ],
            "scoring": self.format.scoring,
            "scores": list(self.standings.scores),
            "sheet": copied(self.standings.sheet),
            "drop_points": None
            if drops is None
            else {"first": drops.first, "middle": drops.middle},
            "taken_this_turn": deal.taken if seat == deal.turn and in_play else None,
            "own_show": copied(deal.shows[seat]) if seat is not None and in_play else None,
            "last_deal": copied(self.reveal),
            "rejoin": {"offered": list(self.rejoin_offers), "score": self.rejoin_score}
            if self.rejoin_offers
            else None,
        }

    def sealed_view(self, seat: int | None) -> RummyView:
        """The view with the last deal's shown hands (RM-5) open for ``seat``'s own alone: the
        others keep their outcome and points, which the board shows anyway, not their cards."""
        view = self.view(seat)
        if view["last_deal"]:
            view["last_deal"] = [
                shown
                if shown["seat"] == seat
                else {**shown, "groups": [], "kinds": [], "ungrouped": [], "aside": None}
                for shown in view["last_deal"]
            ]
        return view


def _card_groups(value: object) -> list[list[str]]:
    """A declaration's groups: a list of non-empty lists of card codes."""
    if not isinstance(value, list) or not value:
        raise IllegalAction("bad_groups", "Declare with 'groups': a list of groups of cards.")
    groups = []
    for group in value:
        if not isinstance(group, list) or not group:
            raise IllegalAction("bad_groups", "Each group is a non-empty list of cards.")
        try:
            groups.append([normalise_code(card) for card in group])
        except ValueError:
            raise IllegalAction(
                "bad_card", f"{group!r} holds something that is not a card."
            ) from None
    return groups


def deal_random(rng: MatchRandom, options: Mapping[str, Any], number: int) -> MatchRandom:
    """The stream deal ``number`` is shuffled from (RM-2 .. RM-5): the match's own, or with
    duplicate deals one of the deal's own from the match's seed (``OPTIONAL_OPTIONS``). Its
    blocks hash "seed:deal:n:counter", never "seed:counter", so it shares none with the
    match's stream."""
    if options.get("duplicate", False):
        return MatchRandom(f"{rng.seed}:deal:{number}")
    return rng


def format_for(variant: str, options: Mapping[str, Any]) -> Format:
    """The variant's format, with the number of deals the ``deals`` option sets (RM-26)."""
    fmt = FORMATS[variant]
    deals = options.get("deals", 0)
    if isinstance(deals, bool) or not isinstance(deals, int) or not 0 <= deals <= MAX_DEALS:
        raise ValueError(f"the rummy option 'deals' is a whole number from 0 to {MAX_DEALS}")
    if deals and isinstance(fmt, DealsFormat):
        return DealsFormat(deals=deals)
    return fmt
