"""The plain SQL of a move (games/tables/sql.py): each statement reads and writes exactly what the
ORM would, on SQLite (embedded pass) and on PostgreSQL (scale-out pass).

Values are compared with their types (tests/sql_support.py).
"""

from datetime import timedelta

import pytest
from django.db import connection, transaction

from accounts.profiles.models import Profile
from accounts.profiles.services import profile_update
from games.sql import execute_together, in_one_statement
from games.tables import services
from games.tables.models import Move, MoveBy, Seat, Table, TableStatus
from games.tables.selectors import table_snapshot
from games.tables.services.locked import PLAY_FIELDS
from games.tables.sql import (
    MOVE_ROWS,
    PUBLIC_MOVE,
    SEAT_ROWS,
    TABLE_ROWS,
    table_lock_sql,
    table_read_sql,
    table_rows,
)
from tests.games.table_support import bots_play, match_of, members, table_new
from tests.sql_support import NOW, lock_refused, rows_after, typed, typed_rows, without_ids

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """A Pitch match under way: Asha (a display name) at seat 0, Bilal (none: his username)
    at seat 1, standing in for now, two bots; Asha has bid."""
    asha, bilal = members(2)
    profile_update(user=asha, display_name="आशा")
    table = table_new(asha, "pitch", ["", "", "medium", "medium"])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    table = bots_play(table)
    action = match_of(table).legal_actions(0)[0]
    services.table_move_apply(
        table_id=table.pk, user_id=asha.pk, action=action, version=table.version
    )
    Seat.objects.filter(table=table, number=1).update(stand_in=True, timeouts_in_row=2)
    table.refresh_from_db()
    return table


def orm_seats(table: Table) -> list[Seat]:
    return list(Seat.objects.filter(table=table).order_by("number"))


# -- the read ----------------------------------------------------------------------------------


def test_the_read_gives_the_table_and_its_seats_as_the_orm_reads_them(played):
    rows = table_rows(played.pk)
    assert typed(rows.table, TABLE_ROWS.fields) == typed(
        Table.objects.get(pk=played.pk), TABLE_ROWS.fields
    )
    assert [typed(seat, SEAT_ROWS.fields) for seat, _name in rows.seats] == [
        typed(seat, SEAT_ROWS.fields) for seat in orm_seats(played)
    ]


def test_the_read_leaves_the_initial_state_to_a_query_of_its_own(played):
    table = table_rows(played.pk).table
    assert table.get_deferred_fields() == {"initial_state"}
    assert table.initial_state == Table.objects.get(pk=played.pk).initial_state


def test_the_read_names_each_member_as_their_profile_shows_them_and_a_bot_not_at_all(played):
    names = [name for _seat, name in table_rows(played.pk).seats]
    expected = [
        Profile.objects.get(user=seat.user).shown_name
        if Profile.objects.filter(user=seat.user).exists()
        else seat.user.get_username()
        if seat.user
        else ""
        for seat in orm_seats(played)
    ]
    assert names == expected == ["आशा", "player1", "", ""]


def test_the_read_gives_the_pictures_members_chose_and_none_for_the_others(played):
    """Issue 30, point 3: a seat shows its member's picture; Bilal chose none."""
    asha = Seat.objects.get(table=played, number=0).user
    profile_update(user=asha, avatar="kite")
    assert table_rows(played.pk).avatars == {asha.pk: "kite"}
    seats = [seat.to_json() for seat in table_snapshot(played.pk).seats]
    assert [seat["avatar"] for seat in seats] == ["kite", "", "", ""]
    # A member's colour stays theirs when they change their name.
    profile_update(user=asha, display_name="Asha Rani")
    again = [seat.to_json() for seat in table_snapshot(played.pk).seats]
    assert again[0]["name"] == "Asha Rani"
    assert [seat["hue"] for seat in again] == [seat["hue"] for seat in seats]
    assert all(0 <= seat["hue"] < 360 for seat in seats)


def test_the_read_gives_the_public_side_of_the_move_that_made_the_version(played):
    last = table_rows(played.pk).last_move
    orm = Move.objects.filter(table=played, version=played.version).values(*PUBLIC_MOVE).get()
    assert typed_rows([last]) == typed_rows([orm])


def test_the_read_of_a_table_before_its_first_move_has_no_last_move():
    (asha,) = members(1)
    table = table_new(asha, "rummy", ["", ""])
    rows = table_rows(table.pk)
    assert rows.last_move is None
    assert rows.table.status == TableStatus.OPEN
    assert [(seat.user_id, name) for seat, name in rows.seats] == [(asha.pk, "player0"), (None, "")]


def test_the_read_of_no_table_is_none():
    assert table_rows(10**9) is None
    with transaction.atomic():
        assert table_rows(10**9, for_update=True) is None


