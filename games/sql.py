"""The one way this project writes plain SQL, for the apps' hot paths.

Plain SQL only where Django's query compiler cost several times the queries themselves: a move
(``bench/bench_move.py``: the row lock alone took 1.9 ms of CPU through the ORM, 0.5 ms as plain
SQL) and a rating update (``bench/bench_ratings.py``: 9 ms of Python through the ORM, 2.7 ms
in SQL). Each app keeps its statements in one module of its own (``games/tables/sql.py``,
``accounts/ratings/sql.py``), written on ``Rows``:

- every table and column name comes from the models' metadata, quoted by the database's rules;
- every value is a parameter, passed through its field's own conversions both ways, so rows
  read are the ORM's own instances and rows written are what ``save()`` would write;
- each statement's text is built once per process and is the same on every run: PostgreSQL
  prepares a statement from its fifth run in a connection, and knows it by its text.

Imports Django only: ``accounts`` and ``games`` both build on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeVar

from django.db import connection
from django.db.models import Field, Model
from django.db.models.expressions import Col

M = TypeVar("M", bound=Model)
Converter = Callable[[Any, Any, Any], Any]
Statement = tuple[str, list[Any]]
"""A statement's text and its parameters."""


def execute_together(statements: Sequence[Statement]) -> None:
    """Run the statements in one round trip where the backend can (PostgreSQL, in a pipeline),
    else one by one. Each round trip is a wait in which the worker thread gives up the GIL and
    must win it back from the busy event loop."""
    with connection.cursor() as cursor:
        postgresql = connection.vendor == "postgresql"
        with connection.connection.pipeline() if postgresql else nullcontext():
            for sql, params in statements:
                cursor.execute(sql, params)


def placeholders(count: int, width: int) -> str:
    """``count`` rows of ``width`` parameters each, for a VALUES list: ``(%s, %s), (%s, %s)``."""
    row = "(" + ", ".join(["%s"] * width) + ")"
    return ", ".join([row] * count)


