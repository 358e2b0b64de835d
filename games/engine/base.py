"""The engine contract (DESIGN.md, "The engine contract"), shared by the four games.

A game module defines a ``Match`` subclass and one ``GameRules`` value; ``games.engine.GAMES``
maps each game's name to its rules. Everything crossing this boundary is JSON-ready: actions
and events are dicts with a ``"type"``, cards are codes (``"10S"``, ``"PJ"``), seats are
``0..n-1``. Each game's actions are typed (``games.engine.actions``: ``RummyAction`` ...,
``Action`` for any game's); what comes from outside is a ``SentAction``, untrusted JSON that
only the game's ``apply`` reads. So are its events (``games.engine.events``: ``RummyEvent`` ...,
``Event`` for any game's) and its views (``games.engine.views``: ``RummyView`` ..., ``View``
for any game's, told apart by their ``game``).

Events returned by ``apply`` are public: anyone at the table may read them, so they never name
a card that is not face up. What a seat may see of the rest comes only from ``view(seat)``.

Besides DESIGN.md's names, the contract answers what the table would otherwise decide by the
game's name or by reading the stored state: ``GameRules.partnerships``, ``bid_ladder`` and
``has_drops``; ``Match.absent_seat_policy`` and ``Match.forfeit_action``,
``Match.open_hands`` (every card, for a finished match or a replay only) and
``Match.sealed_view`` (the view with the hands a deal's end lays open kept face down); the
result's type, ``MatchResult``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Literal, TypedDict

from games.engine.actions import Action as Action
from games.engine.cards import is_card_code
from games.engine.errors import IllegalAction
from games.engine.events import Event as Event
from games.engine.rng import MatchRandom
from games.engine.views import View as View

SentAction = Mapping[str, object]
"""An action as it came from outside the engine (a socket's message, an API body, in the form
``Match.canonical_action`` gives it): untrusted JSON. Only the game's ``apply`` reads it, refusing
what is not one of its actions (``IllegalAction``); what the engine itself lists and bots choose
is an ``Action``, one of the typed shapes in ``games.engine.actions``."""
ActionFields = Mapping[str, Mapping[str, Callable[[object], object]]]
"""Per action type, the fields it takes and how each is put in canonical form
(``games.engine.actions``)."""

HISTORY_LENGTH = 30
"""How many public moves a view carries (RM-29 for rummy; the same idea for the others)."""


class MatchResult(TypedDict):
    """A finished match's standings (``Match.result()``), JSON-ready, each list by seat.

    ``ranks``: 1 is best, ties share a rank, partners share theirs (``GameRules.partnerships``).
    ``scores``: the game's own measure (points, chips, won deals, cards left). ``winners``: the
    seats ranked 1. Each game's result is a subclass that adds its details.
    """

    ranks: list[int]
    scores: list[int]
    winners: list[int]


class HandLabel(StrEnum):
    """What a group of ``Match.open_hands`` holds: a stable code the table translates."""

    DEALT = "dealt"
    """The seat's cards as dealt in the current deal or hand (once over: the last): rummy's 13,
    Pitch's 6, Hidden Unders' 12 with the unders; Court Piece's 13 as they stood when play
    began (before it, the cards dealt so far), after any house feature (CP-15, CP-16), with
    the caller's face-down card (CP-8)."""
    HELD = "held"
    """The cards in the seat's hand now (in Hidden Unders without its overs and unders)."""
    OVERS = "overs"
    """Hidden Unders: the seat's cards face up on its unders (HU-2)."""
    UNDERS = "unders"
    """Hidden Unders: the seat's face-down cards not yet played (HU-2, HU-9)."""
    ASIDE = "aside"
    """Rummy: the card a declarer put aside (RM-13); ``HELD`` then has the other 13."""
    FACE_DOWN = "face_down"
    """Court Piece: the caller's card that still lies face down (CP-8, CP-12); not in ``HELD``."""


class HandGroup(TypedDict):
    """One labelled group of a seat's cards in ``Match.open_hands``."""

    label: HandLabel
    cards: list[str]


def labelled(*groups: tuple[HandLabel, Sequence[str]]) -> list[HandGroup]:
    """A seat's ``open_hands`` entry: the groups given, as copies, leaving out empty ones."""
    return [{"label": label, "cards": list(cards)} for label, cards in groups if cards]


class AbsentSeat(StrEnum):
    """What the table does with a seat whose player keeps letting the turn timer run out."""

    DROP = "drop"
    """The seat drops out of the deal at its first chance, that is as soon as
    ``{"type": "drop"}`` is among its legal actions: rummy's drop (RM-17), a middle drop once
    it has drawn."""
    STAND_IN = "stand_in"
    """A bot plays the seat until its player is back (games and variants without a drop)."""
    TIME_OUT = "time_out"
    """No bot may play the seat (a tournament's Deals table): each of its turns times out,
    and where the game has a way for the seat to lose its part of the deal by the rules
    (``Match.forfeit_action``), it takes it, so that a table of absent seats still ends."""


