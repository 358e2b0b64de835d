"""What each game's view is (typed, game by game): what ``Match.view(seat)`` returns.

A view is what one seat may see (``seat`` ``None``: a spectator), and nothing more: its own
hand, never another's; of the other hands, the stock, a face-down card or the unders only
their sizes or what was shown face up to everyone (``games.engine.base``; ``leaked_cards``
checks a view against ``Match.cards_hidden_from``). Every view is a fresh copy: a caller may
decorate it without moving the match.

Each view is a JSON object whose ``game`` is a literal tag, so that a test of
``view["game"]`` tells the four shapes apart, as the events' ``type`` does
(``games.engine.events``). Keys every game's view has: ``game``, ``variant``, ``players``,
``seat``, ``hand``, ``to_move``, ``history``, ``over`` and ``result``. A key a view has only
sometimes comes from a ``total=False`` part, saying when it is there. The result is typed as the
contract's ``MatchResult``: each game's own result (which adds its details) lives in its match
module, which imports this one.

This module is a leaf of the engine: it imports only ``games.engine.actions`` and
``games.engine.events`` (and, for mypy alone, the contract's ``MatchResult``), so that the
contract (``games.engine.base``) and every game may import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict, TypeGuard, final

from games.engine.actions import PitchAction, PitchCall
from games.engine.events import (
    CourtPieceDealSummary,
    CourtPieceTally,
    Event,
    PitchHandSummary,
)

if TYPE_CHECKING:  # the contract imports this module: its result type is for mypy alone
    from games.engine.base import MatchResult


class TrickPlay(TypedDict):
    """A card played to a trick, face up: by whom, and whether it counted as trump."""

    seat: int
    card: str
    trump: bool


# -- rummy (RM-1 .. RM-30) -------------------------------------------------------------------


@final
class RummySeatView(TypedDict):
    """A seat at the rummy table as everyone sees it: its status and how many cards it holds."""

    seat: int
    status: str
    cards: int


@final
class DropPoints(TypedDict):
    """What a first and a middle drop cost (RM-17)."""

    first: int
    middle: int


@final
class RejoinView(TypedDict):
    """The seats offered a rejoin and the score they would come back on (RM-27)."""

    offered: list[int]
    score: int | None


@final
class RummySheetLine(TypedDict):
    """A finished deal on the score sheet: its number, its winner, and what each seat paid
    (``None``: a seat not dealt in)."""

    deal: int
    winner: int
    points: list[int | None]


@final
class RummyShow(TypedDict):
    """A seat's declaration as it laid it (RM-13): its groups, the card put aside, and the
    check's verdict in words (RM-14)."""

    groups: list[list[str]]
    aside: str
    reason: str


@final
class RummyShownHand(TypedDict):
    """A hand of the finished deal as the result screen shows it (RM-5, RM-21): a
    declaration as laid out, else the game's best arrangement (``ungrouped``: what fits no
    group; ``aside``: a declarer's 14th card). ``outcome`` is ``won``, ``lost``, ``dropped``
    or ``wrong_show``; ``points`` what the seat paid. In a sealed view another seat's hand
    keeps its outcome and points, its cards emptied."""

    seat: int
    outcome: str
    groups: list[list[str]]
    kinds: list[str]
    ungrouped: list[str]
    aside: str | None
    points: int | None


@final
class RummyView(TypedDict):
    """A rummy seat's view: its own hand (empty once the deal is over and shown in
    ``last_deal``), its own declaration (``own_show``), the open pile's top, the sizes of the
    open and closed piles and of every hand; never another seat's cards before the deal's end
    lays them open (RM-5)."""

    game: Literal["rummy"]
    variant: str
    players: int
    seat: int | None
    hand: list[str]
    to_move: list[int]
    history: list[Event]
    over: bool
    result: MatchResult | None
    decision_seconds: int | None
    phase: str
    deal: int
    dealer: int
    turn: int | None
    wild_card: str
    wild_rank: str
    open_top: str | None
    open_count: int
    closed_count: int
    seats: list[RummySeatView]
    scoring: str
    scores: list[int]
    sheet: list[RummySheetLine]
    drop_points: DropPoints | None
    taken_this_turn: str | None
    """The card the seat took from the open pile this turn (RM-8), for the seat in turn only."""
    own_show: RummyShow | None
    last_deal: list[RummyShownHand] | None
    rejoin: RejoinView | None


# -- Court Piece (CP-1 .. CP-20) -------------------------------------------------------------


