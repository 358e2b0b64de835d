"""The benchmark counts PostgreSQL's CPU on its database from every backend it saw, those a pool
has since closed too (bench/backends.py, issue 34: the hour's soak counted only those alive at
both ends, 0.07 ms a move against 0.27 to 0.62 in each window). The backend's test runs in the
scale-out pass only; reading a process's stat runs in both."""

import os
import time

import psycopg
import pytest
from django.db import connection

from bench.backends import BackendsCpu, process_start_and_cpu
from tests.bench.support import dsn_of_test_database


@pytest.mark.scaleout
@pytest.mark.django_db(transaction=True)
def test_a_backend_that_ended_still_counts_its_cpu():
    backends = BackendsCpu(dsn_of_test_database())
    try:
        with psycopg.connect(dsn_of_test_database()) as busy:
            busy.execute("SELECT count(*) FROM generate_series(1, 3000000)").fetchone()
            pid = busy.info.backend_pid
            _started, spent = process_start_and_cpu(pid)
            before = backends.seconds()
        assert spent > 0.01  # the query kept its backend busy
        assert before >= spent
        backend_gone(pid)
        # Its last reading stays in the sum.
        assert backends.seconds() >= before
    finally:
        backends.stop()


def backend_gone(pid: int) -> None:
    """Wait until the server no longer lists the backend (it ends just after its client)."""
    deadline = time.monotonic() + 10
    while True:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
            if cursor.fetchone()[0] == 0:
                return
        assert time.monotonic() < deadline, f"backend {pid} still listed"
        time.sleep(0.01)


def test_a_process_start_and_cpu_are_read_from_its_stat():
    started, seconds = process_start_and_cpu(os.getpid())
    assert started > 0
    assert seconds > 0
