"""Reads of the daily deal: the boards of a day (the current deal's and any rotated one's,
ranked apart), the reader's own place, the days that have boards, a member's streak.

A board is one index range (``daily_board``: a deal's finished attempts, best score first, then
the quicker): the first rows and the reader's own place cost the same at ten attempts or at a
hundred thousand.
"""

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from django.db.models import Q, QuerySet, Sum, Value
from django.db.models.functions import Coalesce, NullIf

from games.daily.days import day_is_over, day_of
from games.daily.models import Attempt, DailyDeal, ScoreCount

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


def _row(attempt: Attempt, place: int, user_id: int | None) -> BoardRow:
    return BoardRow(
        place=place,
        name=attempt.shown_name,  # type: ignore[attr-defined]
        score=attempt.score,
        details=attempt.details,
        seconds=attempt.seconds,
        table_id=attempt.table_id,
        mine=attempt.member_id == user_id,
    )


def _named(attempts: QuerySet[Attempt]) -> QuerySet[Attempt]:
    return attempts.annotate(
        shown_name=Coalesce(NullIf("member__profile__display_name", Value("")), "member__username")
    ).only("score", "details", "seconds", "table_id", "member_id")


def board_of(
    deal: DailyDeal, *, user_id: int | None, now: datetime | None = None, shown: int = BOARD_SHOWN
) -> Board:
    """A deal's board: its best ``shown`` attempts, the count, and the reader's own place (the
    attempts of better scores, from ``ScoreCount``, and the quicker ones of their own score,
    plus one). Four queries, whatever the count."""
    ranked = _ranked(deal)
    best = _named(ranked).order_by("-score", "seconds", "id")[:shown]
    rows = [_row(attempt, place, user_id) for place, attempt in enumerate(best, start=1)]
    own = None
    own_playing = False
    if user_id is not None:
        mine = _named(Attempt.objects.filter(deal=deal, member_id=user_id)).first()
        if mine is not None and mine.finished:
            better_scores = ScoreCount.objects.filter(deal=deal, score__gt=mine.score).aggregate(
                attempts=Sum("attempts")
            )["attempts"]
            quicker = ranked.filter(
                Q(score=mine.score, seconds__lt=mine.seconds)
                | Q(score=mine.score, seconds=mine.seconds, id__lt=mine.pk)
            ).count()
            better = (better_scores or 0) + quicker
            own = _row(mine, better + 1, user_id)
        own_playing = mine is not None and not mine.finished
    return Board(
        deal=deal,
        rows=rows,
        finished=deal.finished_attempts,
        own=own,
        own_playing=own_playing,
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


def streak_of(user_id: int, *, now: datetime | None = None) -> int:
    """Days in a row the member played a daily deal (any game), up to today, or up to
    yesterday while today is still theirs to play."""
    today = day_of(now)
    days = set(
        Attempt.objects.filter(member_id=user_id, day__gte=today - timedelta(STREAK_LOOKBACK))
        .values_list("day", flat=True)
        .distinct()
    )
    day = today if today in days else today - timedelta(1)
    streak = 0
    while day in days:
        streak += 1
        day -= timedelta(1)
    return streak