class Match(ABC):
    """One match of one game: the full state, and the only way to change it.

    Subclasses implement the abstract methods. ``apply`` must either raise ``IllegalAction``
    having changed nothing, or apply the whole action.
    """

    game: str = ""
    action_fields: ClassVar[ActionFields] = {}
    """Every action type of the game with the fields it takes (types without fields too)."""

    def __init__(
        self, *, variant: str, players: int, options: Mapping[str, Any], rng: MatchRandom
    ) -> None:
        self.variant = variant
        self.players = players
        self.options = dict(options)
        self.rng = rng
        self.history: list[Event] = []

    # -- the contract ------------------------------------------------------------------------

    @abstractmethod
    def to_move(self) -> list[int]:
        """Seats that may act now; ``[]`` once the match is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every action ``seat`` may take now (``[]`` when it may not act)."""

    @abstractmethod
    def apply(self, seat: int, action: SentAction) -> list[Event]:
        """Apply ``action`` for ``seat``; return public events; raise ``IllegalAction``."""

    @abstractmethod
    def default_action(self, seat: int) -> Action:
        """What happens when ``seat``'s turn timer runs out."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator). Never a card it may not see."""

    def sealed_view(self, seat: int | None) -> View:
        """``view(seat)`` with the other seats' hands that the end of a deal lays open kept
        face down: a daily deal's finished table while others still play the same cards
        (issue 21, no spoilers before the day is over). By default the view itself: a game
        whose view opens no hand at its end has nothing to seal."""
        return self.view(seat)

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> MatchResult:
        """Standings once over (see ``MatchResult``); ``ValueError`` before."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The full state, for the database; ``rules.from_json`` restores it exactly."""

    @abstractmethod
    def open_hands(self) -> list[list[HandGroup]]:
        """Every seat's cards, open, from the state alone: per seat, its groups that hold a
        card, ``DEALT`` first (where the state knows it: a state stored before the engine kept
        it has none), then where its cards lie now (``HELD``, ``OVERS``, ``UNDERS``,
        ``ASIDE``, ``FACE_DOWN``; see ``HandLabel``).

        This reveals every card, hidden ones included: it is for a finished match (the result
        screen) and for replays only, never for a match in play."""

    @abstractmethod
    def all_cards(self) -> list[str]:
        """Every card code in this match's decks, with repeats (two decks: two of each)."""

    @abstractmethod
    def cards_hidden_from(self, seat: int | None) -> list[str]:
        """The cards lying where ``seat`` may not look now (other hands, the stock, a face-down
        trump, unders), with repeats. Tests and the table scan what they send against it."""

    def canonical_action(self, action: object) -> SentAction:
        """``action`` as this game reads it: its type and only the fields that type takes,
        each in canonical form; what a table applies and stores, never the dict a client sent.
        An unknown type keeps only its type, for ``apply`` to refuse; ``IllegalAction`` if
        ``action`` is no action at all."""
        kind = action_type(action)
        assert isinstance(action, dict)  # action_type refuses anything else
        taken = self.action_fields.get(kind, {})
        return {
            "type": kind,
            **{
                name: canonical(action[name]) for name, canonical in taken.items() if name in action
            },
        }

    def absent_seat_policy(self) -> AbsentSeat:
        """What a seat that keeps timing out comes to (see ``AbsentSeat``): a bot stands in,
        unless the game drops it (rummy's Points and Pool, ``GameRules.has_drops``)."""
        return AbsentSeat.STAND_IN

    def forfeit_action(self, seat: int) -> Action | None:
        """For a seat the table treats as gone (``AbsentSeat.TIME_OUT``, over its timeouts):
        the next step by which it loses its part of the current deal by the game's own rules,
        or ``None`` (its turns just time out). Games with a drop or a stand-in have none."""
        return None

    def between_deals(self) -> bool:
        """A deal (a hand) is over and its result on the table, the next not dealt yet: the
        pause the table keeps for people to read it. Games of one deal have none."""
        return False

    def decision_seconds(self) -> int | None:
        """How long the current decision may take when the rules fix it (Court Piece's trump
        call); ``None`` leaves it to the table's turn timer."""
        return None

    # -- helpers for subclasses --------------------------------------------------------------

    def require_turn(self, seat: object) -> int:
        """``seat`` as an int that may act now, or ``IllegalAction``."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction("bad_seat", f"There is no seat {seat!r} at this table.")
        if self.is_over():
            raise IllegalAction("match_over", "The match is over.")
        if seat not in self.to_move():
            raise IllegalAction("not_your_turn", "It is not your turn.")
        return seat

    def record(self, event: Event) -> Event:
        """Keep a public event in the rolling history that views show."""
        self.history.append(event)
        del self.history[:-HISTORY_LENGTH]
        return event

    def base_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "options": dict(self.options),
            "rng": self.rng.to_json(),
            "history": list(self.history),
        }

    def restore_base(self, data: Mapping[str, Any]) -> None:
        self.history = list(data["history"])


def action_type(action: object) -> str:
    """The ``type`` of a well-formed action, or ``IllegalAction`` for anything else."""
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, str):
        raise IllegalAction("malformed", "An action is an object with a 'type'.")
    return kind


@dataclass(frozen=True)
class GameRules:
    """A game's entry in ``GAMES``: its metadata and how to start or restore a match."""

    name: str
    variants: tuple[str, ...]
    min_players: int
    max_players: int
    create: Callable[..., Match] = field(repr=False)
    restore: Callable[[dict[str, Any]], Match] = field(repr=False)
    default_options: Mapping[str, Any] = field(default_factory=dict)
    optional_options: Mapping[str, Any] = field(default_factory=dict)
    """Options a match takes only when given, with the value their absence means: unlike the
    defaults they are not written into a match's options, so a match stored before such an
    option existed restores and replays exactly as stored."""
    players_by_variant: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    partnerships_by_players: Mapping[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    """The sides at a table of that many seats, where the game is played in partnerships."""
    bid_ladders: Mapping[str, tuple[int | str, ...]] = field(default_factory=dict)
    """Per variant with an auction: its calls, lowest first."""
    drop_variants: frozenset[str] = frozenset()
    """The variants in which a player may drop out of a deal."""
    play_direction: Literal["left", "right"] = "left"
    """Which way play passes round the table: ``"left"`` (clockwise: the next seat is the one
    to the player's left) or ``"right"`` (counter-clockwise, as Court Piece is played, CP-1)."""
    random_play_options: Mapping[str, Any] = field(default_factory=dict)
    """Options under which uniformly random legal play ends a match, for the tests and
    benchmarks that play at random; empty where the defaults already do. Random play is no
    player: a game whose rules let reckless moves go on for ever (Pitch without a back door)
    names here the house option that ends it."""

    def new_match(
        self,
        variant: str,
        players: int | Sequence[Any],
        seed: str | int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Match:
        """Start a match. ``players`` is a count, or a list whose length is the count. The
        same ``seed`` (and options) deals the same cards; ``None`` draws a secure one."""
        count = players if isinstance(players, int) else len(players)
        self._require_variant(variant)
        low, high = self.player_range(variant)
        if not low <= count <= high:
            raise ValueError(f"{self.name} {variant} takes {low} to {high} players, not {count}")
        return self.create(
            variant=variant,
            players=count,
            options=self.options_for(options),
            rng=MatchRandom(seed),
        )

    def partnerships(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The sides at a table of ``players`` seats, every seat in exactly one, lowest seat
        first. Partners share their side's rank and score in ``result()``: in Court Piece and
        Pitch seats 0 and 2 play against 1 and 3 (CP-2, PI-1); where nobody has a partner
        (rummy, Hidden Unders) each seat is a side alone. ``ValueError`` for a seat count the
        game is never played with."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name} takes {self.min_players} to {self.max_players} players, not {players}"
            )
        alone = tuple((seat,) for seat in range(players))
        return self.partnerships_by_players.get(players, alone)

    def bid_ladder(self, variant: str) -> list[int | str]:
        """Every call of ``variant``'s auction, lowest first: the values a
        ``{"type": "bid", "bid": ...}`` action may carry (Pitch, PI-2: ``["pass", 2, 3, 4,
        "kot"]``); ``[]`` for a game without bids. Which of them a seat may make now is in
        ``legal_actions``. ``ValueError`` for an unknown variant."""
        self._require_variant(variant)
        return list(self.bid_ladders.get(variant, ()))

    def has_drops(self, variant: str) -> bool:
        """Whether a player of ``variant`` may drop out of a deal (``{"type": "drop"}``):
        rummy's Points and Pool (RM-17), not Deals (RM-26) nor the other games. Such a
        variant's matches drop a seat that keeps timing out (``AbsentSeat.DROP``).
        ``ValueError`` for an unknown variant."""
        self._require_variant(variant)
        return variant in self.drop_variants

    def _require_variant(self, variant: str) -> None:
        if variant not in self.variants:
            raise ValueError(f"{self.name} has no variant {variant!r}; one of {self.variants}")

    def player_range(self, variant: str) -> tuple[int, int]:
        """The fewest and most players ``variant`` takes."""
        return self.players_by_variant.get(variant, (self.min_players, self.max_players))

    def options_for(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The defaults overlaid with ``options``; an unknown option is refused."""
        unknown = set(options or {}) - set(self.default_options) - set(self.optional_options)
        if unknown:
            raise ValueError(f"unknown {self.name} options: {sorted(unknown)}")
        return {**self.default_options, **(options or {})}

    def from_json(self, data: dict[str, Any]) -> Match:
        return self.restore(data)


def leaked_cards(view: object, match: Match, seat: int | None) -> list[str]:
    """Card codes in ``view`` every copy of which lies hidden from ``seat``.

    With one deck this is exact; with two it catches any card whose both copies are hidden.
    """
    hidden = Counter(match.cards_hidden_from(seat))
    visible = Counter(match.all_cards()) - hidden
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list | tuple):
            for value in node:
                walk(value)
        elif isinstance(node, str) and is_card_code(node) and hidden[node] and not visible[node]:
            found.append(node)

    walk(view)
    return found
