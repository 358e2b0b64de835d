"""Issue 32, point 2: a member offered a ranked table is pushed (Web Push, the same door as the
tournaments' reminders: accounts/notices/reach.py) where they allowed it, in their language,
leading to the queue page; never by e-mail nor as a notice (one per table formed would annoy,
and come after the seconds to accept it)."""

import pytest
from django.core import mail

from accounts.notices import reach
from accounts.notices.models import Notice, ReachChoice
from accounts.profiles.models import Profile
from games.ranked import services
from games.ranked.models import ACCEPT_SECONDS, QueueOffer
from tests.accounts.notices.push_service import PushService
from tests.accounts.notices.test_push import subscribed
from tests.games.table_support import members

pytestmark = pytest.mark.django_db


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.stop()


@pytest.fixture
def jobs_run_here(monkeypatch):
    """The reach jobs run in this process, as a worker would run them."""
    monkeypatch.setattr(reach.reach_batch, "delay", lambda *args: reach.reach_batch(*args))


def test_a_table_formed_is_pushed_to_each_member_who_allowed_it_and_never_mailed(
    push_service, jobs_run_here, django_capture_on_commit_callbacks
):
    asha, bilal, chanda, dev = members(4)
    Profile.objects.update_or_create(user=bilal, defaults={"language": "ur"})
    browsers = {m.pk: subscribed(m.pk, push_service, f"/p/{m.pk}") for m in (asha, bilal, dev)}
    ReachChoice.objects.create(member_id=dev.pk, reasons_off=[services.TABLE_FORMED])
    for member in (asha, bilal, chanda, dev):
        services.queue_join(user_id=member.pk, game="courtpiece", variant="single_sar", seats=4)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.queues_form() == 1
    offer = QueueOffer.objects.get()
    shown = {
        int(t.path.rsplit("/", 1)[1]): browsers[int(t.path.rsplit("/", 1)[1])].read(t.body)
        for t in push_service.taken
    }
    # Dev turned this reason off on their reminders page; Chanda has no browser subscribed.
    assert sorted(shown) == sorted([asha.pk, bilal.pk])
    assert shown[asha.pk]["body"] == (
        f"Your ranked Court Piece table is ready: accept it within {ACCEPT_SECONDS} seconds."
    )
    assert shown[asha.pk]["url"].endswith("/games/courtpiece/queue/")
    assert shown[asha.pk]["tag"] == f"{services.TABLE_FORMED}:offers:{offer.pk}"
    assert "Court Piece" not in shown[bilal.pk]["body"] and "کورٹ پیس" in shown[bilal.pk]["body"]
    assert not Notice.objects.exists() and mail.outbox == []


def test_a_second_pass_pushes_nothing_more_for_the_same_table(
    push_service, jobs_run_here, django_capture_on_commit_callbacks
):
    asha, bilal = members(2)
    for member in (asha, bilal):
        subscribed(member.pk, push_service, f"/p/{member.pk}")
        services.queue_join(user_id=member.pk, game="rummy", variant="points", seats=2)
    with django_capture_on_commit_callbacks(execute=True):
        services.queues_form()
        services.queues_form()  # the members are offered already: nothing formed, no push
    assert len(push_service.taken) == 2
