import pytest

from config import subscribers
from games.tables.news import BotTurnDue


@pytest.fixture
def queued_bot_jobs(monkeypatch) -> list:
    """The bot jobs the services queue (for after their commit), as (table id, version,
    delay)."""
    queued = []
    monkeypatch.setitem(
        subscribers.IN_COMMIT,
        BotTurnDue,
        (lambda due: queued.append((due.table_id, due.version, due.delay)),),
    )
    return queued
