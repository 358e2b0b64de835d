"""Bot accounts and personal access tokens (issue 35, point 1): a member makes a bot account,
for good; its tokens are named, scoped, shown once, stored hashed, revocable, their last use
kept; the API refuses anything but a live Bearer token with the scope it needs, in JSON."""

import hashlib

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from accounts.bots import services
from accounts.bots.models import AccessToken
from tests.games.botapi.support import api, bot_made, token_for
from tests.games.table_support import PASSWORD, members, signed_in

pytestmark = pytest.mark.django_db


def test_a_member_makes_a_bot_account_on_the_settings_page_which_can_never_sign_in():
    (owner,) = members(1)
    page = signed_in(owner)
    answer = page.post("/accounts/bots/new/", {"name": "spadebot"}, follow=True)
    assert answer.status_code == 200
    assert "spadebot" in answer.content.decode()
    bot = owner.bots_owned.get().user
    assert bot.username == "spadebot" and not bot.has_usable_password()
    # Even given a password by staff, the bot account is refused at sign-in.
    bot.set_password(PASSWORD)
    bot.save()
    signing_in = Client().post(
        "/accounts/login/", {"login": "spadebot", "password": PASSWORD}, follow=True
    )
    assert "_auth_user_id" not in signing_in.client.session
    assert "bot account" in signing_in.content.decode()


def test_a_bot_makes_no_bots_and_names_are_checked():
    (owner,) = members(1)
    bot = bot_made(owner)
    with pytest.raises(ValidationError):
        services.bot_account_make(owner=bot, name="another")
    with pytest.raises(ValidationError):
        services.bot_account_make(owner=owner, name="no spaces!")
    with pytest.raises(ValidationError):
        services.bot_account_make(owner=owner, name=owner.username)


def test_a_token_is_shown_once_stored_hashed_and_revocable():
    (owner,) = members(1)
    bot = bot_made(owner)
    page = signed_in(owner)
    answer = page.post(
        "/accounts/bots/tokens/new/",
        {"account": str(bot.pk), "name": "laptop", "scopes": ["play", "read"]},
    )
    secret = answer.context["secret"]
    assert secret.startswith("taash_") and secret in answer.content.decode()
    token = AccessToken.objects.get()
    assert token.digest == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in str(AccessToken.objects.values().get())
    # The page shows it no more.
    assert secret not in page.get("/accounts/bots/").content.decode()
    assert api(secret).get("/api/account").json()["name"] == bot.username
    token.refresh_from_db()
    assert token.last_used_at is not None
    page.post(f"/accounts/bots/tokens/{token.pk}/revoke/")
    refused = api(secret).get("/api/account")
    assert refused.status_code == 401 and refused.json()["code"] == "bad_token"


def test_no_member_makes_or_revokes_a_token_for_an_account_not_theirs():
    owner, stranger = members(2)
    bot = bot_made(owner)
    with pytest.raises(ValidationError):
        services.token_make(member=stranger, account_id=bot.pk, name="x", scopes=["play"])
    token_for(owner, bot)
    token = AccessToken.objects.get()
    assert not services.token_revoke(member=stranger, token_id=token.pk)
    token.refresh_from_db()
    assert token.revoked_at is None


@pytest.mark.parametrize(
    ("header", "code", "status"),
    [
        (None, "no_token", 401),
        ("Basic abc", "no_token", 401),
        ("Bearer taash_not-a-token", "bad_token", 401),
        ("Bearer ", "no_token", 401),
    ],
)
def test_a_missing_or_wrong_token_is_refused_in_json(header, code, status):
    client = Client(HTTP_AUTHORIZATION=header) if header else Client()
    answer = client.get("/api/account")
    assert answer.status_code == status
    assert answer.json()["code"] == code and answer.json()["type"] == "error"


def test_refusals_are_in_the_readers_language():
    answer = api(None, language="hi").get("/api/account")
    assert answer.json()["code"] == "no_token"
    assert answer.json()["message"] != str(api(None).get("/api/account").json()["message"])


def test_a_token_without_the_scope_is_refused_and_a_persons_token_never_plays():
    (owner,) = members(1)
    bot = bot_made(owner)
    read_only = token_for(owner, bot, scopes=["read"])
    answer = api(read_only).post("/api/bot/tables/1/move", {}, content_type="application/json")
    assert (answer.status_code, answer.json()["code"]) == (403, "wrong_scope")
    persons = token_for(owner, owner)
    answer = api(persons).post("/api/bot/tables/1/move", {}, content_type="application/json")
    assert (answer.status_code, answer.json()["code"]) == (403, "not_a_bot")


def test_an_unknown_path_or_method_under_api_is_a_json_error():
    missing = Client().get("/api/nothing/here")
    assert (missing.status_code, missing.json()["code"]) == (404, "no_endpoint")
    wrong = Client().get("/api/bot/tables/1/move")
    assert (wrong.status_code, wrong.json()["code"]) == (405, "wrong_method")


def test_a_token_read_in_sql_is_the_orms_read_with_its_account_loaded(django_assert_num_queries):
    """The token read every request makes (``accounts.bots.sql``, issue 35's CPU per move)
    finds exactly what the ORM's query finds: a live token of an active account, its account
    and whether that is a bot's; nothing for a revoked token or a deactivated account."""
    from accounts.bots.sql import live_token_read

    owner = members(1)[0]
    bot = bot_made(owner, "sqlread")
    secrets = {"bot": token_for(owner, bot), "member": token_for(owner, owner, ("read",))}
    for kind, secret in secrets.items():
        digest = hashlib.sha256(secret.encode()).hexdigest()
        orm = AccessToken.objects.select_related("user").get(digest=digest)
        with django_assert_num_queries(1):
            read = live_token_read(digest)
            assert read is not None
            assert hasattr(read.user, "bot_account") == (kind == "bot")
            assert (read.user.pk, read.user.username) == (orm.user.pk, orm.user.username)
        fields = [field.attname for field in AccessToken._meta.concrete_fields]
        assert [getattr(read, f) for f in fields] == [getattr(orm, f) for f in fields]
    services.token_revoke(member=owner, token_id=orm.pk)
    assert live_token_read(digest) is None
    bot_digest = hashlib.sha256(secrets["bot"].encode()).hexdigest()
    type(owner).objects.filter(pk=bot.pk).update(is_active=False)
    assert live_token_read(bot_digest) is None
