"""The statements of a rating update, in SQL that PostgreSQL and SQLite (3.35 or newer) both run,
written on ``games.sql`` (names from the models, values through their fields, one text per
shape kept for the process).

Only ``accounts.ratings.services`` uses them, inside its transactions. They are SQL rather than ORM
calls because the ORM spent more time building them than the database spent running them: on
the 2-core test machine a four-player update took 9 ms of Python with the ORM and 2.7 ms with
these, against a budget of 5 ms for the whole update (bench/bench_ratings.py). Reads for pages
stay in the ORM (accounts/ratings/selectors.py).
"""

from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.backends.utils import CursorWrapper
from django.db.models import Model

from accounts.ratings.models import MonthTotal, Rating, RatingChange, RatingCount
from accounts.ratings.months import month_of
from accounts.ratings.skill import rating_of
from games.sql import Rows, placeholders

RATINGS = Rows(Rating)
CHANGES = Rows(RatingChange)
COUNTS = Rows(RatingCount)
TOTALS = Rows(MonthTotal, only=("user", "game", "month", "won", "matches", "last_at"))

# The fields of a first rating, after its member's.
FIRST = ("game", "mu", "sigma", "ordinal", "matches_played", "updated_at")


def ratings_insert_missing(
    cursor: CursorWrapper,
    *,
    game: str,
    user_ids: Sequence[int],
    mu: float,
    sigma: float,
    now: datetime,
) -> None:
    """Insert a first rating (``mu``, ``sigma``) for each member who has none, in user id
    order. ON CONFLICT DO NOTHING: a row another transaction is inserting makes this wait for
    it, then skips it. Members who have a row take no id from the sequence (NOT EXISTS filters
    them out first)."""
    first = (game, mu, sigma, rating_of(mu, sigma), 0, now)
    values = [RATINGS.prepared(name, value) for name, value in zip(FIRST, first, strict=True)]
    cursor.execute(_insert_missing_sql(len(user_ids)), [*values, *user_ids, game])


@cache
def _insert_missing_sql(members: int) -> str:
    r = RATINGS.aliased("r")
    return (
        f"INSERT INTO {RATINGS.table} ({RATINGS.columns(['user', *FIRST])})"
        f" SELECT v.column1, {', '.join(['%s'] * len(FIRST))}"
        f" FROM (VALUES {placeholders(members, 1)}) AS v"
        f" WHERE NOT EXISTS (SELECT 1 FROM {r.table}"
        f"  WHERE {r['game']} = %s AND {r['user']} = v.column1)"
        f" ORDER BY v.column1 ON CONFLICT DO NOTHING"
    )


def ratings_lock(
    cursor: CursorWrapper, *, game: str, user_ids: Sequence[int]
) -> tuple[dict[int, Rating], set[int]]:
    """The members' ratings by user id, their rows locked FOR UPDATE in user id order (SQLite
    has no row locks: its IMMEDIATE transaction already holds the database's write lock); and
    which of the members are bot accounts, whose ratings ``RatingCount`` leaves out."""
    cursor.execute(_lock_sql(len(user_ids)), [game, *user_ids])
    ratings, bot_accounts = {}, set()
    for *row, bot_account in cursor.fetchall():
        rating = RATINGS.instance(row)
        ratings[rating.user_id] = rating
        if bot_account:
            bot_accounts.add(rating.user_id)
    return ratings, bot_accounts


@cache
def _lock_sql(members: int) -> str:
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    r, b = RATINGS.aliased("r"), _bot_accounts().aliased("b")
    return (
        f"SELECT {RATINGS.columns(alias='r')},"
        f" EXISTS (SELECT 1 FROM {b.table} WHERE {b['user']} = {r['user']})"
        f" FROM {r.table} WHERE {r['game']} = %s"
        f" AND {r['user']} IN ({', '.join(['%s'] * members)})"
        f" ORDER BY {r['user']}{lock}"
    )


@cache
def _bot_accounts() -> Rows[Model]:
    """The bot accounts' rows (``accounts.bots``), found through the account's relation rather
    than imported: ratings sit below bots (as ``leaderboard_top``'s ``user__bot_account``)."""
    relation = get_user_model()._meta.get_field("bot_account")
    return Rows(relation.related_model)


def ratings_unplayed_delete(cursor: CursorWrapper, *, game: str, user_ids: Sequence[int]) -> None:
    """Delete the first ratings inserted for a match that turned out to be recorded already
    (the caller passed other members with the same match): rows with no match are ours alone,
    uncommitted, and counted nowhere."""
    cursor.execute(_unplayed_delete_sql(len(user_ids)), [game, *user_ids])


@cache
def _unplayed_delete_sql(members: int) -> str:
    return (
        f"DELETE FROM {RATINGS.table} WHERE {RATINGS.column('game')} = %s"
        f" AND {RATINGS.column('matches_played')} = 0"
        f" AND {RATINGS.column('user')} IN ({', '.join(['%s'] * members)})"
    )


