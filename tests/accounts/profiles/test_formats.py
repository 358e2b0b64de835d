"""Dates, times, numbers and durations as each language writes them, in the reader's zone, the
zone named (issue 33, points 1 and 2)."""

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from accounts.profiles import formats

# 14:30 UTC on 3 December 2026: 20:00 in Lucknow, 19:30 in Karachi, 14:30 in London (winter).
MOMENT = datetime(2026, 12, 3, 14, 30, tzinfo=UTC)
LUCKNOW = ZoneInfo("Asia/Kolkata")
KARACHI = ZoneInfo("Asia/Karachi")
LONDON = ZoneInfo("Europe/London")


def plain(text: str) -> str:
    """``text`` with CLDR's narrow no-break space (before am/pm) and ours (before the zone)
    written as spaces, for reading the expectations below."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


@pytest.mark.parametrize(
    ("language", "zone", "expected"),
    [
        ("en", LUCKNOW, "3 Dec 2026, 8:00 pm IST"),
        ("en", KARACHI, "3 Dec 2026, 7:30 pm PKT"),
        ("en", LONDON, "3 Dec 2026, 2:30 pm GMT"),
        ("hi", LUCKNOW, "3 दिस॰ 2026, 8:00 pm IST"),
        ("ur", KARACHI, "3 دسمبر، 2026 7:30 PM PKT"),
    ],
)
def test_a_moment_reads_day_first_in_the_readers_zone_with_the_zone_named(language, zone, expected):
    assert plain(formats.local_datetime(MOMENT, zone=zone, language=language)) == expected


def test_london_names_its_summer_time_and_dubai_its_offset():
    july = datetime(2026, 7, 3, 14, 30, tzinfo=UTC)
    assert formats.local_time(july, zone=LONDON, language="en") == "3:30\u202fpm\u00a0BST"
    assert plain(formats.local_time(july, zone=ZoneInfo("Asia/Dubai"), language="en")) == (
        "6:30 pm GMT+04:00"
    )


def test_a_day_is_the_readers_day_late_at_night_in_utc():
    late = datetime(2026, 12, 3, 20, 0, tzinfo=UTC)  # 01:30 on the 4th in Lucknow
    assert formats.local_date(late, zone=LUCKNOW, language="en") == "4 Dec 2026"
    assert formats.local_date(late, zone=LONDON, language="en") == "3 Dec 2026"


@pytest.mark.parametrize(
    ("language", "length", "expected"),
    [
        ("en", "short", "03/12/2026"),
        ("en", "long", "3 December 2026"),
        ("hi", "long", "3 दिसंबर 2026"),
        ("ur", "long", "3 دسمبر، 2026"),
        ("ur", "short", "03/12/2026"),
    ],
)
def test_a_day_has_its_month_in_the_readers_language_and_the_day_first(language, length, expected):
    assert formats.local_date(date(2026, 12, 3), length=length, language=language) == expected


@pytest.mark.parametrize("language", ["en", "hi", "ur"])
def test_large_numbers_are_grouped_in_lakhs_and_crores_with_latin_digits(language):
    assert formats.local_number(100000, language=language) == "1,00,000"
    assert formats.local_number(12345678, language=language) == "1,23,45,678"


@pytest.mark.parametrize(
    ("language", "later", "earlier"),
    [
        ("en", "in 2 hours", "5 minutes ago"),
        ("hi", "2 घंटे में", "5 मिनट पहले"),
        ("ur", "2 گھنٹے میں", "5 منٹ پہلے"),
    ],
)
def test_relative_times_read_as_people_say_them(language, later, earlier):
    assert (
        formats.relative_time(MOMENT + timedelta(hours=2), now=MOMENT, language=language) == later
    )
    assert (
        formats.relative_time(MOMENT - timedelta(minutes=5), now=MOMENT, language=language)
        == earlier
    )


def test_the_template_library_reads_the_active_language_and_zone():
    template = Template(
        "{% load formats %}{{ at|local_datetime }}|{{ at|local_date:'short' }}|{{ n|local_number }}"
        "|{% moment at %}|{{ none|local_datetime }}"
    )
    with translation.override("hi"), timezone.override(KARACHI):
        text = plain(template.render(Context({"at": MOMENT, "n": 250000, "none": None})))
    assert text == (
        "3 दिस॰ 2026, 7:30 pm PKT|03/12/2026|2,50,000"
        '|<time datetime="2026-12-03T14:30:00+00:00">3 दिस॰ 2026, 7:30 pm PKT</time>|'
    )


def test_the_zone_choices_are_labelled_in_the_readers_language_india_and_pakistan_first():
    with translation.override("ur"):
        choices = formats.zone_choices()
    assert choices[:2] == [
        ("Asia/Kolkata", "بھارت وقت · Asia/Kolkata"),
        ("Asia/Karachi", "پاکستان وقت · Asia/Karachi"),
    ]
    names = [name for name, _ in choices]
    assert "Europe/London" in names
    assert "Asia/Calcutta" not in names  # the old name of a renamed zone is not offered twice
