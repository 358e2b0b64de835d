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
from decimal import ROUND_HALF_UP, Decimal

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.db.models.functions import Round
from django.utils import formats
from django.utils.translation import pgettext

from accounts.ratings.models import MONTH_MIN_MATCHES as MONTH_MIN_MATCHES
from accounts.ratings.models import MonthTitle, MonthTotal, RatingChange
from accounts.ratings.months import (
    month_before,
    month_is_awardable,
    month_of,
)
from games.catalogue import CATALOGUE, CATALOGUE_BY_SLUG

BOARD_SIZE = 100
TITLED_PLACES = 3

CATCH_UP_MONTHS = 2
"""How many ended months the beat job looks at: the one just ended, and the one before in case
the worker was down when that one ended."""


# A board's row as the query reads it: member id, username, display name, won, matches.
BoardRow = tuple[int, str, str | None, float, int]


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
    module's docstring). One query, the same whatever the month's number of matches: the
    members' totals of the month (``MonthTotal``, kept by ``ratings_record_match``), read in
    the order of their index (``month_total_board``) up to ``limit``, with their names."""
    totals = month_board_query(game=game, month=month)
    return [
        MonthRow(
            place=place,
            user_id=user,
            username=username,
            name=display_name or username,
            won=_points(won),
            matches=matches,
        )
        for place, (user, username, display_name, won, matches) in enumerate(
            totals[:limit], start=1
        )
    ]


def month_board_query(*, game: str, month: date) -> QuerySet[MonthTotal, BoardRow]:
    """The board's rows in its order, unsliced (``month_board`` reads its first ones; the
    benchmark explains it: bench/bench_ratings.py)."""
    return (
        MonthTotal.objects.filter(
            game=game, month=month, matches__gte=MONTH_MIN_MATCHES, user__bot_account__isnull=True
        )
        .order_by(Round("won").desc(), "-matches", "last_at", "user")
        .values_list("user", "user__username", "user__profile__display_name", "won", "matches")
    )


def _points(won: float) -> int:
    """The rating won, in whole points as the board orders it (the database's ROUND: halves
    away from zero)."""
    return int(Decimal(repr(won)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


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
    total = (
        MonthTotal.objects.filter(user=user, game=game, month=month)
        .values_list("won", "matches")
        .first()
    )
    won, matches = total or (0.0, 0)
    return OwnMonth(won=_points(won), matches=matches)


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
