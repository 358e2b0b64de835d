"""What each game's events are (typed, game by game): what ``Match.apply`` returns and
``Match.record`` keeps in the history that every view carries.

Every event is public: anyone at the table, a spectator too, may read it, so no event names a
card that is not face up for everyone as it happens (``games.engine.base``). Where a card goes
back face down later (rummy's discards under a reshuffle, the cards a trick game's next deal
gathers), its game starts the history afresh; where a card shown may end up unseen in a hand
(Hidden Unders' pile, taken up; the cards of Court Piece's draw for the first chooser, shuffled
back), its event names the rank alone. What a seat may see of the rest comes only from
``view(seat)``.

Each event is a JSON object whose ``type`` is a literal tag, final like the actions
(``games.engine.actions``), so that a test of the tag or of a key tells the shapes apart. A tag
names one shape within a game; across games one tag may name several (``deal``, ``play``,
``trick``, ``draw``, ``deal_over``), told apart by their keys. Fields an event has only
sometimes are ``NotRequired``, each saying when it is there. Cards are codes (``"10S"``),
suits their letter, seats ``0..n-1``, teams 0 (seats 0 and 2) and 1.

This module is a leaf of the engine: it imports only ``games.engine.actions``, so that the
contract (``games.engine.base``) and every game may import it.
"""

# No ``from __future__ import annotations``: ``NotRequired`` is read from the annotations as
# the classes are made (``__required_keys__``), which a string annotation hides on Python 3.11.
from typing import Literal, NotRequired, TypedDict, final

from games.engine.actions import PitchCall

# -- rummy (RM-1 .. RM-30) -------------------------------------------------------------------


@final
class RummyDeal(TypedDict):
    """A deal begins (RM-2, RM-3): the seats dealt in, the wild card turned face up and the
    open pile's first card (``None`` if there is none)."""

    type: Literal["deal"]
    deal: int
    dealer: int
    seats: list[int]
    wild_card: str
    open_card: str | None


@final
class RummyDraw(TypedDict):
    """A seat draws (RM-6, RM-7): ``card`` only from the open pile, where everyone saw it."""

    type: Literal["draw"]
    seat: int
    source: Literal["open", "closed"]
    card: NotRequired[str]


@final
class RummyReshuffle(TypedDict):
    """The open pile, shuffled, is the new closed deck of ``closed`` cards (RM-4): the history
    starts again with it, the discards it named being face down now."""

    type: Literal["reshuffle"]
    closed: int


@final
class RummyDrop(TypedDict):
    """A seat drops out of the deal, for ``points`` (RM-17)."""

    type: Literal["drop"]
    seat: int
    points: int


@final
class RummyDiscard(TypedDict):
    """A card goes onto the open pile, face up (RM-8)."""

    type: Literal["discard"]
    seat: int
    card: str


@final
class RummyDeclare(TypedDict):
    """A seat shows (RM-13). A wrong show (RM-15) adds why (``reason_code``, RM-31) and what
    it costs (``points``); its cards stay face down."""

    type: Literal["declare"]
    seat: int
    valid: bool
    reason_code: NotRequired[str]
    points: NotRequired[int]


@final
class RummyDealOver(TypedDict):
    """The deal's winner, and what each seat pays (``None``: not dealt in) (RM-21)."""

    type: Literal["deal_over"]
    deal: int
    winner: int
    points: list[int | None]


@final
class RummySeatEvent(TypedDict):
    """A seat is out of a Pool game (``eliminated``, RM-24), or turns down its rejoin offer
    (``stay_out``)."""

    type: Literal["eliminated", "stay_out"]
    seat: int


@final
class RummyRejoin(TypedDict):
    """A seat takes its Pool rejoin offer, coming back with ``score`` (RM-24)."""

    type: Literal["rejoin"]
    seat: int
    score: int


@final
class RummyGameOver(TypedDict):
    """The game is over; ``winners`` as ``result()`` has them."""

    type: Literal["game_over"]
    winners: list[int]


# -- Court Piece (CP-1 .. CP-20) -------------------------------------------------------------


class DrawnRank(TypedDict):
    """One seat's card in the draw for the first chooser: its rank alone (the cards go back
    into the deck)."""

    seat: int
    rank: str


@final
class CourtPieceDraw(TypedDict):
    """The draw for the first chooser (CP-2): each round's ranks (only the tied draw again),
    and who chooses."""

    type: Literal["draw"]
    rounds: list[list[DrawnRank]]
    chooser: int


@final
class CourtPieceDeal(TypedDict):
    """A deal begins (CP-2, CP-3)."""

    type: Literal["deal"]
    deal: int
    dealer: int
    chooser: int


