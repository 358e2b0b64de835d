"""Writes of ratings: a finished ranked match recorded once, and the counts per point."""

import math
from collections import Counter
from collections.abc import Sequence

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from accounts.ratings import sql
from accounts.ratings.models import Rating, RatingChange, RatingCount
from accounts.ratings.skill import MU, SIGMA, rating_of, skills_rate
from games.catalogue import CATALOGUE_BY_SLUG


def ratings_record_match(
    *, game: str, match_ref: int, teams: Sequence[Sequence[int]], ranks: Sequence[int]
) -> list[RatingChange]:
    """Update the ratings of everyone in one finished ranked match, once; return what changed
    for each member (their rank, rating before and after), as written (their ids not read
    back).

    ``teams`` holds member ids: one member per team for rummy and Hidden Unders, two teams of
    two for Court Piece and Pitch. ``ranks`` gives each team's finishing place, 1 is best and
    equal ranks are a tie. A member who left before the end counts as last: the caller gives
    them (in a team game, their partnership) the last rank; ``accounts.ratings.match_standings``
    builds both lists from a table's seats and the engine's result.

    Call it inside the transaction that records the match's result, so both commit or neither
    does (alone, it runs in a transaction of its own). ``match_ref`` is the table's id: a second
    call for the same match changes nothing and returns ``[]``. Standings that cannot be rated
    raise ValueError before anything is read or written.

    Locking: the members' Rating rows, FOR UPDATE in user id order (a stable order, so that two
    matches sharing members cannot deadlock); missing rows are inserted first, in the same
    order, with ON CONFLICT DO NOTHING, before any row is locked (accounts/ratings/sql.py); then
    the RatingCount rows of the rating points it changes, in point order. So two matches of the
    same member ending at the same moment run one after the other and both count. On SQLite the
    IMMEDIATE transaction already holds the database's write lock.
    """
    members = _checked_members(game, teams, ranks)
    # No savepoint: inside the result transaction, a failure here fails the whole result.
    with transaction.atomic(savepoint=False):
        return _ratings_update(game, match_ref, teams, ranks, members)


def _ratings_update(
    game: str,
    match_ref: int,
    teams: Sequence[Sequence[int]],
    ranks: Sequence[int],
    members: list[int],
) -> list[RatingChange]:
    now = timezone.now()
    with connection.cursor() as cursor:
        sql.ratings_insert_missing(cursor, game=game, user_ids=members, mu=MU, sigma=SIGMA, now=now)
        ratings = sql.ratings_lock(cursor, game=game, user_ids=members)
        # A new statement under the locks, so a new snapshot: a concurrent call that recorded
        # this match and committed while we waited is seen here.
        if sql.match_recorded(cursor, game=game, match_ref=match_ref):
            sql.ratings_unplayed_delete(cursor, game=game, user_ids=members)
            return []
        skills = skills_rate(
            [[(ratings[user].mu, ratings[user].sigma) for user in team] for team in teams], ranks
        )
        changes = []
        counts: Counter[int] = Counter()
        for team, rank, team_skills in zip(teams, ranks, skills, strict=True):
            for user, (mu, sigma) in zip(team, team_skills, strict=True):
                rating = ratings[user]
                before = rating.ordinal
                if rating.matches_played:  # a row inserted just now is not counted yet
                    counts[math.floor(before)] -= 1
                rating.mu, rating.sigma, rating.ordinal = mu, sigma, rating_of(mu, sigma)
                rating.matches_played += 1
                counts[math.floor(rating.ordinal)] += 1
                changes.append(
                    RatingChange(
                        user_id=user,
                        game=game,
                        match_ref=match_ref,
                        rank=rank,
                        sides=len(teams),
                        ordinal_before=before,
                        ordinal_after=rating.ordinal,
                        mu=mu,
                        sigma=sigma,
                    )
                )
        sql.ratings_write(cursor, list(ratings.values()), now=now)
        sql.changes_insert(cursor, changes)
        sql.counts_add(cursor, game=game, deltas={points: n for points, n in counts.items() if n})
    return changes


@transaction.atomic
def rating_counts_rebuild(*, game: str) -> None:
    """Count the game's ratings per point again from the Rating rows, for ratings written
    without ``ratings_record_match`` (bulk loads: the benchmark, tests).

    Locking: on PostgreSQL the ratings table in SHARE ROW EXCLUSIVE mode, so that no match is
    recorded meanwhile (SQLite: the IMMEDIATE transaction's write lock)."""
    with connection.cursor() as cursor:
        sql.ratings_table_lock(cursor)
    ordinals = Rating.objects.filter(game=game).values_list("ordinal", flat=True)
    counts = Counter(math.floor(ordinal) for ordinal in ordinals.iterator(chunk_size=10_000))
    RatingCount.objects.filter(game=game).delete()
    RatingCount.objects.bulk_create(
        RatingCount(game=game, points=points, members=members)
        for points, members in sorted(counts.items())
    )


def rating_count_forget(*, rating: Rating) -> None:
    """Take a deleted rating out of the counts (a member deleted with their ratings). Locks
    the count row it changes."""
    RatingCount.objects.filter(game=rating.game, points=math.floor(rating.ordinal)).update(
        members=F("members") - 1
    )


def _checked_members(game: str, teams: Sequence[Sequence[int]], ranks: Sequence[int]) -> list[int]:
    """Every member id, sorted; ValueError if the standings cannot be rated."""
    if game not in CATALOGUE_BY_SLUG:
        raise ValueError(f"no game {game!r}")
    if len(teams) < 2 or len(ranks) != len(teams):
        raise ValueError("two teams or more, and one rank per team, are needed")
    if any(not team for team in teams):
        raise ValueError("a team has no member")
    if any(isinstance(rank, bool) or not isinstance(rank, int) or rank < 1 for rank in ranks):
        raise ValueError("ranks are whole numbers from 1")
    members = [user_id for team in teams for user_id in team]
    if len(set(members)) != len(members):
        raise ValueError("a member appears twice")
    return sorted(members)
