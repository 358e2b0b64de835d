"""Seasons (issue 32, point 6): besides the lasting rating, each game has a board for every
calendar month, and when a month is over its first three places each get a title.

The month's rule, as the board's page says it: members are ranked by the rating they won in the
month (the sum of what each of their ranked matches of the game did to their rating, rounded to
whole points, so the rating at the month's end less the rating at its start); only members with
at least ``MONTH_MIN_MATCHES`` ranked matches of the game in the month are on the board; equal
points go to the member with more matches, then to the one whose last match came first. The
month turns at midnight in India (``accounts.ratings.months``).

Only members are on a board: the house bots have no ``RatingChange`` rows, and a member's bot
account (``accounts.bots``: a user with a ``bot_account``) is left out by the board's query.
"""

from dataclasses import dataclass
from datetime import date, datetime

from django.contrib.auth.models import User
from django.db.models import Count, F, Max, Sum
from django.db.models.functions import Round
from django.utils import formats
from django.utils.translation import pgettext

from accounts.ratings.models import MonthTitle, RatingChange
from accounts.ratings.months import (
    month_before,
    month_end,
    month_is_awardable,
    month_of,
    month_start,
)
from games.catalogue import CATALOGUE, CATALOGUE_BY_SLUG

MONTH_MIN_MATCHES = 5
"""Ranked matches of a game in a month that put a member on its board: one lucky win is not a
month."""

BOARD_SIZE = 100
TITLED_PLACES = 3

CATCH_UP_MONTHS = 2
"""How many ended months the beat job looks at: the one just ended, and the one before in case
the worker was down when that one ended."""


@dataclass(frozen=True)
class MonthRow:
    """One member's month in one game: where they stand, the rating they won, their matches."""

    place: int
    user_id: int
    username: str
    name: str
    won: int
    matches: int


def month_board(*, game: str, month: date, limit: int = BOARD_SIZE) -> list[MonthRow]:
    """The first ``limit`` members of ``game``'s board for ``month``, by the month's rule (this
    module's docstring). Two queries: one aggregate over the month's changes of the game alone
    (the index (game, created_at) finds them), summed per member before any join; then the
    names of the ``limit`` members it kept."""
    totals = list(
        RatingChange.objects.filter(
            game=game, created_at__gte=month_start(month), created_at__lt=month_end(month)
        )
        .filter(user__bot_account__isnull=True)
        .values("user")
        .annotate(
            won=Round(Sum(F("ordinal_after") - F("ordinal_before"))),
            matches=Count("id"),
            last=Max("created_at"),
        )
        .filter(matches__gte=MONTH_MIN_MATCHES)
        .order_by("-won", "-matches", "last", "user")
        .values_list("user", "won", "matches")[:limit]
    )
    names = {
        user: (username, display_name)
        for user, username, display_name in User.objects.filter(
            pk__in=[user for user, _won, _matches in totals]
        ).values_list("pk", "username", "profile__display_name")
    }
    return [
        MonthRow(
            place=place,
            user_id=user,
            username=names[user][0],
            name=names[user][1] or names[user][0],
            won=round(won),
            matches=matches,
        )
        for place, (user, won, matches) in enumerate(totals, start=1)
    ]


@dataclass(frozen=True)
class OwnMonth:
    """The signed-in member's month in a game, on the board or not yet."""

    won: int
    matches: int

    @property
    def qualified(self) -> bool:
        return self.matches >= MONTH_MIN_MATCHES

    @property
    def matches_missing(self) -> int:
        return max(MONTH_MIN_MATCHES - self.matches, 0)


def own_month(*, user: User, game: str, month: date) -> OwnMonth:
    """What the member's ranked matches of ``game`` did in ``month`` (zeros if none)."""
    totals = RatingChange.objects.filter(
        user=user, game=game, created_at__gte=month_start(month), created_at__lt=month_end(month)
    ).aggregate(won=Sum(F("ordinal_after") - F("ordinal_before")), matches=Count("id"))
    return OwnMonth(won=round(totals["won"] or 0), matches=totals["matches"])


def first_month(*, game: str) -> date | None:
    """The month of the game's first ranked match, or None if it has none (the index (game,
    created_at) gives it at once)."""
    first: datetime | None = (
        RatingChange.objects.filter(game=game)
        .order_by("created_at")
        .values_list("created_at", flat=True)
        .first()
    )
    return month_of(first) if first else None


def month_titles_award(*, month: date, now: datetime | None = None) -> None:
    """Give the first ``TITLED_PLACES`` of every game's board for ``month`` their titles, once
    the month and its grace are over.

    Idempotent, and safe with two workers at once: a game's month that has its titles is
    skipped, and the titles are inserted with ON CONFLICT DO NOTHING on the unique (game,
    month, place) and (game, month, member): a worker that finds a place taken (or waits for
    the other's insert to commit, on PostgreSQL) gives nothing. Both workers read the same
    board, since the month is over."""
    if not month_is_awardable(month, now):
        return
    given = set(MonthTitle.objects.filter(month=month).values_list("game", flat=True).distinct())
    for info in CATALOGUE:
        if info.slug in given:
            continue
        titles = [
            MonthTitle(
                user_id=row.user_id,
                game=info.slug,
                month=month,
                place=row.place,
                won=row.won,
                matches=row.matches,
            )
            for row in month_board(game=info.slug, month=month, limit=TITLED_PLACES)
        ]
        MonthTitle.objects.bulk_create(titles, ignore_conflicts=True)


def month_titles_catch_up(now: datetime | None = None) -> None:
    """The beat job's work: the titles of the last ``CATCH_UP_MONTHS`` ended months."""
    month = month_before(month_of(now))
    for _ in range(CATCH_UP_MONTHS):
        month_titles_award(month=month, now=now)
        month = month_before(month)


def month_label(month: date) -> str:
    """The month's name and year in the reader's language: "November 2026"."""
    return formats.date_format(month, "YEAR_MONTH_FORMAT")


def title_words(*, game: str, month: date, place: int) -> str:
    """What a title says, in the reader's language: "Pitch champion, November 2026"."""
    names = {"game": CATALOGUE_BY_SLUG[game].name, "month": month_label(month)}
    if place == 1:
        return pgettext("month title", "%(game)s champion, %(month)s") % names
    if place == 2:
        return pgettext("month title", "%(game)s runner-up, %(month)s") % names
    return pgettext("month title", "%(game)s third place, %(month)s") % names


@dataclass(frozen=True)
class TitleShown:
    """A member's title as their profile shows it, with the board it was won on."""

    game: str
    month: date
    place: int
    words: str


def titles_of(*, user: User) -> list[TitleShown]:
    """The member's titles, newest month first, then best place."""
    titles = MonthTitle.objects.filter(user=user).order_by("-month", "place")
    return [
        TitleShown(
            game=title.game,
            month=title.month,
            place=title.place,
            words=title_words(game=title.game, month=title.month, place=title.place),
        )
        for title in titles
        if title.game in CATALOGUE_BY_SLUG
    ]
