"""Writes of ratings: a finished ranked match recorded once, and the counts per point."""

import math
from collections import Counter
from collections.abc import Sequence
from statistics import fmean

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from accounts.ratings import sql
from accounts.ratings.models import BotRating, BotRatingChange, Rating, RatingChange, RatingCount
from accounts.ratings.skill import MU, SIGMA, Player, Skill, rating_of, skills_rate
from games.catalogue import CATALOGUE_BY_SLUG


def ratings_record_match(
    *,
    game: str,
    match_ref: int,
    teams: Sequence[Sequence[Player]],
    ranks: Sequence[int],
    variant: str = "",
) -> list[RatingChange]:
    """Update the ratings of everyone in one finished ranked match, once; return what changed
    for each member (their rank, rating before and after), as written (their ids not read
    back).

    ``teams`` holds member ids: one member per team for rummy and Hidden Unders, two teams of
    two for Court Piece and Pitch. A house bot in a seat is its level's key (a ``str``): the
    match is rated for the members against everyone at the table, the bot's rating in
    ``game`` and ``variant`` (``BotRating``) taken as it is; the bot's rating then moves by its
    result as a member's does (by the mean of its seats' changes where the level sat twice),
    written as a ``BotRatingChange``: ``RatingChange`` rows are members' only.

    ``ranks`` gives each team's finishing place, 1 is best and equal ranks are a tie. A member
    who left before the end counts as last: the caller gives them (in a team game, their
    partnership) the last rank; ``accounts.ratings.match_standings`` builds both lists from a
    table's seats and the engine's result.

    Call it inside the transaction that records the match's result, so both commit or neither
    does (alone, it runs in a transaction of its own). ``match_ref`` is the table's id: a second
    call for the same match changes nothing and returns ``[]``. Standings that cannot be rated
    raise ValueError before anything is read or written.

    Locking: the members' Rating rows, FOR UPDATE in user id order (a stable order, so that two
    matches sharing members cannot deadlock); missing rows are inserted first, in the same
    order, with ON CONFLICT DO NOTHING, before any row is locked (accounts/ratings/sql.py); then
    the bots' BotRating rows, inserted and locked the same way in key order (every match takes
    members before bots, so the order is one); then the RatingCount rows of the rating points
    it changes, in point order (bot accounts' ratings are not counted: the counts give places
    on the leaderboard, which lists people only). So two matches of the
    same member ending at the same moment run one after the other and both count. On SQLite the
    IMMEDIATE transaction already holds the database's write lock.
    """
    members, bots = _checked_players(game, teams, ranks, variant)
    # No savepoint: inside the result transaction, a failure here fails the whole result.
    with transaction.atomic(savepoint=False):
        return _ratings_update(game, variant, match_ref, teams, ranks, members, bots)


def _ratings_update(
    game: str,
    variant: str,
    match_ref: int,
    teams: Sequence[Sequence[Player]],
    ranks: Sequence[int],
    members: list[int],
    bots: list[str],
) -> list[RatingChange]:
    now = timezone.now()
    with connection.cursor() as cursor:
        sql.ratings_insert_missing(cursor, game=game, user_ids=members, mu=MU, sigma=SIGMA, now=now)
        ratings, bot_accounts = sql.ratings_lock(cursor, game=game, user_ids=members)
        bot_ratings = _bot_ratings_locked(game, variant, bots)
        # A new statement under the locks, so a new snapshot: a concurrent call that recorded
        # this match and committed while we waited is seen here.
        if sql.match_recorded(cursor, game=game, match_ref=match_ref):
            sql.ratings_unplayed_delete(cursor, game=game, user_ids=members)
            return []

        def skill(player: Player) -> Skill:
            held = bot_ratings[player] if isinstance(player, str) else ratings[player]
            return held.mu, held.sigma

        skills = skills_rate([[skill(player) for player in team] for team in teams], ranks)
        bot_results: dict[str, list[tuple[int, Skill]]] = {}
        changes = []
        counts: Counter[int] = Counter()
        for team, rank, team_skills in zip(teams, ranks, skills, strict=True):
            for user, (mu, sigma) in zip(team, team_skills, strict=True):
                if isinstance(user, str):
                    bot_results.setdefault(user, []).append((rank, (mu, sigma)))
                    continue
                rating = ratings[user]
                before = rating.ordinal
                # A bot account is rated but off the leaderboard, so not counted (issue 32).
                counted = user not in bot_accounts
                if counted and rating.matches_played:  # a row inserted just now is not counted
                    counts[math.floor(before)] -= 1
                rating.mu, rating.sigma, rating.ordinal = mu, sigma, rating_of(mu, sigma)
                rating.matches_played += 1
                if counted:
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
        sql.month_totals_add(cursor, changes)
        sql.counts_add(cursor, game=game, deltas={points: n for points, n in counts.items() if n})
    _bots_moved(bot_ratings, bot_results, match_ref=match_ref, sides=len(teams))
    return changes