class Rows(Generic[M]):
    """The SQL names of ``model``'s table, and the reads and writes of its rows.

    A row is ``model``'s concrete fields, in the model's order, less those in ``leave_out``; or
    only the fields named in ``only``, in that order. Names (``column``) may be any concrete
    field's, by its name or its attname, or ``"pk"``."""

    def __init__(
        self, model: type[M], *, leave_out: Sequence[str] = (), only: Sequence[str] = ()
    ) -> None:
        self.model = model
        concrete: list[Field[Any, Any]] = list(model._meta.concrete_fields)
        self._named = {f.name: f for f in concrete} | {f.attname: f for f in concrete}
        if model._meta.pk is not None:
            self._named["pk"] = model._meta.pk
        self.fields = (
            [self._field(name) for name in only]
            if only
            else [field for field in concrete if field.name not in leave_out]
        )
        self.attnames = [field.attname for field in self.fields]
        self._updates: dict[tuple[str, ...], str] = {}
        self._inserts: dict[int, str] = {}

    # -- names -------------------------------------------------------------------------------

    @cached_property
    def table(self) -> str:
        return _quoted(self.model._meta.db_table)

    def column(self, name: str, alias: str | None = None) -> str:
        """The column of the field called ``name``, under the table alias ``alias`` if given."""
        column = _quoted(_column(self._field(name)))
        return f"{alias}.{column}" if alias else column

    def columns(self, names: Iterable[str] | None = None, alias: str | None = None) -> str:
        """A column list: of the fields called ``names``, else of the row's fields."""
        chosen = self.attnames if names is None else names
        return ", ".join(self.column(name, alias) for name in chosen)

    def aliased(self, alias: str) -> Aliased[M]:
        return Aliased(self, alias)

    # -- values ------------------------------------------------------------------------------

    @property
    def width(self) -> int:
        """How many values a row has."""
        return len(self.fields)

    def prepared(self, name: str, value: Any) -> Any:
        """``value`` as the field called ``name`` writes it (SQLite's datetimes are text)."""
        return self._field(name).get_db_prep_save(value, connection)

    def instance(self, values: Sequence[Any]) -> M:
        """An instance from the values of a row, as the ORM would make it."""
        return self.model.from_db(connection.alias, self.attnames, self.converted(values))

    def as_dict(self, values: Sequence[Any]) -> dict[str, Any]:
        """The values of a row by attname, as ``QuerySet.values()`` would give them."""
        return dict(zip(self.attnames, self.converted(values), strict=True))

    def converted(self, values: Sequence[Any]) -> list[Any]:
        """The values of a row as the ORM reads them: the backend's conversions (SQLite's dates
        and booleans), then the field's (JSON)."""
        return [
            _converted(value, column, column_converters)
            for value, (column, column_converters) in zip(values, self._converters, strict=True)
        ]

    # -- writes ------------------------------------------------------------------------------

    def update(self, instance: M, field_names: Iterable[str]) -> Statement:
        """The statement of ``instance.save(update_fields=field_names)``; its text depends on
        the names and their order only."""
        names = tuple(field_names)
        sql = self._updates.get(names)
        if sql is None:
            assignments = ", ".join(f"{self.column(name)} = %s" for name in names)
            sql = f"UPDATE {self.table} SET {assignments} WHERE {self.column('pk')} = %s"
            self._updates[names] = sql
        fields = [self._field(name) for name in names]
        values = [f.get_db_prep_save(getattr(instance, f.attname), connection) for f in fields]
        return sql, [*values, instance.pk]

    def insert(self, instances: Sequence[M]) -> Statement:
        """The statement that writes new rows for ``instances``, as ``save()`` would
        (``auto_now_add`` included), without reading their ids back; its text depends on how
        many there are only."""
        fields = self._written
        sql = self._inserts.get(len(instances))
        if sql is None:
            columns = ", ".join(_quoted(_column(field)) for field in fields)
            sql = f"INSERT INTO {self.table} ({columns}) VALUES "
            sql += placeholders(len(instances), len(fields))
            self._inserts[len(instances)] = sql
        values = [
            field.get_db_prep_save(field.pre_save(instance, True), connection)
            for instance in instances
            for field in fields
        ]
        return sql, values

    # -- metadata ----------------------------------------------------------------------------

    def _field(self, name: str) -> Field[Any, Any]:
        try:
            return self._named[name]
        except KeyError:
            raise LookupError(f"{self.model.__name__} has no concrete field {name!r}") from None

    @cached_property
    def _written(self) -> list[Field[Any, Any]]:
        return [field for field in self.fields if not field.primary_key]

    @cached_property
    def _converters(self) -> list[tuple[Col, list[Converter]]]:
        columns = [field.get_col(self.model._meta.db_table) for field in self.fields]
        return [
            (
                column,
                [*connection.ops.get_db_converters(column), *field.get_db_converters(connection)],
            )
            for field, column in zip(self.fields, columns, strict=True)
        ]


@dataclass(frozen=True)
class Aliased(Generic[M]):
    """``rows``' table under ``alias`` in one statement: ``t.table`` for its FROM or JOIN,
    ``t["version"]`` for a column, ``t.columns`` for the row's select list."""

    rows: Rows[M]
    alias: str

    @property
    def table(self) -> str:
        return f"{self.rows.table} {self.alias}"

    @property
    def columns(self) -> str:
        return self.rows.columns(alias=self.alias)

    def __getitem__(self, name: str) -> str:
        return self.rows.column(name, self.alias)


def _column(field: Field[Any, Any]) -> str:
    if field.column is None:  # a field with no column of its own is never concrete
        raise LookupError(f"{field} has no column")
    return field.column


def _quoted(name: str) -> str:
    return connection.ops.quote_name(name)


def _converted(value: Any, column: Col, converters: list[Converter]) -> Any:
    for convert in converters:
        value = convert(value, column, connection)
    return value
