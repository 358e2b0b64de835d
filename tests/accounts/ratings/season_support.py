"""Helpers for the month boards' tests (issue 32, point 6): rating changes written at a chosen
moment, as ``ratings_record_match`` would have written them then, the month's totals too."""

from datetime import datetime
from itertools import count

from django.db import connection

from accounts.ratings import sql
from accounts.ratings.models import RatingChange

_refs = count(10_000)


def month_played(member, game: str, wins: list[float], *, at: datetime) -> None:
    """One ranked match of ``game`` for ``member`` per entry of ``wins`` (the rating each one
    won), recorded at ``at``."""
    rating = 1500.0
    for won in wins:
        change = RatingChange.objects.create(
            user=member,
            game=game,
            match_ref=next(_refs),
            rank=1 if won > 0 else 2,
            sides=2,
            ordinal_before=rating,
            ordinal_after=rating + won,
            mu=25.0,
            sigma=8.0,
        )
        RatingChange.objects.filter(pk=change.pk).update(created_at=at)
        change.created_at = at
        with connection.cursor() as cursor:
            sql.month_totals_add(cursor, [change])
        rating += won
