"""Issue 32: joining and leaving the ranked queue, its refusals, the forming pass, accepting
and declining a formed table, and the queue leaving a closed tab's member behind."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from accounts.moderation.models import Sanction, SanctionKind
from accounts.ratings.models import Rating
from games.ranked import services
from games.ranked.models import ACCEPT_SECONDS, OfferOutcome, QueueEntry, QueueOffer
from games.tables.models import Seat, Table, TableStatus
from tests.games.table_support import members, table_new

pytestmark = pytest.mark.django_db

COURT = {"game": "courtpiece", "variant": "single_sar", "seats": 4}


def joined(users, queue=COURT):
    return [services.queue_join(user_id=user.pk, **queue) for user in users]


def offered(users, now=None) -> QueueOffer:
    """``users`` join the queue and one pass forms their table: its offer."""
    joined(users)
    assert services.queues_form(now) == 1
    return QueueOffer.objects.get()


def refusal(call) -> dict:
    with pytest.raises(ValidationError) as refused:
        call()
    return refused.value.message_dict


def test_four_members_of_court_piece_are_formed_into_one_table_and_dealt_when_all_accept():
    users = members(4)
    offer = offered(users)
    assert set(offer.entries.values_list("user_id", flat=True)) == {u.pk for u in users}
    assert offer.expires_at == offer.created_at + timedelta(seconds=ACCEPT_SECONDS)
    assert [services.offer_accept(user_id=u.pk, offer_id=offer.pk) for u in users[:3]] == [None] * 3
    assert not Table.objects.exists()
    table_id = services.offer_accept(user_id=users[3].pk, offer_id=offer.pk)
    table = Table.objects.get(pk=table_id)
    assert table.ranked and table.status == TableStatus.PLAYING and table.game == "courtpiece"
    assert set(Seat.objects.filter(table=table).values_list("user_id", flat=True)) == {
        u.pk for u in users
    }
    assert not QueueEntry.objects.exists()
    offer.refresh_from_db()
    assert offer.outcome == OfferOutcome.DEALT and offer.table_id == table_id


def test_three_members_of_a_four_seat_queue_form_nothing():
    joined(members(3))
    assert services.queues_form() == 0
    assert QueueEntry.objects.filter(offer=None).count() == 3


def test_the_queue_keeps_the_rating_each_member_has():
    strong, newcomer = members(2)
    Rating.objects.create(user=strong, game="rummy", mu=40, sigma=2, ordinal=2180)
    queue = {"game": "rummy", "variant": "points", "seats": 2}
    entries = joined([strong, newcomer], queue)
    assert [entry.rating for entry in entries] == [2180, 1500]
    assert services.queues_form() == 0  # 680 apart: beyond both members' gap for now


def test_a_member_in_one_queue_is_refused_another_and_keeps_their_place():
    (asha,) = members(1)
    (entry,) = joined([asha])
    assert "queue" in refusal(
        lambda: services.queue_join(user_id=asha.pk, game="rummy", variant="points", seats=2)
    )
    assert list(QueueEntry.objects.values_list("pk", "game")) == [(entry.pk, "courtpiece")]
    assert services.queue_join(user_id=asha.pk, **COURT).pk == entry.pk


@pytest.mark.parametrize(
    ("queue", "field"),
    [
        ({"game": "chess", "variant": "x", "seats": 2}, "game"),
        ({"game": "pitch", "variant": "nine", "seats": 4}, "variant"),
        ({"game": "courtpiece", "variant": "single_sar", "seats": 3}, "seats"),
        ({"game": "rummy", "variant": "points", "seats": 7}, "seats"),
        ({"game": "rummy", "variant": "points", "seats": 2, "bots_after": 7}, "bots_after"),
    ],
)
def test_a_queue_the_game_does_not_have_is_refused(queue, field):
    (asha,) = members(1)
    assert field in refusal(lambda: services.queue_join(user_id=asha.pk, **queue))
    assert not QueueEntry.objects.exists()


def test_a_member_seated_at_a_ranked_table_is_refused_the_queue():
    asha, bilal = members(2)
    table_new(asha, "rummy", ["", ""], ranked=True)
    assert "queue" in refusal(lambda: services.queue_join(user_id=asha.pk, **COURT))
    assert not QueueEntry.objects.exists()
    services.queue_join(user_id=bilal.pk, **COURT)  # a casual or no seat: welcome


def test_a_play_banned_member_is_refused_the_queue():
    (asha,) = members(1)
    Sanction.objects.create(
        member=asha,
        kind=SanctionKind.PLAY_BAN,
        reason="left",
        until=timezone.now() + timedelta(hours=1),
    )
    assert "ranked" in refusal(lambda: services.queue_join(user_id=asha.pk, **COURT))
    assert not QueueEntry.objects.exists()


def test_one_who_declines_leaves_the_queue_and_the_others_go_back_to_its_front():
    users = members(5)
    offer = offered(users[:4])
    services.offer_accept(user_id=users[0].pk, offer_id=offer.pk)
    services.offer_decline(user_id=users[1].pk, offer_id=offer.pk)
    assert not QueueEntry.objects.filter(user=users[1]).exists()
    back = QueueEntry.objects.filter(offer=None).order_by("joined_at")
    assert [e.user_id for e in back] == [u.pk for u in (users[0], users[2], users[3])]
    assert not any(e.accepted for e in back)
    joined(users[4:])  # the last to come sits with those who were there first
    assert services.queues_form() == 1


def test_a_table_not_accepted_in_time_is_undone_at_the_next_pass():
    users = members(4)
    now = timezone.now()
    offer = offered(users, now)
    for user in users[:3]:
        services.offer_accept(user_id=user.pk, offer_id=offer.pk, now=now)
    later = now + timedelta(seconds=ACCEPT_SECONDS + 1)
    assert "offer" in refusal(
        lambda: services.offer_accept(user_id=users[3].pk, offer_id=offer.pk, now=later)
    )
    services.queue_seen(user_id=users[0].pk, now=later)
    assert services.queues_form(later) == 0
    assert not QueueEntry.objects.filter(user=users[3]).exists()
    assert QueueEntry.objects.filter(offer=None).count() == 3
    offer.refresh_from_db()
    assert offer.outcome == OfferOutcome.DECLINED and offer.table_id is None


def test_accepting_twice_a_table_gone_or_another_members_is_refused_changing_nothing():
    users = members(5)
    offer = offered(users[:4])
    services.offer_accept(user_id=users[0].pk, offer_id=offer.pk)
    assert "offer" in refusal(lambda: services.offer_accept(user_id=users[0].pk, offer_id=offer.pk))
    # Not formed for users[4]: a forged accept.
    assert "offer" in refusal(lambda: services.offer_accept(user_id=users[4].pk, offer_id=offer.pk))
    assert "offer" in refusal(lambda: services.offer_accept(user_id=users[0].pk, offer_id=10**9))
    assert list(QueueEntry.objects.filter(accepted=True).values_list("user_id", flat=True)) == [
        users[0].pk
    ]
    for user in users[1:4]:
        services.offer_accept(user_id=user.pk, offer_id=offer.pk)
    assert "offer" in refusal(lambda: services.offer_accept(user_id=users[1].pk, offer_id=offer.pk))
    assert Table.objects.count() == 1


def test_a_member_whose_pages_are_closed_is_out_within_a_minute():
    asha, bilal = members(2)
    joined([asha, bilal])
    later = timezone.now() + services.SEEN_WITHIN + timedelta(seconds=1)
    services.queue_seen(user_id=bilal.pk, now=later)
    services.queues_form(later)
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [bilal.pk]


def test_leaving_takes_the_member_out_and_declines_a_table_formed_for_them():
    users = members(4)
    joined(users)
    services.queues_form()
    assert services.queue_leave(user_id=users[2].pk)
    assert not services.queue_leave(user_id=users[2].pk)
    assert QueueEntry.objects.filter(offer=None).count() == 3
    assert QueueOffer.objects.get().outcome == OfferOutcome.DECLINED


def test_recent_opponents_are_read_from_their_last_ranked_matches():
    """Two members who just played each other in rummy wait with two others: each of them
    plays one of the others."""
    from accounts.ratings.models import RatingChange

    users = members(4)
    for user in users[:2]:
        RatingChange.objects.create(
            user=user,
            game="rummy",
            match_ref=77,
            rank=1,
            sides=2,
            ordinal_before=1500,
            ordinal_after=1500,
            mu=25,
            sigma=8,
        )
    joined(users, {"game": "rummy", "variant": "points", "seats": 2})
    assert services.queues_form() == 2
    for offer in QueueOffer.objects.all():
        assert set(offer.entries.values_list("user_id", flat=True)) != {users[0].pk, users[1].pk}


def test_a_pass_forms_at_most_its_share_of_tables_longest_waiting_first(monkeypatch):
    """A burst (everyone joined at once) is seated over passes that follow one another, each
    bounded: the first seats those who waited longest; ``queues_form_while_full`` runs passes
    until one is not full."""
    monkeypatch.setattr(services, "TABLES_PER_PASS", 2)
    users = members(10)
    joined(users, {"game": "rummy", "variant": "points", "seats": 2})
    now = timezone.now()
    QueueEntry.objects.filter(user__in=users[8:]).update(joined_at=now - timedelta(seconds=30))
    assert services.queues_form(now) == 2
    offered = set(QueueEntry.objects.exclude(offer=None).values_list("user_id", flat=True))
    assert {users[8].pk, users[9].pk} <= offered and len(offered) == 4
    assert services.queues_form_while_full() == 3
    assert not QueueEntry.objects.filter(offer=None).exists()
    assert QueueOffer.objects.count() == 5


def test_no_bots_are_offered_in_a_queue_whose_pass_was_full(monkeypatch):
    """Issue 32 point 4 with the bounded pass: members left over because a pass had formed its
    share of tables may still meet people in the next pass, so they are not offered bots in
    it; once the people's tables are all formed, those left over are."""
    monkeypatch.setattr(services, "TABLES_PER_PASS", 1)
    users = members(9)
    for user in users:
        services.queue_join(user_id=user.pk, bots_after=60, **COURT)
    QueueEntry.objects.update(joined_at=timezone.now() - timedelta(seconds=61))
    assert services.queues_form() == 1
    assert not QueueOffer.objects.filter(bots__gt=0).exists()
    assert services.queues_form() == 1
    assert not QueueOffer.objects.filter(bots__gt=0).exists()
    assert services.queues_form() == 1
    offer = QueueOffer.objects.get(bots__gt=0)
    assert (offer.bots, offer.entries.count()) == (3, 1)
