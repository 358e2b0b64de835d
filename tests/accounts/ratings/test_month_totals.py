"""Issue 32, point 6: each member's month in a game is kept as their matches are rated
(``MonthTotal``, in the transaction of the rating changes), so the month's board reads a
bounded number of rows however many matches the month had; migration 0013 filled it from the
changes written before it."""

import importlib
from datetime import UTC, date, datetime
from unittest import mock

import pytest
from django.apps import apps
from django.db import transaction
from django.db.models import Count, F, Max, Sum

from accounts.ratings.models import MonthTotal, RatingChange
from accounts.ratings.months import month_of
from accounts.ratings.seasons import month_board
from tests.accounts.ratings.support import ffa_record, members_new

pytestmark = pytest.mark.django_db


def totals_summed_from_changes() -> dict:
    """What the totals must be: the changes summed per member, game and month."""
    summed: dict = {}
    for change in RatingChange.objects.all():
        key = (change.user_id, change.game, month_of(change.created_at))
        won, matches, last = summed.get(key, (0.0, 0, change.created_at))
        summed[key] = (
            won + change.ordinal_after - change.ordinal_before,
            matches + 1,
            max(last, change.created_at),
        )
    return summed


def totals_kept() -> dict:
    return {
        (t.user_id, t.game, t.month): (t.won, t.matches, t.last_at)
        for t in MonthTotal.objects.all()
    }


def same(kept: dict, summed: dict) -> bool:
    return kept.keys() == summed.keys() and all(
        abs(kept[key][0] - summed[key][0]) < 1e-9 and kept[key][1:] == summed[key][1:]
        for key in kept
    )


def test_every_rated_match_adds_to_its_members_month_in_the_same_transaction():
    a, b, c = members_new(3)
    ffa_record("rummy", 1, [a, b, c])
    ffa_record("rummy", 2, [c, a, b])
    ffa_record("pitch", 3, [b, a])
    assert same(totals_kept(), totals_summed_from_changes())
    assert MonthTotal.objects.get(user=a, game="rummy").matches == 2
    with pytest.raises(RuntimeError), transaction.atomic():
        ffa_record("rummy", 4, [a, b])
        raise RuntimeError("the result's transaction fails")
    assert MonthTotal.objects.get(user=a, game="rummy").matches == 2


def test_a_match_recorded_twice_counts_once_in_the_month():
    a, b = members_new(2)
    ffa_record("rummy", 7, [a, b])
    assert ffa_record("rummy", 7, [a, b]) == []
    assert set(MonthTotal.objects.values_list("matches", flat=True)) == {1}


def test_matches_either_side_of_indias_midnight_count_in_their_own_months():
    a, b = members_new(2)
    with mock.patch(
        "django.utils.timezone.now", return_value=datetime(2026, 11, 30, 18, 29, tzinfo=UTC)
    ):
        ffa_record("rummy", 1, [a, b])
    with mock.patch(
        "django.utils.timezone.now", return_value=datetime(2026, 11, 30, 18, 31, tzinfo=UTC)
    ):
        ffa_record("rummy", 2, [a, b])
    months = sorted(MonthTotal.objects.filter(user=a).values_list("month", "matches"))
    assert months == [(date(2026, 11, 1), 1), (date(2026, 12, 1), 1)]


def test_the_migration_fills_the_totals_from_the_changes_written_before():
    members = members_new(4)
    for ref in range(12):
        ffa_record("rummy", ref, members[ref % 4 :] + members[: ref % 4])
    summed = totals_summed_from_changes()
    MonthTotal.objects.all().delete()
    migration = importlib.import_module("accounts.migrations.0013_month_totals")
    migration.totals_from_changes(apps, None)
    assert same(totals_kept(), summed)
    board = month_board(game="rummy", month=month_of())
    by_sum = (
        RatingChange.objects.values("user")
        .annotate(
            won=Sum(F("ordinal_after") - F("ordinal_before")), n=Count("id"), last=Max("created_at")
        )
        .filter(n__gte=5)
    )
    assert {row.user_id for row in board} == {row["user"] for row in by_sum}
