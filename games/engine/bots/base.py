"""What every bot works from: one decision (``Turn``), a policy, and a game's three levels.

A decision is made from what a person in that seat is given, ``view(seat)`` and
``legal_actions(seat)``, plus the public record of the deal that the bot itself has collected
from the views it was shown (``record.PublicRecord``) and its own random generator. Nothing in
``bots/`` ever receives the match.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeGuard, TypeVar

from games.engine.actions import Action
from games.engine.base import Event, View

A = TypeVar("A", bound=Action)
"""One game's actions (``games.engine.actions``: ``RummyAction``, ``PitchAction`` ...)."""
A_co = TypeVar("A_co", bound=Action, covariant=True)
V = TypeVar("V", bound=View)
"""One game's view (``games.engine.views``: ``RummyView``, ``PitchView`` ...)."""
V_co = TypeVar("V_co", bound=View, covariant=True)


class Level(StrEnum):
    """How well a bot plays."""

    EASY = "easy"
    """Legal and plausible, and easy to beat: simple rules of thumb, often a random choice."""
    MEDIUM = "medium"
    """Plays the strategy the seeds teach (RULES.md cites them per game)."""
    HARD = "hard"
    """Searches: samples the cards it cannot see and plays out each move, with Medium's
    judgement as the playout policy, within a time budget."""


@dataclass(frozen=True, slots=True)
class Turn(Generic[A_co, V_co]):
    """One decision: everything a bot may use to make it."""

    view: V_co
    legal: Sequence[A_co]
    record: Sequence[Event]
    """The public events of the current deal (hand, round), oldest first: the view's own
    history, extended back by the bot's memory of earlier views."""
    complete: bool
    """Whether ``record`` reaches back to the start of the deal; a card game's memory may not
    (a bot that took the seat over halfway through a deal)."""
    rng: random.Random

    @property
    def seat(self) -> int:
        seat = self.view["seat"]
        assert isinstance(seat, int)  # a bot plays a seat: its view is never a spectator's
        return seat

    @property
    def hand(self) -> list[str]:
        return list(self.view["hand"])

    def only(self, kind: str) -> list[A_co]:
        """The legal actions of one ``type``."""
        return [action for action in self.legal if action["type"] == kind]

    def cards_of(self, kind: str) -> list[str]:
        """The cards named by the legal actions of one ``type`` (``play``, ``discard`` ...)."""
        named = (_card_of(action) for action in self.legal if action["type"] == kind)
        return [card for card in named if card is not None]


def _card_of(action: Action) -> str | None:
    if "card" in action:  # read by the key, so that the card is a ``str``
        return action["card"]
    return None


Policy = Callable[[Turn[A, V]], A]
"""Chooses one of ``turn.legal``."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long Hard may think about one move.

    ``seconds`` is the time budget (a bot setting; the table's p95 target is 1 s on two
    cores); none (0) is Medium's move, unsearched. ``samples``, when set, also caps the sampled
    worlds, so that tests and replays get the same move on any machine: with a generous
    ``seconds`` the count alone decides.
    """

    seconds: float = 0.5
    samples: int | None = None


@dataclass(frozen=True, slots=True)
class GameBots(Generic[A, V]):
    """One game's three levels; Hard is built per bot because its budget is a setting."""

    easy: Policy[A, V]
    medium: Policy[A, V]
    hard: Callable[[Budget], Policy[A, V]]
    own: Callable[[Action], TypeGuard[A]]
    """Whether an action is one of this game's, by its type (``games.engine.actions``)."""
    sees: Callable[[View], TypeGuard[V]]
    """Whether a view is this game's, by its ``game`` (``games.engine.views``)."""

    def policy(self, level: Level, budget: Budget) -> Policy[Action, View]:
        """The policy of ``level`` for any game's table: a table holds its match as any game's
        (``games.engine.GAMES``), so the view and the legal actions it passes are read back
        here as this game's own, the view by its game and each action by its type."""
        chosen = {
            Level.EASY: self.easy,
            Level.MEDIUM: self.medium,
            Level.HARD: self.hard(budget),
        }[level]

        def choose(turn: Turn[Action, View]) -> Action:
            view = turn.view
            if not self.sees(view):
                raise ValueError(f"this view is not this game's: {view['game']!r}")
            legal = [action for action in turn.legal if self.own(action)]
            if len(legal) != len(turn.legal):
                raise ValueError(f"not all of these actions are this game's: {turn.legal!r}")
            return chosen(Turn(view, legal, turn.record, turn.complete, turn.rng))

        return choose
