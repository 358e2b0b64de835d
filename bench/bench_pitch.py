"""Pitch: whole matches per second under random legal play and under the turn timer.

Run: ``.venv/bin/python -m bench.bench_pitch``. Prints figures; asserts nothing. Random play
runs with the options Pitch names for it (the back door on: under PI-8 alone random bids need
not end a match); the timer plays the defaults. How long matches run: ``bench_pitch_length``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from games.engine import GAMES
from games.engine.base import Action, Match

Chooser = Callable[[Match, int], Action]


def play(match: Match, choose: Chooser) -> tuple[int, int]:
    """Play ``match`` to its end; return (actions, hands)."""
    actions = 0
    while match.to_move():
        seat = match.to_move()[0]
        match.apply(seat, choose(match, seat))
        actions += 1
    return actions, match.result()["hands_played"]


def measure(
    label: str, choose_for: Callable[[int], Chooser], matches: int, options: Mapping[str, Any]
) -> None:
    actions = hands = 0
    start = time.perf_counter()
    for seed in range(matches):
        match = GAMES["pitch"].new_match("standard", 4, seed=f"bench-{seed}", options=options)
        played, dealt = play(match, choose_for(seed))
        actions += played
        hands += dealt
    seconds = time.perf_counter() - start
    print(
        f"{label:>14}: {matches / seconds:8.1f} matches/s  {hands / seconds:8.1f} hands/s  "
        f"{actions / seconds:9.0f} actions/s  ({hands / matches:.1f} hands a match)"
    )


def random_chooser(seed: int) -> Chooser:
    chooser = random.Random(seed)
    return lambda match, seat: chooser.choice(match.legal_actions(seat))


def timer_chooser(_seed: int) -> Chooser:
    return lambda match, seat: match.default_action(seat)


def main() -> None:
    argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0]).parse_args()
    measure("random play", random_chooser, 300, GAMES["pitch"].random_play_options)
    measure("timer play", timer_chooser, 100, {})


if __name__ == "__main__":
    main()
