"""Issue 32, point 2: the ranked queue's page: joining, what it says while the member waits
(how many, never who; the estimate or "not enough data"; the gap), the part that updates
itself, accepting a formed table, and refusals in the reader's language."""

from datetime import timedelta

import pytest
from django.urls import resolve, reverse
from django.utils import timezone

from accounts.profiles.services import profile_update
from games.ranked import services
from games.ranked.matching import GAP_START
from games.ranked.models import QueueEntry, QueueOffer
from tests.games.table_support import members, signed_in

pytestmark = pytest.mark.django_db

JOIN = {"variant": "single_sar", "seats": "4", "bots_after": "120"}


def join(client, slug="courtpiece", **data):
    return client.post(reverse("ranked_queue_join", args=[slug]), {**JOIN, **data}, follow=True)


def member_in_hindi():
    """A new member's client, reading the site in Hindi."""
    (asha,) = members(1)
    return signed_in(asha, "hi")


def test_a_member_joins_and_the_page_says_how_many_wait_the_estimate_and_the_gap():
    asha, bilal = members(2)
    join(signed_in(bilal))
    page = join(signed_in(asha)).content.decode()
    assert "2 members waiting in this queue now." in page
    assert "Estimated wait: not enough data yet." in page
    assert f"you are now matched within {GAP_START} rating points" in page
    assert "player1" not in page.split("<main")[-1]  # never who waits
    status = signed_in(asha).get(reverse("ranked_queue_status", args=["courtpiece"]))
    assert 'hx-trigger="every 3s"' in status.content.decode()


def test_joining_in_hindi_a_queue_the_game_lacks_is_refused_in_hindi_and_nothing_changes():
    client = member_in_hindi()
    page = join(client, seats="3").content.decode()
    assert "यह फ़ॉर्मेट इतनी सीटों के साथ नहीं खेला जाता।" in page
    assert not QueueEntry.objects.exists()
    join(client, seats="x")  # malformed: refused, never a 500
    assert not QueueEntry.objects.exists()


def test_a_formed_table_is_offered_on_the_page_and_accepting_it_sends_each_member_there():
    users = members(4)
    clients = [signed_in(user) for user in users]
    for client in clients:
        join(client)
    services.queues_form()
    offer = QueueOffer.objects.get()
    status = clients[0].get(reverse("ranked_queue_status", args=["courtpiece"])).content.decode()
    assert f'data-offer="{offer.pk}"' in status and 'id="offer-accept"' in status
    answer = reverse("ranked_offer_answer", args=["courtpiece"])
    for client in clients[:3]:
        client.post(answer, {"offer": offer.pk, "answer": "accept"})
    forged = clients[0].post(answer, {"offer": "nonsense", "answer": "accept"}, follow=True)
    assert "That table is no longer waiting for you" in forged.content.decode()
    dealt = clients[3].post(answer, {"offer": offer.pk, "answer": "accept"})
    offer.refresh_from_db()
    assert dealt.url == reverse("table", args=[offer.table_id])
    status = clients[0].get(reverse("ranked_queue_status", args=["courtpiece"]))
    assert status["HX-Redirect"] == reverse("table", args=[offer.table_id])


def test_leaving_empties_the_members_place():
    (asha,) = members(1)
    client = signed_in(asha)
    join(client)
    client.post(reverse("ranked_queue_leave", args=["courtpiece"]))
    assert not QueueEntry.objects.exists()


def test_a_member_plays_a_casual_game_while_queued_keeps_their_place_and_leaves_it_freely():
    """Issue 32, point 3: the queue page opens a casual game against bots in a new tab; the
    member keeps their place, accepts the ranked table when it forms, and leaving the casual
    match pauses nothing."""
    from accounts.moderation.models import Sanction
    from games.tables import services as tables
    from games.tables.models import Table

    users = members(4)
    clients = [signed_in(user) for user in users]
    for client in clients:
        join(client)
    page = clients[0].get(reverse("ranked_queue", args=["courtpiece"])).content.decode()
    assert f'action="{reverse("play_now", args=["courtpiece"])}" target="_blank"' in page
    casual = clients[0].post(reverse("play_now", args=["courtpiece"]))
    casual_id = resolve(casual.url).kwargs["table_id"]
    assert QueueEntry.objects.filter(user=users[0]).exists()
    services.queues_form()
    offer = QueueOffer.objects.get()
    for user in users:
        services.offer_accept(user_id=user.pk, offer_id=offer.pk)
    tables.table_match_leave(table_id=casual_id, user_id=users[0].pk)
    offer.refresh_from_db()
    assert Table.objects.get(pk=offer.table_id).ranked
    assert not Sanction.objects.filter(member=users[0]).exists()


# -- bots when people are few (point 4) --------------------------------------------------------


def test_the_join_form_asks_when_to_offer_bots_and_says_the_rule_and_never_is_a_choice():
    (asha,) = members(1)
    page = signed_in(asha).get(reverse("ranked_queue", args=["courtpiece"])).content.decode()
    assert 'id="queue-bots-after"' in page and 'value="120" selected' in page
    assert 'value="0"' in page and "never: people only" in page
    assert "by default 2 minutes" in page and "nearest the average rating" in page
    page = join(signed_in(asha)).content.decode()
    assert "If no table of people forms, you will be offered bots in 1" in page  # 120 s, or 119
    services.queue_leave(user_id=asha.pk)
    page = join(signed_in(asha), bots_after="0").content.decode()
    assert QueueEntry.objects.get(user=asha).bots_after == services.BOTS_NOT_NOW
    assert "No bots in this wait: you wait for people only." in page


def test_a_member_who_refuses_bots_is_not_asked_and_is_told_why():
    (asha,) = members(1)
    profile_update(user=asha, ranked_bots_refused=True)
    page = signed_in(asha).get(reverse("ranked_queue", args=["courtpiece"])).content.decode()
    assert 'id="queue-bots-refused"' in page and 'id="queue-bots-after"' not in page


def test_a_wait_for_bots_not_offered_is_refused_in_hindi_and_nothing_changes():
    client = member_in_hindi()
    page = join(client, bots_after="45").content.decode()
    assert "सूची में से प्रतीक्षा का समय चुनें।" in page
    assert not QueueEntry.objects.exists()


def test_an_offer_with_bots_is_said_with_their_number_and_level_and_declining_keeps_the_place():
    asha, bilal, chand = members(3)
    for user in (asha, bilal, chand):
        join(signed_in(user), bots_after="60")
    QueueEntry.objects.update(joined_at=timezone.now() - timedelta(seconds=61))
    services.queues_form()
    offer = QueueOffer.objects.get()
    status = signed_in(asha).get(reverse("ranked_queue_status", args=["courtpiece"]))
    text = status.content.decode()
    assert "start now, with 1 medium bot in the empty seat?" in text
    assert "No bots: keep waiting for people" in text
    answer = reverse("ranked_offer_answer", args=["courtpiece"])
    signed_in(asha).post(answer, {"offer": offer.pk, "answer": "decline"})
    assert QueueEntry.objects.filter(user=asha, offer=None).exists()
