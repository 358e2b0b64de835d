"""Two ranked matches of the same member that end at the same moment both count (issue 10).

Each match is recorded by its own thread, on its own database connection, in its own
transaction that stays open a little after the update (as the table's result transaction does
while it writes the rest). On PostgreSQL the second waits on the Rating row locks; on SQLite on
the database's write lock (IMMEDIATE transactions). Without the locks the second would start
from the rating the first had not yet committed, and one match would be lost.
"""

import threading
import time

import pytest
from django.db import connection, transaction

from accounts.ratings.models import Rating, RatingChange
from tests.accounts.ratings.support import counts_kept, ffa_record, members_new

pytestmark = pytest.mark.django_db(transaction=True)

HOLD_SECONDS = 0.3


def finish_together(*matches) -> None:
    """Record each ``(game, ref, finishing_order)`` in its own thread, all starting at once."""
    start = threading.Barrier(len(matches))
    errors = []

    def finish(game, ref, order):
        try:
            start.wait()
            with transaction.atomic():
                ffa_record(game, ref, order)
                time.sleep(HOLD_SECONDS)
        except Exception as error:  # the test thread re-raises it
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=finish, args=match) for match in matches]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []


def assert_both_counted(member, *, before: int) -> None:
    rating = Rating.objects.get(user=member, game="rummy")
    changes = RatingChange.objects.filter(user=member, game="rummy", match_ref__gt=100)
    first, second = changes.order_by("id")
    assert rating.matches_played == before + 2
    assert second.ordinal_before == first.ordinal_after
    assert (rating.ordinal, rating.mu, rating.sigma) == (
        second.ordinal_after,
        second.mu,
        second.sigma,
    )


@pytest.mark.parametrize("history", ["first-matches", "rated-before"])
def test_two_matches_of_one_member_ending_at_once_both_count(history):
    shared, *others = members_new(5)
    before = 1 if history == "rated-before" else 0
    if before:
        ffa_record("rummy", 1, [shared, *others])
    finish_together(
        ("rummy", 101, [shared, others[0], others[1]]),
        ("rummy", 102, [others[2], others[3], shared]),
    )
    assert_both_counted(shared, before=before)
    assert RatingChange.objects.filter(match_ref__gt=100).count() == 6
    assert counts_kept("rummy")


def test_the_same_match_recorded_twice_at_once_counts_once():
    players = members_new(4)
    finish_together(("rummy", 7, players), ("rummy", 7, players))
    assert RatingChange.objects.count() == 4
    assert set(Rating.objects.values_list("matches_played", flat=True)) == {1}
    assert counts_kept("rummy")
