"""Whole random-play Court Piece deals per second, for each variant, through the contract.

    .venv/bin/python -m bench.bench_courtpiece [seconds per variant]

Each deal is played by uniform random choice among ``legal_actions`` and ``apply``, from the
deal to the end of its last trick; matches run on to their target, so every deal after the
first includes the ``next_deal`` step and a fresh shuffle.
"""

from __future__ import annotations

import argparse
import random
import time

from games.engine import GAMES
from games.engine.courtpiece.match import CourtPieceMatch


def random_deals(variant: str, seconds: float) -> tuple[int, float]:
    """Deals played at random in about ``seconds``, and the time they took."""
    rules = GAMES["courtpiece"]
    chooser = random.Random(variant)
    deals, match_number = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        match = rules.new_match(variant, 4, seed=f"bench-{match_number}")
        assert isinstance(match, CourtPieceMatch)
        match_number += 1
        while movers := match.to_move():
            seat = movers[0]
            number = match.deal.number
            match.apply(seat, chooser.choice(match.legal_actions(seat)))
            deals += match.deal.number != number
        deals += 1
    return deals, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=2.0, help="per variant")
    seconds = parser.parse_args().seconds
    print(f"Court Piece, random legal play, {seconds:g} s per variant, one core")
    for variant in GAMES["courtpiece"].variants:
        deals, elapsed = random_deals(variant, seconds)
        print(f"  {variant:<11} {deals / elapsed:8.0f} deals/s  ({deals} deals)")


if __name__ == "__main__":
    main()
