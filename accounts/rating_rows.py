"""The statements of a rating update, in SQL that PostgreSQL and SQLite (3.35 or newer) both run.

Only ``ratings_record_match`` uses them, inside its transaction. They are SQL rather than ORM
calls because the ORM spent more time building them than the database spent running them: on
the 2-core test machine a four-player update took 9 ms of Python with the ORM and 2.7 ms with
these, against a budget of 5 ms for the whole update (bench/bench_ratings.py). Reads for pages
stay in the ORM (accounts/selectors.py).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import connection

from accounts.models import Rating, RatingChange, RatingCount
from accounts.ratings import rating_of

RATINGS = Rating._meta.db_table
CHANGES = RatingChange._meta.db_table
COUNTS = RatingCount._meta.db_table


@dataclass
class RatingRow:
    id: int
    user_id: int
    mu: float
    sigma: float
    ordinal: float
    matches_played: int


@dataclass(frozen=True)
class ChangeRow:
    user_id: int
    rank: int
    ordinal_before: float
    ordinal_after: float
    mu: float
    sigma: float


def ratings_insert_missing(
    cursor, *, game: str, user_ids: Sequence[int], mu: float, sigma: float, now: datetime
) -> None:
    """Insert a first rating (``mu``, ``sigma``) for each member who has none, in user id
    order. ON CONFLICT DO NOTHING: a row another transaction is inserting makes this wait for
    it, then skips it. Members who have a row take no id from the sequence (NOT EXISTS filters
    them out first)."""
    cursor.execute(
        f"INSERT INTO {RATINGS} (user_id, game, mu, sigma, ordinal, matches_played, updated_at)"
        f" SELECT v.column1, %s, %s, %s, %s, 0, %s FROM (VALUES {_rows(len(user_ids), 1)}) AS v"
        f" WHERE NOT EXISTS (SELECT 1 FROM {RATINGS} AS r"
        f"  WHERE r.game = %s AND r.user_id = v.column1)"
        f" ORDER BY v.column1 ON CONFLICT DO NOTHING",
        [game, mu, sigma, rating_of(mu, sigma), _when(now), *user_ids, game],
    )


def ratings_lock(cursor, *, game: str, user_ids: Sequence[int]) -> dict[int, RatingRow]:
    """The members' rating rows by user id, locked FOR UPDATE in user id order (SQLite has no
    row locks: its IMMEDIATE transaction already holds the database's write lock)."""
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    cursor.execute(
        f"SELECT id, user_id, mu, sigma, ordinal, matches_played FROM {RATINGS}"
        f" WHERE game = %s AND user_id IN ({', '.join(['%s'] * len(user_ids))})"
        f" ORDER BY user_id{lock}",
        [game, *user_ids],
    )
    return {row[1]: RatingRow(*row) for row in cursor.fetchall()}


def ratings_unplayed_delete(cursor, *, game: str, user_ids: Sequence[int]) -> None:
    """Delete the first ratings inserted for a match that turned out to be recorded already
    (the caller passed other members with the same match): rows with no match are ours alone,
    uncommitted, and counted nowhere."""
    cursor.execute(
        f"DELETE FROM {RATINGS} WHERE game = %s AND matches_played = 0"
        f" AND user_id IN ({', '.join(['%s'] * len(user_ids))})",
        [game, *user_ids],
    )


def match_recorded(cursor, *, game: str, match_ref: int) -> bool:
    cursor.execute(
        f"SELECT 1 FROM {CHANGES} WHERE game = %s AND match_ref = %s LIMIT 1", [game, match_ref]
    )
    return cursor.fetchone() is not None


def ratings_write(cursor, ratings: Sequence[RatingRow], *, now: datetime) -> None:
    """One UPDATE ... FROM (VALUES ...) for all the rows."""
    cursor.execute(
        f"UPDATE {RATINGS} SET mu = v.column2, sigma = v.column3, ordinal = v.column4,"
        f" matches_played = v.column5, updated_at = %s"
        f" FROM (VALUES {_rows(len(ratings), 5)}) AS v WHERE {RATINGS}.id = v.column1",
        [
            _when(now),
            *(
                value
                for row in ratings
                for value in (row.id, row.mu, row.sigma, row.ordinal, row.matches_played)
            ),
        ],
    )


def changes_insert(
    cursor, changes: Sequence[ChangeRow], *, game: str, match_ref: int, sides: int, now: datetime
) -> None:
    columns = "user_id, game, match_ref, rank, sides, ordinal_before, ordinal_after, mu, sigma"
    when = _when(now)
    cursor.execute(
        f"INSERT INTO {CHANGES} ({columns}, created_at) VALUES {_rows(len(changes), 10)}",
        [
            value
            for change in changes
            for value in (
                change.user_id,
                game,
                match_ref,
                change.rank,
                sides,
                change.ordinal_before,
                change.ordinal_after,
                change.mu,
                change.sigma,
                when,
            )
        ],
    )


def counts_add(cursor, *, game: str, deltas: dict[int, int]) -> None:
    """Add ``deltas`` (members per rating point) to the game's counts, in point order (the
    rows it locks, it locks in a stable order)."""
    if not deltas:
        return
    cursor.execute(
        f"INSERT INTO {COUNTS} (game, points, members) VALUES {_rows(len(deltas), 3)}"
        f" ON CONFLICT (game, points)"
        f" DO UPDATE SET members = {COUNTS}.members + excluded.members",
        [value for points in sorted(deltas) for value in (game, points, deltas[points])],
    )


def _rows(count: int, width: int) -> str:
    row = f"({', '.join(['%s'] * width)})"
    return ", ".join([row] * count)


def _when(now: datetime):
    return connection.ops.adapt_datetimefield_value(now)
