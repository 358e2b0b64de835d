"""Random legal play over every registered game, shared by the conformance test and benchmarks."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from games.engine import GAMES
from games.engine.base import Action, Match

MAX_STEPS = 20_000


def every_table() -> Iterator[tuple[str, str, int]]:
    """(game, variant, players) for each variant at its fewest and most players."""
    for name, rules in sorted(GAMES.items()):
        for variant in rules.variants:
            for players in sorted(set(rules.player_range(variant))):
                yield name, variant, players


def snapshot(match: Match) -> str:
    return json.dumps(match.to_json(), sort_keys=True)


def play_randomly(match: Match, chooser: random.Random, *, on_step: Any = None) -> int:
    """Play legal actions chosen by ``chooser`` until the match is over; return the steps."""
    for step in range(MAX_STEPS):
        movers = match.to_move()
        if not movers:
            return step
        seat = chooser.choice(movers)
        action = chooser.choice(match.legal_actions(seat))
        if on_step is not None:
            on_step(match, seat, action)
        match.apply(seat, action)
    raise AssertionError(f"{match.game} {match.variant} did not end in {MAX_STEPS} steps")


def offered_actions(match: Match, chooser: random.Random) -> list[Action]:
    """Play ``match`` randomly to its end; every action offered on the way to a seat to move."""
    offered: list[Action] = []

    def collect(match: Match, seat: int, _action: Action) -> None:
        offered.extend(match.legal_actions(seat))

    play_randomly(match, chooser, on_step=collect)
    return offered
