"""How fast a ranked match updates ratings, and how fast a leaderboard page comes, on PostgreSQL
with 100,000 rated members.

    .venv/bin/python -m bench.bench_ratings [--members N] [--updates N] [--requests N]
    nice -n -10 .venv/bin/python -m bench.bench_ratings   # as root, on a machine busy with others

It makes a scratch database ``taash_bench_ratings_<pid>`` on the PostgreSQL server of
``BENCH_POSTGRES_URL`` (default ``postgres://postgres@127.0.0.1:5432/postgres``), migrates it,
inserts ``--members`` members each rated in Indian Rummy and in Court Piece, and drops the
database at the end, whatever happens. Then it times, as wall-clock milliseconds:

- ``ratings_record_match`` inside a transaction of its own, as the table's result transaction
  will call it: its statements, and then with the commit (an fsync the result pays anyway); a
  four-player rummy table, and a two-against-two Court Piece match, between members drawn at
  random. Target: <= 5 ms per update.
- ``GET /ratings/rummy/`` through Django's test client (URL routing, middleware, session, the
  selectors and the whole template), signed in as the member in the middle of the board, so
  that their own place counts about half the members. Target: <= 50 ms per page.
- The leaderboard's two queries on their own, for reference.
- ``GET /ratings/rummy/month/`` (issue 32, point 6: this month's board) with
  ``--month-changes`` rated changes of rummy in this month and as many in the month before,
  spread over ``--month-players`` members (a few play much, most little), and its query count;
  the same for last month's page, and the board's query on its own beside the aggregate over
  the changes it read before its month totals (``--before``), in the same run.
- The month's board as the month grows (issue 32, point 6): for each of ``--month-sizes``
  (10,000 and 100,000 changes), this month's changes made anew and their totals filled, then
  the board's query (``accounts.ratings.seasons.month_board``): its time, its query count, and
  its plan from ``EXPLAIN (ANALYZE)``, which says whether it reads the month's totals through
  the index ``month_total_board`` or scans the table. ``--part month-sizes`` runs this alone
  (with ``--members`` as small as the players it needs).

Each line gives the wall-clock median, p95 and max, and the median CPU time of this process
plus its PostgreSQL backend (from /proc): on a machine busy with other work, wall-clock time
also counts waiting for a core, which the CPU column leaves out. It prints figures; it asserts
nothing.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import random
import statistics
import subprocess
import sys
import time
import types
import warnings
from collections.abc import Callable
from contextlib import contextmanager, suppress
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres"
BATCH = 10_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=100_000)
    parser.add_argument("--updates", type=int, default=200, help="per kind of match")
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--month-changes", type=int, default=100_000)
    parser.add_argument("--month-players", type=int, default=20_000)
    parser.add_argument(
        "--before", default="f849c61", help="the commit whose month board query is compared"
    )
    parser.add_argument(
        "--month-sizes",
        default="10000,100000",
        help="this month's changes for each run of the board as the month grows",
    )
    parser.add_argument(
        "--part", choices=("all", "month-sizes"), default="all", help="what to time"
    )
    args = parser.parse_args()
    server = os.environ.get("BENCH_POSTGRES_URL") or DEFAULT_SERVER
    name = f"taash_bench_ratings_{os.getpid()}"
    with scratch_database(server, name) as url:
        os.environ.update(
            DATABASE_URL=url, DEBUG="0", ALLOWED_HOSTS="testserver", LOG_LEVEL="WARNING"
        )
        import django

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        django.setup()
        try:
            run(args)
        finally:
            from django.db import connections

            connections.close_all()


@contextmanager
def scratch_database(server: str, name: str):
    parts = urlsplit(server)
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield urlunsplit(parts._replace(path=f"/{name}"))
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            print(f"\ndropped the scratch database {name}")


def run(args: argparse.Namespace) -> None:
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import override_settings

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    user_ids = members_insert(args.members)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
        cursor.execute("SHOW server_version")
        version = cursor.fetchone()[0]
    print(
        f"PostgreSQL {version}: {args.members:,} members rated in rummy and in Court Piece, "
        f"ready in {time.perf_counter() - started:.1f} s"
    )
    load = " ".join(f"{figure:.1f}" for figure in os.getloadavg())
    backend_priority_match()
    print(
        f"{os.cpu_count()} cores, load average {load}; "
        f"priority (nice) {os.getpriority(os.PRIO_PROCESS, 0)} for this process and its backend"
    )
    columns = f"{'runs':>5} {'median':>7} {'p95':>7} {'max':>7} {'CPU':>6}"
    print(f"\n{'milliseconds':44} {columns}  target")
    if args.part == "all":
        updates_time(user_ids, args.updates)
        # Unhashed static names: the manifest needs `collectstatic`, beside the point here.
        static = {
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
        }
        with override_settings(STORAGES={**settings.STORAGES, **static}), warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="No directory at", module="django")
            leaderboard_time(args.requests)
            month_board_time(user_ids, args)
    month_board_sizes(user_ids, args)


def members_insert(count: int) -> list[int]:
    """``count`` members (a third with a display name), each rated in rummy and Court Piece
    with a spread of skills and certainties, in bulk; then the counts per rating point."""
    from django.contrib.auth import get_user_model

    from accounts.profiles.models import Profile
    from accounts.ratings.models import Rating
    from accounts.ratings.services import rating_counts_rebuild
    from accounts.ratings.skill import rating_of

    User = get_user_model()
    rng = random.Random(10)
    for start in range(0, count, BATCH):
        numbers = range(start, min(start + BATCH, count))
        users = User.objects.bulk_create(
            User(username=f"member{n}", password="!", email=f"member{n}@example.com")
            for n in numbers
        )
        Profile.objects.bulk_create(
            Profile(user=user, display_name=f"खिलाड़ी {user.pk}") for user in users[::3]
        )
        ratings = []
        for user in users:
            for game in ("rummy", "courtpiece"):
                mu, sigma = rng.gauss(25.0, 4.0), rng.uniform(1.0, 8.3)
                ratings.append(
                    Rating(
                        user=user,
                        game=game,
                        mu=mu,
                        sigma=sigma,
                        ordinal=rating_of(mu, sigma),
                        matches_played=rng.randint(1, 400),
                    )
                )
        Rating.objects.bulk_create(ratings)
    for game in ("rummy", "courtpiece"):
        rating_counts_rebuild(game=game)
    return list(User.objects.order_by("pk").values_list("pk", flat=True))


def updates_time(user_ids: list[int], runs: int) -> None:
    """Each update in a transaction of its own: the time of the service's statements inside
    it (what it adds to the table's result transaction), and with the commit (an fsync)."""
    from django.db import transaction

    from accounts.ratings.services import ratings_record_match

    rng = random.Random(20)
    match_refs = iter(range(1, 10**9))
    kinds = {
        "rummy, 4 players": ("rummy", lambda p: [[p[0]], [p[1]], [p[2]], [p[3]]], [1, 2, 3, 4]),
        "Court Piece, 2 against 2": ("courtpiece", lambda p: [[p[0], p[2]], [p[1], p[3]]], [1, 2]),
    }
    for label, (game, teams_of, ranks) in kinds.items():
        inside, committed = Times(), Times()
        for run in range(runs + 3):
            teams = teams_of(rng.sample(user_ids, 4))
            cpu, started = cpu_ms(), time.perf_counter()
            with transaction.atomic():
                ratings_record_match(
                    game=game, match_ref=next(match_refs), teams=teams, ranks=ranks
                )
                done, done_cpu = time.perf_counter(), cpu_ms()
            if run >= 3:  # the first few warm up the connection and the caches
                inside.add(done - started, done_cpu - cpu)
                committed.add(time.perf_counter() - started, cpu_ms() - cpu)
        report(f"rating update, {label}", inside, 5.0)
        report("  the same, commit included", committed, None)


def leaderboard_time(requests: int) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from accounts.ratings.models import Rating
    from accounts.ratings.selectors import leaderboard_top, standing_of

    ordered = Rating.objects.filter(game="rummy").order_by("-ordinal", "user_id")
    middle = ordered.values_list("user_id", flat=True)[ordered.count() // 2]
    member = get_user_model().objects.get(pk=middle)
    client = Client()
    client.force_login(member)

    def page() -> None:
        response = client.get("/ratings/rummy/")
        assert response.status_code == 200, response.status_code

    page()
    standing = standing_of(user=member, game="rummy")
    assert standing is not None
    size = len(client.get("/ratings/rummy/").content)
    report(f"leaderboard page (own place {standing.place:,})", timed(page, requests), 50.0, size)
    report("  query: top 100", timed(lambda: leaderboard_top(game="rummy"), requests), None)
    report(
        "  query: own place and count",
        timed(lambda: standing_of(user=member, game="rummy"), requests),
        None,
    )


def month_changes_insert(user_ids: list[int], month: date, count: int) -> None:
    """``count`` rummy rating changes in ``month``, in one INSERT ... SELECT: members drawn
    with a skew (the square of a uniform draw), so that a few play much and most little;
    each change between -20 and +20, at moments spread over the month."""
    from django.db import connection

    from accounts.ratings.models import RatingChange
    from accounts.ratings.months import month_end, month_start

    table = RatingChange._meta.db_table
    start, end = month_start(month), month_end(month)
    with connection.cursor() as cursor:
        cursor.execute("SELECT coalesce(max(match_ref), 0) FROM " + table)
        first_ref = cursor.fetchone()[0] + 1
        cursor.execute(
            f"INSERT INTO {table} (user_id, game, match_ref, rank, sides, ordinal_before,"
            " ordinal_after, mu, sigma, created_at)"
            " SELECT m.ids[1 + floor(power(random(), 2) * cardinality(m.ids))::int], 'rummy',"
            " %s + g, 1 + g %% 2, 2, 1500, 1480 + random() * 40, 25, 5,"
            " %s + (%s - %s) * (g::float / %s)"
            " FROM generate_series(0, %s - 1) AS g, (SELECT %s::bigint[] AS ids) AS m",
            [first_ref, start, end, start, count, count, user_ids],
        )
        cursor.execute(f"ANALYZE {table}")


def month_board_time(user_ids: list[int], args: argparse.Namespace) -> None:
    from django.apps import apps
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from accounts.ratings.models import MonthTotal
    from accounts.ratings.months import month_before, month_of, month_written
    from accounts.ratings.seasons import month_board

    players = user_ids[: args.month_players]
    this_month = month_of()
    last_month = month_before(this_month)
    started = time.perf_counter()
    for month in (this_month, last_month):
        month_changes_insert(players, month, args.month_changes)
    # The members' month totals, as ratings_record_match keeps them: filled by the migration
    # that filled them on a site (accounts 0013), from every change (the updates' above too).
    MonthTotal.objects.all().delete()
    importlib.import_module("accounts.migrations.0013_month_totals").totals_from_changes(apps, None)
    print(
        f"\n{args.month_changes:,} rated changes of rummy in {month_written(this_month)} and as"
        f" many in {month_written(last_month)}, by up to {len(players):,} members, inserted"
        f" (and their month totals) in {time.perf_counter() - started:.1f} s"
    )
    board = month_board(game="rummy", month=this_month)
    client = Client()
    # Signed in as a member in the middle of the board: the page adds their own month.
    client.force_login(get_user_model().objects.get(pk=board[len(board) // 2].user_id))
    for label, path in (
        ("month board page, this month", "/ratings/rummy/month/"),
        ("month board page, last month", f"/ratings/rummy/month/{month_written(last_month)}/"),
    ):

        def page(path: str = path) -> None:
            response = client.get(path)
            assert response.status_code == 200, response.status_code

        page()
        with CaptureQueriesContext(connection) as queries:
            size = len(client.get(path).content)
        report(f"{label} ({len(queries)} queries)", timed(page, args.requests), None, size)
    before = board_at(args.before)
    report(
        f"  query: the month's board before ({args.before}: one aggregate over the changes)",
        timed(lambda: before(game="rummy", month=this_month), args.requests),
        None,
    )
    report(
        "  query: the month's board, this commit (the totals, in the index's order)",
        timed(lambda: month_board(game="rummy", month=this_month), args.requests),
        None,
    )


def month_board_sizes(user_ids: list[int], args: argparse.Namespace) -> None:
    """The board's query as this month grows: for each size, the month's rummy changes made
    anew (no other month's), every total filled again from them as a site's would be, the
    tables analysed; then the query's time and count, and the plan's reads of the totals."""
    from django.apps import apps
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from accounts.ratings.models import MonthTotal, RatingChange
    from accounts.ratings.months import month_of
    from accounts.ratings.seasons import (
        BOARD_SIZE,
        MONTH_MIN_MATCHES,
        month_board,
        month_board_query,
    )

    players = user_ids[: args.month_players]
    month = month_of()
    totals_fill = importlib.import_module("accounts.migrations.0013_month_totals")
    for size in (int(size) for size in args.month_sizes.split(",")):
        RatingChange.objects.all().delete()
        MonthTotal.objects.all().delete()
        month_changes_insert(players, month, size)
        totals_fill.totals_from_changes(apps, None)
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {MonthTotal._meta.db_table}")
        totals = MonthTotal.objects.filter(game="rummy", month=month)
        on_board = totals.filter(matches__gte=MONTH_MIN_MATCHES).count()
        print(
            f"\n{size:,} changes of rummy this month: {totals.count():,} members' totals,"
            f" {on_board:,} with the matches for the board"
        )
        with CaptureQueriesContext(connection) as queries:
            board = month_board(game="rummy", month=month)
        report(
            f"  query: the month's board ({len(queries)} queries, {len(board)} rows)",
            timed(lambda: month_board(game="rummy", month=month), args.requests),
            None,
        )
        plan = month_board_query(game="rummy", month=month)[:BOARD_SIZE].explain(analyze=True)
        scans = [line.strip() for line in plan.splitlines() if "Scan" in line]
        print("  plan's reads: " + "; ".join(scans))
        print("  " + plan.replace("\n", "\n  "))


def board_at(commit: str) -> Callable[..., object]:
    """``month_board`` as it was at ``commit``: accounts/ratings/seasons.py read from git and
    loaded beside this commit's."""
    text = subprocess.run(
        ["git", "show", f"{commit}:accounts/ratings/seasons.py"],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    loaded = types.ModuleType("bench_before_seasons")
    sys.modules[loaded.__name__] = loaded  # dataclasses look their module up
    exec(compile(text, f"{commit}:accounts/ratings/seasons.py", "exec"), loaded.__dict__)
    board: Callable[..., object] = loaded.month_board
    return board


class Times:
    """Wall-clock and CPU milliseconds of each run."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def add(self, wall_seconds: float, cpu: float) -> None:
        self.wall.append(wall_seconds * 1000)
        self.cpu.append(cpu)


@functools.cache
def backend_pid() -> int:
    """The process of PostgreSQL serving this connection (the same for the whole run: the
    test client does not close connections between requests)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def backend_priority_match() -> None:
    """Give the backend this process's scheduling priority: run under ``nice -n -10`` as root,
    both outrun other work on a shared machine. Elsewhere it changes nothing."""
    with suppress(PermissionError):
        os.setpriority(os.PRIO_PROCESS, backend_pid(), os.getpriority(os.PRIO_PROCESS, 0))


def cpu_ms() -> float:
    """CPU time so far of this process and of its PostgreSQL backend: what a run costs on an
    idle machine, where wall-clock time also counts waiting for a core that others hold."""
    with open(f"/proc/{backend_pid()}/schedstat") as stat:
        backend_ns = int(stat.read().split()[0])
    return time.process_time() * 1000 + backend_ns / 1e6


def timed(action: Callable[[], object], runs: int) -> Times:
    """Each run of ``action``, after a few untimed runs to warm up the connection and caches."""
    for _ in range(3):
        action()
    times = Times()
    for _ in range(runs):
        cpu, started = cpu_ms(), time.perf_counter()
        action()
        times.add(time.perf_counter() - started, cpu_ms() - cpu)
    return times


def report(what: str, times: Times, target: float | None, size: int = 0) -> None:
    wall = sorted(times.wall)
    median = statistics.median(wall)
    p95 = wall[max(0, round(0.95 * len(wall)) - 1)]
    cpu = statistics.median(times.cpu)
    verdict = ""
    if target is not None:
        verdict = f"<= {target:g} ms: p95 {'met' if p95 <= target else 'MISSED'}, "
        verdict += f"CPU {'met' if cpu <= target else 'MISSED'}"
    if size:
        verdict += f", {size:,} bytes"
    print(f"{what:44} {len(wall):5} {median:7.2f} {p95:7.2f} {wall[-1]:7.2f} {cpu:6.2f}  {verdict}")


if __name__ == "__main__":
    main()
