"""What each game's actions are (typed, game by game), and how each field of an action is put
in canonical form, for ``Match.action_fields``.

``Match.canonical_action`` keeps an action's type and only the fields that type takes, so that
nothing else a client sent is applied, stored or shown (issue 17: a legal move with 2.8 kB of
extra fields, or one nested 200 levels deep, was stored as sent). A value that cannot be read
is passed on as it came: ``apply`` refuses it with its own code and message, and a refused
action is never stored.
"""

from __future__ import annotations

from typing import Literal, TypedDict, TypeGuard, final, get_args

from games.engine.cards import Suit, normalise_code

_SUITS = {suit.symbol: suit.value for suit in Suit} | {suit.value: suit.value for suit in Suit}


def as_is(value: object) -> object:
    return value


def card(value: object) -> object:
    """``"q♥"`` -> ``"QH"``; anything that is not a card, as it came."""
    try:
        return normalise_code(value)
    except ValueError:
        return value


def cards(value: object) -> object:
    """A list of cards, each canonical (not a list: as it came)."""
    return [card(item) for item in value] if isinstance(value, list) else value


def card_groups(value: object) -> object:
    """A list of groups of cards (a rummy declaration)."""
    return [cards(group) for group in value] if isinstance(value, list) else value


def suit(value: object) -> object:
    """``"s"`` or ``"♠"`` -> ``"S"``; anything else, as it came."""
    return _SUITS.get(value.strip().upper(), value) if isinstance(value, str) else value


def bid(value: object) -> object:
    """``"KOT"`` -> ``"kot"``; numbers and anything else, as they came."""
    return value.strip().lower() if isinstance(value, str) else value


# -- what an action is, game by game -------------------------------------------------------------
#
# The engine's own actions, as ``legal_actions`` and ``default_action`` list them and bots choose
# them: each a JSON object whose ``type`` is a literal tag. Card codes are ``str`` ("10S", "PJ"),
# suits their letter ("S", "H", "D", "C"). What a client sends is none of these until the game's
# ``apply`` has read it (``SentAction`` in ``games.engine.base``). Final, so that a test of a key
# (``"card" in action``) tells the shapes apart.


@final
class RummyStep(TypedDict):
    """Rummy: drop out of the deal (RM-17), deal the next one, or answer a Pool rejoin offer
    (RM-24): the type alone."""

    type: Literal["drop", "deal", "rejoin", "stay_out"]


CourtPieceStepType = Literal[
    "pass",
    "luck",
    "change_cards",
    "keep_cards",
    "keep_trump",
    "ask_trump",
    "reveal",
    "next_deal",
]


@final
class CourtPieceStep(TypedDict):
    """Court Piece: pass the choice, turn the luck card, change or keep the cards, keep
    trump, ask for trump, reveal it, deal on (CP-5 to CP-16): the type alone."""

    type: CourtPieceStepType


@final
class PitchStep(TypedDict):
    """Pitch: deal the next hand."""

    type: Literal["deal"]


@final
class UndersStep(TypedDict):
    """Hidden Unders: take up the pile when nothing plays (HU-6), or draw up and end the turn
    (HU-7, HU-8): the type alone."""

    type: Literal["take", "done"]


@final
class Draw(TypedDict):
    """Rummy: take the top card of the closed deck or of the open pile (RM-6, RM-7)."""

    type: Literal["draw"]
    source: Literal["open", "closed"]


@final
class Discard(TypedDict):
    """Rummy: let a card go onto the open pile (RM-8)."""

    type: Literal["discard"]
    card: str


@final
class Declare(TypedDict):
    """Rummy: show, putting ``discard`` aside and laying the other 13 in ``groups`` (RM-13)."""

    type: Literal["declare"]
    discard: str
    groups: list[list[str]]


@final
class PlayCard(TypedDict):
    """Court Piece and Pitch: play one card to the trick (CP-4, PI-5)."""

    type: Literal["play"]
    card: str


@final
class HideCard(TypedDict):
    """Court Piece: the caller lays this card face down as hidden trump (CP-8); with ``type``
    ``change_trump``, another face-down card in its place (CP-14, hidden trump)."""

    type: Literal["hide", "change_trump"]
    card: str


@final
class NameSuit(TypedDict):
    """Court Piece: call this suit trump (CP-6); with ``type`` ``change_trump``, change open
    trump to it (CP-14)."""

    type: Literal["call", "change_trump"]
    suit: str


PitchCall = Literal["pass", 2, 3, 4, "kot"]
"""A call in Pitch's auction as it travels (PI-2)."""


@final
class PitchBid(TypedDict):
    """Pitch: one call in the auction (PI-2, PI-3)."""

    type: Literal["bid"]
    bid: PitchCall


@final
class PlayCards(TypedDict):
    """Hidden Unders: lay these cards of one rank from hand or overs (``play``, HU-4), or
    choose these four as overs (``overs``, HU-2)."""

    type: Literal["play", "overs"]
    cards: list[str]


@final
class PlayUnder(TypedDict):
    """Hidden Unders: turn up the face-down under at ``index`` and play it (HU-9)."""

    type: Literal["under"]
    index: int


RummyAction = Draw | Discard | Declare | RummyStep
CourtPieceAction = PlayCard | HideCard | NameSuit | CourtPieceStep
PitchAction = PitchBid | PlayCard | PitchStep
UndersAction = PlayCards | PlayUnder | UndersStep
Action = (
    Draw
    | Discard
    | Declare
    | RummyStep
    | PlayCard
    | HideCard
    | NameSuit
    | CourtPieceStep
    | PitchBid
    | PitchStep
    | PlayCards
    | PlayUnder
    | UndersStep
)
"""Any game's action (``games.engine.base.Action``, the contract's name): every shape above,
listed flat because mypy does not narrow a union of unions by a key (``"card" in action``)."""

RUMMY_TYPES = frozenset({"draw", "discard", "declare", "drop", "deal", "rejoin", "stay_out"})
COURT_PIECE_TYPES = frozenset(
    {"call", "hide", "change_trump", "play", *get_args(CourtPieceStepType)}
)
PITCH_TYPES = frozenset({"bid", "play", "deal"})
UNDERS_TYPES = frozenset({"overs", "play", "under", "take", "done"})
"""Each game's action types (its ``Match.action_fields``, a test holds them equal). The tests
below read an action the engine listed back as its game's own where a caller holds it as any
game's (a bot given a table's legal actions): by its type alone, which is all that tells the
games' shapes apart; they are no check of what a client sent (``apply`` reads that)."""


def is_rummy(action: Action) -> TypeGuard[RummyAction]:
    return action["type"] in RUMMY_TYPES


def is_court_piece(action: Action) -> TypeGuard[CourtPieceAction]:
    return action["type"] in COURT_PIECE_TYPES


def is_pitch(action: Action) -> TypeGuard[PitchAction]:
    return action["type"] in PITCH_TYPES


def is_unders(action: Action) -> TypeGuard[UndersAction]:
    return action["type"] in UNDERS_TYPES
