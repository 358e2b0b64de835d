"""Issue 32 point 4: after the wait each member chose, the members left waiting are offered to
start at once with house bots in the empty seats; accepting deals a ranked table with bots of
the level nearest their ratings; declining keeps them waiting for people."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.profiles.services import profile_update
from accounts.ratings.models import BotRating
from games.ranked import services
from games.ranked.matching import Waiting, bot_level_for, bots_offered
from games.ranked.models import OfferOutcome, QueueEntry, QueueOffer
from games.tables.models import BotLevel, Seat, Table, TableStatus
from tests.games.table_support import members

pytestmark = pytest.mark.django_db

COURT = {"game": "courtpiece", "variant": "single_sar", "seats": 4}


def queued(users, *, waited: float, bots_after: int = 120, queue=COURT):
    entries = [services.queue_join(user_id=u.pk, bots_after=bots_after, **queue) for u in users]
    QueueEntry.objects.filter(pk__in=[e.pk for e in entries]).update(
        joined_at=timezone.now() - timedelta(seconds=waited)
    )
    return entries


def test_three_members_of_court_piece_are_not_offered_bots_before_their_wait_is_over():
    queued(members(3), waited=119)
    assert services.queues_form() == 0
    assert not QueueOffer.objects.exists()


def test_after_the_wait_three_members_are_offered_one_table_with_one_bot():
    users = members(3)
    queued(users, waited=121)
    assert services.queues_form() == 1
    offer = QueueOffer.objects.get()
    assert (offer.bots, offer.bot_level, offer.seats) == (1, BotLevel.MEDIUM, 4)
    assert set(offer.entries.values_list("user_id", flat=True)) == {u.pk for u in users}


def test_accepting_a_table_with_bots_deals_a_ranked_match_with_the_bots_in_the_empty_seats():
    users = members(3)
    queued(users, waited=121)
    services.queues_form()
    offer = QueueOffer.objects.get()
    answers = [services.offer_accept(user_id=u.pk, offer_id=offer.pk) for u in users]
    assert answers[:2] == [None, None] and answers[2] is not None
    table = Table.objects.get(pk=answers[2])
    assert table.ranked and table.status == TableStatus.PLAYING
    seats = list(Seat.objects.filter(table=table).values_list("user_id", "bot_level"))
    assert sorted(u for u, _level in seats if u) == sorted(u.pk for u in users)
    assert [level for u, level in seats if u is None] == [BotLevel.MEDIUM]
    assert not QueueEntry.objects.exists()
    offer.refresh_from_db()
    assert offer.outcome == OfferOutcome.DEALT


def test_each_member_chooses_their_wait_and_a_member_who_chose_never_is_not_offered():
    patient, never, quick = members(3)
    queued([patient], waited=200, bots_after=300)
    queued([never], waited=10_000, bots_after=services.BOTS_NOT_NOW)
    queued([quick], waited=61, bots_after=60)
    assert services.queues_form() == 1
    offered = QueueOffer.objects.get().entries.values_list("user_id", flat=True)
    assert list(offered) == [quick.pk]
    assert QueueOffer.objects.get().bots == 3


def test_a_member_who_refuses_bots_is_never_offered_them():
    refuser, other = members(2)
    profile_update(user=refuser, ranked_bots_refused=True)
    queued([refuser, other], waited=10_000)
    services.queues_form()
    offered = set(QueueEntry.objects.exclude(offer=None).values_list("user_id", flat=True))
    assert offered == {other.pk}


def test_people_are_matched_with_people_before_anyone_is_offered_bots():
    users = members(5)
    queued(users, waited=500)
    assert services.queues_form() == 2
    assert sorted(QueueOffer.objects.values_list("bots", flat=True)) == [0, 3]


def test_declining_bots_keeps_the_member_waiting_for_people_and_offers_them_no_more():
    users = members(3)
    queued(users, waited=121)
    services.queues_form()
    offer = QueueOffer.objects.get()
    services.offer_decline(user_id=users[0].pk, offer_id=offer.pk)
    assert QueueEntry.objects.count() == 3
    assert QueueEntry.objects.get(user=users[0]).bots_after == services.BOTS_NOT_NOW
    services.queues_form()
    second = QueueOffer.objects.get(outcome=OfferOutcome.OPEN)
    assert set(second.entries.values_list("user_id", flat=True)) == {users[1].pk, users[2].pk}
    assert second.bots == 2


def test_members_far_apart_are_offered_bots_at_separate_tables():
    near = [
        Waiting(entry_id=n, user_id=n, rating=1500 + n, waited=130, bots_after=120)
        for n in range(2)
    ]
    far = Waiting(entry_id=9, user_id=9, rating=2400, waited=130, bots_after=120)
    groups = bots_offered([*near, far], 4)
    assert [[m.entry_id for m in g] for g in groups] == [[0, 1], [9]]


def test_a_table_of_four_offered_bots_holds_three_members_at_most():
    many = [
        Waiting(entry_id=n, user_id=n, rating=1500, waited=130, bots_after=120) for n in range(7)
    ]
    assert [len(g) for g in bots_offered(many, 4)] == [3, 3, 1]
    assert bots_offered(many, 1) == []


def test_the_bot_level_is_the_one_rated_nearest_the_members_average():
    def table(*ratings: float) -> list[Waiting]:
        return [Waiting(entry_id=n, user_id=n, rating=r, waited=0) for n, r in enumerate(ratings)]

    assert bot_level_for(table(1800, 1700), {}, 1500) == "medium"  # none rated: a tie, Medium
    rated = {"easy": 1320, "medium": 1540, "hard": 1730}
    assert bot_level_for(table(1800, 1700), rated, 1500) == "hard"
    assert bot_level_for(table(1350), rated, 1500) == "easy"
    assert bot_level_for(table(1500, 1600), rated, 1500) == "medium"


def test_the_offer_takes_the_level_from_the_bots_ratings_in_the_format():
    BotRating.objects.create(
        bot="hard", game="courtpiece", variant="single_sar", mu=40, sigma=3, ordinal=2120
    )
    BotRating.objects.create(
        bot="hard", game="courtpiece", variant="double_sar", mu=20, sigma=3, ordinal=1420
    )
    (strong,) = members(1)
    entry = queued([strong], waited=500)[0]
    QueueEntry.objects.filter(pk=entry.pk).update(rating=2100)
    services.queues_form()
    assert QueueOffer.objects.get().bot_level == "hard"
