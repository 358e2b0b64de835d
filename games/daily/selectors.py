"""Reads of the daily deal: the boards of a day (the current deal's and any rotated one's,
ranked apart), the reader's own place, the days that have boards, a member's streak.

A board is one index range (``daily_board``: a deal's finished attempts, best score first, then
the quicker): the first rows and the reader's own place cost the same at ten attempts or at a
hundred thousand.
"""

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet, Sum, Value
from django.db.models.functions import Coalesce, NullIf

from games.daily.days import day_end, day_is_over, day_of
from games.daily.models import Attempt, DailyDeal, ScoreCount, VisitorTry

BOARD_SHOWN = 50
STREAK_LOOKBACK = 400


@dataclass(frozen=True)
class BoardRow:
    place: int
    name: str
    score: int
    details: dict[str, Any]
    seconds: int
    table_id: int
    mine: bool


@dataclass(frozen=True)
class Board:
    deal: DailyDeal
    rows: list[BoardRow]
    finished: int  # attempts ranked on it
    own: BoardRow | None  # the reader's row, when they finished an attempt on this deal
    own_playing: bool  # the reader began an attempt on this deal and has not finished it
    open: bool  # the day is over: seeds, hands and replays may be shown


def _ranked(deal: DailyDeal) -> QuerySet[Attempt]:
    return Attempt.objects.filter(deal=deal, finished=True)


def _row(attempt: Attempt, place: int, user_id: int | None, names: dict[int, str]) -> BoardRow:
    return BoardRow(
        place=place,
        name=names.get(attempt.member_id, ""),
        score=attempt.score,
        details=attempt.details,
        seconds=attempt.seconds,
        table_id=attempt.table_id,
        mine=attempt.member_id == user_id,
    )


BOARD_FIELDS = ("score", "details", "seconds", "table_id", "member_id", "finished")


def _names(member_ids: list[int]) -> dict[int, str]:
    """The shown names (display name, else username) of a board's few members, in one query
    of their own: joined to the board's read, the join led SQLite away from the board's
    index (145 ms at 100,000 attempts, bench/bench_daily.py)."""
    shown = Coalesce(NullIf("profile__display_name", Value("")), "username")
    users = get_user_model().objects.filter(pk__in=member_ids).annotate(shown=shown)
    return dict(users.values_list("pk", "shown"))


def board_of(
    deal: DailyDeal, *, user_id: int | None, now: datetime | None = None, shown: int = BOARD_SHOWN
) -> Board:
    """A deal's board: its best ``shown`` attempts, the count, and the reader's own place (the
    attempts of better scores, from ``ScoreCount``, and the quicker ones of their own score,
    plus one). Five queries, whatever the count."""
    ranked = _ranked(deal)
    best = list(ranked.order_by("-score", "seconds", "id").only(*BOARD_FIELDS)[:shown])
    mine = None
    if user_id is not None:
        # By the one-a-day key, which SQLite seeks (by the deal alone it scanned its rows).
        mine = (
            Attempt.objects.filter(member_id=user_id, game=deal.game, day=deal.day, deal=deal)
            .only(*BOARD_FIELDS)
            .first()
        )
    names = _names([attempt.member_id for attempt in best] + ([mine.member_id] if mine else []))
    rows = [_row(attempt, place, user_id, names) for place, attempt in enumerate(best, start=1)]
    own = None
    if mine is not None and mine.finished:
        better_scores = ScoreCount.objects.filter(deal=deal, score__gt=mine.score).aggregate(
            attempts=Sum("attempts")
        )["attempts"]
        quicker = (
            ranked.filter(score=mine.score)
            .filter(Q(seconds__lt=mine.seconds) | Q(seconds=mine.seconds, id__lt=mine.pk))
            .count()
        )
        own = _row(mine, (better_scores or 0) + quicker + 1, user_id, names)
    return Board(
        deal=deal,
        rows=rows,
        finished=deal.finished_attempts,
        own=own,
        own_playing=mine is not None and not mine.finished,
        open=day_is_over(deal.day, now),
    )


def day_boards(
    game: str, day: date, *, user_id: int | None, now: datetime | None = None
) -> list[Board]:
    """Every deal of ``game`` on ``day``: the current one first, then those rotated away,
    newest first (their attempts stay, ranked apart)."""
    deals = sorted(
        DailyDeal.objects.filter(game=game, day=day),
        key=lambda deal: (deal.replaced_at is not None, -deal.pk),
    )
    return [board_of(deal, user_id=user_id, now=now) for deal in deals]


def days_with_deals(game: str, *, before: date, count: int = 14) -> list[date]:
    """The latest ``count`` days before ``before`` that had a deal of ``game``: past boards."""
    days = (
        DailyDeal.objects.filter(game=game, day__lt=before, replaced_at__isnull=True)
        .order_by("-day")
        .values_list("day", flat=True)[:count]
    )
    return list(days)


def attempt_of(*, user_id: int, game: str, day: date) -> Attempt | None:
    return Attempt.objects.filter(member_id=user_id, game=game, day=day).first()


def _visitor_tries(visitor: str, day: date) -> QuerySet[VisitorTry]:
    tries = VisitorTry.objects.select_related("table").only(
        "game", "deal_id", "details", "table__status"
    )
    return tries.filter(visitor=visitor, day=day)


def visitor_try_of(*, visitor: str, game: str, day: date) -> VisitorTry | None:
    """The visitor's unranked try at the day's deal of ``game``, with its table's status."""
    if not visitor:
        return None
    return _visitor_tries(visitor, day).filter(game=game).first()


def visitor_tries_of(*, visitor: str, day: date) -> dict[str, VisitorTry]:
    """The visitor's tries of the day, by game (the daily index): one query."""
    if not visitor:
        return {}
    return {tried.game: tried for tried in _visitor_tries(visitor, day)}


@dataclass(frozen=True)
class DailyTable:
    """A daily deal's table, as its finished page offers what comes next: the day's board, a
    result to share, tomorrow's deal."""

    game: str
    day: date
    score: int | None  # a member's finished attempt's; None: a visitor's try, or not over
    next_deal_at: datetime  # when tomorrow's deal opens (this day's end)


def daily_table_of(table_id: int) -> DailyTable | None:
    """The daily deal played at the table, or None for any other table."""
    attempt = Attempt.objects.filter(table_id=table_id).values("game", "day", "score", "finished")
    for row in attempt:
        score = row["score"] if row["finished"] else None
        return DailyTable(row["game"], row["day"], score, day_end(row["day"]))
    tried = VisitorTry.objects.filter(table_id=table_id).values("game", "day").first()
    if tried is None:
        return None
    return DailyTable(tried["game"], tried["day"], None, day_end(tried["day"]))


def streak_of(user_id: int, *, now: datetime | None = None) -> int:
    """Days in a row the member finished a daily deal (any game), up to today, or up to
    yesterday while today is still theirs to play. An attempt only begun counts for nothing
    (issue 30): a streak is of deals played to their end."""
    today = day_of(now)
    days = set(
        Attempt.objects.filter(
            member_id=user_id, finished=True, day__gte=today - timedelta(STREAK_LOOKBACK)
        )
        .values_list("day", flat=True)
        .distinct()
    )
    day = today if today in days else today - timedelta(1)
    streak = 0
    while day in days:
        streak += 1
        day -= timedelta(1)
    return streak
