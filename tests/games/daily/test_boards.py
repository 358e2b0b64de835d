"""Issue 21, the board: best score first, ties to the quicker attempt; the reader's own place
is the one a full sort gives, counted from the scores' tallies and the ties alone."""

from collections import Counter

import pytest

from games.daily import selectors, services
from games.daily.days import day_of
from games.daily.models import Attempt, ScoreCount
from games.tables.models import Table
from tests.games.table_support import members

pytestmark = pytest.mark.django_db


def test_each_members_place_is_the_full_sorts_and_ties_go_to_the_quicker():
    people = members(12)
    deal = services.daily_deal_current(game="pitch", day=day_of())
    scored = [(7, 300), (9, 100), (7, 200), (3, 50), (9, 100), (7, 200), (0, 10)] * 2
    attempts = []
    for person, (score, seconds) in zip(people, scored, strict=False):
        table = Table.objects.create(game="pitch", variant="standard", seat_count=4)
        attempts.append(
            Attempt.objects.create(
                member=person,
                deal=deal,
                game="pitch",
                day=deal.day,
                table=table,
                finished=True,
                score=score,
                seconds=seconds,
                details={"points": score},
            )
        )
    for score, count in Counter(attempt.score for attempt in attempts).items():
        ScoreCount.objects.create(deal=deal, score=score, attempts=count)
    deal.finished_attempts = len(attempts)
    deal.save()
    in_order = sorted(attempts, key=lambda a: (-a.score, a.seconds, a.pk))
    for place, attempt in enumerate(in_order, start=1):
        board = selectors.board_of(deal, user_id=attempt.member_id)
        assert board.own.place == place
    board = selectors.board_of(deal, user_id=None, shown=5)
    assert [row.score for row in board.rows] == [9, 9, 9, 9, 7]
    assert board.finished == 12 and board.own is None
