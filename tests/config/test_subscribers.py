"""Issue 29, point 1: news you can follow. Every event a write publishes is a frozen value of a
type of its own, and every reaction to it is listed in one table (config/subscribers.py):
nothing else connects to a signal of ours or fills a table of reactions when the apps start."""

import ast
import dataclasses
from pathlib import Path

import pytest

from accounts.moderation.models import SanctionKind
from accounts.moderation.sanctions import MemberSanctioned, member_ban, member_mute
from config import subscribers
from games.news import News
from tests.moderation_support import member_make, moderator_make
from tests.news_support import hearing

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("games", "accounts", "tournaments", "config")


def events_defined() -> set[str]:
    """The names of every class of the product's code that derives from ``News``."""
    return {
        node.name
        for place in PRODUCT
        for file in (ROOT / place).rglob("*.py")
        for node in ast.walk(ast.parse(file.read_text()))
        if isinstance(node, ast.ClassDef)
        and any(isinstance(base, ast.Name) and base.id == "News" for base in node.bases)
    }


def test_every_event_is_a_frozen_value_listed_in_the_one_table():
    listed = set(subscribers.IN_COMMIT) | set(subscribers.AFTER_COMMIT)
    assert {event.__name__ for event in listed} == events_defined()
    for event in listed:
        assert issubclass(event, News) and event.__dataclass_params__.frozen
        assert dataclasses.fields(event)  # says what happened, in ids and numbers
    for table in (subscribers.IN_COMMIT, subscribers.AFTER_COMMIT):
        assert all(callable(each) for listed_ in table.values() for each in listed_)


def test_no_app_connects_a_receiver_when_it_starts():
    """Reactions are read from the table, not connected in ``AppConfig.ready`` (a model's own
    Django signal, such as a rating's deletion before or after it, is not news)."""
    connected = [
        f"{file.relative_to(ROOT)}: {ast.unparse(node)}"
        for place in PRODUCT
        for file in (ROOT / place).rglob("*.py")
        for node in ast.walk(ast.parse(file.read_text()))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "connect"
        and not any(deleted in ast.unparse(node.func) for deleted in ("pre_delete", "post_delete"))
        and "psycopg" not in ast.unparse(node.func)
    ]
    assert connected == []


@pytest.mark.django_db
def test_a_sanction_is_told_after_its_commit_and_only_a_ban_shuts_the_member_out(
    monkeypatch, django_capture_on_commit_callbacks
):
    shut_out = []
    monkeypatch.setattr(
        "games.live.fanout.member_shut_out_deliver", lambda member_id: shut_out.append(member_id)
    )
    monkeypatch.setattr("games.live.fanout.send_from_here", lambda sending: None)
    mona, asha = moderator_make(), member_make("asha")
    with hearing(MemberSanctioned) as heard, django_capture_on_commit_callbacks(execute=True):
        member_mute(moderator=mona, member_id=asha.pk, reason="spam", hours=1)
        member_ban(moderator=mona, member_id=asha.pk, reason="abuse")
        assert heard == []
    assert [(event.member_id, event.kind, event.until is None) for event in heard] == [
        (asha.pk, SanctionKind.MUTE, False),
        (asha.pk, SanctionKind.BAN, True),
    ]
    assert shut_out == [asha.pk]
