"""How strong and how fast the bots are: seeded games between levels, win rates with 95%
confidence intervals, and decision times.

    .venv/bin/python -m bench.bench_bots [--game G] [--matches N] [--samples N | --budget S]
                                         [--workers W] [--timing-games N]

For every game, Hard against Medium and Medium against Easy:

- Team games (Pitch, Court Piece): a team of the stronger level against a team of the weaker.
  Every seed is played twice, the teams swapping seats, so both sides get the same cards.
- Rummy and Hidden Unders: one stronger bot at a table of weaker ones; every seed is played
  once with the stronger bot in each seat in turn, and its share of wins is set against its
  fair share 1/n.

The unit each pairing counts is printed with it: a whole match where that is quick (Medium
against Easy; rummy's Points game is one deal), otherwise one deal (a Pitch hand, a Court
Piece deal) of a fresh match. A tied unit counts half (a unit that runs past ``MAX_MOVES``
counts as the fair share). The interval is Wilson's; a margin is confirmed when the whole
interval lies above the fair share.

Hard's strength is measured at a number of sampled worlds per move (``--samples``, by default
``HARD_SAMPLES`` per game): the results then depend on the seeds alone, not on how busy the
machine is. ``--budget S`` measures it at S seconds a move instead, as a table plays.

Decision times are for moves that had a choice (a single legal action is no decision), in the
deciding process's CPU time (another program's load does not count) and in wall time. Hard is
also timed at its default budget, the time a table gives it, in ``--timing-games`` more games
(a deal, or a match where that is the unit, of Hard against Medium).
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from games.engine import GAMES
from games.engine.base import Match
from games.engine.bots import DEFAULT_BUDGET_SECONDS, bot_for

Z95 = 1.959964
MAX_MOVES = 5000
LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Table:
    """How one game is benchmarked."""

    game: str
    variant: str
    players: int
    teams: bool
    unit: str
    """"match", or the public event that ends a deal ("hand_over", "deal_over")."""
    won: Callable[[Match, list[int]], float]
    """The stronger side's result in a finished unit: 1, 0, or 0.5 for a tie."""

    @property
    def fair(self) -> float:
        return 0.5 if self.teams else 1 / self.players


def _team_hand(match: Match, strong: list[int]) -> float:
    scored = match.view(None)["last_hand"]["scored"]
    mine, theirs = scored[strong[0] % 2], scored[1 - strong[0] % 2]
    return 0.5 if mine == theirs else float(mine > theirs)


def _team_deal(match: Match, strong: list[int]) -> float:
    team = match.view(None)["last_deal"]["team"]
    return 0.5 if team is None else float(team == strong[0] % 2)


def _team_match(match: Match, strong: list[int]) -> float:
    return float(strong[0] in match.result()["winners"])


def _solo_match(match: Match, strong: list[int]) -> float:
    """A win shared by several seats counts as a share of one."""
    winners = match.result()["winners"]
    return 1 / len(winners) if strong[0] in winners else 0.0


TABLES = {
    "pitch": Table("pitch", "standard", 4, True, "match", _team_match),
    "pitch-hands": Table("pitch", "standard", 4, True, "hand_over", _team_hand),
    "courtpiece": Table("courtpiece", "single_sar", 4, True, "deal_over", _team_deal),
    "courtpiece-hidden": Table("courtpiece", "hidden", 4, True, "deal_over", _team_deal),
    "unders": Table("unders", "classic", 3, False, "match", _solo_match),
    "rummy": Table("rummy", "points", 3, False, "match", _solo_match),
}

PAIRINGS = {
    # game: [(stronger, weaker, table, games by default), ...]
    "pitch": [("hard", "medium", "pitch-hands", 200), ("medium", "easy", "pitch", 100)],
    "courtpiece": [
        ("hard", "medium", "courtpiece", 200),
        ("medium", "easy", "courtpiece", 100),
        ("hard", "medium", "courtpiece-hidden", 240),
        ("medium", "easy", "courtpiece-hidden", 100),
    ],
    "unders": [("hard", "medium", "unders", 240), ("medium", "easy", "unders", 120)],
    "rummy": [("hard", "medium", "rummy", 270), ("medium", "easy", "rummy", 120)],
}
"""Enough games for the intervals to confirm the margins: the closest, Hard against Medium,
wins about 62% of hidden-trump Court Piece deals and 43% of three-seat rummy games (a fair
share is 33%). The whole run takes about half an hour on two busy cores."""

HARD_SAMPLES = {"pitch": 200, "courtpiece": 50, "unders": 50, "rummy": 100}
"""Hard's sampled worlds per move in the strength games: about what its default budget of
half a second allows on one core (its p95 CPU time per move stays under the budget; racing
stops sooner when one move stands out)."""


@dataclass
class Outcome:
    won: float
    cpu: dict[str, list[float]] = field(default_factory=dict)
    wall: dict[str, list[float]] = field(default_factory=dict)


@dataclass(frozen=True)
class Game:
    """One seeded game: the table, the levels, which seats the stronger side holds, and how
    long Hard thinks."""

    table: str
    strong: str
    weak: str
    seed: int
    strong_seats: tuple[int, ...]
    budget: float
    samples: int | None


