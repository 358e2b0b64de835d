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
  prepares a statement from its fifth run in a connection, and knows it by its text;
- the move's writes go in one statement (``in_one_statement``): psycopg's pipeline took 0.1 ms
  of the thread's CPU more than one statement (issue 34);
- a transaction's last writes may wait for its COMMIT and go in its round trip
  (``atomic_with_late_writes``): one round trip fewer a move;
- a row read is made into its model's instance without the model's ``__init__`` (``instance``),
  and on PostgreSQL a time is read as UTC's wall time and given its zone here (``selected``):
  Django's loader of a ``timestamptz``, a Python subclass of the driver's, took 28 us a value
  against the driver's own 6 us for a plain ``timestamp`` (issue 34);
- the thread's connection is looked up once per call (``_db``), not at each use: Django's
  ``connection`` is a proxy that finds it on every attribute read (a move read 26);
- a JSON value written to PostgreSQL is encoded by orjson (``_json_bytes``): the standard
  library's encoder took 13 us for a Pitch table's state, orjson 1 us (issue 34). (Not the
  reads: orjson parses an integer past 64 bits as a float, where Django's reader keeps it.)

Imports Django only: ``accounts`` and ``games`` both build on it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext, suppress
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from functools import cached_property
from typing import Any, Generic, TypeVar

import orjson
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import DateTimeField, Field, JSONField, Model
from django.db.models.base import ModelState
from django.db.models.expressions import Col

M = TypeVar("M", bound=Model)
_ORJSON_OPTIONS = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
)
Converter = Callable[[Any, Any, Any], Any]
Statement = tuple[str, list[Any]]
"""A statement's text and its parameters."""


def execute_together(statements: Sequence[Statement]) -> None:
    """Run the statements in order, in one round trip where the backend has them (PostgreSQL);
    SQLite runs in this process, one by one. Each round trip is a wait in which the worker
    thread gives up the GIL and must win it back from the busy event loop."""
    with _together(statements):
        pass


def fetch_together(statements: Sequence[Statement]) -> list[tuple[Any, ...]]:
    """Run the statements as ``execute_together`` does; the rows of the last one."""
    with _together(statements) as cursor:
        return list(cursor.fetchall())


@contextmanager
def _together(statements: Sequence[Statement]) -> Iterator[Any]:
    """A cursor that has run ``statements``, at the last one's result.

    The pipeline ends before the rows are read: read inside it, they cost a round trip of
    their own (psycopg flushes to fetch them, and the pipeline's end then waits for its Sync),
    and 0.15 ms more of the thread's CPU for a move's locked read (issue 34)."""
    db = _db()
    together = db.vendor == "postgresql" and len(statements) > 1
    with _cursor(db) as cursor:
        with db.connection.pipeline() if together else nullcontext():
            for sql, params in statements:
                cursor.execute(sql, params)
        yield cursor


@contextmanager
def _cursor(db: BaseDatabaseWrapper) -> Iterator[Any]:
    """A cursor of ``db``, as ``db.cursor()`` makes it but without Django's wrapper (when no
    query is logged and no execute wrapper is installed: else Django's own cursor): the
    backend's own cursor, its errors raised as Django's, the checks Django makes before a
    cursor and a statement made once. Django's cursor and its calls took 55 us of a move's
    thread CPU, 4% (issue 34)."""
    if db.queries_logged or db.execute_wrappers:
        with db.cursor() as cursor:
            yield cursor
        return
    db.close_if_health_check_failed()
    db.ensure_connection()
    db.validate_thread_sharing()
    db.validate_no_broken_transaction()
    with db.wrap_database_errors:
        cursor = db.create_cursor()
        try:
            yield cursor
        finally:
            # As Django's cursor closes: an error in the clean-up tells nothing.
            with suppress(DatabaseError), db.wrap_database_errors:
                cursor.close()


def in_one_statement(statements: Sequence[Statement]) -> list[Statement]:
    """Writes to different tables, none reading what another writes, as one statement where
    the database has it (PostgreSQL: the first ones as the data-modifying ``WITH`` queries of
    the last): one round trip with no pipeline, prepared as any statement is, and all or
    nothing as a statement is. Elsewhere the statements as they are. (The parts of such a
    statement run in no set order: rows whose checks depend on an order, such as a member's
    seats, are written by statements of their own.)"""
    if connection.vendor != "postgresql" or len(statements) < 2:
        return list(statements)
    *first, (last, _params) = statements
    queries = ", ".join(f"written{number} AS ({sql})" for number, (sql, _) in enumerate(first))
    return [(f"WITH {queries} {last}", [value for _sql, params in statements for value in params])]


