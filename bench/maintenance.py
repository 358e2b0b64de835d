"""What PostgreSQL's autovacuum would do for a benchmark's database, done by the benchmark when
the server has autovacuum off (as CI's machines have it: ``conf.d/90-ci.conf``).

Without it nothing gathers statistics or clears dead rows during a run, and a statement that a
process prepared in its first seconds keeps the plan made for empty tables. Measured in a soak
on 6 December 2026 (issue 34): the tables' read (``games.tables.sql.table_read_sql``) read
every move of the table through the moves' index and every member by a sequential scan, at
each move: 2,057 index entries a move, against 1 after one ``ANALYZE``; and PostgreSQL's CPU a
move climbed from window to window. A production server runs autovacuum, so a benchmark without
it measures a database nobody runs.

Every ``autovacuum_naptime``, as autovacuum's launcher would, each table of the run's database
past the server's own autovacuum thresholds (dead rows, rows inserted, rows changed since the
last analysis) is vacuumed or analysed. ``now`` does the same at once: a benchmark calls it
before each measured window, so each starts with the statistics autovacuum would have had. It
works on one connection kept open for the run, so its backend's CPU counts with the run's
(``bench.backends``).

Imports psycopg only (the benchmark's own connection, not Django's).
"""

from __future__ import annotations

import threading
from collections import Counter

import psycopg
from psycopg import sql

# The tables past autovacuum's thresholds, by the server's own settings (PostgreSQL 13 and
# later: the insert threshold too). A table never analysed has reltuples -1: taken as empty.
DUE_SQL = """
    SELECT s.schemaname, s.relname,
           s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
               + current_setting('autovacuum_vacuum_scale_factor')::float8 * rows.n
           OR s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8
               + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * rows.n,
           s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
               + current_setting('autovacuum_analyze_scale_factor')::float8 * rows.n
    FROM pg_stat_user_tables s
    JOIN pg_class c ON c.oid = s.relid
    CROSS JOIN LATERAL (SELECT greatest(c.reltuples, 0) AS n) rows
"""


class AutovacuumStandIn:
    """Autovacuum's work on one database, while the server's own is off; nothing otherwise."""

    def __init__(self, dsn: str) -> None:
        self._db = psycopg.connect(dsn, autocommit=True)
        self.needed = self._setting("autovacuum") == "off"
        self._naptime = _seconds(self._setting("autovacuum_naptime"))
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.done: Counter[str] = Counter()

    def start(self) -> None:
        if self.needed:
            self._thread = threading.Thread(target=self._run, name="autovacuum", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self._db.close()

    def now(self) -> None:
        """One round over the database's tables, at once."""
        if not self.needed:
            return
        with self._lock:
            for schema, table, vacuum, analyze in self._db.execute(DUE_SQL).fetchall():
                name = sql.Identifier(schema, table)
                if vacuum:
                    command = "VACUUM (ANALYZE) {}" if analyze else "VACUUM {}"
                    self._db.execute(sql.SQL(command).format(name))
                    self.done["vacuum"] += 1
                elif analyze:
                    self._db.execute(sql.SQL("ANALYZE {}").format(name))
                if analyze:
                    self.done["analyze"] += 1

    def summary(self) -> str:
        if not self.needed:
            return "the server's autovacuum is on"
        return (
            f"the server's autovacuum is off; the benchmark's stand-in (bench.maintenance) "
            f"vacuumed {self.done['vacuum']} and analysed {self.done['analyze']} tables"
        )

    def _run(self) -> None:
        while not self._stop.wait(self._naptime):
            self.now()

    def _setting(self, name: str) -> str:
        row = self._db.execute("SELECT current_setting(%s)", [name]).fetchone()
        assert row is not None
        return str(row[0])


def _seconds(setting: str) -> float:
    """A time setting as ``current_setting`` shows it ("1min", "30s", "500ms") in seconds."""
    units = {"ms": 0.001, "s": 1, "min": 60, "h": 3600, "d": 86400}
    number = setting.rstrip("abcdefghijklmnopqrstuvwxyz")
    return float(number) * units[setting[len(number) :] or "s"]
