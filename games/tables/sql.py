"""The plain SQL of a move (``games.sql`` says why, and how it is written): the table's row lock,
the one read of the table with its seats, their members' names and its last move, and the writes
of new moves, changed seats and the table, and a round's new tables (``NEW_TABLE_ROWS``).

The statements' texts are built on first use, when the database backend (and its quoting) is
known, and then kept for the process.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import cast

from django.contrib.auth import get_user_model
from django.db import connection

from accounts.bots.models import BotAccount
from accounts.profiles.models import Profile
from games.frames.shapes import PublicMove as PublicMove
from games.sql import Rows, fetch_together
from games.tables.models import Move, Seat, Table

# Not the table's initial state: only a match's start writes it, and it is as big as the state.
TABLE_ROWS = Rows(Table, leave_out=["initial_state"])
# A new table whole: a tournament's round writes its tables in one statement (``Rows.create``).
NEW_TABLE_ROWS = Rows(Table)
SEAT_ROWS = Rows(Seat)
MOVE_ROWS = Rows(Move)

# A move as anyone at the table may read it: its public events, never its action (a hidden
# trump is chosen by an action only its player may see).
PUBLIC_MOVE = ("version", "seat", "by", "events")
PUBLIC_MOVE_ROWS = Rows(Move, only=PUBLIC_MOVE)


def public_move(move: Move) -> PublicMove:
    """The public side of ``move``, as the read gives it."""
    return cast(PublicMove, {name: getattr(move, name) for name in PUBLIC_MOVE})


_USERS = Rows(get_user_model())
_PROFILES = Rows(Profile)
_BOT_ACCOUNTS = Rows(BotAccount)


@dataclass(frozen=True)
class TableRows:
    table: Table  # less its initial state
    seats: list[tuple[Seat, str]]  # in order, each with its member's name
    last_move: PublicMove | None  # the move that made the table's version
    # The pictures members chose to show at the tables (accounts.profiles.avatars), by member.
    avatars: dict[int, str]
    # The seated accounts that are programs' (``accounts.bots``): shown as bots at the table.
    programs: frozenset[int] = frozenset()


def table_rows(table_id: int, *, for_update: bool = False) -> TableRows | None:
    """The table, its seats with their members' names (as ``Profile.shown_name`` gives them:
    the display name, else the username; a bot account's username, the address of its page,
    which its seat links to; "" for a bot or an empty seat) and pictures, and its
    last move, in one query. ``for_update`` first locks the table's row until the transaction
    ends (on PostgreSQL; SQLite's IMMEDIATE transaction already holds the database's write
    lock).

    Lock first, then read: at READ COMMITTED a join in the locking statement itself reads the
    locked row afresh after waiting for it, but the joined rows (the seats, the last move) as
    they were before the wait (DESIGN.md's pitfalls). The read is a statement of its own, so
    it sees what the lock waited for; on PostgreSQL both go in one round trip."""
    lock = for_update and connection.features.has_select_for_update
    read = (table_read_sql(), [table_id])
    rows = fetch_together([(table_lock_sql(), [table_id]), read] if lock else [read])
    if not rows:
        return None
    table_end = TABLE_ROWS.width
    move_end = table_end + PUBLIC_MOVE_ROWS.width
    seat_end = move_end + SEAT_ROWS.width
    last = PUBLIC_MOVE_ROWS.as_dict(rows[0][table_end:move_end])
    seats = [(SEAT_ROWS.instance(row[move_end:seat_end]), row[seat_end] or "") for row in rows]
    return TableRows(
        table=TABLE_ROWS.instance(rows[0][:table_end]),  # seat 0's row: the one with the state
        seats=seats,
        last_move=cast(PublicMove, last) if last["version"] is not None else None,
        avatars={
            seat.user_id: row[seat_end + 1]
            for (seat, _name), row in zip(seats, rows, strict=True)
            if seat.user_id is not None and row[seat_end + 1]
        },
        programs=frozenset(
            seat.user_id
            for (seat, _name), row in zip(seats, rows, strict=True)
            if seat.user_id is not None and row[seat_end + 2]
        ),
    )


@cache
def table_lock_sql() -> str:
    """Locks the table's row (parameter: its id); reads nothing."""
    return f"SELECT 1 FROM {TABLE_ROWS.table} WHERE {TABLE_ROWS.column('pk')} = %s FOR UPDATE"


@cache
def table_read_sql() -> str:
    """One row per seat, in seat order (parameter: the table's id): the table's row, the public
    side of its last move (NULLs before the first move: versions have no gaps, so it is the one
    at the table's version), the seat's row, its member's name (NULL for no member), the
    picture they chose (NULL or "" for none) and whether the account is a bot account's.

    The table's state (2 kB of JSON in play) only in seat 0's row, the first: sent in every
    row, PostgreSQL wrote it out four times, and the driver made four strings of it (issue 34:
    with the moves' index gone, the read took 102 us of the backend's CPU against 163)."""
    t, s, m = TABLE_ROWS.aliased("t"), SEAT_ROWS.aliased("s"), PUBLIC_MOVE_ROWS.aliased("m")
    u, p, b = _USERS.aliased("u"), _PROFILES.aliased("p"), _BOT_ACCOUNTS.aliased("b")
    username = get_user_model().USERNAME_FIELD
    table_columns = TABLE_ROWS.selected("t", only_where={"state": f"{s['number']} = 0"})
    return f"""
        SELECT {table_columns}, {m.columns}, {s.columns},
               CASE WHEN {b["pk"]} IS NOT NULL THEN {u[username]}
                    ELSE COALESCE(NULLIF({p["display_name"]}, ''), {u[username]}) END,
               {p["avatar"]},
               {b["pk"]} IS NOT NULL
        FROM {t.table}
        JOIN {s.table} ON {s["table"]} = {t["pk"]}
        LEFT JOIN {m.table} ON {m["table"]} = {t["pk"]} AND {m["version"]} = {t["version"]}
        LEFT JOIN {u.table} ON {u["pk"]} = {s["user"]}
        LEFT JOIN {p.table} ON {p["user"]} = {s["user"]}
        LEFT JOIN {b.table} ON {b["pk"]} = {s["user"]}
        WHERE {t["pk"]} = %s
        ORDER BY {s["number"]}
    """
