"""Web Push (accounts/notices/push.py) against a local push service stand-in: each of a
member's browsers gets the reminder encrypted for it, in the member's language, with the
site's VAPID signature; a subscription the push service says is gone (404, 410) is dropped and
nothing else breaks."""

import pytest
from django.core import mail

from accounts.notices.models import Notice, PushSubscription, ReachChoice
from accounts.notices.push import vapid_public_key
from tests.accounts.notices.push_service import Browser, PushService
from tests.accounts.notices.test_reach import PARAMS, REASON, people, send, test_reason

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("test_reason")]
__all__ = ["test_reason"]


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.stop()


def subscribed(member_id: int, service: PushService, path: str) -> Browser:
    browser = Browser()
    PushSubscription.objects.create(
        member_id=member_id, endpoint=service.endpoint(path), **browser.keys()
    )
    return browser


def test_each_browser_gets_the_reminder_in_the_members_language_signed_by_the_site(
    push_service,
):
    (hindi,) = people(1, language="hi")
    phone, laptop = subscribed(hindi, push_service, "/p/1"), subscribed(hindi, push_service, "/p/2")
    done = send([hindi])
    assert done.pushed == 2
    by_path = {taken.path: taken for taken in push_service.taken}
    for path, browser in (("/p/1", phone), ("/p/2", laptop)):
        taken = by_path[path]
        assert taken.headers["content-encoding"] == "aes128gcm"
        # RFC 8292: the site's own key signs every push.
        assert f"k={vapid_public_key()}" in taken.headers["authorization"]
        shown = browser.read(taken.body)
        assert shown["url"] == "http://127.0.0.1:8000/x/"
        assert shown["tag"] == f"{REASON}:thing:1"
        assert "5" in shown["body"] and shown["body"] != "Choose a number from 1 to 5."
        assert shown["title"] == "ताश"


def test_an_expired_subscription_is_dropped_and_nothing_else_breaks(push_service):
    asha, bilal = people(2)
    subscribed(asha, push_service, "/gone")
    subscribed(asha, push_service, "/missing")
    kept = subscribed(bilal, push_service, "/kept")
    push_service.answers.update({"/gone": 410, "/missing": 404})
    done = send([asha, bilal])
    assert done.pushed == 1 and done.noticed == 2 and done.mailed == 2
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [
        push_service.endpoint("/kept")
    ]
    (taken,) = [t for t in push_service.taken if t.path == "/kept"]
    assert kept.read(taken.body)["body"] == "Choose a number from 1 to 5."
    assert Notice.objects.count() == 2 and len(mail.outbox) == 2


def test_a_push_service_that_fails_or_is_away_loses_that_push_alone(push_service):
    asha, bilal, chand = people(3)
    subscribed(asha, push_service, "/busy")
    PushSubscription.objects.create(
        member_id=bilal, endpoint="http://127.0.0.1:9/nobody", **Browser().keys()
    )
    subscribed(chand, push_service, "/fine")
    push_service.answers["/busy"] = 503
    done = send([asha, bilal, chand])
    assert done.pushed == 1
    # Kept: a push service that failed once may take the next one.
    assert PushSubscription.objects.count() == 3


def test_a_member_who_turned_push_off_gets_none(push_service):
    (asha,) = people(1)
    subscribed(asha, push_service, "/p")
    ReachChoice.objects.create(member_id=asha, push=False)
    assert send([asha]).pushed == 0
    assert push_service.taken == []
    assert PARAMS  # the reason's values reached the notice alone
    assert Notice.objects.get(member_id=asha).params == PARAMS
