"""The SQL builder (games/sql.py): names from the models' metadata, statements whose text is
built once and stays the same, statements run together in order, writes in one statement."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from games.sql import Rows, execute_together, in_one_statement, placeholders
from games.tables.models import Move, MoveBy, Seat, Table
from tests.games.table_support import members, table_new

SEATS = Rows(Seat)


def test_a_column_is_named_by_its_field_its_attname_or_pk_and_quoted():
    quoted = connection.ops.quote_name
    assert SEATS.column("user") == SEATS.column("user_id") == quoted("user_id")
    assert SEATS.column("pk") == quoted(Seat._meta.pk.column)
    assert SEATS.column("number", "s") == f"s.{quoted('number')}"
    assert SEATS.table == quoted(Seat._meta.db_table)
    assert SEATS.aliased("s").table == f"{quoted(Seat._meta.db_table)} s"


def test_a_name_that_is_no_concrete_field_is_refused_by_name():
    with pytest.raises(LookupError, match="Seat has no concrete field 'seats'"):
        SEATS.column("seats")


def test_a_row_is_the_fields_named_in_that_order_or_all_but_those_left_out():
    assert Rows(Seat, only=["number", "table"]).attnames == ["number", "table_id"]
    assert "initial_state" not in Rows(Table, leave_out=["initial_state"]).attnames
    assert SEATS.attnames == [field.attname for field in Seat._meta.concrete_fields]


def test_a_statement_of_one_shape_has_one_text_built_once():
    one, other = Seat(pk=1, number=0), Seat(pk=2, number=1, stand_in=True)
    first, first_params = SEATS.update(one, ["stand_in", "number"])
    again, again_params = SEATS.update(other, ["stand_in", "number"])
    assert first is again
    assert (first_params, again_params) == ([False, 0, 1], [True, 1, 2])
    assert SEATS.update(one, ["number", "stand_in"])[0] != first
    assert SEATS.insert([one, other])[0] is SEATS.insert([other, one])[0]
    assert SEATS.insert([one])[0] != SEATS.insert([one, other])[0]


def test_placeholders_make_rows_of_parameters():
    assert placeholders(2, 3) == "(%s, %s, %s), (%s, %s, %s)"


@pytest.mark.django_db
def test_statements_run_together_run_in_their_order():
    (asha,) = members(1)
    table = table_new(asha, "rummy", ["", ""])
    rows = Rows(Table)
    table.turn_seconds = 40
    first = rows.update(table, ["turn_seconds"])
    table.turn_seconds = 50
    execute_together([first, rows.update(table, ["turn_seconds"])])
    table.refresh_from_db()
    assert table.turn_seconds == 50


def a_move(table: Table, version: int) -> Move:
    return Move(table=table, version=version, seat=0, action={}, events=[], by=MoveBy.PLAYER)


@pytest.mark.django_db
def test_writes_in_one_statement_write_all_of_them():
    (asha,) = members(1)
    table = table_new(asha, "rummy", ["", ""])
    moves, tables = Rows(Move), Rows(Table)
    table.turn_seconds = 45
    statements = in_one_statement(
        [moves.insert([a_move(table, 1), a_move(table, 2)]), tables.update(table, ["turn_seconds"])]
    )
    assert len(statements) == (1 if connection.vendor == "postgresql" else 2)
    execute_together(statements)
    table.refresh_from_db()
    assert table.turn_seconds == 45
    assert list(Move.objects.filter(table=table).values_list("version", flat=True)) == [1, 2]


@pytest.mark.django_db(transaction=True)
def test_writes_in_one_statement_write_none_when_one_is_refused():
    (asha,) = members(1)
    table = table_new(asha, "rummy", ["", ""])
    a_move(table, 1).save()
    table.turn_seconds = 45
    statements = in_one_statement(
        [Rows(Move).insert([a_move(table, 1)]), Rows(Table).update(table, ["turn_seconds"])]
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        execute_together(statements)
    table.refresh_from_db()
    assert table.turn_seconds != 45
    assert Move.objects.filter(table=table).count() == 1


@pytest.mark.django_db
def test_new_rows_read_back_as_written_with_their_ids_in_order():
    """``Rows.create`` (on PostgreSQL one JSON document made rows by the server, issue 31):
    JSON with quotes and nesting, times, NULLs and booleans read back exactly, each instance
    given its own row's id."""
    (asha,) = members(1)
    now = timezone.now()
    state = {"hands": [["AS", "10H"], []], "said": 'a "quoted" word\\n', "n": 1.5, "none": None}
    tables = [
        Table(
            game="rummy",
            variant="deals2",
            seat_count=2,
            options={"deals": number},
            state={**state, "table": number},
            initial_state=state,
            created_by=asha,
            started_at=now,
            deadline=None,
            private=number % 2 == 0,
        )
        for number in range(3)
    ]
    Rows(Table).create(tables)
    fields = [field.attname for field in Table._meta.concrete_fields]
    for number, made in enumerate(tables):
        back = Table.objects.get(pk=made.pk)
        assert [getattr(back, name) for name in fields] == [getattr(made, name) for name in fields]
        assert back.options == {"deals": number} and back.started_at == now
        assert back.deadline is None and back.private is (number % 2 == 0)
