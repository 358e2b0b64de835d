"""Issue 32 on PostgreSQL, real connections racing: two workers running the forming pass at
once never offer a member two tables (the losing pass undoes all it wrote), and a member
leaving while a pass forms their table is never offered it.

The invariants hold whoever else forms tables meanwhile: the live stack's beat (started by an
earlier test of this process, on the same database) runs the same pass every two seconds."""

from datetime import timedelta

import pytest
from django.db.models import Count
from django.utils import timezone

from games.ranked import services
from games.ranked.models import OfferOutcome, QueueEntry, QueueOffer
from tests.games.table_support import members
from tests.race_support import racing

pytestmark = [pytest.mark.scaleout, pytest.mark.django_db(transaction=True)]

RUMMY = {"game": "rummy", "variant": "points", "seats": 2}


def formed_by_the_next_passes(most: int = 5) -> None:
    """What the next passes form, as the beat's would two seconds later: a pass that collided
    with another forms nothing, and the winner may not hold every member. CI saw it: the
    beat's pass read the last member before his wait for bots was over, won, and both racing
    passes collided with it, leaving him waiting. A few passes: the beat may collide again."""
    for _pass in range(most):
        if not QueueEntry.objects.filter(offer=None).exists():
            return
        services.queues_form()


def every_offer_holds_a_full_table() -> None:
    """Each open offer holds a whole table: a losing pass that kept what it wrote would leave
    offers its claims never reached (no entries), or take members from the winner's. A
    declined offer has let its members go."""
    open_offers = QueueOffer.objects.filter(outcome=OfferOutcome.OPEN)
    sizes = open_offers.annotate(n=Count("entries")).values_list("n", flat=True)
    assert set(sizes) <= {RUMMY["seats"]}


def test_two_passes_at_once_offer_each_member_one_table():
    # As many tables as one pass forms at most: the pass that wins forms them all.
    users = members(RUMMY["seats"] * services.TABLES_PER_PASS)
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


def test_two_beat_jobs_forming_pass_after_pass_offer_each_member_one_table(monkeypatch):
    """The beat's job forms pass after pass while each fills ``TABLES_PER_PASS`` (a burst): two
    such jobs at once (a slow one overlapping the next) still seat each member once, and
    together seat everyone who can be."""
    monkeypatch.setattr(services, "TABLES_PER_PASS", 7)
    users = members(120)
    for user in users:
        services.queue_join(user_id=user.pk, **RUMMY)
    _results, errors = racing(services.queues_form_while_full, services.queues_form_while_full)
    assert errors == []
    every_offer_holds_a_full_table()
    services.queues_form_while_full()  # what a job that lost its last pass left, if any
    every_offer_holds_a_full_table()
    assert not QueueEntry.objects.filter(offer=None).exists()
    assert QueueOffer.objects.filter(outcome=OfferOutcome.OPEN).count() == len(users) // 2


COURT = {"game": "courtpiece", "variant": "single_sar", "seats": 4}


def test_two_passes_at_once_offer_each_member_waiting_for_bots_one_table_with_bots():
    """Issue 32 point 4: 30 members of Court Piece, each waited past their wait for bots, far
    apart in rating (beyond any gap after a minute): both passes offer tables with bots; one
    claims them all, the other none, and no member is in two offers."""
    users = members(30)
    for number, user in enumerate(users):
        services.queue_join(user_id=user.pk, bots_after=60, **COURT)
        # Far apart: no table of people forms; each is offered bots on their own.
        QueueEntry.objects.filter(user=user).update(
            rating=1000 + 350 * number, joined_at=timezone.now() - timedelta(seconds=61)
        )
    for _round in range(3):
        results, errors = racing(services.queues_form, services.queues_form)
        assert errors == []
        # One pass at most forms them (the session live stack's beat runs the same pass on
        # the same database every 2 s, and may form them before both: a loaded run saw 0, 0);
        # whoever formed them, each member is in exactly one offer (below).
        assert 0 in results
        formed_by_the_next_passes()
        offers = QueueOffer.objects.filter(outcome=OfferOutcome.OPEN)
        assert all(offer.bots >= 1 for offer in offers)
        sizes = offers.annotate(n=Count("entries")).values_list("n", "bots")
        assert all(n + bots == COURT["seats"] for n, bots in sizes)
        offered = list(QueueEntry.objects.exclude(offer=None).values_list("user_id", flat=True))
        assert len(offered) == len(set(offered)) == len(users)
        QueueEntry.objects.update(offer=None)
        QueueOffer.objects.all().delete()
