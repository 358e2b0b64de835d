"""What a seat may do now, and why anything else is refused.

``apply`` puts an action into its canonical form (``canonical``), accepts it only if it is
among the legal actions the functions here list, and otherwise raises what ``refusal`` says.
So what is offered and what is accepted cannot drift apart, and the explanations, which only
word a refusal, cannot let anything through.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

from games.engine.actions import CourtPieceAction, CourtPieceStepType, HideCard, NameSuit
from games.engine.base import SentAction, action_type
from games.engine.cards import Suit, normalise_code
from games.engine.courtpiece.deal import Deal, Phase, TrumpCall, suits_in
from games.engine.courtpiece.options import HOUSE_FEATURES
from games.engine.errors import IllegalAction
from games.engine.tricks import led_suit, of_suit

PHASE_ACTIONS = {
    Phase.CHOOSE: frozenset({"call", "hide", "pass", "luck", "change_cards", "keep_cards"}),
    Phase.CONFIRM: frozenset({"change_trump", "keep_trump"}),
    Phase.PLAY: frozenset({"play", "ask_trump", "reveal"}),
    Phase.DEAL_OVER: frozenset({"next_deal"}),
    Phase.OVER: frozenset[str](),
}
ACTION_TYPES = frozenset().union(*PHASE_ACTIONS.values())
_STEPS: dict[str, CourtPieceStepType] = {step: step for step in get_args(CourtPieceStepType)}
"""The action types that are their type alone, each by its name."""

_CALLED = frozenset({TrumpCall.OPEN, TrumpCall.HIDDEN})
_HIDDEN = frozenset({TrumpCall.HIDDEN})
GAMES_OF_ACTION = {
    "call": frozenset({TrumpCall.OPEN}),
    "hide": _HIDDEN,
    "pass": _CALLED,
    "luck": _CALLED,
    "keep_cards": frozenset({TrumpCall.FIRST_VOID}),
    "ask_trump": _HIDDEN,
    "reveal": _HIDDEN,
}
"""Actions that belong only to some ways of setting trump."""

REFUSALS = {
    "call": ("suit_not_held", "Call a suit you hold among your first five cards."),
    "hide": ("not_in_hand", "Lay face down one of your own first five cards."),
    "pass": ("cannot_pass", "The partner cannot pass: call trump, or let the luck card decide."),
    "luck": ("cannot_take_luck", "The luck card comes only when your partner does not call."),
    "change_cards": ("cannot_change_cards", "Only the chooser may change cards, once a deal."),
    "change_trump": (
        "cannot_change_trump",
        "Change to a suit you hold, or to another card of your first five.",
    ),
    "ask_trump": (
        "cannot_ask_trump",
        "Ask for the trump only when you cannot follow the led suit.",
    ),
    "reveal": ("cannot_reveal", "Only the caller may show the face-down card, when leading."),
}
"""The one reason each action can be refused once it fits the phase, the game and the table."""

SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
_SUIT_LETTERS = {suit.symbol: suit.value for suit in Suit} | {
    suit.value: suit.value for suit in Suit
}


# -- what may be done ------------------------------------------------------------------------


def choose_actions(
    deal: Deal, seat: int, trump_call: TrumpCall, change_cards: bool
) -> list[CourtPieceAction]:
    """CP-5 on the first five: call (a suit held, or a card laid face down), pass or luck."""
    hand = deal.hands[seat]
    actions: list[CourtPieceAction]
    if trump_call is TrumpCall.OPEN:
        actions = [{"type": "call", "suit": suit} for suit in suits_in(hand)]
    elif trump_call is TrumpCall.HIDDEN:
        actions = [{"type": "hide", "card": card} for card in hand]
    else:
        actions = [{"type": "keep_cards"}]
    if trump_call is not TrumpCall.FIRST_VOID:
        # The chooser may pass once; the partner cannot, and their clock ends in the luck card.
        actions.append({"type": "pass" if seat == deal.chooser else "luck"})
    if change_cards and seat == deal.chooser and not deal.cards_changed:
        actions.append({"type": "change_cards"})  # CP-15: once a deal, before trump
    return actions


def confirm_actions(deal: Deal, seat: int, trump_call: TrumpCall) -> list[CourtPieceAction]:
    """CP-16, CP-17: another suit held, or another of the first five laid face down."""
    hand = deal.hands[seat]
    changes: list[CourtPieceAction]
    if trump_call is TrumpCall.HIDDEN:
        changes = [
            {"type": "change_trump", "card": card} for card in deal.caller_five if card in hand
        ]
    else:
        changes = [
            {"type": "change_trump", "suit": suit} for suit in suits_in(hand) if suit != deal.trump
        ]
    return [*changes, {"type": "keep_trump"}]


def play_actions(deal: Deal, seat: int) -> list[CourtPieceAction]:
    actions: list[CourtPieceAction] = [
        {"type": "play", "card": card} for card in legal_plays(deal, seat)
    ]
    if deal.face_down is not None:
        if deal.trick and not of_suit(deal.hands[seat], led_suit(deal.trick)):
            actions.append({"type": "ask_trump"})  # CP-9
        elif not deal.trick and seat == deal.caller:
            actions.append({"type": "reveal"})  # CP-10
    return actions


def legal_plays(deal: Deal, seat: int) -> list[str]:
    hand = deal.hands[seat]
    if deal.trick:
        following = of_suit(hand, led_suit(deal.trick))
        if following:
            return following  # CP-4: follow suit if you can
    if deal.must_trump:
        trumps = of_suit(hand, deal.trump)
        if trumps:
            return trumps  # CP-9, CP-10: the one time a trump is compulsory
    return list(hand)


# -- reading an action -----------------------------------------------------------------------


def canonical(action: SentAction, trump_call: TrumpCall) -> CourtPieceAction:
    """``action``, as a client sent it, read as a Court Piece action: only the fields its type
    takes, each in canonical form; ``IllegalAction`` for an unknown type or a field that
    cannot be read."""
    kind = action_type(action)
    if kind not in ACTION_TYPES:
        raise IllegalAction("unknown_action", f"There is no action {kind!r} in Court Piece.")
    if kind == "play":
        return {"type": "play", "card": _card_field(action)}
    if kind in ("hide", "change_trump", "call"):
        return _trump_choice(kind, action, trump_call)
    return {"type": _STEPS[kind]}


def _trump_choice(kind: str, action: SentAction, trump_call: TrumpCall) -> HideCard | NameSuit:
    """A card laid face down (``hide``, and ``change_trump`` in a hidden game), or a suit named
    (``call``, and ``change_trump`` in an open one)."""
    if kind == "hide":
        return {"type": "hide", "card": _card_field(action)}
    if kind == "call":
        return {"type": "call", "suit": _suit_field(action)}
    if trump_call is TrumpCall.HIDDEN:
        return {"type": "change_trump", "card": _card_field(action)}
    return {"type": "change_trump", "suit": _suit_field(action)}


def _card_field(action: SentAction) -> str:
    try:
        return normalise_code(action.get("card"))
    except ValueError:
        raise IllegalAction("bad_card", "That is not a card: send a code like 'QS'.") from None


def _suit_field(action: SentAction) -> str:
    value = action.get("suit")
    letter = _SUIT_LETTERS.get(value.strip().upper()) if isinstance(value, str) else None
    if letter is None:
        raise IllegalAction("bad_suit", "That is not a suit: send one of S, H, D, C.")
    return letter


# -- why not ---------------------------------------------------------------------------------


def refusal(
    deal: Deal,
    seat: int,
    move: CourtPieceAction,
    trump_call: TrumpCall,
    options: Mapping[str, Any],
) -> IllegalAction:
    """Why ``move``, well formed but not among the legal actions, is refused."""
    kind = move["type"]
    if kind not in PHASE_ACTIONS[deal.phase]:
        return IllegalAction("not_now", "You cannot do that now.")
    if trump_call not in GAMES_OF_ACTION.get(kind, {trump_call}):
        return IllegalAction("not_in_this_game", "That is not part of this game.")
    if kind in HOUSE_FEATURES and not options[kind]:
        return IllegalAction("house_feature_off", "That house feature is off at this table.")
    if move["type"] == "play":
        return _play_refusal(deal, seat, move["card"])
    return IllegalAction(*REFUSALS[kind])


def _play_refusal(deal: Deal, seat: int, card: str) -> IllegalAction:
    hand = deal.hands[seat]
    if card == deal.face_down and seat == deal.caller and deal.face_down_seen:
        # An unseen luck card (CP-12) is refused like any card not held: naming it must not
        # tell the first chooser what it is.
        return IllegalAction("face_down", "Your face-down card cannot be played until it is shown.")
    if card not in hand:
        return IllegalAction("not_in_hand", f"You do not hold {card}.")
    led = led_suit(deal.trick)
    if led is not None and of_suit(hand, led):
        return IllegalAction(
            "must_follow_suit", f"You must follow suit: you hold a {SUIT_NAMES[led]}."
        )
    trump = SUIT_NAMES[deal.trump or ""]
    return IllegalAction("must_play_trump", f"You must play a trump: you hold a {trump}.")