# The end of a transaction, sent as a statement: in a pipeline with the writes before it.
_COMMIT: Statement = ("COMMIT", [])


class LateWrites:
    """Writes held until the transaction's next statement or its COMMIT, whichever comes first
    (``atomic_with_late_writes``): any statement sent meanwhile, through Django's cursor or
    this module's, has them sent first (an execute wrapper, installed while some wait), so
    nothing in the transaction reads the rows as they were before them."""

    def __init__(self, db: BaseDatabaseWrapper) -> None:
        self._db = db
        self._unsent: list[Statement] = []

    def add(self, statements: Sequence[Statement]) -> None:
        if not statements:
            return
        if not self._unsent:
            self._db.execute_wrappers.append(self._sent_first)
        self._unsent += statements

    def send(self, *, commit: bool = False) -> None:
        """Send what waits, with ``commit`` the COMMIT after it in the same round trip."""
        statements = self.drop()
        if statements:
            execute_together([*statements, *([_COMMIT] if commit else [])])

    def drop(self) -> list[Statement]:
        """What waits, no longer waiting (and no longer sent before other statements)."""
        statements, self._unsent = self._unsent, []
        if statements:
            self._db.execute_wrappers.remove(self._sent_first)
        return statements

    def _sent_first(
        self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any
    ) -> Any:
        self.send()
        return execute(sql, params, many, context)


