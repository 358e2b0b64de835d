"""A move's update of its table's row is HOT on PostgreSQL (issue 34): it changes no column an
index of the table holds, so it writes no index entry and puts the new version in the row's own
page, which the next read prunes. One index on a turn clock made every move write a new entry in
every index of the table, and the heap and indexes grew with every move (275 updates of 43,317
HOT in a 20-minute soak). Guards ``LockedTable.save``'s columns against the table's indexes
(``INDEXED_SAVED_FIELDS``), and the moves themselves against PostgreSQL's own count.

The scale-out pass only: SQLite has no HOT updates.
"""

import re

import pytest
from django.db import connection

from games.engine import GAMES
from games.tables import services
from games.tables.models import Seat, Table
from games.tables.services.locked import (
    INDEXED_SAVED_FIELDS,
    PLAY_FIELDS,
    STARTED_FIELDS,
    TOLD_FIELDS,
)
from tests.games.table_support import bots_play, match_of, members, table_new

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.scaleout]

MOVES = 12


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


def updates(model) -> tuple[int, int]:
    """(rows updated, of them HOT) in ``model``'s table so far, this backend's counts sent."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_force_next_flush()")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relid = %s::regclass",
            [model._meta.db_table],
        )
        updated, hot = cursor.fetchone()
    return updated, hot


def test_every_move_updates_the_table_and_its_seats_in_their_pages():
    """Each move its own committed transaction, as in play: the versions it leaves behind are
    pruned from the page by the next move's read, so the page keeps room for the next."""
    (asha,) = members(1)
    table = bots_play(table_new(asha, "pitch", ["", "medium", "medium", "medium"]))
    tables_before, seats_before = updates(Table), updates(Seat)
    start = table.version
    while table.version - start < MOVES:  # within the first deal: no pause between deals
        match = match_of(table)
        assert match.to_move() == [0], "Asha moves, the bots answer"
        services.table_move_apply(
            table_id=table.pk,
            user_id=asha.pk,
            action=match.legal_actions(0)[0],
            version=table.version,
        )
        table = bots_play(table)
    tables_after, seats_after = updates(Table), updates(Seat)
    updated, hot = (a - b for a, b in zip(tables_after, tables_before, strict=True))
    assert updated >= MOVES
    assert hot == updated
    updated, hot = (a - b for a, b in zip(seats_after, seats_before, strict=True))
    assert updated > 0
    assert hot == updated


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
