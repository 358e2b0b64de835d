"""The engine contract (DESIGN.md, "The engine contract"), shared by the four games.

A game module defines a ``Match`` subclass and one ``GameRules`` value; ``games.engine.GAMES``
maps each game's name to its rules. Everything crossing this boundary is JSON-ready: actions
and events are dicts with a ``"type"``, cards are codes (``"10S"``, ``"PJ"``), seats are
``0..n-1``.

Events returned by ``apply`` are public: anyone at the table may read them, so they never name
a card that is not face up. What a seat may see of the rest comes only from ``view(seat)``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.cards import is_card_code
from games.engine.errors import IllegalAction
from games.engine.rng import MatchRandom

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]

HISTORY_LENGTH = 30
"""How many public moves a view carries (RM-29 for rummy; the same idea for the others)."""


class Match(ABC):
    """One match of one game: the full state, and the only way to change it.

    Subclasses implement the abstract methods. ``apply`` must either raise ``IllegalAction``
    having changed nothing, or apply the whole action.
    """

    game: str = ""

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
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (``[]`` when it may not act)."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat``; return public events; raise ``IllegalAction``."""

    @abstractmethod
    def default_action(self, seat: int) -> Action:
        """What happens when ``seat``'s turn timer runs out."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator). Never a card it may not see."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """Standings once over: at least ``ranks`` (1 is best, per seat, ties share a rank),
        ``scores`` (per seat) and ``winners`` (seats)."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The full state, for the database; ``rules.from_json`` restores it exactly."""

    @abstractmethod
    def all_cards(self) -> list[str]:
        """Every card code in this match's decks, with repeats (two decks: two of each)."""

    @abstractmethod
    def cards_hidden_from(self, seat: int | None) -> list[str]:
        """The cards lying where ``seat`` may not look now (other hands, the stock, a face-down
        trump, unders), with repeats. Tests and the table scan what they send against it."""

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
    players_by_variant: Mapping[str, tuple[int, int]] = field(default_factory=dict)
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
        if variant not in self.variants:
            raise ValueError(f"{self.name} has no variant {variant!r}; one of {self.variants}")
        low, high = self.player_range(variant)
        if not low <= count <= high:
            raise ValueError(f"{self.name} {variant} takes {low} to {high} players, not {count}")
        return self.create(
            variant=variant,
            players=count,
            options=self.options_for(options),
            rng=MatchRandom(seed),
        )

    def player_range(self, variant: str) -> tuple[int, int]:
        """The fewest and most players ``variant`` takes."""
        return self.players_by_variant.get(variant, (self.min_players, self.max_players))

    def options_for(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The defaults overlaid with ``options``; an unknown option is refused."""
        unknown = set(options or {}) - set(self.default_options)
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
