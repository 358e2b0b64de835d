"""Helpers for the tests of plain SQL: compare what a statement reads or writes with what the
ORM reads or writes, values with their types (SQLite gives booleans as 0 and 1, which equal
False and True: only the fields' conversions make them booleans again)."""

import threading
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

from django.db import OperationalError, connection, transaction
from django.db.models import Field, Model

# What ``timezone.now()`` gives under the ``frozen_now`` fixture (tests/conftest.py).
NOW = datetime(2026, 3, 14, 9, 26, 53, 589_793, tzinfo=UTC)


def typed(instance: Model, fields: Iterable[Field]) -> dict[str, tuple[type, Any]]:
    """The instance's value of each field, with its type."""
    values = {field.attname: getattr(instance, field.attname) for field in fields}
    return {name: (type(value), value) for name, value in values.items()}


def typed_rows(rows: Iterable[dict[str, Any]]) -> list[dict[str, tuple[type, Any]]]:
    return [{name: (type(value), value) for name, value in row.items()} for row in rows]


def without_ids(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows less their ids (a sequence does not go back when a change is undone)."""
    return [{name: value for name, value in row.items() if name != "id"} for row in rows]


def rows_after(change: Callable[[], object], read: Callable[[], list[dict]]) -> list[dict]:
    """What ``read`` finds after ``change``, which is then undone."""
    with transaction.atomic():
        change()
        rows = read()
        transaction.set_rollback(True)
    return rows


def lock_refused(locking_sql: str, params: list[Any]) -> bool:
    """Whether another connection, running ``locking_sql`` (a SELECT ... FOR UPDATE) with
    NOWAIT, finds a row it wants locked (PostgreSQL)."""
    refused = []

    def try_lock() -> None:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(f"{locking_sql} NOWAIT", params)
            refused.append(False)
        except OperationalError:
            refused.append(True)
        finally:
            connection.close()

    thread = threading.Thread(target=try_lock)
    thread.start()
    thread.join()
    return refused == [True]
