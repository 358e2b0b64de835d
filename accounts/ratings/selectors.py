"""Reads of ratings: leaderboards, a member's standing and place, their history, and what one
match did to each rating (``match_shifts``)."""

import math
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Count, OuterRef, Subquery, Sum

from accounts.ratings.models import BotRating, BotRatingChange, Rating, RatingChange, RatingCount
from accounts.ratings.skill import PROVISIONAL_MATCHES
from games.catalogue import CATALOGUE, CATALOGUE_BY_SLUG, GameInfo


@dataclass(frozen=True)
class LeaderboardRow:
    place: int
    username: str
    name: str
    rating: int
    matches: int


@dataclass(frozen=True)
class Standing:
    """A member's rating in one game, and their place on its leaderboard (None for a bot
    account's: rated, but never on the leaderboard)."""

    game: GameInfo
    rating: int
    matches: int
    place: int | None


def leaderboard_top(*, game: str, limit: int = 100) -> list[LeaderboardRow]:
    """The best ``limit`` ratings in ``game``. Equal ratings share a place ("1, 2, 2, 4"), as
    in ``standing_of``."""
    rows = (
        # People only: a bot account (``accounts.bots``) is rated, shown on its own page.
        Rating.objects.filter(game=game, user__bot_account__isnull=True)
        .order_by("-ordinal", "user_id")
        .values_list("ordinal", "matches_played", "user__username", "user__profile__display_name")
    )
    board: list[LeaderboardRow] = []
    previous = None
    for number, (ordinal, matches, username, display_name) in enumerate(rows[:limit], start=1):
        board.append(
            LeaderboardRow(
                place=board[-1].place if ordinal == previous else number,
                username=username,
                name=display_name or username,
                rating=round(ordinal),
                matches=matches,
            )
        )
        previous = ordinal
    return board


def standing_of(*, user: User, game: str) -> Standing | None:
    """The member's rating and place in ``game``, or None if they have played no ranked match
    of it. The place is their row's on the leaderboard, which lists people only: one more
    than the number of members with a better rating, those on higher rating points from
    ``RatingCount`` (which counts no bot account) and those on the member's own point,
    counted. A bot account has no place."""
    found = (
        Rating.objects.filter(user=user, game=game)
        .values_list("ordinal", "matches_played", "user__bot_account")
        .first()
    )
    if found is None:
        return None
    ordinal, matches, bot_account = found
    return Standing(
        game=CATALOGUE_BY_SLUG[game],
        rating=round(ordinal),
        matches=matches,
        place=None if bot_account is not None else _place(game, ordinal),
    )


def _place(game: str, ordinal: float) -> int:
    points = math.floor(ordinal)
    above = RatingCount.objects.filter(game=game, points__gt=points).aggregate(n=Sum("members"))
    near = Rating.objects.filter(
        game=game, ordinal__gt=ordinal, ordinal__lt=points + 1, user__bot_account__isnull=True
    )
    return 1 + (above["n"] or 0) + near.count()


def standings_of(*, user: User) -> list[Standing]:
    """The member's standing in each game they have a rating in, in the catalogue's order."""
    rated = set(Rating.objects.filter(user=user).values_list("game", flat=True))
    found = (standing_of(user=user, game=game.slug) for game in CATALOGUE if game.slug in rated)
    return [standing for standing in found if standing is not None]


def rating_history(*, user: User, game: str, limit: int = 60) -> list[float]:
    """The member's rating in ``game`` before their last ``limit`` ranked matches and after
    each of them, oldest first; [] if they have played none."""
    changes = list(
        RatingChange.objects.filter(user=user, game=game)
        .order_by("-id")
        .values_list("ordinal_before", "ordinal_after")[:limit]
    )
    if not changes:
        return []
    changes.reverse()
    return [changes[0][0], *(after for _before, after in changes)]


def recent_matches(*, user: User, limit: int = 20) -> list[RatingChange]:
    """The member's last ``limit`` ranked matches, newest first, across games."""
    return list(RatingChange.objects.filter(user=user).order_by("-id")[:limit])


@dataclass(frozen=True)
class RatingShift:
    """What one ranked match did to one member's rating, as shown: whole points before and
    after, and the difference between the two as shown (so the three always add up)."""

    user_id: int | None  # None: a house bot's (``bot_shifts``)
    before: int
    after: int
    # After this match the member had played fewer than PROVISIONAL_MATCHES ranked matches
    # of the game: the rating is still finding its level.
    provisional: bool

    @property
    def difference(self) -> int:
        return self.after - self.before


def match_shifts(*, game: str, match_ref: int) -> dict[int, RatingShift]:
    """Every rated member's shift in one match (``match_ref``: its table's id), by member id;
    empty for a match that changed no rating (unranked, or not recorded). One query."""
    played = (
        RatingChange.objects.filter(user=OuterRef("user"), game=game, id__lte=OuterRef("id"))
        .values("user")
        .annotate(count=Count("id"))
        .values("count")
    )
    rows = (
        RatingChange.objects.filter(game=game, match_ref=match_ref)
        .annotate(played=Subquery(played))
        .values_list("user_id", "ordinal_before", "ordinal_after", "played")
    )
    return {
        user: RatingShift(
            user_id=user,
            before=round(before),
            after=round(after),
            provisional=played < PROVISIONAL_MATCHES,
        )
        for user, before, after, played in rows
    }


def bots_rated(bot: str | None = None) -> list[BotRating]:
    """The house bots' ratings in every game and format they have played ranked (of ``bot``
    alone, if given), by game and format. One query."""
    ratings = BotRating.objects.order_by("game", "variant", "bot")
    return list(ratings if bot is None else ratings.filter(bot=bot))


def bot_results(*, bot: str, limit: int = 20) -> list[BotRatingChange]:
    """The bot level's last ranked results, newest first. One query."""
    return list(BotRatingChange.objects.filter(bot=bot).order_by("-id")[:limit])


def bot_shifts(*, game: str, match_ref: int) -> dict[str, RatingShift]:
    """What one ranked match did to each house bot level's rating in it, by level (issue 32):
    provisional, as a member's, over its first ``PROVISIONAL_MATCHES`` in the format. One
    query."""
    played = (
        BotRatingChange.objects.filter(
            bot=OuterRef("bot"), game=game, variant=OuterRef("variant"), id__lte=OuterRef("id")
        )
        .values("bot")
        .annotate(count=Count("id"))
        .values("count")
    )
    rows = (
        BotRatingChange.objects.filter(game=game, match_ref=match_ref)
        .annotate(played=Subquery(played))
        .values_list("bot", "ordinal_before", "ordinal_after", "played")
    )
    return {
        bot: RatingShift(
            user_id=None,
            before=round(before),
            after=round(after),
            provisional=played < PROVISIONAL_MATCHES,
        )
        for bot, before, after, played in rows
    }
