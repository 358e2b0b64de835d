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

from games.engine.base import Action, Event, View


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
class Turn:
    """One decision: everything a bot may use to make it."""

    view: View
    legal: Sequence[Action]
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
        assert isinstance(seat, int)
        return seat

    @property
    def hand(self) -> list[str]:
        return list(self.view["hand"])

    def only(self, kind: str) -> list[Action]:
        """The legal actions of one ``type``."""
        return [action for action in self.legal if action["type"] == kind]

    def cards_of(self, kind: str) -> list[str]:
        """The cards named by the legal actions of one ``type`` (``play``, ``discard`` ...)."""
        return [action["card"] for action in self.legal if action["type"] == kind]


Policy = Callable[[Turn], Action]
"""Chooses one of ``turn.legal``."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long Hard may think about one move.

    ``seconds`` is the time budget (a bot setting; the table's p95 target is 1 s on two
    cores). ``samples``, when set, also caps the sampled worlds, so that tests and replays get
    the same move on any machine: with a generous ``seconds`` the count alone decides.
    """

    seconds: float = 0.5
    samples: int | None = None


@dataclass(frozen=True, slots=True)
class GameBots:
    """One game's three levels; Hard is built per bot because its budget is a setting."""

    easy: Policy
    medium: Policy
    hard: Callable[[Budget], Policy]
