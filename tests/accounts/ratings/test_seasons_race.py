"""Issue 32, point 6 on PostgreSQL, real connections racing: two workers giving a month's
titles at once give each title once (one per place, one per member, in each game's month)."""

from datetime import timedelta

import pytest
from django.db.models import Count

from accounts.ratings.models import MonthTitle
from accounts.ratings.seasons import month_titles_award, month_titles_catch_up
from tests.accounts.ratings.season_support import month_played
from tests.accounts.ratings.support import members_new
from tests.accounts.ratings.test_seasons import DECEMBER_FIRST, MID_NOVEMBER, NOVEMBER, five
from tests.race_support import racing

pytestmark = [pytest.mark.scaleout, pytest.mark.django_db(transaction=True)]

GAMES = ("rummy", "courtpiece", "pitch", "unders")
AFTER = DECEMBER_FIRST + timedelta(minutes=35)


def titles_are_each_given_once() -> None:
    per_place = MonthTitle.objects.values("game", "month", "place").annotate(n=Count("id"))
    assert {row["n"] for row in per_place} == {1}
    per_member = MonthTitle.objects.values("game", "month", "user").annotate(n=Count("id"))
    assert {row["n"] for row in per_member} == {1}


def test_two_workers_at_once_give_each_title_once():
    players = members_new(5)
    for game in GAMES:
        for number, player in enumerate(players):
            month_played(player, game, five(50.0 - 10 * number), at=MID_NOVEMBER)
    for _round in range(4):
        _results, errors = racing(
            lambda: month_titles_award(month=NOVEMBER, now=AFTER),
            lambda: month_titles_award(month=NOVEMBER, now=AFTER),
            lambda: month_titles_catch_up(now=AFTER),
        )
        assert errors == []
        titles_are_each_given_once()
        given = MonthTitle.objects.order_by("game", "place").values_list("game", "user", "place")
        assert list(given) == [
            (game, players[place - 1].pk, place) for game in sorted(GAMES) for place in (1, 2, 3)
        ]
        MonthTitle.objects.all().delete()  # give them again: race once more
