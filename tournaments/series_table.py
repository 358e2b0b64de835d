"""A weekly series' table (issue 31, point 6): points for each place in each occurrence, the
standings over the whole series and over one month, and the title its leader holds.

The rule, said in words on the series' page (``templates/tournaments/_series_table.html``):
10 points for 1st place, 7 for 2nd, 5 for 3rd, 3 for 4th, 2 for 5th and 1 for 6th, and 1 for
every other place: a member who played an occurrence to their place scores, one withdrawn,
removed or not checked in does not (they have no place), nor does a cancelled occurrence
(it placed nobody) [decided: the Formula One shape, short enough for a final table of six].
Ties in points are split by more wins, then by the better best place; members tied on all
three share the rank, and joint leaders share the title.

Summed by the database (one query a table), so a series of many weeks and a thousand
entrants costs what a short one does.
"""

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Case, Count, IntegerField, Min, Q, QuerySet, Sum, Value, When

from tournaments.models import Entry, Series, SeriesStatus, TournamentStatus

POINTS_BY_PLACE = {1: 10, 2: 7, 3: 5, 4: 3, 5: 2, 6: 1}
POINTS_FOR_FINISHING = 1
SHOWN = 100
# The most sums a table reads: every member of the series the member placed in, in the end.
SHOWN_SUMS = 100_000


@dataclass(frozen=True)
class SeriesRow:
    rank: int
    user_id: int
    name: str
    username: str
    points: int
    wins: int
    best: int
    played: int


@dataclass(frozen=True)
class SeriesTitle:
    """A member leads (or, the series stopped, won) a series, with so many points."""

    series: Series
    points: int
    won: bool


def _points() -> Sum:
    return Sum(
        Case(
            *(When(place=place, then=Value(points)) for place, points in POINTS_BY_PLACE.items()),
            default=Value(POINTS_FOR_FINISHING),
            output_field=IntegerField(),
        )
    )


def _placed(series_ids: list[int]) -> QuerySet[Entry]:
    return Entry.objects.filter(
        tournament__series_id__in=series_ids,
        tournament__status=TournamentStatus.FINISHED,
        place__isnull=False,
    )


def _totals(rows: QuerySet[Entry, Any], *by: str, limit: int) -> list[tuple[Any, ...]]:
    """``rows`` summed per value of the fields ``by``: those values, then their points, wins,
    best place and occurrences played; best first (points, then wins, then best place)."""
    summed = rows.values(*by).annotate(
        points=_points(), wins=Count("pk", filter=Q(place=1)), best=Min("place"), played=Count("pk")
    )
    ordered = summed.order_by("-points", "-wins", "best", *by)
    return list(ordered.values_list(*by, "points", "wins", "best", "played")[:limit])


def series_standings(series: Series, month: date | None = None) -> list[SeriesRow]:
    """The series' table, best first (the first ``SHOWN``): over every occurrence, or over
    those whose date falls in ``month`` (its year and month; the date in the series' zone)."""
    placed = _placed([series.pk])
    if month is not None:
        placed = placed.filter(
            tournament__occurrence__year=month.year, tournament__occurrence__month=month.month
        )
    rows = _totals(placed, "user_id", limit=SHOWN)
    names = {
        pk: (display or username, username)
        for pk, display, username in get_user_model()
        .objects.filter(pk__in=[row[0] for row in rows])
        .values_list("pk", "profile__display_name", "username")
    }
    table: list[SeriesRow] = []
    for user_id, points, wins, best, played in rows:
        tied = table and (table[-1].points, table[-1].wins, table[-1].best) == (points, wins, best)
        rank = table[-1].rank if tied else len(table) + 1
        name, username = names.get(user_id, ("", ""))
        table.append(SeriesRow(rank, user_id, name, username, points, wins, best, played))
    return table


def series_titles_of(user_id: int) -> list[SeriesTitle]:
    """The series the member leads, or led when it stopped: first in points (joint leaders
    share it). One query for the series they placed in, one for those series' totals."""
    series_ids = list(
        _placed_by(user_id).values_list("tournament__series_id", flat=True).distinct()
    )
    if not series_ids:
        return []
    best: dict[int, tuple[int, int, int]] = {}
    mine: dict[int, tuple[int, int, int]] = {}
    for series_id, member, points, wins, place, _played in _totals(
        _placed(series_ids), "tournament__series_id", "user_id", limit=SHOWN_SUMS
    ):
        key = (points, wins, -place)
        best[series_id] = max(best.get(series_id, key), key)
        if member == user_id:
            mine[series_id] = key
    led = [series_id for series_id, key in mine.items() if key == best[series_id]]
    return [
        SeriesTitle(row, mine[row.pk][0], row.status == SeriesStatus.STOPPED)
        for row in Series.objects.filter(pk__in=led).order_by("name", "pk")
    ]


def _placed_by(user_id: int) -> QuerySet[Entry]:
    return Entry.objects.filter(
        user_id=user_id,
        tournament__series__isnull=False,
        tournament__status=TournamentStatus.FINISHED,
        place__isnull=False,
    )