def test_the_read_sends_the_tables_state_once_not_with_every_seat(played):
    """Issue 34: the state is the row's largest value; seat 0's row alone carries it."""
    with connection.cursor() as cursor:
        cursor.execute(table_read_sql(), [played.pk])
        rows = cursor.fetchall()
    state = TABLE_ROWS.attnames.index("state")
    assert [row[state] is not None for row in rows] == [True, False, False, False]
    assert table_rows(played.pk).table.state == Table.objects.get(pk=played.pk).state


@pytest.mark.scaleout
def test_the_tables_row_keeps_its_state_whole_and_the_moves_have_one_index_by_table():
    """Issue 34: no compression of a state at each move's write up to half a page's row
    (``toast_tuple_target``), so that two versions of a row fit its page; a new row leaves
    room in its page for its next version (``fillfactor``: tests/games/tables/test_hot.py);
    and the last move found by (table, version), the one index the moves keep."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = %s", [Table._meta.db_table])
        assert cursor.fetchone()[0] == ["fillfactor=50", "toast_tuple_target=4080"]
        cursor.execute(
            "SELECT indexdef FROM pg_indexes WHERE tablename = %s", [Move._meta.db_table]
        )
        by_table = [sql for (sql,) in cursor.fetchall() if "table_id" in sql]
    assert by_table == [
        f"CREATE UNIQUE INDEX move_version_unique ON public.{Move._meta.db_table} "
        "USING btree (table_id, version)"
    ]


def test_the_reads_times_are_the_orms_in_utc(played):
    """On PostgreSQL a time is read as UTC's wall time and given its zone back (games.sql:
    Rows.selected): the same moment, in the same zone, as the ORM reads it."""
    Table.objects.filter(pk=played.pk).update(deadline=NOW, paused_until=None)
    table = table_rows(played.pk).table
    orm = Table.objects.get(pk=played.pk)
    for name in ("created_at", "started_at", "deadline", "paused_until"):
        assert getattr(table, name) == getattr(orm, name)
        assert str(getattr(table, name)) == str(getattr(orm, name))
    assert table.deadline == NOW
    assert table.deadline.utcoffset() == timedelta(0)


def test_the_locked_read_reads_what_the_plain_read_does(played):
    plain = table_rows(played.pk)
    with transaction.atomic():
        locked = table_rows(played.pk, for_update=True)
    assert typed(locked.table, TABLE_ROWS.fields) == typed(plain.table, TABLE_ROWS.fields)
    assert [(typed(s, SEAT_ROWS.fields), n) for s, n in locked.seats] == [
        (typed(s, SEAT_ROWS.fields), n) for s, n in plain.seats
    ]
    assert locked.last_move == plain.last_move


@pytest.mark.scaleout
@pytest.mark.django_db(transaction=True)
def test_the_locked_read_holds_the_tables_row_until_the_transaction_ends():
    # A table waiting for players: no job of its own takes the lock meanwhile.
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", ""])
    other = table_new(bilal, "rummy", ["", ""])
    with transaction.atomic():
        table_rows(table.pk)
        assert not lock_refused(table_lock_sql(), [table.pk])
        table_rows(table.pk, for_update=True)
        assert lock_refused(table_lock_sql(), [table.pk])
        assert not lock_refused(table_lock_sql(), [other.pk])
    assert not lock_refused(table_lock_sql(), [table.pk])


# -- the writes --------------------------------------------------------------------------------


def moves_read(table: Table) -> list[dict]:
    return list(Move.objects.filter(table=table).order_by("version").values())


def test_the_move_insert_writes_the_rows_that_save_writes(played, frozen_now):
    def new_moves() -> list[Move]:
        return [
            Move(
                table=played,
                version=played.version + n,
                seat=n,
                action={"type": "bid", "bid": n + 2},
                events=[{"type": "bid", "seat": n, "bid": n + 2, "name": "आशा"}],
                by=by,
            )
            for n, by in enumerate([MoveBy.PLAYER, MoveBy.BOT], start=1)
        ]

    def with_orm() -> None:
        for move in new_moves():
            move.save()

    by_sql = rows_after(
        lambda: execute_together([MOVE_ROWS.insert(new_moves())]), lambda: moves_read(played)
    )
    by_orm = rows_after(with_orm, lambda: moves_read(played))
    assert typed_rows(without_ids(by_sql)) == typed_rows(without_ids(by_orm))
    assert by_sql[-1]["created_at"] == frozen_now


def seats_read(table: Table) -> list[dict]:
    return list(Seat.objects.filter(table=table).order_by("number").values())


def test_the_seat_update_writes_what_save_with_those_fields_writes(played):
    (chand,) = members(1, prefix="chand")
    fields = sorted(["user_id", "bot_memory", "stand_in", "left", "timeouts_in_row"])

    def changed(number: int) -> Seat:
        seat = Seat.objects.get(table=played, number=number)
        seat.user_id = chand.pk if number == 1 else None
        seat.bot_memory = {"seen": ["10S", "QH"], "नोट": None}
        seat.stand_in, seat.left, seat.timeouts_in_row = False, True, 0
        # Not among the fields written: left as the row has it.
        seat.bot_level = "hard"
        return seat

    def with_sql() -> None:
        execute_together([SEAT_ROWS.update(changed(n), fields) for n in (0, 1)])

    def with_orm() -> None:
        for number in (0, 1):
            changed(number).save(update_fields=fields)

    by_sql = rows_after(with_sql, lambda: seats_read(played))
    assert typed_rows(by_sql) == typed_rows(rows_after(with_orm, lambda: seats_read(played)))
    assert by_sql != seats_read(played)


def tables_read(table: Table) -> list[dict]:
    return list(Table.objects.filter(pk=table.pk).values())


def test_the_table_update_writes_what_save_with_those_fields_writes(played):
    fields = [*PLAY_FIELDS, "initial_state"]

    def changed() -> Table:
        table = Table.objects.get(pk=played.pk)
        table.state = {**table.state, "नया": [1, 2.5, None, True]}
        table.initial_state = {"restarted": True}
        table.version += 1
        table.revision += 3
        table.status = TableStatus.FINISHED
        table.finished_at = NOW
        table.deadline = NOW + timedelta(seconds=30)
        table.bot_due = None
        table.clock_queued = True
        table.turn_seconds = 99  # not among the fields written
        return table

    def with_sql() -> None:
        execute_together([TABLE_ROWS.update(changed(), fields)])

    by_sql = rows_after(with_sql, lambda: tables_read(played))
    by_orm = rows_after(lambda: changed().save(update_fields=fields), lambda: tables_read(played))
    assert typed_rows(by_sql) == typed_rows(by_orm)
    assert by_sql[0]["turn_seconds"] == played.turn_seconds
    assert by_sql[0]["status"] == TableStatus.FINISHED


def test_issue34_json_the_sql_encodes_itself_is_the_value_the_orm_writes_and_reads(
    played,
):
    """Issue 34: the move's JSON is encoded by orjson (games/sql.py), and what orjson writes
    otherwise or refuses is as the standard library does: a number key becomes its text, an
    integer past 64 bits and an exponent are kept, and the row reads back as the ORM reads
    it (an integer past 64 bits an integer)."""
    odd = {1: "one", "big": 2**70, "small": -(2**65), "tiny": 1e-300, "huge": 1e300}

    def changed() -> Table:
        table = Table.objects.get(pk=played.pk)
        table.state = {**table.state, "odd": odd}
        table.told = [{"kind": "moved", "seat": None, "version": 1, "params": {"n": 2**70}}]
        return table

    def with_sql() -> None:
        execute_together([TABLE_ROWS.update(changed(), ["state", "told"])])

    by_sql = rows_after(with_sql, lambda: tables_read(played))
    by_orm = rows_after(
        lambda: changed().save(update_fields=["state", "told"]), lambda: tables_read(played)
    )
    assert typed_rows(by_sql) == typed_rows(by_orm)

    def both_reads() -> list[dict]:
        read = table_rows(played.pk)
        assert read is not None
        orm = Table.objects.get(pk=played.pk)
        return [
            {"state": read.table.state, "told": read.table.told},
            {"state": orm.state, "told": orm.told},
        ]

    by_sql_read, by_orm_read = rows_after(with_sql, both_reads)
    assert by_sql_read == by_orm_read
    assert by_sql_read["state"]["odd"]["1"] == "one"
    assert by_sql_read["state"]["odd"]["big"] == 2**70
    assert by_sql_read["told"][0]["params"] == {"n": 2**70}


# -- prepared on PostgreSQL --------------------------------------------------------------------


def as_prepared(sql: str) -> str:
    """``sql`` as ``pg_prepared_statements`` shows it: ``$1`` for the first parameter, and so
    on; whitespace aside."""
    first, *rest = sql.split("%s")
    text = first + "".join(f"${number}{part}" for number, part in enumerate(rest, start=1))
    return " ".join(text.split())


@pytest.mark.scaleout
def test_the_row_lock_the_read_and_the_writes_of_a_move_are_prepared_in_their_connection():
    """The five-table join that reads the locked row cost more to plan than to run: from its
    fifth run in a connection PostgreSQL runs it from a prepared plan, and so the other
    statements of a move, whose texts stay the same from move to move."""
    (asha,) = members(1)
    table = table_new(asha, "pitch", ["", "medium", "medium", "medium"])
    for _turn in range(6):
        table = bots_play(table)
        action = match_of(table).legal_actions(0)[0]
        services.table_move_apply(
            table_id=table.pk, user_id=asha.pk, action=action, version=table.version
        )
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = {" ".join(sql.split()) for (sql,) in cursor.fetchall()}
    table = Table.objects.get(pk=table.pk)
    move = Move.objects.filter(table=table).last()
    assert as_prepared(table_lock_sql()) in prepared
    assert as_prepared(table_read_sql()) in prepared
    # The move's row and the table's in one statement (in_one_statement).
    ((written, _params),) = in_one_statement(
        [MOVE_ROWS.insert([move]), TABLE_ROWS.update(table, PLAY_FIELDS)]
    )
    assert as_prepared(written) in prepared
