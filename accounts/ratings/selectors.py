"""Reads of ratings: leaderboards, a member's standing and place, their history, and what one
match did to each rating (``match_shifts``)."""

import math
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Count, OuterRef, Subquery, Sum

from accounts.ratings.models import Rating, RatingChange, RatingCount
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
    """A member's rating in one game, and their place on its leaderboard."""

    game: GameInfo
    rating: int
    matches: int
    place: int


def leaderboard_top(*, game: str, limit: int = 100) -> list[LeaderboardRow]:
    """The best ``limit`` ratings in ``game``. Equal ratings share a place ("1, 2, 2, 4"), as
    in ``standing_of``."""
    rows = (
        Rating.objects.filter(game=game)
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
    of it. The place is one more than the number of better ratings: those on higher rating
    points, from ``RatingCount``, and those on the member's own point, counted."""
    rating = Rating.objects.filter(user=user, game=game).first()
    if rating is None:
        return None
    points = math.floor(rating.ordinal)
    above = RatingCount.objects.filter(game=game, points__gt=points).aggregate(n=Sum("members"))
    near = Rating.objects.filter(game=game, ordinal__gt=rating.ordinal, ordinal__lt=points + 1)
    return Standing(
        game=CATALOGUE_BY_SLUG[game],
        rating=rating.shown,
        matches=rating.matches_played,
        place=1 + (above["n"] or 0) + near.count(),
    )


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

    user_id: int
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