@final
class CourtPieceSeatEvent(TypedDict):
    """A step that says no more than who took it: the caller lays a card face down (``hide``,
    CP-8: which, only they know), five fresh cards (``change_cards``, CP-15) or not
    (``keep_cards``), trump kept (``keep_trump``, CP-16), trump asked for (``ask_trump``,
    CP-9)."""

    type: Literal["hide", "change_cards", "keep_cards", "keep_trump", "ask_trump"]
    seat: int


@final
class CourtPieceCall(TypedDict):
    """Trump called aloud (CP-6)."""

    type: Literal["call"]
    seat: int
    suit: str


@final
class CourtPiecePass(TypedDict):
    """The chooser passes the call ``to`` their partner (CP-5)."""

    type: Literal["pass"]
    seat: int
    to: int


@final
class CourtPieceLuck(TypedDict):
    """Nobody called: the dealer (``seat``) turns a card of ``caller``'s (CP-5). In an open
    game it is face up, so ``card`` and its ``suit``, trump, are there; in a hidden one it lies
    face down unseen and neither is (CP-12)."""

    type: Literal["luck"]
    seat: int
    caller: int
    card: NotRequired[str]
    suit: NotRequired[str]


@final
class CourtPieceChangeTrump(TypedDict):
    """The caller changes trump (CP-16): to ``suit`` when trump is open; a hidden trump
    changes to another face-down card, and the event names none."""

    type: Literal["change_trump"]
    seat: int
    suit: NotRequired[str]


@final
class CourtPiecePlay(TypedDict):
    """A card played to the trick; ``trump``: whether it counted as a trump (CP-11)."""

    type: Literal["play"]
    seat: int
    card: str
    trump: bool


@final
class CourtPieceTrumpSet(TypedDict):
    """Be-Ranga: the first card off the led suit sets trump (CP-19)."""

    type: Literal["trump_set"]
    seat: int
    suit: str


@final
class CourtPieceTrumpShown(TypedDict):
    """The face-down card is turned up (CP-10, CP-11) and goes back into the caller's hand."""

    type: Literal["trump_shown"]
    seat: int
    card: str
    suit: str


@final
class CourtPieceTrick(TypedDict):
    """Trick ``number`` (from 1) is over, taken by ``winner``."""

    type: Literal["trick"]
    number: int
    winner: int


@final
class CourtPieceCollect(TypedDict):
    """Double Sar: ``seat`` takes the pile of ``tricks`` tricks (CP-18)."""

    type: Literal["collect"]
    seat: int
    tricks: int


class Streak(TypedDict):
    """Double Sar: the seat that won the last tricks in a row, and how many (CP-18)."""

    seat: int
    tricks: int


class CourtPieceTally(TypedDict, total=False):
    """What a variant adds to every view and to a finished deal's summary: Double Sar's pile
    and streak (CP-18), Mendikot's tens per team (CP-20); nothing in the other games."""

    pile: int
    streak: Streak | None
    tens: list[int]


class CourtPieceDealSummary(CourtPieceTally):
    """A finished deal, as the ``deal_over`` event and every view's ``last_deal`` show it: the
    winning ``team`` (``None``: drawn), how (``kind``, an ``OutcomeKind``), the won deals it
    scores (CP-2) and the tricks per team."""

    deal: int
    dealer: int
    team: int | None
    kind: str
    points: int
    tricks: list[int]


class TurnedUp(TypedDict, total=False):
    """The card that still lay face down when a deal ended, turned up for everyone (CP-13);
    nothing when none did."""

    face_down_card: str


@final
class CourtPieceDealOver(CourtPieceDealSummary, TurnedUp):
    """A deal is over: its summary, and the card that lay face down, if one did."""

    type: Literal["deal_over"]


# -- Pitch (PI-1 .. PI-10) -------------------------------------------------------------------


@final
class PitchDeal(TypedDict):
    """Hand number ``hand`` is dealt (PI-1)."""

    type: Literal["deal"]
    hand: int
    dealer: int


@final
class PitchBidEvent(TypedDict):
    """One call in the auction (PI-2, PI-3)."""

    type: Literal["bid"]
    seat: int
    bid: PitchCall


@final
class PitchPitcher(TypedDict):
    """The auction is over: ``seat`` pitches for ``bid``; ``dealer_steal`` when the dealer took
    it by matching the highest bid (PI-3, PI-4)."""

    type: Literal["pitcher"]
    seat: int
    bid: PitchCall
    dealer_steal: bool


