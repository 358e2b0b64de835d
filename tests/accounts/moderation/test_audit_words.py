"""The audit log in words (issue 33, point 4): each act, each reason the site gives itself and
each detail in the reader's language, times in their zone, never a code or a dict."""

import ast
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.urls import reverse

from accounts.moderation.audit import audit_details_words, audit_reason_words
from accounts.moderation.sanctions import play_ban_give
from accounts.moderation.words import DETAILS
from accounts.profiles.models import Profile
from tests.moderation_support import client_of, member_make, moderator_make

ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.django_db


def test_a_play_ban_reads_in_the_moderators_language_and_zone():
    """A moderator in Karachi reading Urdu: the site's act, its reason (RM: a ranked match
    timed out) and its details in Urdu, the time in PKT."""
    mona = moderator_make()
    Profile.objects.create(user=mona, language="ur", time_zone="Asia/Karachi")
    asha = member_make("asha")
    now = datetime(2026, 12, 3, 14, 30, tzinfo=UTC)
    play_ban_give(member_id=asha.pk, cause="timed_out_ranked", table_id=77, now=now)
    client = client_of(mona)
    client.cookies["django_language"] = "ur"
    page = client.get(reverse("console_audit")).content.decode()
    row = page[page.index('data-act="member_play_ban"') :]
    row = row[: row.index("</tr>")]
    assert "timed_out_ranked" not in row and "{" not in row
    assert "رینکڈ میچ میں بار بار اپنی باری کا وقت ختم ہونے دیا" in row
    assert "کب تک: 3 دسمبر، 2026 7:40 PM\u00a0PKT" in row  # until: ten minutes after
    assert "میز: 77" in row


def test_a_malformed_day_in_the_query_is_refused_in_the_readers_language():
    mona = moderator_make()
    client = client_of(mona)
    client.cookies["django_language"] = "hi"
    response = client.get(reverse("console_audit"), {"since": "2026-02-30"}, follow=True)
    assert response.status_code == 200
    assert "“2026-02-30” कोई दिन नहीं है" in response.content.decode()


def test_a_code_nobody_named_and_a_persons_words_are_shown_as_written():
    assert audit_reason_words("spam in chat") == "spam in chat"
    assert audit_details_words({"seed_chosen": False, "entrants": 120000}) == [
        "seed chosen by staff: no",
        "entrants: 1,20,000",
    ]


def _detail_keys_written() -> set[str]:
    """Every key the code gives an audit entry's details: dict literals passed as
    ``details=`` and the keyword arguments of tournaments' ``_audit`` helper."""
    keys = set()
    for place in ("accounts", "games", "tournaments"):
        for path in (ROOT / place).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.Call):
                    continue
                for keyword in node.keywords:
                    if keyword.arg == "details" and isinstance(keyword.value, ast.Dict):
                        keys |= {k.value for k in keyword.value.keys if isinstance(k, ast.Constant)}
                name = getattr(node.func, "id", "")
                if name == "_audit":
                    keys |= {keyword.arg for keyword in node.keywords if keyword.arg}
    return keys


def test_every_detail_the_code_writes_has_its_words():
    written = _detail_keys_written()
    assert {"until", "table", "bot_levels"} <= written  # the scan finds them
    assert written - set(DETAILS) == set()
