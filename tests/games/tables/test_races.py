"""Seat-changing services racing at one table, each on its own PostgreSQL connection (issue 17).

The first service runs in a transaction that stays open until the second, on another
connection, is seen waiting for the table's row lock (``pg_stat_activity``); then the first
commits and the second goes on. Whatever the second reads after that wait must be what the
first committed, and what it writes must change only what it means to: at READ COMMITTED a
join read in the locking statement itself returns seat rows from before the wait (DESIGN.md,
"PostgreSQL FOR UPDATE OF t with a join"). SQLite's IMMEDIATE transactions take the
database's write lock before they read anything, so the race is PostgreSQL's.
"""

import threading
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from games.tables import services
from games.tables.models import Move, MoveBy, Seat, Table, TableStatus
from games.tables.refusals import TableRefusal
from tests.games.table_support import match_of, members, table_new

pytestmark = [
    pytest.mark.scaleout,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]

# Generous: a loaded two-core machine once took over 10 s to schedule the second thread.
WAIT_SECONDS = 30


def lock_waiters() -> int:
    """Connections of this database that wait for a lock now."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0]


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting: {what}"
        time.sleep(0.01)


def race(first: Callable[[], object], second: Callable[[], object]) -> dict[str, object]:
    """Run ``first`` and hold its transaction open until ``second`` waits for the lock it
    holds; return what each returned or raised."""
    holding, released = threading.Event(), threading.Event()
    outcome: dict[str, object] = {}

    def run_first():
        try:
            with transaction.atomic():
                outcome["first"] = first()
                holding.set()
                released.wait(WAIT_SECONDS)
        except Exception as error:
            outcome["first"] = error
        finally:
            holding.set()
            connection.close()

    def run_second():
        holding.wait(WAIT_SECONDS)
        try:
            outcome["second"] = second()
        except Exception as error:
            outcome["second"] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run_first), threading.Thread(target=run_second)]
    for thread in threads:
        thread.start()
    assert holding.wait(WAIT_SECONDS)
    try:
        if not isinstance(outcome.get("first"), Exception):
            # Or done already: a service that needed no lock after all is judged by its outcome.
            wait_until(
                lambda: lock_waiters() >= 1 or "second" in outcome,
                "the second service waiting for the lock",
            )
    finally:
        released.set()
        for thread in threads:
            thread.join(WAIT_SECONDS)
    return outcome


def seat_rows(table: Table) -> list[tuple]:
    return list(
        Seat.objects.filter(table=table)
        .order_by("number")
        .values_list("user_id", "bot_level", "stand_in", "left", "timeouts_in_row")
    )


def refusal_code(value: object) -> str | None:
    return value.code if isinstance(value, TableRefusal) else None


# -- before the match --------------------------------------------------------------------------


def test_two_members_taking_one_seat_at_once_the_second_is_told_it_is_taken():
    asha, bilal, chand = members(3)
    table = table_new(asha, "rummy", ["", "", ""])
    outcome = race(
        lambda: services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1),
        lambda: services.table_seat_take(table_id=table.pk, user_id=chand.pk, number=1),
    )
    assert outcome["first"] is None
    assert refusal_code(outcome["second"]) == "seat_taken"
    assert [row[0] for row in seat_rows(table)] == [asha.pk, bilal.pk, None]


def test_one_member_taking_two_seats_at_once_ends_in_the_second_only():
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", "", ""])
    outcome = race(
        lambda: services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1),
        lambda: services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=2),
    )
    assert outcome == {"first": None, "second": None}
    assert [row[0] for row in seat_rows(table)] == [asha.pk, None, bilal.pk]


def test_a_seat_freed_while_another_member_waits_to_take_it_is_taken():
    asha, bilal, chand = members(3)
    table = table_new(asha, "rummy", ["", "", ""])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    outcome = race(
        lambda: services.table_seat_leave(table_id=table.pk, user_id=bilal.pk),
        lambda: services.table_seat_take(table_id=table.pk, user_id=chand.pk, number=1),
    )
    assert outcome == {"first": None, "second": None}
    assert [row[0] for row in seat_rows(table)] == [asha.pk, chand.pk, None]


def test_a_start_with_bots_keeps_the_seat_a_member_took_while_it_waited():
    asha, bilal = members(2)
    table = table_new(asha, "pitch", ["", "", "", ""])
    outcome = race(
        lambda: services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1),
        lambda: services.table_start(table_id=table.pk, user_id=asha.pk),
    )
    assert outcome == {"first": None, "second": None}
    rows = seat_rows(table)
    assert [(user, level) for user, level, *_ in rows] == [
        (asha.pk, ""),
        (bilal.pk, ""),
        (None, "medium"),
        (None, "medium"),
    ]


def test_a_start_with_bots_fills_the_seat_a_member_left_while_it_waited():
    asha, bilal = members(2)
    table = table_new(asha, "pitch", ["", "", "", ""])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    outcome = race(
        lambda: services.table_seat_leave(table_id=table.pk, user_id=bilal.pk),
        lambda: services.table_start(table_id=table.pk, user_id=asha.pk),
    )
    assert outcome == {"first": None, "second": None}
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    assert [(user, level) for user, level, *_ in seat_rows(table)] == [
        (asha.pk, ""),
        (None, "medium"),
        (None, "medium"),
        (None, "medium"),
    ]


# -- during the match --------------------------------------------------------------------------


def test_a_move_that_waited_while_its_player_left_the_match_is_refused(pitch_table):
    table, asha = pitch_table
    action = match_of(table).legal_actions(0)[0]
    outcome = race(
        lambda: services.table_match_leave(table_id=table.pk, user_id=asha.pk),
        lambda: services.table_move_apply(
            table_id=table.pk, user_id=asha.pk, action=action, version=table.version
        ),
    )
    assert outcome["first"] is None
    assert refusal_code(outcome["second"]) == "left_match"
    assert seat_rows(table)[0] == (asha.pk, "", True, True, 0)
    assert not Move.objects.filter(table=table, by=MoveBy.PLAYER).exists()


def test_a_stand_in_turn_that_waited_while_its_member_came_back_does_not_move(pitch_table):
    """The member timed out twice: a stand-in bot plays her seat. She says she is back while
    the stand-in's job waits for the lock: the job finds her back and plays nothing."""
    table, asha = pitch_table
    Seat.objects.filter(table=table, number=0).update(stand_in=True, timeouts_in_row=2)
    table.refresh_from_db()
    outcome = race(
        lambda: services.table_seat_return(table_id=table.pk, user_id=asha.pk),
        lambda: services.table_bot_turn_play(table_id=table.pk, version=table.version),
    )
    assert outcome == {"first": True, "second": False}
    assert seat_rows(table)[0] == (asha.pk, "", False, False, 0)
    assert not Move.objects.filter(table=table, by=MoveBy.STAND_IN).exists()


def test_a_timeout_that_waited_while_its_member_came_back_counts_from_her_return(pitch_table):
    """She had timed out once and comes back as her clock runs out again: the timeout job,
    waiting for the lock, counts one timeout since her return, not two in a row (which would
    hand her seat to a stand-in bot)."""
    table, asha = pitch_table
    Seat.objects.filter(table=table, number=0).update(timeouts_in_row=1)
    table.refresh_from_db()
    later = timezone.now() + timedelta(hours=1)
    outcome = race(
        lambda: services.table_seat_return(table_id=table.pk, user_id=asha.pk),
        lambda: services.table_timeout_apply(table_id=table.pk, version=table.version, now=later),
    )
    assert outcome == {"first": True, "second": True}
    assert seat_rows(table)[0] == (asha.pk, "", False, False, 1)
