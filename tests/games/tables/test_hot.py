"""A move's update of its table's row is HOT on PostgreSQL (issue 34): it changes no column an
index of the table holds, so it writes no index entry and puts the new version in the row's own
page, which the next read prunes. One index on a turn clock made every move write a new entry in
every index of the table, and the heap and indexes grew with every move (275 updates of 43,317
HOT in a 20-minute soak). Guards the design, not a count: ``LockedTable.save``'s columns against
the indexes PostgreSQL has (``INDEXED_SAVED_FIELDS``), and each game's row against its page.
Whether a given update finds room in its page depends on pruning, which any session's open
transaction holds back; the benchmark prints the share HOT (``bench/bench_tables.py``).

The scale-out pass only: SQLite has no HOT updates.
"""

import re

import pytest
from django.db import connection

from games.engine import GAMES
from games.tables.models import Table
from games.tables.services.locked import (
    INDEXED_SAVED_FIELDS,
    PLAY_FIELDS,
    STARTED_FIELDS,
    TOLD_FIELDS,
)
from tests.games.table_support import bots_play, members, table_new

pytestmark = [pytest.mark.django_db, pytest.mark.scaleout]


def columns(model, names) -> set[str]:
    return {model._meta.get_field(name).column for name in names}


def indexed_columns(model) -> dict[str, set[str]]:
    """Each index of ``model``'s table with the columns it holds: its keys, and those its
    expressions and its predicate read (a change to any of them makes an update not HOT)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexrelid::regclass::text, indkey::text,"
            " coalesce(indexprs::text, ''), coalesce(indpred::text, '')"
            " FROM pg_index WHERE indrelid = %s::regclass",
            [model._meta.db_table],
        )
        indexes = cursor.fetchall()
        cursor.execute(
            "SELECT attnum, attname FROM pg_attribute WHERE attrelid = %s::regclass"
            " AND attnum > 0 AND NOT attisdropped",
            [model._meta.db_table],
        )
        names = dict(cursor.fetchall())
    found = {}
    for index, keys, expressions, predicate in indexes:
        numbers = {int(key) for key in keys.split() if key != "0"}
        numbers |= {int(n) for n in re.findall(r":varattno (\d+)", expressions + predicate)}
        found[index] = {names[number] for number in numbers}
    return found


def test_no_index_of_the_table_holds_a_column_a_move_changes():
    saved = columns(Table, [*PLAY_FIELDS, *STARTED_FIELDS, *TOLD_FIELDS])
    indexes = indexed_columns(Table)
    held = {column for held in indexes.values() for column in held} & saved
    assert held == columns(Table, INDEXED_SAVED_FIELDS), indexes
    # The clocks a move sets are read by the sweep among the live tables' rows.
    assert "table_live" in indexes


def test_the_sweep_still_finds_the_live_tables_by_an_index_of_their_status():
    assert indexed_columns(Table)["table_live"] == {"status"}


# Half a page less its header and two line pointers: the most a row may take for two of its
# versions to fit one page (PostgreSQL's ``MaximumBytesPerTuple(2)``), the table's
# ``toast_tuple_target`` (migration 0022).
HALF_PAGE_ROW = 4080


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_table_in_play_fits_twice_in_its_page_and_a_pitch_state_stays_whole(game):
    """A row too large for its page twice could never be updated in it; a Pitch row (2.6 kB)
    is far from it, and is written and read as it is, never compressed."""
    (asha,) = members(1)
    table = bots_play(table_new(asha, game, ["", "medium", "medium", "medium"]))
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_column_size(t.*), pg_column_compression(t.state)"
            f" FROM {Table._meta.db_table} t WHERE id = %s",
            [table.pk],
        )
        size, compression = cursor.fetchone()
    assert size <= HALF_PAGE_ROW
    if game == "pitch":
        assert compression is None
