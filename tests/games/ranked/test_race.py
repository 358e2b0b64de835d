"""Issue 32 on PostgreSQL, real connections racing: two workers running the forming pass at
once never offer a member two tables (the losing pass undoes all it wrote), and a member
leaving while a pass forms their table is never offered it.

The invariants hold whoever else forms tables meanwhile: the live stack's beat (started by an
earlier test of this process, on the same database) runs the same pass every two seconds."""

import pytest
from django.db.models import Count

from games.ranked import services
from games.ranked.models import OfferOutcome, QueueEntry, QueueOffer
from tests.games.table_support import members
from tests.race_support import racing

pytestmark = [pytest.mark.scaleout, pytest.mark.django_db(transaction=True)]

RUMMY = {"game": "rummy", "variant": "points", "seats": 2}


def every_offer_holds_a_full_table() -> None:
    """Each open offer holds a whole table: a losing pass that kept what it wrote would leave
    offers its claims never reached (no entries), or take members from the winner's. A
    declined offer has let its members go."""
    open_offers = QueueOffer.objects.filter(outcome=OfferOutcome.OPEN)
    sizes = open_offers.annotate(n=Count("entries")).values_list("n", flat=True)
    assert set(sizes) <= {RUMMY["seats"]}


def test_two_passes_at_once_offer_each_member_one_table():
    users = members(120)
    for user in users:
        services.queue_join(user_id=user.pk, **RUMMY)
    for _round in range(3):
        results, errors = racing(services.queues_form, services.queues_form)
        assert errors == []
        every_offer_holds_a_full_table()
        assert 0 in results  # the pass that lost formed nothing
        QueueOffer.objects.all().delete()  # the members wait again: race once more
    assert QueueEntry.objects.count() == len(users)


def test_a_member_leaving_during_a_pass_is_never_offered_a_table():
    users = members(60)
    for user in users:
        services.queue_join(user_id=user.pk, **RUMMY)
    leave = [lambda user=user: services.queue_leave(user_id=user.pk) for user in users[:5]]
    _results, errors = racing(services.queues_form, *leave)
    assert errors == []
    every_offer_holds_a_full_table()
    offered = set(QueueEntry.objects.exclude(offer=None).values_list("user_id", flat=True))
    assert offered.isdisjoint({user.pk for user in users[:5]})
