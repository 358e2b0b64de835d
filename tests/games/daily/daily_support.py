"""Helpers for daily deal tests: playing an attempt to its end with the timer's own moves."""

from datetime import UTC, datetime

import pytest
from django.utils import timezone

from games.daily import services
from games.daily.refusals import DailyRefusal
from games.tables import services as table_services
from games.tables.models import Move, TableStatus
from tests.games.table_support import bots_play, match_of

# 10:00 in Asia/Kolkata on 1 December 2026.
NOON_IN_INDIA = datetime(2026, 12, 1, 4, 30, tzinfo=UTC)


def play_out(attempt, *, most: int = 3000) -> list[tuple[int, dict]]:
    """Play the attempt's (or a visitor's try's) table to its end: the member (the visitor)
    makes the timer's default move each turn, the bots reply; returns every move as
    (seat, action)."""
    table = attempt.table
    visitor = getattr(attempt, "visitor", "")
    who = {"user_id": None, "visitor": visitor} if visitor else {"user_id": attempt.member_id}
    for _ in range(most):
        table = bots_play(table)
        if table.status != TableStatus.PLAYING:
            break
        if table.paused_until is not None and table.paused_until > timezone.now():
            # A hand's result is up (issue 22): the member reads it and presses Ready.
            table_services.table_ready(table_id=table.pk, **who)
            continue
        match = match_of(table)
        table_services.table_move_apply(
            table_id=table.pk,
            action=match.default_action(0),
            version=table.version,
            **who,
        )
    return [(move.seat, move.action) for move in Move.objects.filter(table=table)]


def begin(member, game: str, **kwargs):
    return services.daily_attempt_begin(user_id=member.pk, game=game, **kwargs)


def refused_daily(code: str):
    """Expects the daily deal to refuse with exactly ``code``."""
    return pytest.raises(DailyRefusal, match=f"^{code}$")