def match_recorded(cursor: CursorWrapper, *, game: str, match_ref: int) -> bool:
    """Whether the match's rating changes are written (committed, or in this transaction)."""
    cursor.execute(_match_recorded_sql(), [game, match_ref])
    return cursor.fetchone() is not None


@cache
def _match_recorded_sql() -> str:
    return (
        f"SELECT 1 FROM {CHANGES.table} WHERE {CHANGES.column('game')} = %s"
        f" AND {CHANGES.column('match_ref')} = %s LIMIT 1"
    )


# The fields ``ratings_write`` writes, after the row's id, in the VALUES list's order.
WRITTEN = ("mu", "sigma", "ordinal", "matches_played")


def ratings_write(cursor: CursorWrapper, ratings: Sequence[Rating], *, now: datetime) -> None:
    """Write the ratings' ``WRITTEN`` fields, and ``now`` as their update time, in one
    UPDATE ... FROM (VALUES ...) for all the rows."""
    values = [
        RATINGS.prepared(name, getattr(rating, name))
        for rating in ratings
        for name in ("pk", *WRITTEN)
    ]
    cursor.execute(_write_sql(len(ratings)), [RATINGS.prepared("updated_at", now), *values])


@cache
def _write_sql(members: int) -> str:
    assignments = ", ".join(
        f"{RATINGS.column(name)} = v.column{number}" for number, name in enumerate(WRITTEN, 2)
    )
    return (
        f"UPDATE {RATINGS.table} SET {assignments}, {RATINGS.column('updated_at')} = %s"
        f" FROM (VALUES {placeholders(members, 1 + len(WRITTEN))}) AS v"
        f" WHERE {RATINGS.table}.{RATINGS.column('pk')} = v.column1"
    )


def changes_insert(cursor: CursorWrapper, changes: Sequence[RatingChange]) -> None:
    """Write the new rating changes, as ``save()`` would (their ids are not read back)."""
    cursor.execute(*CHANGES.insert(changes))


def month_totals_add(cursor: CursorWrapper, changes: Sequence[RatingChange]) -> None:
    """Add the changes (written: their time set) to their members' totals of the game's month
    (``MonthTotal``), a member's first match of the month making their row, in user id order
    (the order their ratings were locked in)."""
    if not changes:
        return
    values = [
        TOTALS.prepared(name, value)
        for change in sorted(changes, key=lambda change: change.user_id)
        for name, value in (
            ("user", change.user_id),
            ("game", change.game),
            ("month", month_of(change.created_at)),
            ("won", change.ordinal_after - change.ordinal_before),
            ("matches", 1),
            ("last_at", change.created_at),
        )
    ]
    cursor.execute(_month_totals_add_sql(len(changes)), values)


@cache
def _month_totals_add_sql(members: int) -> str:
    won, matches, last = (TOTALS.column(name) for name in ("won", "matches", "last_at"))
    table = TOTALS.table
    return (
        f"INSERT INTO {table} ({TOTALS.columns()}) VALUES {placeholders(members, 6)}"
        f" ON CONFLICT ({TOTALS.columns(['game', 'month', 'user'])}) DO UPDATE SET"
        f" {won} = {table}.{won} + excluded.{won},"
        f" {matches} = {table}.{matches} + excluded.{matches},"
        f" {last} = CASE WHEN excluded.{last} > {table}.{last}"
        f" THEN excluded.{last} ELSE {table}.{last} END"
    )


def counts_add(cursor: CursorWrapper, *, game: str, deltas: Mapping[int, int]) -> None:
    """Add ``deltas`` (members per rating point) to the game's counts, in point order (the
    rows it locks, it locks in a stable order)."""
    if not deltas:
        return
    values = [value for points in sorted(deltas) for value in (game, points, deltas[points])]
    cursor.execute(_counts_add_sql(len(deltas)), values)


@cache
def _counts_add_sql(points: int) -> str:
    members = COUNTS.column("members")
    return (
        f"INSERT INTO {COUNTS.table} ({COUNTS.columns(['game', 'points', 'members'])})"
        f" VALUES {placeholders(points, 3)}"
        f" ON CONFLICT ({COUNTS.columns(['game', 'points'])})"
        f" DO UPDATE SET {members} = {COUNTS.table}.{members} + excluded.{members}"
    )


def ratings_table_lock(cursor: CursorWrapper) -> None:
    """Lock the ratings table against writers until the transaction ends (PostgreSQL's SHARE
    ROW EXCLUSIVE mode: reads go on, ``ratings_record_match`` waits; SQLite: nothing to do,
    its IMMEDIATE transaction holds the database's write lock)."""
    if connection.vendor == "postgresql":
        cursor.execute(_table_lock_sql())


@cache
def _table_lock_sql() -> str:
    return f"LOCK TABLE {RATINGS.table} IN SHARE ROW EXCLUSIVE MODE"