@contextmanager
def atomic_with_late_writes() -> Iterator[LateWrites | None]:
    """``transaction.atomic()``, with the ``LateWrites`` it commits with: on PostgreSQL, when
    the block is the outermost (its exit commits), the writes still held at its end are sent
    with the COMMIT in one round trip, after which Django's own commit finds no transaction
    to end and sends nothing (psycopg's ``commit``), and runs the ``on_commit`` callbacks.
    Each round trip is a wait in which the worker thread gives up the GIL and must win it
    back from the busy event loop, and a message the server reads and answers (issue 34).
    None elsewhere (SQLite, or a block inside another): write at once. A block that raises,
    or must roll back, sends nothing held."""
    with transaction.atomic():
        db = _db()
        # The outermost block, and one whose exit commits (not one begun with autocommit off).
        outermost = len(db.atomic_blocks) == 1 and db.commit_on_exit and not db.savepoint_ids
        late = LateWrites(db) if db.vendor == "postgresql" and outermost else None
        if late is None:
            yield None
            return
        try:
            yield late
            if not db.needs_rollback:
                late.send(commit=True)
        finally:
            late.drop()


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

    def selected(
        self, alias: str | None = None, *, only_where: Mapping[str, str] | None = None
    ) -> str:
        """The row's select list: ``columns()``, but on PostgreSQL a time as UTC's wall time
        (a plain ``timestamp``, which the driver reads in C), given its zone back in
        ``converted``; a field named in ``only_where`` only where its condition holds, else
        NULL (a join that repeats the row need not send a large value each time)."""
        only_where = only_where or {}
        listed = []
        for field in self.fields:
            column = self.column(field.attname, alias)
            if self._utc_read(field):
                column = f"({column} AT TIME ZONE 'UTC')"
            if field.name in only_where:
                column = f"CASE WHEN {only_where[field.name]} THEN {column} END"
            listed.append(column)
        return ", ".join(listed)

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
        """An instance from the values of a row, as the ORM's ``from_db`` makes it (fields left
        out of the row are deferred), without the model's ``__init__``: a move reads five
        rows, and ``__init__`` (its signals, each field set in turn) took longer than reading
        them. Nothing in this project listens to a model's init signals."""
        db = _db()
        made = self.model.__new__(self.model)
        made.__dict__.update(zip(self.attnames, self.converted(values, db), strict=True))
        made._state = state = ModelState()
        state.adding, state.db = False, db.alias
        return made

    def as_dict(self, values: Sequence[Any]) -> dict[str, Any]:
        """The values of a row by attname, as ``QuerySet.values()`` would give them."""
        return dict(zip(self.attnames, self.converted(values), strict=True))

    def converted(self, values: Sequence[Any], db: BaseDatabaseWrapper | None = None) -> list[Any]:
        """The values of a row as the ORM reads them: the backend's conversions (SQLite's dates
        and booleans), then the field's (JSON); most columns have none."""
        db = db or _db()
        converted = list(values)
        for index, column, converters in self._converters:
            value = converted[index]
            for convert in converters:
                value = convert(value, column, db)
            converted[index] = value
        return converted

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
        db = _db()
        fields = [self._field(name) for name in names]
        values = [_fast(f.get_db_prep_save(getattr(instance, f.attname), db)) for f in fields]
        return sql, [*values, instance.pk]

    def update_many(self, instances: Sequence[M], field_names: Sequence[str]) -> list[Statement]:
        """The statements of ``QuerySet.bulk_update(instances, field_names)``: one
        ``UPDATE ... FROM (VALUES ...)`` per batch the backend allows (PostgreSQL: all of
        them), each value cast to its column's type (a column of NULLs has none). Django's own
        builds a ``CASE`` of one ``WHEN`` a row and field: for a round of 1,000 players it took
        1.1 s of Python, against milliseconds for this (issue 31)."""
        fields = [self._field(name) for name in field_names]
        assignments = ", ".join(
            f"{self.column(field.name)} = CAST(v.column{number} AS "
            f"{field.cast_db_type(connection)})"
            for number, field in enumerate(fields, 2)
        )
        size = max(connection.ops.bulk_batch_size([self._field("pk"), *fields], instances), 1)
        statements = []
        for start in range(0, len(instances), size):
            batch = instances[start : start + size]
            sql = (
                f"UPDATE {self.table} SET {assignments}"
                f" FROM (VALUES {placeholders(len(batch), 1 + len(fields))}) AS v"
                f" WHERE {self.table}.{self.column('pk')} = v.column1"
            )
            values = [
                value
                for instance in batch
                for value in (
                    instance.pk,
                    *(f.get_db_prep_save(getattr(instance, f.attname), connection) for f in fields),
                )
            ]
            statements.append((sql, values))
        return statements

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
        db = _db()
        values = [
            _fast(field.get_db_prep_save(field.pre_save(instance, True), db))
            for instance in instances
            for field in fields
        ]
        return sql, values

    def create(self, instances: Sequence[M]) -> None:
        """Write new rows for ``instances`` as ``bulk_create`` does, their ids read back into
        them. Not Django's ``bulk_create``: on PostgreSQL it sends each column as one array
        (``UNNEST``), and psycopg builds an array's text in Python, escaping every quote of
        every JSON value: a round's 167 tables, each state 2 KB of JSON twice, spent 0.46 s
        there (issue 31). Nor a VALUES list on PostgreSQL: psycopg reads a statement's text in
        Python at each of its placeholders and writes each value into it, which for those 167
        tables (3,674 values) took 60 ms of a 75 ms insert, the server 15 ms (issue 31, the
        start at 1,000 entrants). There the rows go as one JSON document, one parameter, and
        the server makes them rows (``jsonb_populate_recordset``); elsewhere as VALUES, in
        batches the backend allows."""
        if connection.vendor == "postgresql":
            rows = [self._json_row(instance) for instance in instances]
            with connection.cursor() as cursor:
                cursor.execute(self._create_from_json_sql, [json.dumps(rows)])
                self._ids_read(instances, cursor.fetchall())
            return
        size = max(connection.ops.bulk_batch_size(self._written, instances), 1)
        with connection.cursor() as cursor:
            for start in range(0, len(instances), size):
                batch = instances[start : start + size]
                sql, values = self.insert(batch)
                cursor.execute(f"{sql} RETURNING {self.column('pk')}", values)
                self._ids_read(batch, cursor.fetchall())

    @cached_property
    def _create_from_json_sql(self) -> str:
        """Writes the rows of the JSON array given (one object a row, by column), returning
        their ids in the order given: a set-returning function's rows are inserted, and so
        returned, in the order it makes them."""
        columns = ", ".join(_quoted(_column(field)) for field in self._written)
        return (
            f"INSERT INTO {self.table} ({columns}) SELECT {columns}"
            f" FROM jsonb_populate_recordset(NULL::{self.table}, %s::jsonb)"
            f" RETURNING {self.column('pk')}"
        )

    def _json_row(self, instance: M) -> dict[str, Any]:
        """The row ``save()`` would write for ``instance``, as a JSON object by column: a JSON
        field's value as it is (JSON null is SQL NULL to ``jsonb_populate_recordset``, as
        Django writes None), a time as ISO text, which the server reads back exactly."""
        row = {}
        for field in self._written:
            value = field.pre_save(instance, True)
            if isinstance(field, JSONField):
                if field.encoder is not None and value is not None:
                    value = json.loads(json.dumps(value, cls=field.encoder))
            else:
                value = field.get_db_prep_save(value, connection)
                if isinstance(value, datetime | date | time):
                    value = value.isoformat()
            row[_column(field)] = value
        return row

    @staticmethod
    def _ids_read(instances: Sequence[M], ids: Sequence[tuple[Any, ...]]) -> None:
        for instance, (pk,) in zip(instances, ids, strict=True):
            instance.pk = pk
            instance._state.adding, instance._state.db = False, connection.alias

    # -- metadata ----------------------------------------------------------------------------

    def _field(self, name: str) -> Field[Any, Any]:
        try:
            return self._named[name]
        except KeyError:
            raise LookupError(f"{self.model.__name__} has no concrete field {name!r}") from None

    @cached_property
    def _written(self) -> list[Field[Any, Any]]:
        return [field for field in self.fields if not field.primary_key]

    @staticmethod
    def _utc_read(field: Field[Any, Any]) -> bool:
        return isinstance(field, DateTimeField) and connection.vendor == "postgresql"

    @cached_property
    def _converters(self) -> list[tuple[int, Col, list[Converter]]]:
        """The columns that have conversions: each one's place in the row, and its conversions."""
        found = []
        for index, field in enumerate(self.fields):
            column = field.get_col(self.model._meta.db_table)
            converters = [
                *([_in_utc] if self._utc_read(field) else []),
                *connection.ops.get_db_converters(column),
                *field.get_db_converters(connection),
            ]
            if converters:
                found.append((index, column, converters))
        return found


