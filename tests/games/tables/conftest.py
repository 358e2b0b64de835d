import pytest

from config import subscribers
from games.tables.news import BotTurnDue
from tests.games.table_support import bots_play, match_of, members, table_new


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


@pytest.fixture
def pitch_table():
    """Asha at seat 0 of a Pitch table (who bids first), bots elsewhere: her turn."""
    (asha,) = members(1)
    table = bots_play(table_new(asha, "pitch", ["", "medium", "medium", "medium"]))
    assert match_of(table).to_move() == [0]
    return table, asha
