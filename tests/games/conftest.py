import pytest
from django.db import transaction

from games.tables.models import Table, TableStatus


@pytest.fixture
def tables_stopped_afterwards():
    """Tables still in play after a live test would keep the worker busy (bot turns, timeouts)
    while the next test empties the database: end them first. The row locks wait for any job
    writing to one of them now, so that none is half-way through when the rows are flushed
    (PostgreSQL would find the flush and that job deadlocked)."""
    yield
    with transaction.atomic():
        playing = Table.objects.select_for_update().filter(status=TableStatus.PLAYING)
        Table.objects.filter(pk__in=list(playing.values_list("pk", flat=True))).update(
            status=TableStatus.ABANDONED
        )
