"""The reminders page (/accounts/reminders/): a member turns each channel and each reason on or
off, and subscribes this browser to push; a subscription that is not JSON with an https
endpoint and its keys is refused in the reader's language, with nothing kept."""

import json

import pytest
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts.notices.models import PushSubscription, ReachChoice
from accounts.profiles.models import Profile
from config import words
from tests.accounts.notices.push_service import Browser

pytestmark = pytest.mark.django_db
PAGE = reverse("reach_choices")


@pytest.fixture(autouse=True)
def reasons(monkeypatch):
    for code, name in {"test.one": _("Notices"), "test.two": _("Reminders")}.items():
        monkeypatch.setitem(words.NOTICE_KINDS, code, name)
        monkeypatch.setitem(words.REACH_REASONS, code, name)


def subscription(endpoint="https://push.example/abc", **changes):
    value = {"endpoint": endpoint, "keys": Browser().keys(), **changes}
    return json.dumps(value)


def test_a_visitor_is_sent_to_sign_in(client):
    response = client.get(PAGE)
    assert response.status_code == 302 and "/login" in response["Location"]


def test_every_channel_and_reason_starts_on_and_each_can_be_turned_off(member, member_client):
    page = member_client.get(PAGE).content.decode()
    for name in ("site", "email", "push", "reason:test.one", "reason:test.two"):
        assert f'name="{name}"' in page
    assert page.count("checked") == 3 + len(words.REACH_REASONS)
    assert 'data-vapid-key="' in page
    response = member_client.post(PAGE, {"site": "on", "push": "on", "reason:test.two": "on"})
    assert response.status_code == 302
    choice = ReachChoice.objects.get(member=member)
    assert (choice.site, choice.email, choice.push) == (True, False, True)
    assert "test.one" in choice.reasons_off and "test.two" not in choice.reasons_off
    assert member_client.get(PAGE).content.decode().count("checked") == 3
    assert set(choice.reasons_off) == set(words.REACH_REASONS) - {"test.two"}


def test_this_browser_subscribes_and_unsubscribes(member, member_client):
    response = member_client.post(reverse("push_subscribe"), {"subscription": subscription()})
    assert response.status_code == 302
    kept = PushSubscription.objects.get(member=member)
    assert kept.endpoint == "https://push.example/abc" and kept.auth
    member_client.post(reverse("push_forget"), {"endpoint": "https://push.example/abc"})
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    ("posted", "english"),
    [
        ("{not json", "This push subscription is not valid JSON."),
        (subscription("http://push.example/abc"), "must be an https address"),
        (subscription("javascript:alert(1)"), "must be an https address"),
        (json.dumps({"endpoint": "https://push.example/abc"}), "has no endpoint or no keys"),
        (json.dumps(["https://push.example/abc"]), "has no endpoint or no keys"),
        (subscription(keys={"p256dh": "<b>", "auth": "x"}), "keys are not what a browser gives"),
        ("x" * 5000, ""),
    ],
)
def test_a_subscription_that_is_not_a_browsers_is_refused_in_the_readers_language(
    member, member_client, posted, english
):
    response = member_client.post(reverse("push_subscribe"), {"subscription": posted})
    assert response.status_code == 400
    assert english in response.content.decode()
    assert not PushSubscription.objects.exists()
    Profile.objects.create(user=member, language="hi")
    member_client.cookies["django_language"] = "hi"
    told = member_client.post(
        reverse("push_subscribe"), {"subscription": posted}, HTTP_ACCEPT_LANGUAGE="hi"
    )
    assert told.status_code == 400 and 'class="errorlist"' in told.content.decode()
    if english:
        assert english not in told.content.decode()
    assert not PushSubscription.objects.exists()


def test_a_browser_signed_in_as_another_member_moves_to_the_one_who_subscribed(
    member, member_client, django_user_model
):
    other = django_user_model.objects.create_user(username="bilal", password="x")
    PushSubscription.objects.create(
        member=other, endpoint="https://push.example/abc", p256dh="a", auth="b"
    )
    member_client.post(reverse("push_subscribe"), {"subscription": subscription()})
    assert PushSubscription.objects.get().member == member
