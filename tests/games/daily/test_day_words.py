"""Issue 33, point 3: the daily deal's day is India's, for everyone, and it is named the same way
on the game's page, on its board, in the notice of a rotation and in the share text, its end in
India's time with the zone named; the page adds the time left and the end on the reader's own
clock (members in Lucknow, Karachi and London)."""

from datetime import timedelta

import pytest
from django.utils.html import escape

from accounts.notices.inbox import notice_text
from accounts.notices.models import Notice
from accounts.profiles.formats import local_time, reading_as
from accounts.profiles.models import Profile
from games.daily import services
from games.daily.days import DAY_ZONE, day_end, day_of
from games.daily.models import Attempt
from games.words.daily import day_words
from tests.games.daily.daily_support import begin, play_out
from tests.games.table_support import members, signed_in

pytestmark = pytest.mark.django_db

READERS = {
    "lucknow": ("hi", "Asia/Kolkata"),
    "karachi": ("ur", "Asia/Karachi"),
    "london": ("en", "Europe/London"),
}


def reader(user, place: str):
    language, zone = READERS[place]
    Profile.objects.create(user=user, language=language, time_zone=zone)
    client = signed_in(user)
    client.cookies["django_language"] = language
    return client


def as_read_in(place: str, make):
    language, zone = READERS[place]
    with reading_as(language=language, zone=zone):
        return make()


def test_the_day_is_indias_named_alike_for_all_with_the_end_on_each_readers_clock():
    lucknow, karachi, london = members(3)
    today = day_of()
    end = day_end(today)
    for user, place in ((lucknow, "lucknow"), (karachi, "karachi"), (london, "london")):
        page = reader(user, place).get("/daily/pitch/").content.decode()
        line = as_read_in(place, lambda: day_words(today))
        assert escape(line) in page
        assert as_read_in(place, lambda: local_time(end, zone=DAY_ZONE)) in line  # "… IST"
        own_clock = as_read_in(place, lambda: local_time(end))
        # Lucknow's clock is India's: the end is not said twice.
        assert (own_clock in page.replace(line, "")) == (place != "lucknow")
    with reading_as(language="en", zone="Europe/London"):
        assert day_words(today).endswith("(it ends at 12:00\u202fam\u00a0IST)")


def test_board_rotation_notice_and_share_text_name_the_day_as_the_page_does():
    staff, asha, bilal = members(3)
    staff.is_staff = True
    staff.save()
    playing = begin(asha, "courtpiece")
    play_out(begin(bilal, "courtpiece"))
    services.daily_deal_rotate(actor=staff, game="courtpiece", day=day_of(), reason="leaked")
    (notice,) = Notice.objects.filter(member=asha)
    line = as_read_in("karachi", lambda: day_words(playing.day))
    assert line in as_read_in("karachi", lambda: notice_text(notice))
    page = reader(bilal, "karachi").get("/daily/courtpiece/").content.decode()
    board = page[page.index('id="daily-boards"') :]
    assert escape(line) in board  # each board names its day
    replaced = playing.deal
    replaced.refresh_from_db()
    # The board is pushed alike to every reader: its time is India's, the zone named.
    assert as_read_in("karachi", lambda: local_time(replaced.replaced_at, zone=DAY_ZONE)) in board
    share = page[page.index('id="daily-share-text"') :]
    assert escape(line) in share[: share.index("</textarea>")]


def test_the_time_left_reads_relatively_in_the_readers_language(monkeypatch):
    (asha,) = members(1)
    today = day_of()
    five_hours_before = day_end(today) - timedelta(hours=5)
    monkeypatch.setattr("django.utils.timezone.now", lambda: five_hours_before)
    page = reader(asha, "karachi").get("/daily/pitch/").content.decode()
    assert "یہ 5 گھنٹے میں ختم ہوتی ہے، آپ کے وقت کے مطابق" in page
    assert not Attempt.objects.exists()
