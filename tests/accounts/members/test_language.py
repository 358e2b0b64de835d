"""The language switcher, and how the choice is kept: cookie for visitors, profile for members."""

import pytest
from django.urls import reverse

from accounts.profiles.models import Profile

pytestmark = pytest.mark.django_db


def switch(client, language, next_url="/games/pitch/rules/"):
    return client.post(reverse("language_switch"), {"language": language, "next": next_url})


def test_visitor_switch_sets_the_cookie_and_returns_to_the_page(client):
    response = switch(client, "hi")
    assert response.status_code == 302
    assert response["Location"] == "/games/pitch/rules/"
    assert response.cookies["django_language"].value == "hi"
    assert '<html lang="hi" dir="ltr">' in client.get("/").content.decode()


def test_switch_never_redirects_to_another_site(client):
    response = switch(client, "hi", next_url="https://phish.example/")
    assert response["Location"] == "/"


def test_member_switch_is_saved_in_the_profile(member_client, member):
    switch(member_client, "ur")
    assert Profile.objects.get(user=member).language == "ur"


@pytest.mark.parametrize("language", ["fr", "", "ur-PK"])
def test_unknown_language_is_refused_and_changes_nothing(member_client, member, language):
    response = switch(member_client, language)
    assert response.status_code == 400
    assert "This language is not offered." in response.content.decode()
    assert "django_language" not in response.cookies
    assert not Profile.objects.filter(user=member).exists()


def test_urdu_pages_run_right_to_left(client):
    client.cookies["django_language"] = "ur"
    assert '<html lang="ur" dir="rtl">' in client.get("/").content.decode()


def test_members_language_applies_right_after_sign_in_on_a_new_browser(client, member):
    Profile.objects.create(user=member, language="hi")
    response = client.post(
        reverse("account_login"), {"login": "asha", "password": "Lahore-Lucknow-42"}, follow=True
    )
    assert client.cookies["django_language"].value == "hi"
    page = response.content.decode()
    assert '<html lang="hi" dir="ltr">' in page
    # The "signed in" message was written after the switch, so in Hindi too.
    assert "आप asha के रूप में साइन इन हो गए हैं।" in page


def test_language_stays_after_sign_out_and_back_in(member_client, member):
    switch(member_client, "ur")
    member_client.post(reverse("account_logout"))
    assert '<html lang="ur" dir="rtl">' in member_client.get("/").content.decode()
    member_client.cookies.clear()
    member_client.post(reverse("account_login"), {"login": "asha", "password": "Lahore-Lucknow-42"})
    assert '<html lang="ur" dir="rtl">' in member_client.get("/").content.decode()
