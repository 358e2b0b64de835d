"""A Hard bot with no time left plays Medium's move, without searching (issue 34, point 7: a
table's bot turn that waited out its time in the queue costs no thinking, so the queue drains).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine.bots import bot_for
from games.engine.bots.search import Search
from tests.games.engine.bots.support import TABLES, new_match

POSITIONS = 15
"""Positions asked per table: random play in between, so they are varied."""


def _id(table: tuple[str, str, int, dict[str, Any]]) -> str:
    return f"{table[0]}-{table[1]}"


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_a_hard_bot_with_no_time_plays_mediums_move_unsearched(table, monkeypatch):
    def no_race(*_args: object) -> None:
        raise AssertionError("a Hard bot with no time searched")

    monkeypatch.setattr(Search, "race", no_race)
    game, variant, players, options = table
    rng = random.Random(f"no-time-{game}-{variant}")
    asked = 0
    for seed in range(20):
        match = new_match(game, variant, players, options, seed=f"no-time-{seed}")
        # The same seed and the same views seen: only the level and the time differ.
        hard = [bot_for(game, "hard", seed=seat, budget_seconds=0) for seat in range(players)]
        medium = [bot_for(game, "medium", seed=seat) for seat in range(players)]
        while match.to_move() and asked < POSITIONS:
            seat = match.to_move()[0]
            legal = match.legal_actions(seat)
            for other in range(players):
                hard[other].observe(match.view(other))
                medium[other].observe(match.view(other))
            if len(legal) > 1 and rng.random() < 0.3:
                view = match.view(seat)
                assert hard[seat].choose(view, legal) == medium[seat].choose(view, legal)
                asked += 1
            match.apply(seat, rng.choice(legal))
        if asked == POSITIONS:
            return
    raise AssertionError(f"only {asked} positions reached")
