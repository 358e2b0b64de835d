"""Every word a reader sees on a Hindi or Urdu page is in Hindi or Urdu.

Django and allauth have no (or incomplete) Hindi and Urdu catalogues, so their strings that reach
our pages are translated in vendor_locale/. This test finds any that slipped through: it collects
the visible text of each page (text, placeholders, titles, labels of buttons) and looks for Latin
words. Left out: elements marked lang="en" (the EN button), e-mail addresses, the rules text,
which is written per language by its own authors, elements marked translate="no" (the list of
time zones: places' names from CLDR, each with its IANA name), and after a time of day the am/pm
that CLDR's Hindi and Urdu write in Latin letters and the zone's abbreviation ("8:00 pm IST":
accounts.profiles.formats).
"""

import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db

PASSWORD = "Lahore-Lucknow-42"
SIGNUP = {
    "username": "नमन",
    "email": "zoya@example.com",
    "password1": "Multan-Mango-2024",
    "password2": "Multan-Mango-2024",
    "time_zone": "Asia/Karachi",
}
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
EMAIL_ADDRESS = re.compile(r"\S+@\S+")
# What CLDR and the tz database put after a time of day in every language: "8:00 pm IST",
# "7:30 PM PKT", "6:30 pm GMT+04:00" (no-break spaces between).
TIME_LATIN = re.compile(
    r"(\d{1,2}:\d\d)[\s\u202f]?(?:am|pm|AM|PM)?(?:\u00a0(?:GMT[+-]\d\d:\d\d|[A-Z]{2,5}))?"
)
VOID_ELEMENTS = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
}


class VisibleText(HTMLParser):
    SHOWN_ATTRIBUTES = ("placeholder", "title", "aria-label", "alt")

    def __init__(self):
        super().__init__()
        self.hidden_depth = []
        self.chunks = []

    @property
    def hiding(self) -> bool:
        return bool(self.hidden_depth) and self.hidden_depth[-1]

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        hidden = (
            self.hiding
            or tag in ("script", "style")
            or attributes.get("lang", "").startswith("en")
            or "rules-body" in attributes.get("class", "").split()
            or attributes.get("translate") == "no"
        )
        if not hidden:
            self.chunks += [
                attributes[name] for name in self.SHOWN_ATTRIBUTES if name in attributes
            ]
            if tag == "input" and attributes.get("type") in ("submit", "button"):
                self.chunks.append(attributes.get("value", ""))
        if tag not in VOID_ELEMENTS:
            self.hidden_depth.append(hidden)

    def handle_endtag(self, tag):
        if tag not in VOID_ELEMENTS and self.hidden_depth:
            self.hidden_depth.pop()

    def handle_data(self, data):
        if not self.hiding:
            self.chunks.append(TIME_LATIN.sub(r"\1", data))


def latin_words(html: str) -> set[str]:
    parser = VisibleText()
    parser.feed(html)
    text = EMAIL_ADDRESS.sub(" ", " ".join(parser.chunks))
    return set(LATIN_WORD.findall(text))


def member(client):
    user = get_user_model().objects.create_user("अमन", "aman@example.com", PASSWORD)
    client.force_login(user)
    return user


def visit(path):
    return lambda client: client.get(path)


def as_member(path):
    def scenario(client):
        member(client)
        return client.get(path)

    return scenario


def post(path, data, *, signed_in=False):
    def scenario(client):
        if signed_in:
            member(client)
        return client.post(path, data, follow=True)

    return scenario


def signed_in_then(path_after, action):
    def scenario(client):
        get_user_model().objects.create_user("अमन", "aman@example.com", PASSWORD)
        client.post("/accounts/login/", {"login": "अमन", "password": PASSWORD})
        action(client)
        return client.get(path_after)

    return scenario


def failed_sign_ins(client):
    get_user_model().objects.create_user("अमन", "aman@example.com", PASSWORD)
    for _ in range(6):
        response = client.post("/accounts/login/", {"login": "अमन", "password": "wrong"})
    return response


SCENARIOS = {
    "home": visit("/"),
    "rules": visit("/games/courtpiece/rules/"),
    "sign-in": visit("/accounts/login/"),
    "sign-up": visit("/accounts/signup/"),
    "password-reset": visit("/accounts/password/reset/"),
    "password-reset-sent": visit("/accounts/password/reset/done/"),
    "password-reset-bad-key": visit("/accounts/password/reset/key/1-bad/"),
    "email-confirm-bad-key": visit("/accounts/confirm-email/bad/"),
    "not-found": visit("/no/such/page/"),
    "profile": as_member("/accounts/profile/"),
    "lobby": visit("/games/courtpiece/tables/"),
    "new-table": as_member("/games/courtpiece/tables/new/"),
    "new-table-errors": post(
        "/games/pitch/tables/new/", {"variant": "x", "turn_seconds": "1"}, signed_in=True
    ),
    "sign-out": as_member("/accounts/logout/"),
    "password-change": as_member("/accounts/password/change/"),
    "emails": as_member("/accounts/email/"),
    "admin-refused": as_member("/admin/login/"),
    "sign-up-errors": post("/accounts/signup/", {**SIGNUP, "email": "x", "password2": "other"}),
    "sign-up-weak-password": post(
        "/accounts/signup/", {**SIGNUP, "password1": "12345", "password2": "12345"}
    ),
    "sign-up-common-password": post(
        "/accounts/signup/", {**SIGNUP, "password1": "password1", "password2": "password1"}
    ),
    "sign-up-bad-username": post("/accounts/signup/", {**SIGNUP, "username": "a b"}),
    "sign-up-empty": post("/accounts/signup/", {}),
    "signed-up": post("/accounts/signup/", SIGNUP),
    "sign-in-wrong": post("/accounts/login/", {"login": "nobody", "password": "wrong"}),
    "sign-in-empty": post("/accounts/login/", {}),
    "sign-in-rate-limited": failed_sign_ins,
    "signed-in": signed_in_then("/", lambda client: None),
    "signed-out": signed_in_then("/", lambda client: client.post("/accounts/logout/")),
    "password-reset-bad-email": post("/accounts/password/reset/", {"email": "x"}),
    "profile-errors": post(
        "/accounts/profile/", {"display_name": "x" * 31, "language": "99"}, signed_in=True
    ),
    "profile-too-short": post(
        "/accounts/profile/", {"display_name": "x", "language": "ur"}, signed_in=True
    ),
    "profile-saved": post(
        "/accounts/profile/", {"display_name": "अमन", "language": "en"}, signed_in=True
    ),
    "password-change-errors": post(
        "/accounts/password/change/",
        {"oldpassword": "wrong", "password1": "a", "password2": "b"},
        signed_in=True,
    ),
    "password-changed": post(
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": "Quetta-Quince-99", "password2": "Quetta-Quince-99"},
        signed_in=True,
    ),
}


@pytest.mark.parametrize("language", ["hi", "ur"])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_page_shows_no_untranslated_words(client, scenario, language):
    client.cookies["django_language"] = language
    response = SCENARIOS[scenario](client)
    assert latin_words(response.content.decode()) == set()
