"""Hidden Unders: whole random-play rounds per second for 2, 4 and 6 players.

    .venv/bin/python -m bench.bench_unders [rounds per table size]

Prints figures; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import random
import time

from games.engine import GAMES


def play_round(players: int, seed: int) -> int:
    """One round of uniformly random legal moves from a fixed seed; the moves it took."""
    match = GAMES["unders"].new_match("classic", players, seed=seed)
    chooser = random.Random(seed)
    moves = 0
    while movers := match.to_move():
        seat = movers[0]
        match.apply(seat, chooser.choice(match.legal_actions(seat)))
        moves += 1
    return moves


def main(rounds: int) -> None:
    print(f"Hidden Unders, random legal play, {rounds} rounds per table size")
    for players in (2, 4, 6):
        started = time.perf_counter()
        moves = sorted(play_round(players, seed) for seed in range(rounds))
        seconds = time.perf_counter() - started
        print(
            f"{players} players: {rounds / seconds:8.1f} rounds/s  {sum(moves) / seconds:9.0f} "
            f"moves/s  moves per round: median {moves[len(moves) // 2]}, max {moves[-1]}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("rounds", nargs="?", type=int, default=100, help="per table size")
    main(parser.parse_args().rounds)