def play(game: Game) -> Outcome:
    table = TABLES[game.table]
    match = GAMES[table.game].new_match(table.variant, table.players, seed=f"bench-{game.seed}")
    bots = [
        bot_for(
            table.game,
            game.strong if seat in game.strong_seats else game.weak,
            seed=f"{game.seed}-{seat}",
            budget_seconds=game.budget,
            samples=game.samples,
        )
        for seat in range(table.players)
    ]
    levels = {game.strong, game.weak}
    outcome = Outcome(table.fair, {level: [] for level in levels}, {level: [] for level in levels})
    for _ in range(MAX_MOVES):
        if not match.to_move():
            break
        seat = match.to_move()[0]
        legal = match.legal_actions(seat)
        view = match.view(seat)
        wall, cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(view, legal)
        if len(legal) > 1:
            level = bots[seat].level.value
            outcome.cpu[level].append(time.process_time() - cpu)
            outcome.wall[level].append(time.perf_counter() - wall)
        events = match.apply(seat, action)
        if any(event["type"] == table.unit for event in events):
            break
    else:
        return outcome  # a round gone round in circles: neither side's
    if table.unit != "match" or match.is_over():
        outcome.won = table.won(match, list(game.strong_seats))
    return outcome


def games_for(
    table_name: str, strong: str, weak: str, count: int, budget: float, samples: int | None
) -> Iterator[Game]:
    """``count`` games: each seed with the stronger side in every position in turn."""
    table = TABLES[table_name]
    positions = [(0, 2), (1, 3)] if table.teams else [(seat,) for seat in range(table.players)]
    seed = 0
    while True:
        for seats in positions:
            if count == 0:
                return
            yield Game(table_name, strong, weak, seed, seats, budget, samples)
            count -= 1
        seed += 1


def wilson(successes: float, trials: int) -> tuple[float, float]:
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denominator
    return centre - half, centre + half


def percentile(times: list[float], q: float) -> float:
    """The ``q`` quantile of ``times``, in milliseconds."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else math.nan


def percentiles(cpu: list[float], wall: list[float]) -> str:
    return (
        f"p50 {percentile(cpu, 0.5):7.1f}  p95 {percentile(cpu, 0.95):7.1f}  "
        f"max {percentile(cpu, 1):7.1f} ms CPU | p95 {percentile(wall, 0.95):7.1f} ms wall"
        f"  ({len(cpu)} moves)"
    )


def report(strong: str, weak: str, table_name: str, outcomes: list[Outcome], hard: str) -> None:
    table = TABLES[table_name]
    won = sum(outcome.won for outcome in outcomes)
    low, high = wilson(won, len(outcomes))
    verdict = "confirmed" if low > table.fair else "NOT confirmed"
    side = "teams" if table.teams else f"one {strong} among {table.players - 1} {weak}"
    unit = "matches" if table.unit == "match" else "deals"
    thinks = f", hard {hard}" if "hard" in (strong, weak) else ""
    print(
        f"  {table.variant:<10} {strong} vs {weak} ({side}{thinks}), {len(outcomes)} {unit}: "
        f"{strong} wins {won / len(outcomes):6.1%}  95% CI [{low:6.1%}, {high:6.1%}]  "
        f"fair {table.fair:.1%}: {verdict}",
        flush=True,
    )


def hard_at_default_budget(game: str, seed: int) -> tuple[list[float], list[float]]:
    """Hard's decision times (CPU, wall) at its default budget, as a table runs it: one unit
    (a deal, or a whole match where that is the unit) of the game's first Hard pairing."""
    strong, weak, table_name, _ = PAIRINGS[game][0]
    seats = (0, 2) if TABLES[table_name].teams else (seed % TABLES[table_name].players,)
    outcome = play(
        Game(table_name, strong, weak, 10_000 + seed, seats, DEFAULT_BUDGET_SECONDS, None)
    )
    return outcome.cpu["hard"], outcome.wall["hard"]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(PAIRINGS), action="append")
    parser.add_argument("--matches", type=int, help="games per pairing (default: per pairing)")
    parser.add_argument("--samples", type=int, help="Hard's sampled worlds per move")
    parser.add_argument("--budget", type=float, help="Hard's seconds per move (not samples)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--timing-games", type=int, default=4, help="games timing Hard at its default budget"
    )
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for game in args.game or sorted(PAIRINGS):
            samples = None if args.budget else args.samples or HARD_SAMPLES[game]
            budget = args.budget or 3600.0
            hard = f"{budget:g} s a move" if args.budget else f"{samples} worlds a move"
            print(f"{game}:", flush=True)
            cpu: dict[str, list[float]] = {}
            wall: dict[str, list[float]] = {}
            for strong, weak, table_name, default_count in PAIRINGS[game]:
                count = args.matches or default_count
                games = games_for(table_name, strong, weak, count, budget, samples)
                outcomes = list(pool.map(play, games))
                report(strong, weak, table_name, outcomes, hard)
                for outcome in outcomes:
                    for level in outcome.cpu:
                        cpu.setdefault(level, []).extend(outcome.cpu[level])
                        wall.setdefault(level, []).extend(outcome.wall[level])
            print("  decision time per move:")
            for level in LEVELS:
                print(f"    {level:<6} {percentiles(cpu.get(level, []), wall.get(level, []))}")
            hard_cpu: list[float] = []
            hard_wall: list[float] = []
            timing_games = range(args.timing_games)
            for spent_cpu, spent_wall in pool.map(
                hard_at_default_budget, [game] * len(timing_games), timing_games
            ):
                hard_cpu += spent_cpu
                hard_wall += spent_wall
            print(
                f"    hard   {percentiles(hard_cpu, hard_wall)} at the default budget, "
                f"{DEFAULT_BUDGET_SECONDS:g} s",
                flush=True,
            )
    print(f"all done in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
