"""How many hands a Pitch match lasts under the seed's PI-8 (no back door, the default): four
bots of one level at each table, and four seats whose turn timer always runs out.

    .venv/bin/python -m bench.bench_pitch_length [--matches N] [--hard-matches N]
                                                 [--hard-samples N] [--workers W]

Prints, per table, the matches played, hands per match (p50, p99, max), the lowest score any
team fell to, and in how many matches a team fell to -21 (the back door, were it on, would
have ended them there). Asserts nothing. A match still going after ``MAX_HANDS`` hands is
stopped and counted apart, so the run always ends.

Hard thinks in ``--hard-samples`` sampled worlds a move (a fixed count: the figures depend on
the seeds alone); below its table budget it keeps Medium's choice more often.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from games.engine import GAMES
from games.engine.base import Action, Match
from games.engine.bots import bot_for

MAX_HANDS = 1000
TIMER = "timer"
"""Every seat's clock runs out: the engine's ``default_action`` plays (pass, a dealer's forced
2, the lowest legal card)."""

Chooser = Callable[[Match, int], Action]


@dataclass(frozen=True)
class Game:
    table: str
    """A bot level, or ``TIMER``."""
    seed: int
    hard_samples: int


@dataclass(frozen=True)
class Length:
    hands: int
    ended: bool
    lowest: int
    """The lowest score either team stood at after a hand."""


def chooser_for(game: Game) -> Chooser:
    if game.table == TIMER:
        return lambda match, seat: match.default_action(seat)
    bots = [
        bot_for("pitch", game.table, seed=f"{game.seed}-{seat}", samples=game.hard_samples)
        for seat in range(4)
    ]
    return lambda match, seat: bots[seat].choose(match.view(seat), match.legal_actions(seat))


def play(game: Game) -> Length:
    match = GAMES["pitch"].new_match("standard", 4, seed=f"length-{game.seed}")
    choose = chooser_for(game)
    lowest = 0
    while match.to_move():
        seat = match.to_move()[0]
        for event in match.apply(seat, choose(match, seat)):
            if event["type"] == "hand_over":
                lowest = min(lowest, *event["scores"])
                if event["hand"] == MAX_HANDS and not match.is_over():
                    return Length(MAX_HANDS, False, lowest)
    return Length(match.result()["hands_played"], True, lowest)


def percentile(values: list[int], share: float) -> int:
    """The nearest-rank percentile of ``values`` (sorted)."""
    return values[max(0, math.ceil(len(values) * share) - 1)]


def report(table: str, lengths: list[Length], seconds: float) -> None:
    hands = sorted(length.hands for length in lengths if length.ended)
    stopped = sum(not length.ended for length in lengths)
    lowest = min(length.lowest for length in lengths)
    back_door = sum(length.lowest <= -21 for length in lengths)
    figures = (
        f"p50 {percentile(hands, 0.5):3}  p99 {percentile(hands, 0.99):3}  max {hands[-1]:3}"
        if hands
        else "none ended"
    )
    print(
        f"{table:>7}: {len(lengths):4} matches  hands a match {figures}  "
        f"lowest score {lowest:4}  fell to -21 {back_door}  "
        f"stopped at {MAX_HANDS} hands {stopped}  ({seconds:.0f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--hard-matches", type=int, default=200)
    parser.add_argument("--hard-samples", type=int, default=10)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    counts = {TIMER: args.matches, "easy": args.matches, "medium": args.matches}
    counts["hard"] = args.hard_matches
    print(f"Pitch, default options, seeds length-0 .. ; Hard at {args.hard_samples} samples")
    with ProcessPoolExecutor(args.workers) as pool:
        for table, count in counts.items():
            start = time.perf_counter()
            games = [Game(table, seed, args.hard_samples) for seed in range(count)]
            lengths = list(pool.map(play, games, chunksize=4))
            report(table, lengths, time.perf_counter() - start)


if __name__ == "__main__":
    main()
