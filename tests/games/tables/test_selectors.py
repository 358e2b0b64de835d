"""The reads about tables: what a game's lobby lists."""

import pytest

from games.engine import GAMES
from games.tables import selectors, services
from games.tables.models import Table, TableStatus
from games.tables.selectors import OPEN_SHOWN, lobby_lists
from tests.games.table_support import members, table_new

pytestmark = pytest.mark.django_db


def ids(tables) -> list[int]:
    return [table.pk for table in tables]


def test_the_lobby_lists_each_public_table_by_its_status_and_no_private_one():
    asha, bilal = members(2)
    waiting = table_new(asha, "pitch", ["", "", "easy", ""])
    playing = table_new(asha, "pitch", ["easy", "easy", "easy", "easy"])
    unwatched = table_new(asha, "pitch", ["easy"] * 4, allow_spectators=False)
    finished = table_new(asha, "pitch", ["easy"] * 4)
    Table.objects.filter(pk=finished.pk).update(status=TableStatus.FINISHED)
    table_new(bilal, "pitch", ["", "", "", ""], private=True)
    table_new(bilal, "rummy", ["", ""])
    lists = lobby_lists("pitch")
    assert ids(lists.open) == [waiting.pk]
    assert (lists.open[0].taken, lists.open[0].free) == (2, 2)
    assert ids(lists.playing) == [playing.pk]
    assert unwatched.pk not in ids(lists.playing)
    assert ids(lists.finished) == [finished.pk]


def test_the_ranked_queue_counts_the_members_waiting_at_each_variant():
    asha, bilal = members(2)
    for member in (asha, bilal):
        services.ranked_table_join(user_id=member.pk, game="pitch", variant="standard")
    queues = {queue.variant: queue.waiting for queue in lobby_lists("pitch").ranked}
    assert list(queues) == list(GAMES["pitch"].variants)
    assert queues["standard"] == ((2, 4),)
    assert all(waiting == () for variant, waiting in queues.items() if variant != "standard")


def test_past_the_open_tables_shown_the_lobby_counts_the_rest(django_assert_num_queries):
    (asha,) = members(1)
    made = [table_new(asha, "rummy", ["", ""]).pk for _ in range(OPEN_SHOWN + 2)]
    with django_assert_num_queries(5):
        lists = lobby_lists("rummy")
    assert ids(lists.open) == made[::-1][:OPEN_SHOWN]
    assert lists.open_more == 2


def test_the_lobby_reads_in_four_queries(django_assert_num_queries):
    (asha,) = members(1)
    table_new(asha, "rummy", ["", ""])
    with django_assert_num_queries(4):
        selectors.lobby_lists("rummy")
