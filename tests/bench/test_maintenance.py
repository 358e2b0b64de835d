"""The benchmark does autovacuum's work where the server has it off (bench/maintenance.py, issue
34): a table past the server's own analysis threshold is analysed, one below it is left alone,
and a table done is not done again until it changes. The scale-out pass only: it is
PostgreSQL's autovacuum that is stood in for."""

import pytest
from django.db import connection

from bench.maintenance import AutovacuumStandIn, _seconds
from tests.bench.support import dsn_of_test_database

TABLE = "bench_maintained"


def test_a_naptime_is_read_as_postgresql_writes_it():
    assert [_seconds(text) for text in ("1min", "30s", "500ms", "2h")] == [60, 30, 0.5, 7200]


def last_analysed(name: str):
    with connection.cursor() as cursor:
        cursor.execute("SELECT last_analyze FROM pg_stat_user_tables WHERE relname = %s", [name])
        return cursor.fetchone()[0]


def rows_written(count: int) -> None:
    """``count`` rows in the table, committed, and their counts sent to the statistics now
    (a backend sends them at most once a second otherwise)."""
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {TABLE} SELECT generate_series(1, %s)", [count])
        cursor.execute("SELECT pg_stat_force_next_flush()")
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")  # a transaction's end: the pending counts go now


@pytest.mark.scaleout
@pytest.mark.django_db(transaction=True)
def test_a_table_past_the_thresholds_is_analysed_once_and_one_below_them_is_not():
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE {TABLE} (id integer)")
    stand_in = AutovacuumStandIn(dsn_of_test_database())
    stand_in.needed = True  # whatever this server's own setting
    try:
        rows_written(10)  # below autovacuum_analyze_threshold (50)
        stand_in.now()
        assert last_analysed(TABLE) is None

        rows_written(500)
        stand_in.now()
        analysed = last_analysed(TABLE)
        assert analysed is not None
        assert stand_in.done["analyze"] >= 1

        stand_in.now()  # nothing changed since
        assert last_analysed(TABLE) == analysed
    finally:
        stand_in.stop()
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE {TABLE}")
