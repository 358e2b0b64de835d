"""The statements of a rating update (accounts/ratings/sql.py): each reads and writes exactly what
the ORM would, on SQLite (embedded pass) and on PostgreSQL (scale-out pass). Values are compared
with their types (tests/sql_support.py)."""

import pytest
from django.db import connection, transaction
from django.db.models import F

from accounts.bots.models import BotAccount
from accounts.ratings import sql
from accounts.ratings.models import Rating, RatingChange, RatingCount
from accounts.ratings.skill import MU, SIGMA, rating_of
from accounts.ratings.sql import RATINGS, WRITTEN
from tests.accounts.ratings.support import members_new
from tests.sql_support import lock_refused, rows_after, typed, typed_rows, without_ids

pytestmark = pytest.mark.django_db


def run(statement, *args, **kwargs):
    """Run one of the module's statements on a cursor of its own, as the service does."""
    with connection.cursor() as cursor:
        return statement(cursor, *args, **kwargs)


def ratings_read() -> list[dict]:
    return list(Rating.objects.order_by("game", "user_id").values())


@pytest.fixture
def rated():
    """Four members: the first two rated in rummy (one with matches played, one without),
    the first also in pitch."""
    members = members_new(4)
    Rating.objects.create(
        user=members[0], game="rummy", mu=27.5, sigma=6.0, ordinal=1540.0, matches_played=3
    )
    Rating.objects.create(
        user=members[1], game="rummy", mu=MU, sigma=SIGMA, ordinal=rating_of(MU, SIGMA)
    )
    Rating.objects.create(
        user=members[0], game="pitch", mu=24.0, sigma=7.5, ordinal=1480.0, matches_played=1
    )
    return [member.pk for member in members]


def test_first_ratings_are_inserted_as_save_writes_them_for_those_who_have_none(rated, frozen_now):
    def with_orm():
        for user_id in rated[2:]:
            Rating.objects.create(
                user_id=user_id, game="rummy", mu=MU, sigma=SIGMA, ordinal=rating_of(MU, SIGMA)
            )

    by_sql = rows_after(
        lambda: run(
            sql.ratings_insert_missing,
            game="rummy",
            user_ids=rated,
            mu=MU,
            sigma=SIGMA,
            now=frozen_now,
        ),
        ratings_read,
    )
    assert typed_rows(without_ids(by_sql)) == typed_rows(
        without_ids(rows_after(with_orm, ratings_read))
    )
    assert len(by_sql) == 5


def test_the_lock_reads_the_members_ratings_as_the_orm_reads_them(rated):
    # Issue 32: it says which members are bot accounts, whose ratings the counts leave out.
    BotAccount.objects.create(user_id=rated[0], owner_id=rated[1])
    with transaction.atomic():
        locked, bot_accounts = run(sql.ratings_lock, game="rummy", user_ids=rated)
    orm = Rating.objects.filter(game="rummy", user_id__in=rated)
    assert {user: typed(rating, RATINGS.fields) for user, rating in locked.items()} == {
        rating.user_id: typed(rating, RATINGS.fields) for rating in orm
    }
    assert list(locked) == rated[:2]
    assert bot_accounts == {rated[0]}


@pytest.mark.scaleout
@pytest.mark.django_db(transaction=True)
def test_the_lock_holds_the_members_rating_rows_until_the_transaction_ends(rated):
    others = Rating.objects.get(user_id=rated[0], game="pitch")
    mine = Rating.objects.get(user_id=rated[1], game="rummy")
    select = f"SELECT 1 FROM {RATINGS.table} WHERE {RATINGS.column('pk')} = %s FOR UPDATE"
    with transaction.atomic():
        run(sql.ratings_lock, game="rummy", user_ids=rated[1:])
        assert lock_refused(select, [mine.pk])
        assert not lock_refused(select, [others.pk])
    assert not lock_refused(select, [mine.pk])


def test_unplayed_ratings_are_deleted_as_the_orm_deletes_them(rated):
    def with_orm():
        Rating.objects.filter(game="rummy", matches_played=0, user_id__in=rated).delete()

    by_sql = rows_after(
        lambda: run(sql.ratings_unplayed_delete, game="rummy", user_ids=rated),
        ratings_read,
    )
    assert typed_rows(by_sql) == typed_rows(rows_after(with_orm, ratings_read))
    assert len(by_sql) == 2


