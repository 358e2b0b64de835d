"""How fast rummy scores hands and plays deals, in pure Python on this machine.

    .venv/bin/python -m bench.bench_rummy [--hands N] [--deals N]

- ``hand_points`` over random 13-card hands (seeded), a third of them holding two to four
  jokers: median, p99 and worst time per hand. Targets: median <= 0.5 ms, p99 <= 5 ms.
- ``best_show`` (the declare action offered to a player holding 14 cards) over random 14-card
  hands, the same way.
- Whole deals of Points rummy by random legal play, for 2 and 6 players: deals per second.

Times are CPU time of this process (``time.process_time``), so that other work on the shared
machine does not inflate them; the deal rates are wall-clock. It prints figures; it asserts
nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from games.engine import GAMES
from games.engine.rummy import best_show, hand_points
from games.engine.rummy.deal import full_deck
from tests.games.engine.conformance import play_randomly

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def random_hands(count: int, size: int, seed: int) -> list[tuple[list[str], str]]:
    """``count`` hands of ``size`` cards with a wild rank; every third holds 2 to 4 jokers."""
    rng = random.Random(seed)
    deck = full_deck()
    hands = []
    for index in range(count):
        wild = rng.choice(RANKS)
        if index % 3 == 0:
            jokers = [card for card in deck if card == "PJ" or card[:-1] == wild]
            others = [card for card in deck if card not in jokers]
            held = rng.randint(2, 4)
            hands.append((rng.sample(jokers, held) + rng.sample(others, size - held), wild))
        else:
            hands.append((rng.sample(deck, size), wild))
    return hands


def time_each(
    work: Callable[[list[str], str], object], hands: Sequence[tuple[list[str], str]]
) -> list[float]:
    times = []
    for cards, wild in hands:
        start = time.process_time()
        work(cards, wild)
        times.append(time.process_time() - start)
    return sorted(times)


def report(name: str, times: list[float]) -> None:
    def ms(seconds: float) -> str:
        return f"{seconds * 1000:.3f} ms"

    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(
        f"{name:<28} n={len(times):<6} median {ms(statistics.median(times))}  "
        f"p99 {ms(p99)}  max {ms(times[-1])}  mean {ms(statistics.fmean(times))}"
    )


def deals_per_second(players: int, deals: int) -> float:
    start = time.perf_counter()
    for seed in range(deals):
        match = GAMES["rummy"].new_match("points", players, seed=f"bench-{seed}")
        play_randomly(match, random.Random(seed))
    return deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--deals", type=int, default=200)
    args = parser.parse_args()
    report("hand_points (13 cards)", time_each(hand_points, random_hands(args.hands, 13, 1)))
    report("best_show (14 cards)", time_each(best_show, random_hands(args.hands // 10, 14, 2)))
    for players in (2, 6):
        rate = deals_per_second(players, args.deals)
        print(f"random-play Points deals, {players} players: {rate:.1f} deals/s")


if __name__ == "__main__":
    main()
