"""A prefork worker's jobs share their process's PostgreSQL connection pool (config/celery.py,
CELERY_DB_REUSE_MAX): Celery's Django fixup closed the whole pool before and after every job, so
each job made a new pool, its threads and a new backend, and under load the jobs waited for their
connections (a Hard bot's turn took 7 to 12 s at p50 with 200 tables)."""

from types import SimpleNamespace

import pytest
from celery.fixups.django import DjangoWorkerFixup
from django.db import connection

from config.celery import app, connections_given_back
from games.tables.models import Table

# The pool is PostgreSQL's (config/settings.py); a job closes connections, so no test transaction.
pytestmark = [pytest.mark.scaleout, pytest.mark.django_db(transaction=True)]


def test_a_prefork_workers_jobs_share_one_pool_and_each_gives_its_connection_back():
    fixup = DjangoWorkerFixup(app)
    fixup.worker = SimpleNamespace(pool_cls="celery.concurrency.prefork:TaskPool")
    job = SimpleNamespace(request=SimpleNamespace(is_eager=False))
    pools = []
    for _job in range(3):
        fixup.on_task_prerun(sender=job)
        Table.objects.count()
        pools.append(connection.pool.name)
        fixup.on_task_postrun(sender=job)
        connections_given_back()
        assert connection.connection is None  # back in the pool, for the next job
    assert len(set(pools)) == 1, pools
