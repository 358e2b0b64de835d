"""Sign up, sign in, sign out and password reset, through allauth with the site's settings."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from accounts.profiles.models import Profile

pytestmark = pytest.mark.django_db

SIGNUP = {
    "username": "zoya",
    "email": "zoya@example.com",
    "password1": "Multan-Mango-2024",
    "password2": "Multan-Mango-2024",
    "time_zone": "Asia/Karachi",
}


def signup(client, **changes):
    return client.post(reverse("account_signup"), {**SIGNUP, **changes})


def test_sign_up_creates_the_member_signs_them_in_and_mails_a_confirmation(client, mailoutbox):
    response = signup(client)
    assert response.status_code == 302
    user = get_user_model().objects.get(username="zoya")
    assert user.email == "zoya@example.com"
    assert client.session["_auth_user_id"] == str(user.pk)
    assert [mail.to for mail in mailoutbox] == [["zoya@example.com"]]


def test_sign_up_in_urdu_keeps_urdu_in_the_new_profile(client):
    client.cookies["django_language"] = "ur"
    signup(client)
    assert Profile.objects.get(user__username="zoya").language == "ur"


@pytest.mark.parametrize(
    ("changes", "field", "error"),
    [
        ({"password2": "Multan-Mango-2025"}, "password2", "You must type the same password"),
        ({"password1": "abc", "password2": "abc"}, "password1", "This password is too short"),
        ({"email": "not-an-address"}, "email", "Enter a valid email address."),
        ({"username": "z"}, "username", "at least 3 characters"),
        ({"username": "zoya khan!"}, "username", "Enter a valid username."),
        ({"username": ""}, "username", "This field is required."),
    ],
    ids=[
        "passwords-differ",
        "password-short",
        "email-invalid",
        "username-short",
        "username-characters",
        "username-missing",
    ],
)
def test_sign_up_with_bad_input_shows_the_error_and_creates_nothing(client, changes, field, error):
    response = signup(client, **changes)
    assert response.status_code == 200
    assert any(error in message for message in response.context["form"].errors[field])
    assert error in response.content.decode()
    assert not get_user_model().objects.exists()


def test_sign_up_with_a_taken_username_is_refused(client, member):
    response = signup(client, username=member.username)
    assert "A user with that username already exists." in response.content.decode()
    assert get_user_model().objects.count() == 1


def test_sign_up_with_another_members_display_name_as_username_is_refused(client, member):
    Profile.objects.create(user=member, display_name="Zoya", language="en")
    response = signup(client)
    assert "That name belongs to another member." in response.content.decode()
    assert not get_user_model().objects.filter(username="zoya").exists()


def test_sign_in_by_username_or_email_and_sign_out(client, member):
    for login in (member.username, member.email):
        response = client.post(
            reverse("account_login"), {"login": login, "password": "Lahore-Lucknow-42"}
        )
        assert response.status_code == 302
        assert client.session["_auth_user_id"] == str(member.pk)
        client.post(reverse("account_logout"))
        assert "_auth_user_id" not in client.session


def test_wrong_password_is_refused_with_a_clear_error(client, member):
    response = client.post(reverse("account_login"), {"login": "asha", "password": "wrong"})
    assert response.status_code == 200
    assert (
        "The username and/or password you specified are not correct." in response.content.decode()
    )
    assert "_auth_user_id" not in client.session


def test_repeated_failed_sign_ins_are_rate_limited_even_with_the_right_password(client, member):
    for _ in range(5):
        client.post(reverse("account_login"), {"login": "asha", "password": "wrong"})
    response = client.post(
        reverse("account_login"), {"login": "asha", "password": "Lahore-Lucknow-42"}
    )
    assert "Too many failed login attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


def failed_sign_ins_behind_a_proxy(client, forwarded_for: str, count: int = 10) -> None:
    for attempt in range(count):
        client.post(
            reverse("account_login"),
            {"login": f"nobody{attempt}", "password": "wrong"},
            REMOTE_ADDR="10.9.9.9",
            HTTP_X_FORWARDED_FOR=forwarded_for,
        )


def sign_in_behind_a_proxy(client, forwarded_for: str):
    return client.post(
        reverse("account_login"),
        {"login": "asha", "password": "Lahore-Lucknow-42"},
        REMOTE_ADDR="10.9.9.9",
        HTTP_X_FORWARDED_FOR=forwarded_for,
    )


def test_behind_a_trusted_proxy_one_clients_failed_sign_ins_do_not_lock_out_another(
    client, member, settings
):
    """Issue 17: every client had the proxy's address, so ten bad sign-ins from anyone refused
    every member's. With the proxy trusted, the limit counts the client it names; a client
    forging the header only adds to its left."""
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    failed_sign_ins_behind_a_proxy(client, "203.0.113.9, 198.51.100.7")
    blocked, other = Client(), Client()
    assert "Too many" in sign_in_behind_a_proxy(blocked, "198.51.100.7").content.decode()
    assert sign_in_behind_a_proxy(other, "198.51.100.8").status_code == 302
    assert "_auth_user_id" in other.session


def test_with_no_proxy_trusted_the_forwarded_header_is_not_believed(client, member, settings):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 0
    failed_sign_ins_behind_a_proxy(client, "198.51.100.7")
    response = sign_in_behind_a_proxy(Client(), "198.51.100.8")
    assert "Too many" in response.content.decode()


def test_password_reset_mails_a_link_that_sets_a_new_password(client, member, mailoutbox):
    response = client.post(reverse("account_reset_password"), {"email": "asha@example.com"})
    assert response.status_code == 302
    assert [mail.to for mail in mailoutbox] == [["asha@example.com"]]
    link = re.search(r"https?://\S+/password/reset/key/\S+/", mailoutbox[0].body).group(0)
    form_page = client.get(link, follow=True)
    new_password = {"password1": "Quetta-Quince-99", "password2": "Quetta-Quince-99"}
    client.post(form_page.redirect_chain[-1][0], new_password)
    member.refresh_from_db()
    assert member.check_password("Quetta-Quince-99")


def test_password_reset_with_a_bad_address_shows_the_error_and_mails_nothing(client, mailoutbox):
    response = client.post(reverse("account_reset_password"), {"email": "not-an-address"})
    assert response.status_code == 200
    assert "Enter a valid email address." in response.content.decode()
    assert mailoutbox == []


def test_password_reset_with_mismatched_new_passwords_keeps_the_old_one(client, member, mailoutbox):
    client.post(reverse("account_reset_password"), {"email": "asha@example.com"})
    link = re.search(r"https?://\S+/password/reset/key/\S+/", mailoutbox[0].body).group(0)
    form_url = client.get(link, follow=True).redirect_chain[-1][0]
    response = client.post(form_url, {"password1": "Quetta-Quince-99", "password2": "other-Pass-1"})
    assert "You must type the same password each time." in response.content.decode()
    member.refresh_from_db()
    assert member.check_password("Lahore-Lucknow-42")


def test_password_change_with_a_wrong_current_password_keeps_the_old_one(member_client, member):
    response = member_client.post(
        reverse("account_change_password"),
        {"oldpassword": "wrong", "password1": "Quetta-Quince-99", "password2": "Quetta-Quince-99"},
    )
    assert "Please type your current password." in response.content.decode()
    member.refresh_from_db()
    assert member.check_password("Lahore-Lucknow-42")


def test_mails_name_the_site_not_the_host_the_request_came_to(client, mailoutbox):
    """Issue 22: a mail said "Hello from 127.0.0.1:8201!"."""
    signup(client)
    (mail,) = mailoutbox
    assert mail.subject.startswith("[Taash] ")
    assert "Hello from Taash!" in mail.body and "Hello from testserver" not in mail.body


def test_sign_up_offers_the_browsers_zone_and_keeps_the_one_chosen(client):
    """Issue 33: the zone list starts at the zone the browser said (static/js/zone.js leaves
    it in a cookie, and sets the list itself); the member's choice goes on their profile."""
    client.cookies["tz"] = "Europe/London"
    page = client.get(reverse("account_signup"))
    assert page.context["form"]["time_zone"].value() == "Europe/London"
    assert 'data-browser-zone=""' in page.content.decode()
    signup(client)
    assert Profile.objects.get(user__username="zoya").time_zone == "Asia/Karachi"


def test_sign_up_with_an_unknown_zone_is_refused(client):
    response = signup(client, time_zone="Asia/Atlantis")
    assert response.status_code == 200
    assert "is not a time zone we know" in response.content.decode()
    assert not get_user_model().objects.exists()
