"""The CPU that PostgreSQL's backends spent on a benchmark's database, those that have gone too.

A pool closes a connection that sat idle too long or lived long enough, and opens another: its
backend process ends, and its CPU can no longer be read from ``/proc``. Counted only over the
backends alive at both ends of a span, the hour's soak of 6 December 2026 (issue 34) said 0.07 ms
of PostgreSQL CPU a move for the whole hour against 0.27 to 0.62 in each of its windows.

So the backends are read every ``SAMPLE_SECONDS`` on a thread of their own, and each one's last
reading is kept after it ends: the CPU spent by the database's backends since the start is the
sum of those, short only of what a backend spent in its last seconds (a pool's connection is
closed idle) or in a life shorter than the sampling (a pool's are not that short-lived).

Imports psycopg only (its own connection, whose backend is not counted).
"""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

import psycopg

SAMPLE_SECONDS = 2.0

BACKENDS_SQL = (
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
    " AND pid <> pg_backend_pid()"
)


class BackendsCpu:
    """The CPU seconds of every backend seen on one database, gone ones included."""

    def __init__(self, dsn: str) -> None:
        self._db = psycopg.connect(dsn, autocommit=True)
        # By (pid, start time): a pid the system gives again is another backend.
        self._last: dict[tuple[int, int], float] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="backends-cpu", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        self._db.close()

    def seconds(self) -> float:
        """CPU seconds the database's backends have spent so far, read now."""
        self.sample()
        with self._lock:
            return sum(self._last.values())

    def sample(self) -> None:
        with self._lock:
            for (pid,) in self._db.execute(BACKENDS_SQL).fetchall():
                with contextlib.suppress(OSError):  # it ended since the query
                    started, seconds = process_start_and_cpu(pid)
                    self._last[pid, started] = seconds

    def _run(self) -> None:
        while not self._stop.wait(SAMPLE_SECONDS):
            self.sample()


def process_start_and_cpu(pid: int) -> tuple[int, float]:
    """When a process started (clock ticks since boot) and its user and system CPU seconds."""
    fields = stat_fields(pid)
    return int(fields[19]), sum(int(value) for value in fields[11:13]) / os.sysconf("SC_CLK_TCK")


def stat_fields(pid: int) -> list[str]:
    """The fields of ``/proc/<pid>/stat`` after the process's name (which may hold spaces):
    field n of proc(5) is at index n - 3 (utime 14, stime 15, cutime 16, cstime 17, starttime
    22)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
