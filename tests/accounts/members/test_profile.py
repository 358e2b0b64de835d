import re

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse

from accounts.profiles.avatars import AVATARS, BOT_AVATARS
from accounts.profiles.models import Profile
from accounts.profiles.selectors import profile_of
from accounts.profiles.services import profile_update
from games.tables.models import BotLevel
from tests.live import ROOT

pytestmark = pytest.mark.django_db


def test_profile_page_asks_visitors_to_sign_in(client):
    response = client.get(reverse("profile"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_member_without_a_saved_profile_sees_the_defaults(member_client):
    response = member_client.get(reverse("profile"))
    assert response.status_code == 200
    assert response.context["form"].initial == {
        "display_name": "",
        "avatar": "",
        "language": "en",
        "time_zone": "Asia/Kolkata",
        "ranked_bots_refused": False,
    }


def test_member_saves_display_name_and_language(member_client, member):
    response = member_client.post(
        reverse("profile"),
        {"display_name": "आशा रानी", "language": "hi", "time_zone": "Asia/Kolkata"},
        follow=True,
    )
    profile = Profile.objects.get(user=member)
    assert (profile.display_name, profile.language) == ("आशा रानी", "hi")
    assert profile.shown_name == "आशा रानी"
    # The new language applies at once, to the next page and by cookie to later visits.
    assert member_client.cookies["django_language"].value == "hi"
    assert '<html lang="hi"' in response.content.decode()


def test_empty_display_name_shows_the_username(member_client, member):
    member_client.post(
        reverse("profile"), {"display_name": "  ", "language": "en", "time_zone": "Asia/Kolkata"}
    )
    assert Profile.objects.get(user=member).shown_name == "asha"


@pytest.mark.parametrize(
    ("data", "field", "error"),
    [
        ({"display_name": "A", "language": "en"}, "display_name", "at least 2 characters"),
        ({"display_name": "x" * 31, "language": "en"}, "display_name", "at most 30 characters"),
        (
            {"display_name": "Asha\u202egnik", "language": "en"},
            "display_name",
            "cannot contain invisible or control characters",
        ),
        ({"display_name": "Asha", "language": "fr"}, "language", "Select a valid choice."),
        ({"display_name": "Asha"}, "language", "This field is required."),
    ],
    ids=["too-short", "too-long", "right-to-left-override", "unknown-language", "no-language"],
)
def test_bad_profile_input_shows_the_error_and_saves_nothing(
    member_client, member, data, field, error
):
    Profile.objects.create(user=member, display_name="Asha", language="ur")
    response = member_client.post(reverse("profile"), data)
    assert response.status_code == 200
    assert any(error in message for message in response.context["form"].errors[field])
    assert error in response.content.decode()
    profile = Profile.objects.get(user=member)
    assert (profile.display_name, profile.language) == ("Asha", "ur")


@pytest.mark.parametrize("name", ["bilal", "BILAL", "Bilal the Great", "ｂｉｌａｌ"])
def test_a_display_name_may_not_be_another_members_name(member_client, member, name):
    """Issue 17: a display name could be another member's username, so anyone could sit at a
    table as them."""
    other = get_user_model().objects.create_user("bilal", "bilal@example.com", "Quetta-42-Rain")
    Profile.objects.create(user=other, display_name="Bilal the Great", language="ur")
    response = member_client.post(
        reverse("profile"), {"display_name": name, "language": "en", "time_zone": "Asia/Kolkata"}
    )
    assert response.status_code == 200
    assert "That name belongs to another member." in response.content.decode()
    assert not Profile.objects.filter(user=member, display_name=name).exists()


def test_a_member_may_show_their_own_username_in_another_case(member_client, member):
    response = member_client.post(
        reverse("profile"), {"display_name": "ASHA", "language": "en", "time_zone": "Asia/Kolkata"}
    )
    assert response.status_code == 302
    assert Profile.objects.get(user=member).display_name == "ASHA"


# -- the picture at the tables (issue 30, point 3) ----------------------------------------------


def test_the_profile_page_draws_every_picture_of_the_set_to_choose_from(member_client):
    page = member_client.get(reverse("profile")).content.decode()
    for key in AVATARS:
        assert f'id="avatar-{key}"' in page  # the drawing, once, inline
        assert f'value="{key}"' in page  # its choice
    assert 'name="avatar" value=""' in page  # none: the initials


def test_every_picture_and_every_bot_level_is_drawn_in_the_sprite():
    sprite = (ROOT / "templates/includes/avatar_sprite.html").read_text()
    drawn = set(re.findall(r'<symbol id="avatar-([a-z-]+)"', sprite))
    assert drawn == set(AVATARS) | set(BOT_AVATARS)
    assert {f"bot-{level}" for level in BotLevel.values} == set(BOT_AVATARS)


def test_member_picks_a_picture_and_can_go_back_to_initials(member_client, member):
    data = {"display_name": "", "language": "en", "time_zone": "Asia/Kolkata"}
    member_client.post(reverse("profile"), {**data, "avatar": "peacock"})
    assert profile_of(member).avatar == ""  # not in the set: refused
    member_client.post(reverse("profile"), {**data, "avatar": "lotus"})
    assert Profile.objects.get(user=member).avatar == "lotus"
    member_client.post(reverse("profile"), {**data, "avatar": ""})
    assert Profile.objects.get(user=member).avatar == ""


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "is not one of the pictures offered"),
        ("hi", "दिए गए चित्रों में से एक नहीं है"),
        ("ur", "دی گئی تصویروں میں سے نہیں ہے"),
    ],
)
@pytest.mark.parametrize("bad", ["../../etc/passwd", "bot-hard", "<svg onload=x>", "x" * 300])
def test_a_picture_not_in_the_set_is_refused_in_the_readers_language(
    member_client, member, language, words, bad
):
    """Nothing outside the drawn set: not a path, not a bot's own picture, not markup."""
    Profile.objects.create(user=member, avatar="moon", language=language)
    member_client.cookies["django_language"] = language
    data = {"display_name": "", "language": language, "time_zone": "Asia/Kolkata"}
    response = member_client.post(reverse("profile"), {**data, "avatar": bad})
    assert response.status_code == 200
    assert words in response.content.decode()
    assert Profile.objects.get(user=member).avatar == "moon"


def test_the_service_refuses_a_picture_not_in_the_set(member):
    with pytest.raises(ValidationError):
        profile_update(user=member, avatar="bot-easy")
    assert profile_of(member).avatar == ""
