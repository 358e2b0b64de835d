import pytest

from games.tables.models import Table, TableStatus


@pytest.fixture
def tables_stopped_afterwards():
    """Tables still in play after a live test would keep the worker busy (bot turns, timeouts)
    while the next test empties the database: end them first."""
    yield
    Table.objects.filter(status=TableStatus.PLAYING).update(status=TableStatus.ABANDONED)
