"""``Bot``: one computer player at one seat, given exactly what a person there is given."""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Sequence
from typing import Any

from games.engine.actions import Action
from games.engine.base import View
from games.engine.bots.base import Level, Policy, Turn
from games.engine.bots.record import PublicRecord


class Bot:
    """A computer player. ``choose(view, legal)`` returns one of ``legal``.

    It is given the seat's ``view`` and ``legal_actions`` and nothing else; it keeps, between
    moves, only the public events those views showed (``memory``, plain JSON). Its choices are
    deterministic given its seed, its memory and the view (with a Hard budget counted in
    samples; a budget in seconds depends on the machine's speed). It never sleeps: a
    human-like delay before a bot's move is the table's setting.
    """

    def __init__(
        self,
        game: str,
        level: Level,
        policy: Policy[Action, View],
        *,
        seed: str | int | None = None,
        memory: PublicRecord | None = None,
    ) -> None:
        self.game = game
        self.level = level
        self.policy = policy
        self.seed = secrets.token_hex(16) if seed is None else str(seed)
        self.memory = memory or PublicRecord()

    def observe(self, view: View) -> None:
        """Remember the public events of a view (``choose`` does this itself; a table may also
        show the bot the views of moves it did not make)."""
        self.memory.observe(view)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("a bot is asked to move only when it has a legal action")
        self.observe(view)
        if len(legal) == 1:
            return legal[0].copy()
        turn = Turn(view, legal, self.memory.events, self.memory.complete, self._rng(view))
        action = self.policy(turn)
        if action not in legal:
            raise AssertionError(f"{self.game} {self.level} bot chose an illegal {action!r}")
        return action.copy()

    def _rng(self, view: View) -> random.Random:
        """This decision's generator: drawn from the seed and the view, so the same position
        gets the same move whether or not the bot was rebuilt in between."""
        text = self.seed + json.dumps(view, sort_keys=True, default=str)
        return random.Random(hashlib.sha256(text.encode()).digest())

    def memory_json(self) -> dict[str, Any]:
        return self.memory.to_json()

    def __repr__(self) -> str:
        return f"Bot({self.game!r}, {self.level.value!r})"