def _bot_ratings_locked(game: str, variant: str, bots: list[str]) -> dict[str, BotRating]:
    """The bots' ratings in the game and format, a first one made for a level that has none
    (a newcomer's, as a member's first), locked FOR UPDATE in key order."""
    if not bots:
        return {}
    first = rating_of(MU, SIGMA)
    BotRating.objects.bulk_create(
        [
            BotRating(bot=bot, game=game, variant=variant, mu=MU, sigma=SIGMA, ordinal=first)
            for bot in bots
        ],
        ignore_conflicts=True,
    )
    locked = BotRating.objects.select_for_update().filter(game=game, variant=variant, bot__in=bots)
    return {rating.bot: rating for rating in locked.order_by("bot")}


def _bots_moved(
    ratings: dict[str, BotRating],
    results: dict[str, list[tuple[int, Skill]]],
    *,
    match_ref: int,
    sides: int,
) -> None:
    """Each bot level's rating moves by the mean of its seats' changes (one seat: exactly its
    change), written with its change row."""
    for bot, seats in results.items():
        rating = ratings[bot]
        before = rating.ordinal
        rating.mu += fmean(mu - rating.mu for _rank, (mu, _sigma) in seats)
        rating.sigma = fmean(sigma for _rank, (_mu, sigma) in seats)
        rating.ordinal = rating_of(rating.mu, rating.sigma)
        rating.matches_played += 1
        rating.save(update_fields=["mu", "sigma", "ordinal", "matches_played", "updated_at"])
        BotRatingChange.objects.create(
            bot=bot,
            game=rating.game,
            variant=rating.variant,
            match_ref=match_ref,
            rank=min(rank for rank, _skill in seats),
            sides=sides,
            ordinal_before=before,
            ordinal_after=rating.ordinal,
        )


@transaction.atomic
def rating_counts_rebuild(*, game: str) -> None:
    """Count the game's ratings per point again from the Rating rows, for ratings written
    without ``ratings_record_match`` (bulk loads: the benchmark, tests); bot accounts' are left
    out, as ``ratings_record_match`` leaves them out.

    Locking: on PostgreSQL the ratings table in SHARE ROW EXCLUSIVE mode, so that no match is
    recorded meanwhile (SQLite: the IMMEDIATE transaction's write lock)."""
    with connection.cursor() as cursor:
        sql.ratings_table_lock(cursor)
    ordinals = Rating.objects.filter(game=game, user__bot_account__isnull=True).values_list(
        "ordinal", flat=True
    )
    counts = Counter(math.floor(ordinal) for ordinal in ordinals.iterator(chunk_size=10_000))
    RatingCount.objects.filter(game=game).delete()
    RatingCount.objects.bulk_create(
        RatingCount(game=game, points=points, members=members)
        for points, members in sorted(counts.items())
    )


def rating_count_forget(*, rating: Rating) -> None:
    """Take a rating about to be deleted out of the counts (a member deleted with their
    ratings), unless it is a bot account's, which is not counted: called before the delete,
    while the bot account's row is still there to say so. Locks the count row it changes."""
    if Rating.objects.filter(pk=rating.pk, user__bot_account__isnull=False).exists():
        return
    RatingCount.objects.filter(game=rating.game, points=math.floor(rating.ordinal)).update(
        members=F("members") - 1
    )


def _checked_players(
    game: str, teams: Sequence[Sequence[Player]], ranks: Sequence[int], variant: str
) -> tuple[list[int], list[str]]:
    """Every member id, sorted, and every bot's key, sorted once each; ValueError if the
    standings cannot be rated (a member twice, no member at all, a bot without a format)."""
    if game not in CATALOGUE_BY_SLUG:
        raise ValueError(f"no game {game!r}")
    if len(teams) < 2 or len(ranks) != len(teams):
        raise ValueError("two teams or more, and one rank per team, are needed")
    if any(not team for team in teams):
        raise ValueError("a team has no member")
    if any(isinstance(rank, bool) or not isinstance(rank, int) or rank < 1 for rank in ranks):
        raise ValueError("ranks are whole numbers from 1")
    members = [player for team in teams for player in team if not isinstance(player, str)]
    bots = sorted({player for team in teams for player in team if isinstance(player, str)})
    if len(set(members)) != len(members):
        raise ValueError("a member appears twice")
    if not members:
        raise ValueError("a ranked match has a member")
    if bots and not variant:
        raise ValueError("a bot is rated in a game's format: give the variant")
    return sorted(members), bots