@final
class PitchPlay(TypedDict):
    """A card played to the trick (PI-5)."""

    type: Literal["play"]
    seat: int
    card: str


@final
class PitchTrump(TypedDict):
    """The pitcher's first card names trump (PI-4)."""

    type: Literal["trump"]
    suit: str


@final
class PitchTrick(TypedDict):
    """A trick is over, taken by ``winner``."""

    type: Literal["trick"]
    winner: int


class PitchHandSummary(TypedDict):
    """PI-9's table after a hand, as the ``hand_over`` event and every view's ``last_hand``
    show it: who took each of High, Low, Jack and Game (a team; ``None``: the jack was not
    dealt, the card points tied), the card points and points per team, whether the pitcher's
    team made its bid, what each team scored and the scores now."""

    hand: int
    pitcher: int
    pitcher_team: int
    bid: PitchCall
    trump: str
    high: int
    low: int
    jack: int | None
    game: int | None
    card_points: list[int]
    points_taken: list[int]
    made: bool
    scored: list[int]
    scores: list[int]


@final
class PitchHandOver(PitchHandSummary):
    """A hand is over (PI-6 .. PI-9)."""

    type: Literal["hand_over"]


@final
class PitchMatchOver(TypedDict):
    """The match is over: its result (``PitchResult``, which the match unpacks into it, so
    mypy holds the two alike) (PI-8)."""

    type: Literal["match_over"]
    ranks: list[int]
    scores: list[int]
    winners: list[int]
    team_scores: list[int]
    hands_played: int
    ended_by: Literal["target", "back_door"]


# -- Hidden Unders (HU-1 .. HU-11) ------------------------------------------------------------
#
# Ranks, never card codes: a card on the pile may be taken into a hand later.


@final
class UndersSeatEvent(TypedDict):
    """A seat lays its four overs, face up (``overs``, HU-2: the view shows them), or plays
    its last card and wins (``out``, HU-11)."""

    type: Literal["overs", "out"]
    seat: int


_PlayedFrom = TypedDict("_PlayedFrom", {"from": str})
"""The one field whose name is a Python keyword: where the cards of a play came from
(``hand`` or ``overs``, a ``Source``)."""


@final
class UndersPlay(_PlayedFrom):
    """``count`` cards of ``rank`` played from the hand or the overs (``from``) (HU-3, HU-9)."""

    type: Literal["play"]
    seat: int
    rank: str
    count: int


@final
class UndersUnder(TypedDict):
    """An under turned up blind (HU-9), and whether it played."""

    type: Literal["under"]
    seat: int
    rank: str
    playable: bool


@final
class UndersTake(TypedDict):
    """``seat`` takes up the pile of ``cards`` cards (HU-6, HU-9)."""

    type: Literal["take"]
    seat: int
    cards: int


@final
class UndersDone(TypedDict):
    """The turn ends, ``seat`` having drawn ``drew`` cards (HU-7, HU-8)."""

    type: Literal["done"]
    seat: int
    drew: int


@final
class UndersBurn(TypedDict):
    """The pile of ``cards`` cards is burned (``why``: ``ten`` or ``four_of_a_kind``, HU-4,
    HU-5), and the burner draws ``drew`` before playing on."""

    type: Literal["burn"]
    seat: int
    why: str
    cards: int
    drew: int


# -- the unions --------------------------------------------------------------------------------

RummyEvent = (
    RummyDeal
    | RummyDraw
    | RummyReshuffle
    | RummyDrop
    | RummyDiscard
    | RummyDeclare
    | RummyDealOver
    | RummySeatEvent
    | RummyRejoin
    | RummyGameOver
)
CourtPieceEvent = (
    CourtPieceDraw
    | CourtPieceDeal
    | CourtPieceSeatEvent
    | CourtPieceCall
    | CourtPiecePass
    | CourtPieceLuck
    | CourtPieceChangeTrump
    | CourtPiecePlay
    | CourtPieceTrumpSet
    | CourtPieceTrumpShown
    | CourtPieceTrick
    | CourtPieceCollect
    | CourtPieceDealOver
)
PitchEvent = (
    PitchDeal
    | PitchBidEvent
    | PitchPitcher
    | PitchPlay
    | PitchTrump
    | PitchTrick
    | PitchHandOver
    | PitchMatchOver
)
UndersEvent = UndersSeatEvent | UndersPlay | UndersUnder | UndersTake | UndersDone | UndersBurn
Event = RummyEvent | CourtPieceEvent | PitchEvent | UndersEvent
"""Any game's event (``games.engine.base.Event``, the contract's name)."""
