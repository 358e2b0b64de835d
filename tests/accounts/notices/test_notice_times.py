"""A notice's moment reads in its reader's zone and language when read (issue 33): the notices
page, a mail."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from accounts.notices.inbox import notice_text
from accounts.notices.models import Notice
from accounts.profiles.formats import reading_as

pytestmark = pytest.mark.django_db

UNTIL = datetime(2026, 12, 3, 14, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("language", "zone", "shown"),
    [
        ("en", "Asia/Kolkata", "until 3 Dec 2026, 8:00\u202fpm\u00a0IST"),
        ("en", "Europe/London", "until 3 Dec 2026, 2:30\u202fpm\u00a0GMT"),
        ("ur", "Asia/Karachi", "3 دسمبر، 2026 7:30 PM\u00a0PKT"),
    ],
)
def test_a_sanctions_end_reads_in_the_readers_zone(language, zone, shown):
    for kept in (UNTIL.isoformat(), "2026-12-03 14:30 UTC"):  # today's form, and the old one
        notice = Notice(kind="mute_given", params={"until": kept, "reason": "x"})
        with reading_as(language=language, zone=zone):
            assert shown in notice_text(notice)


def test_the_notices_page_shows_each_notice_in_the_members_zone(member_client, member):
    from accounts.profiles.models import Profile

    Profile.objects.create(user=member, time_zone="Asia/Karachi")
    Notice.objects.create(
        member=member, kind="mute_given", params={"until": UNTIL.isoformat(), "reason": "x"}
    )
    page = member_client.get(reverse("notices")).content.decode()
    assert "3 Dec 2026, 7:30\u202fpm\u00a0PKT" in page
    assert '<time datetime="' in page
