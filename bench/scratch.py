"""A scratch site for one benchmark run: its own VAR_DIR, Redis key prefix and Celery queue,
and either a PostgreSQL database of its own (at 127.0.0.1:5432, dropped at the end) with the
machine's Redis, or, embedded, SQLite and a private redis-server. Set before Django is set up,
so the benchmark imports Django only inside the ``with``."""

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

from bench.bench_tables import database_create, database_drop, scratch_var_dir


@contextlib.contextmanager
def scratch_site(prefix: str, *, embedded: bool) -> Iterator[Path]:
    """The environment of a fresh site for the ``with`` block; yields its VAR_DIR."""
    var_dir = scratch_var_dir(prefix)
    name = f"bench{os.getpid()}"
    os.environ.update(
        VAR_DIR=str(var_dir),
        DEBUG="0",
        LOG_LEVEL="WARNING",
        REDIS_KEY_PREFIX=name,
        CELERY_TASK_DEFAULT_QUEUE=name,
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    processes = []
    if embedded:
        from tools.embedded_redis import redis_server_start

        processes.append(redis_server_start(var_dir / "redis.sock"))
    else:
        database_create(f"taash_{name}")
        os.environ["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/taash_{name}"
        os.environ["REDIS_URL"] = "redis://127.0.0.1:6379/0"
    try:
        yield var_dir
    finally:
        from django.db import connections

        connections.close_all()
        for process in processes:
            process.terminate()
        if not embedded:
            database_drop(f"taash_{name}")
        shutil.rmtree(var_dir, ignore_errors=True)
