"""Notices (accounts/notices/inbox.py): kept for one member, told in the reader's language when
read, and announced after the commit of the act that sent them."""

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from accounts.notices.inbox import MemberNoticed, notice_send, notice_text
from accounts.notices.models import Notice
from config import words
from tests.news_support import hearing

pytestmark = pytest.mark.django_db

# A sentence the locale already translates, with one value: the notices' machinery, not a
# feature's words.
SENTENCE = _("Choose a number from %(low)s to %(high)s.")


@pytest.fixture(autouse=True)
def test_kind(monkeypatch):
    monkeypatch.setitem(words.NOTICE_KINDS, "test.numbers", SENTENCE)


@pytest.fixture
def heard():
    with hearing(MemberNoticed) as news:
        yield news


def test_a_notice_is_told_in_the_language_of_whoever_reads_it(member):
    notice = notice_send(member_id=member.pk, kind="test.numbers", params={"low": 1, "high": 5})
    with translation.override("en"):
        assert notice_text(notice) == "Choose a number from 1 to 5."
    for language in ("hi", "ur"):
        with translation.override(language):
            told = notice_text(notice)
        assert "1" in told and "5" in told and told != "Choose a number from 1 to 5."


def test_a_missing_value_reads_as_nothing_and_an_unknown_kind_is_refused(member):
    notice = notice_send(member_id=member.pk, kind="test.numbers", params={"low": 1})
    assert notice_text(notice) == "Choose a number from 1 to ."
    with pytest.raises(LookupError):
        notice_send(member_id=member.pk, kind="test.nonsense")
    assert Notice.objects.count() == 1


def test_a_notice_is_announced_only_once_its_act_commits(
    member, heard, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        notice = notice_send(member_id=member.pk, kind="test.numbers")
        assert heard == []
    assert heard == [MemberNoticed(member_id=member.pk, notice_id=notice.pk)]


def test_the_notices_page_shows_them_newest_first_and_marks_them_read(member, member_client):
    notice_send(member_id=member.pk, kind="test.numbers", params={"low": 1, "high": 2})
    notice_send(member_id=member.pk, kind="test.numbers", params={"low": 3, "high": 4})
    home = member_client.get("/").content.decode()
    assert "2 notices" in home
    page = member_client.get(reverse("notices")).content.decode()
    assert page.index("from 3 to 4") < page.index("from 1 to 2")
    assert page.count('class="notice unread"') == 2
    assert not Notice.objects.filter(member=member, read_at__isnull=True).exists()
    assert "2 notices" not in member_client.get("/").content.decode()


def test_the_notices_page_is_for_members(client):
    response = client.get(reverse("notices"))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
