"""The SQL builder (games/sql.py): names from the models' metadata, statements whose text is
built once and stays the same, statements run together in order."""

import pytest
from django.db import connection

from games.sql import Rows, execute_together, placeholders
from games.tables.models import Seat, Table
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