def test_a_match_is_recorded_once_a_change_of_its_game_and_table_is_written(rated):
    def recorded(game: str, match_ref: int) -> bool:
        return run(sql.match_recorded, game=game, match_ref=match_ref)

    assert not recorded("rummy", 7)
    RatingChange.objects.create(
        user_id=rated[0],
        game="rummy",
        match_ref=7,
        rank=1,
        sides=2,
        ordinal_before=1500.0,
        ordinal_after=1520.0,
        mu=26.0,
        sigma=8.0,
    )
    assert recorded("rummy", 7)
    assert not recorded("pitch", 7)
    assert not recorded("rummy", 8)


def test_ratings_are_written_as_save_with_their_fields_writes_them(rated, frozen_now):
    def changed() -> list[Rating]:
        ratings = list(Rating.objects.filter(game="rummy").order_by("user_id"))
        for number, rating in enumerate(ratings):
            rating.mu, rating.sigma = 30.0 - number, 5.5 + number / 3
            rating.ordinal = rating_of(rating.mu, rating.sigma)
            rating.matches_played += 1
            rating.game = "pitch"  # not among the fields written
        return ratings

    def with_orm():
        for rating in changed():
            rating.save(update_fields=[*WRITTEN, "updated_at"])

    by_sql = rows_after(lambda: run(sql.ratings_write, changed(), now=frozen_now), ratings_read)
    assert typed_rows(by_sql) == typed_rows(rows_after(with_orm, ratings_read))
    assert by_sql != ratings_read()


def changes_read() -> list[dict]:
    return list(RatingChange.objects.order_by("user_id").values())


def test_rating_changes_are_inserted_as_save_writes_them(rated, frozen_now):
    def new_changes() -> list[RatingChange]:
        return [
            RatingChange(
                user_id=user_id,
                game="courtpiece",
                match_ref=2**40 + 3,
                rank=rank,
                sides=2,
                ordinal_before=1500.0 + rank,
                ordinal_after=1510.25 - rank,
                mu=25.5,
                sigma=8.125,
            )
            for user_id, rank in zip(rated, [1, 2, 1, 2], strict=True)
        ]

    def with_orm():
        for change in new_changes():
            change.save()

    by_sql = rows_after(lambda: run(sql.changes_insert, new_changes()), changes_read)
    assert typed_rows(without_ids(by_sql)) == typed_rows(
        without_ids(rows_after(with_orm, changes_read))
    )
    assert {row["created_at"] for row in by_sql} == {frozen_now}


def counts_read() -> list[dict]:
    return list(RatingCount.objects.order_by("game", "points").values("game", "points", "members"))


def test_counts_are_added_as_the_orm_adds_them_to_rows_there_and_new(rated):
    RatingCount.objects.create(game="rummy", points=1500, members=4)
    RatingCount.objects.create(game="rummy", points=1540, members=1)
    RatingCount.objects.create(game="pitch", points=1500, members=9)
    deltas = {1540: -1, 1500: 2, 1533: 1}

    def with_orm():
        for points, delta in deltas.items():
            count, _new = RatingCount.objects.get_or_create(game="rummy", points=points)
            RatingCount.objects.filter(pk=count.pk).update(members=F("members") + delta)

    by_sql = rows_after(lambda: run(sql.counts_add, game="rummy", deltas=deltas), counts_read)
    assert typed_rows(by_sql) == typed_rows(rows_after(with_orm, counts_read))
    assert ("rummy", 1533, 1) in [tuple(row.values()) for row in by_sql]


def test_no_counts_to_add_changes_nothing(rated):
    RatingCount.objects.create(game="rummy", points=1500, members=4)
    run(sql.counts_add, game="rummy", deltas={})
    assert counts_read() == [{"game": "rummy", "points": 1500, "members": 4}]


@pytest.mark.scaleout
def test_the_table_lock_keeps_writers_of_ratings_out_until_the_transaction_ends():
    with transaction.atomic():
        run(sql.ratings_table_lock)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT mode FROM pg_locks"
                " WHERE pid = pg_backend_pid() AND relation = %s::regclass",
                [Rating._meta.db_table],
            )
            modes = {mode for (mode,) in cursor.fetchall()}
    assert "ShareRowExclusiveLock" in modes
