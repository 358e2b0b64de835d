"""Writes held for their transaction's COMMIT (games/sql.py, ``atomic_with_late_writes``): sent
before any other statement of the transaction, and on PostgreSQL with the COMMIT in one round
trip when the block is the outermost; nothing sent from a block that raises."""

import threading

import pytest
from django.db import IntegrityError, connection, transaction
from psycopg.pq import TransactionStatus

from games.sql import atomic_with_late_writes, fetch_together
from games.tables.models import Move, MoveBy, Seat
from games.tables.sql import MOVE_ROWS, SEAT_ROWS
from tests.games.table_support import members, table_new

# Committed rows are what another connection reads.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def seat():
    """Seat 1 of a new table, empty: no stand-in."""
    (asha,) = members(1)
    table = table_new(asha, "pitch", ["", "", "", ""])
    return Seat.objects.get(table=table, number=1)


def stand_in_write(seat: Seat):
    seat.stand_in = True
    return SEAT_ROWS.update(seat, ["stand_in"])


def committed_stand_in(seat: Seat) -> bool:
    """The seat's ``stand_in`` as another connection reads it: what is committed."""
    found = []

    def read() -> None:
        try:
            found.append(Seat.objects.get(pk=seat.pk).stand_in)
        finally:
            connection.close()

    thread = threading.Thread(target=read)
    thread.start()
    thread.join()
    return found[0]


@pytest.fixture
def commit_found(monkeypatch) -> list:
    """The driver's transaction status each time Django commits (PostgreSQL)."""
    found = []
    django_commit = connection._commit

    def spy() -> None:
        found.append(connection.connection.info.transaction_status)
        django_commit()

    monkeypatch.setattr(connection, "_commit", spy)
    return found


@pytest.mark.scaleout
def test_the_last_writes_go_with_the_commit_and_django_finds_nothing_left_to_commit(
    seat, commit_found
):
    told = []
    with atomic_with_late_writes() as late:
        assert late is not None
        late.add([stand_in_write(seat)])
        transaction.on_commit(lambda: told.append("committed"))
        assert committed_stand_in(seat) is False
    assert committed_stand_in(seat) is True
    assert told == ["committed"]
    # The COMMIT went in the writes' round trip: Django's own commit had no transaction left.
    assert commit_found == [TransactionStatus.IDLE]
    assert connection.execute_wrappers == []


@pytest.mark.scaleout
def test_a_statement_sent_while_writes_wait_has_them_sent_first(seat):
    with atomic_with_late_writes() as late:
        assert late is not None
        late.add([stand_in_write(seat)])
        # Through Django's cursor (the ORM), then through games.sql's own.
        assert Seat.objects.get(pk=seat.pk).stand_in is True
        seat.timeouts_in_row = 2
        late.add([SEAT_ROWS.update(seat, ["timeouts_in_row"])])
        sql = f"SELECT {SEAT_ROWS.column('timeouts_in_row')} FROM {SEAT_ROWS.table} WHERE id = %s"
        assert fetch_together([(sql, [seat.pk])]) == [(2,)]
    assert Seat.objects.values_list("stand_in", "timeouts_in_row").get(pk=seat.pk) == (True, 2)


@pytest.mark.scaleout
def test_a_block_that_raises_sends_nothing_it_held(seat):
    told = []
    with pytest.raises(LookupError), atomic_with_late_writes() as late:
        assert late is not None
        late.add([stand_in_write(seat)])
        transaction.on_commit(lambda: told.append("committed"))
        raise LookupError
    assert Seat.objects.get(pk=seat.pk).stand_in is False
    assert told == []
    assert connection.execute_wrappers == []


@pytest.mark.scaleout
def test_writes_the_commit_refuses_roll_back_and_tell_nothing(seat):
    """A foreign key is checked at the COMMIT (Django makes them deferred): a move of a table
    that is gone fails there, in the writes' round trip, and the block raises."""
    told = []
    move = Move(table_id=seat.table_id + 1000, version=1, seat=0, action={}, events=[])
    move.by = MoveBy.PLAYER
    with pytest.raises(IntegrityError), atomic_with_late_writes() as late:
        assert late is not None
        late.add([stand_in_write(seat), MOVE_ROWS.insert([move])])
        transaction.on_commit(lambda: told.append("committed"))
    assert told == []
    assert Seat.objects.get(pk=seat.pk).stand_in is False  # and the connection works on


def test_inside_another_transaction_writes_go_at_once(seat):
    with transaction.atomic(), atomic_with_late_writes() as late:
        assert late is None
    with atomic_with_late_writes() as late:
        # SQLite runs in this process: no round trip to save.
        assert (late is None) == (connection.vendor != "postgresql")