@dataclass(frozen=True)
class Aliased(Generic[M]):
    """``rows``' table under ``alias`` in one statement: ``t.table`` for its FROM or JOIN,
    ``t["version"]`` for a column, ``t.columns`` for the row's select list (``selected``)."""

    rows: Rows[M]
    alias: str

    @property
    def table(self) -> str:
        return f"{self.rows.table} {self.alias}"

    @property
    def columns(self) -> str:
        return self.rows.selected(alias=self.alias)

    def __getitem__(self, name: str) -> str:
        return self.rows.column(name, self.alias)


def _fast(value: Any) -> Any:
    """``value`` as the field prepared it; a JSON value for PostgreSQL with no encoder of its
    own (Django's is the standard library's ``json.dumps``) encoded by ``_json_bytes``."""
    if getattr(value, "dumps", None) is json.dumps:  # psycopg's Jsonb, as Django makes it
        value.dumps = _json_bytes
    return value


def _json_bytes(value: Any) -> bytes | str:
    """``value`` as JSON, the same value ``json.dumps`` writes (PostgreSQL's ``jsonb`` keeps
    the value, not the text): orjson, told to refuse what ``json.dumps`` refuses (dataclasses,
    times), with non-string keys as the standard library writes them; what orjson refuses
    (also an integer past 64 bits) goes to ``json.dumps``, which writes it or raises as it
    did."""
    try:
        return orjson.dumps(value, option=_ORJSON_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError is one
        return json.dumps(value)


def _db() -> BaseDatabaseWrapper:
    """The thread's connection itself, for a call that uses it several times."""
    return connections[DEFAULT_DB_ALIAS]


def _in_utc(value: datetime | None, _column: object, _connection: object) -> datetime | None:
    """A time read as UTC's wall time (``Rows.selected``), in UTC as Django's own loader gives
    it; one that already has its zone is left as it is."""
    return value if value is None or value.tzinfo is not None else value.replace(tzinfo=UTC)


def _column(field: Field[Any, Any]) -> str:
    if field.column is None:  # a field with no column of its own is never concrete
        raise LookupError(f"{field} has no column")
    return field.column


def _quoted(name: str) -> str:
    return connection.ops.quote_name(name)