@final
class FaceDownView(TypedDict):
    """The caller's face-down card (CP-8): ``card`` and ``suit`` only for a seat that may
    know it (CP-12, CP-13), ``None`` for the others."""

    seat: int | None
    card: str | None
    suit: str | None
    face_up: bool


@final
class CourtPieceView(CourtPieceTally):
    """A Court Piece seat's view: its own hand, every hand's size, the trick on the table and
    the last one; the face-down card (``face_down``) only to a seat that may know it. The
    variant's tally (``CourtPieceTally``: Double Sar's ``pile`` and ``streak``, Mendikot's
    ``tens``) is there in those variants only."""

    game: Literal["courtpiece"]
    variant: str
    players: int
    seat: int | None
    teams: list[list[int]]
    hand: list[str]
    hand_sizes: list[int]
    to_move: list[int]
    phase: str
    deal: int
    dealer: int
    chooser: int
    caller: int | None
    trump: str | None
    trump_card: str | None
    face_down: FaceDownView | None
    leader: int
    trick: list[TrickPlay]
    last_trick: list[TrickPlay]
    last_trick_winner: int | None
    must_play_trump: bool
    tricks: list[int]
    tricks_played: int
    scores: list[int]
    target: int
    last_deal: CourtPieceDealSummary | None
    house_features: list[str]
    decision_seconds: int | None
    history: list[Event]
    over: bool
    result: MatchResult | None


# -- Pitch (PI-1 .. PI-10) -------------------------------------------------------------------


@final
class PitchTableOptions(TypedDict):
    """The options a Pitch match was made with (``games.engine.pitch.options``): who scores
    Low (PI-6), whether the dealer may match a kot (PI-3, PI-7), the target and the back
    door (PI-8)."""

    low_rule: str
    dealer_can_match_kot: bool
    target: int
    back_door: bool


@final
class PitchView(TypedDict):
    """A Pitch seat's view: its own hand and legal actions (none for a spectator), every
    hand's size, the bids, the trick on the table and the last one."""

    game: Literal["pitch"]
    variant: str
    players: int
    seat: int | None
    hand: list[str]
    to_move: list[int]
    legal_actions: list[PitchAction]
    history: list[Event]
    over: bool
    result: MatchResult | None
    decision_seconds: int | None
    options: PitchTableOptions
    teams: list[list[int]]
    phase: str
    hand_number: int
    dealer: int
    hand_sizes: list[int]
    bids: list[PitchCall | None]
    pitcher: int | None
    bid: PitchCall | None
    trump: str | None
    trick: list[TrickPlay]
    last_trick: list[TrickPlay]
    last_trick_winner: int | None
    tricks_taken: list[int]
    scores: list[int]
    last_hand: PitchHandSummary | None


# -- Hidden Unders (HU-1 .. HU-11) -----------------------------------------------------------


@final
class UndersSeatView(TypedDict):
    """A seat as everyone sees it: its hand's size, its overs (face up; ``None`` before they
    are laid) and how many unders it has left, never which (HU-9)."""

    hand_size: int
    overs: list[str] | None
    unders_left: int


@final
class PileView(TypedDict):
    """The pile's top cards (a few, HU-4) and its size."""

    top: list[str]
    size: int


@final
class UndersView(TypedDict):
    """A Hidden Unders seat's view: its own hand, every seat's overs, hand size and unders
    left, the pile's top cards. Nobody sees an under, its owner included, until it is played
    (HU-9)."""

    game: Literal["unders"]
    variant: str
    players: int
    seat: int | None
    hand: list[str]
    to_move: list[int]
    step: str
    seats: list[UndersSeatView]
    pile: PileView
    deck_size: int
    burned: int
    history: list[Event]
    over: bool
    result: MatchResult | None


View = RummyView | CourtPieceView | PitchView | UndersView
"""Any game's view (``games.engine.base.View``, the contract's name)."""


def is_rummy_view(view: View) -> TypeGuard[RummyView]:
    """Whether ``view`` is a rummy view, by its ``game`` (as ``actions.is_rummy`` by type)."""
    return view["game"] == "rummy"


def is_court_piece_view(view: View) -> TypeGuard[CourtPieceView]:
    return view["game"] == "courtpiece"


def is_pitch_view(view: View) -> TypeGuard[PitchView]:
    return view["game"] == "pitch"


def is_unders_view(view: View) -> TypeGuard[UndersView]:
    return view["game"] == "unders"
