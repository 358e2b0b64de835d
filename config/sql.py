"""Plain SQL for the rows every move reads and writes: the table, its seats, the new move.

A move is the platform's hottest path, and Django's query compiler cost several times the
queries themselves there (``bench/bench_move.py``: the row lock alone took 1.9 ms of CPU through
the ORM, 0.5 ms as plain SQL). The statements are written from the models' own metadata (the
select lists once per process), and every value passes through its field's own conversions both
ways, so the instances are the ORM's own: the services read and change them as usual.
"""

from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from functools import cache, cached_property
from typing import Any

from django.db import connection
from django.db.models import Field, Model
from django.db.models.expressions import Col

Converter = Callable[[Any, Any, Any], Any]
Statement = tuple[str, list[Any]]


def execute_together(statements: Sequence[Statement]) -> None:
    """Run the statements in one round trip where the backend can (PostgreSQL, in a pipeline),
    else one by one. Each round trip is a wait in which the worker thread gives up the GIL and
    must win it back from the busy event loop."""
    with connection.cursor() as cursor:
        postgresql = connection.vendor == "postgresql"
        with connection.connection.pipeline() if postgresql else nullcontext():
            for sql, params in statements:
                cursor.execute(sql, params)


class Rows:
    """Reads and writes of ``model``'s rows, less the fields in ``leave_out``."""

    def __init__(self, model: type[Model], *, leave_out: Sequence[str] = ()) -> None:
        self.model = model
        self.fields: list[Field] = [
            field for field in model._meta.concrete_fields if field.name not in leave_out
        ]
        self.attnames = [field.attname for field in self.fields]

    @cached_property
    def db_table(self) -> str:
        return connection.ops.quote_name(self.model._meta.db_table)

    @cache  # noqa: B019 (a few instances, each living as long as the process)
    def columns(self, alias: str) -> str:
        """The select list, with each column under the table alias ``alias``."""
        return ", ".join(f"{alias}.{connection.ops.quote_name(f.column)}" for f in self.fields)

    @property
    def width(self) -> int:
        """How many values of a row ``instance`` takes."""
        return len(self.fields)

    def instance(self, values: Sequence[Any]) -> Model:
        """An instance from the values of ``columns()``, as the ORM would make it."""
        converted = [
            _converted(value, column, column_converters)
            for value, (column, column_converters) in zip(values, self._converters, strict=True)
        ]
        return self.model.from_db(connection.alias, self.attnames, converted)

    def update(self, instance: Model, field_names: Iterable[str]) -> Statement:
        """The statement of ``instance.save(update_fields=field_names)``."""
        fields = [self.model._meta.get_field(name) for name in field_names]
        assignments = ", ".join(f"{connection.ops.quote_name(f.column)} = %s" for f in fields)
        values = [f.get_db_prep_save(getattr(instance, f.attname), connection) for f in fields]
        key = connection.ops.quote_name(self.model._meta.pk.column)
        return f"UPDATE {self.db_table} SET {assignments} WHERE {key} = %s", [*values, instance.pk]

    def insert(self, instances: Sequence[Model]) -> Statement:
        """The statement that writes new rows for ``instances``, as ``save()`` would
        (``auto_now_add`` included), without reading their ids back."""
        fields = [field for field in self.fields if not field.primary_key]
        columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
        row = "(" + ", ".join(["%s"] * len(fields)) + ")"
        values = [
            field.get_db_prep_save(field.pre_save(instance, True), connection)
            for instance in instances
            for field in fields
        ]
        rows = ", ".join([row] * len(instances))
        return f"INSERT INTO {self.db_table} ({columns}) VALUES {rows}", values

    @cached_property
    def _converters(self) -> list[tuple[Col, list[Converter]]]:
        """What the ORM applies to each column read: the backend's own conversions (SQLite's
        dates and booleans), then the field's (JSON)."""
        columns = [field.get_col(self.model._meta.db_table) for field in self.fields]
        return [
            (
                column,
                [*connection.ops.get_db_converters(column), *field.get_db_converters(connection)],
            )
            for field, column in zip(self.fields, columns, strict=True)
        ]


def _converted(value: Any, column: Col, converters: list[Converter]) -> Any:
    for convert in converters:
        value = convert(value, column, connection)
    return value


def _model_rows() -> tuple[Rows, Rows, Rows]:
    from games.tables.models import Move, Seat, Table

    # Not the table's initial state: only a match's start writes it, and it is as big as the
    # state.
    return Rows(Table, leave_out=["initial_state"]), Rows(Seat), Rows(Move)


# What a move reads and writes.
TABLE_ROWS, SEAT_ROWS, MOVE_ROWS = _model_rows()
