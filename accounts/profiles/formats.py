"""Dates, times, numbers and durations as the reader reads them: in their language's own form
(CLDR's, through Babel) and in their time zone, the zone named where two could be meant.

Every time the site shows goes through here, on pages (the ``formats`` template library,
``accounts.profiles.format_tags``), in notices, e-mails and the moderation console. Each
function takes the moment (an aware datetime) and, when not given, reads the language and the
zone in force: Django's active language, and the zone that ``middleware.TimeZoneMiddleware``
activated for this request (the member's, the visitor's browser's, or India's).

The forms, per language (CLDR; issue 33):

- English is India's English (en_IN): "3 Dec 2026, 8:00 pm IST", the day before the month.
- Hindi (hi_IN): "3 दिस॰ 2026, 8:00 pm IST"; Urdu (ur_PK): "3 دسمبر، 2026 8:00 PM PKT".
- All three tell the time on the 12-hour clock with am/pm: CLDR's convention for each, and how
  clocks are read aloud in India and Pakistan alike.
- Digits are Latin (0-9) in all three. CLDR's default for Hindi and for Pakistan's Urdu; India
  writes the "international form of Indian numerals" officially (Constitution, art. 343), the
  cards themselves print 2-10 so, and scores beside a card read the same as the card.
- Numbers are grouped the Indian way in all three (1,00,000 and 1,00,00,000). CLDR already does
  so for en_IN and hi; for Urdu it gives the international 100,000, but Pakistan counts in lakhs
  and crores too (ایک لاکھ), so the Indian pattern is used with Urdu's own symbols.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime, time, timedelta, tzinfo
from decimal import Decimal
from functools import cache

from babel import Locale
from babel.dates import (
    format_date,
    format_time,
    format_timedelta,
    get_timezone_gmt,
    get_timezone_location,
)
from babel.numbers import format_decimal
from django.utils import timezone, translation

from accounts.profiles.zones import listed_zone_names, zone_listed_as, zone_or_visitors

# The site's languages -> the CLDR locale whose forms they take (see the module's docstring).
LOCALES = {"en": "en_IN", "hi": "hi_IN", "ur": "ur_PK"}
# Lakhs and crores, whatever the language's own pattern.
INDIAN_GROUPING = "#,##,##0.###"


@contextmanager
def reading_as(*, language: str | None, zone: str | None) -> Iterator[None]:
    """Words and times for one reader away from their request (a mail, a push, a socket's
    frame): their language (the site's when None) and their zone by name (India's when None
    or unknown)."""
    with translation.override(language or "en"), timezone.override(zone_or_visitors(zone)):
        yield


@cache
def _locale_of(code: str) -> Locale:
    return Locale.parse(LOCALES.get(code, LOCALES["en"]))


def babel_locale(language: str | None = None) -> Locale:
    """The CLDR locale of ``language`` (the active one when not given); en_IN for any other."""
    return _locale_of((language or translation.get_language() or "en").split("-")[0])


def _reader(zone: tzinfo | None, language: str | None) -> tuple[tzinfo, Locale]:
    return zone or timezone.get_current_timezone(), babel_locale(language)


def zone_abbreviation(moment: datetime, zone: tzinfo | None = None) -> str:
    """The zone's short name at ``moment`` as the tz database writes it (IST, PKT, GMT, BST),
    or the offset from GMT where it has only numbers (GMT+4 in Dubai)."""
    local = moment.astimezone(zone or timezone.get_current_timezone())
    name = local.tzname() or ""
    if name.isalpha():
        return name
    return get_timezone_gmt(local, locale=babel_locale("en"))


def local_time(moment: datetime, *, zone: tzinfo | None = None, language: str | None = None) -> str:
    """The time of day in the reader's zone, the zone named: "8:00 pm IST", "8:30 PM PKT"."""
    current, locale = _reader(zone, language)
    local = moment.astimezone(current)
    # A no-break space, as CLDR puts before am/pm: the zone never wraps away from its time.
    return f"{format_time(local, 'short', locale=locale)}\u00a0{zone_abbreviation(local, current)}"


def clock_time(value: time, *, language: str | None = None) -> str:
    """A time of day as a clock reads it, in no zone, as ``local_time`` writes one: "1:30 am".
    For a wall time that no moment has (one a daylight-saving gap skips), which ``local_time``
    cannot be given."""
    return str(format_time(value, "short", locale=babel_locale(language)))


def local_date(
    value: date | datetime,
    *,
    length: str = "medium",
    zone: tzinfo | None = None,
    language: str | None = None,
) -> str:
    """A day, the day before the month: "3 Dec 2026" (medium), "3 December 2026" (long),
    "03/12/2026" (short). A datetime is first read in the reader's zone (its day there)."""
    current, locale = _reader(zone, language)
    if isinstance(value, datetime):
        value = value.astimezone(current).date()
    if length == "short":
        # CLDR's short form has a two-digit year (3/12/26), which reads as a score; the
        # numeric form with the whole year is the one people write by hand.
        return format_date(value, "dd/MM/y", locale=locale)
    return format_date(value, length, locale=locale)


def local_datetime(
    moment: datetime, *, zone: tzinfo | None = None, language: str | None = None
) -> str:
    """Day and time in the reader's zone, the zone named: "3 Dec 2026, 8:00 pm IST"; joined as
    the language joins them (CLDR's date-time pattern)."""
    current, locale = _reader(zone, language)
    day = local_date(moment, zone=current, language=locale.language)
    clock = local_time(moment, zone=current, language=locale.language)
    pattern = str(locale.datetime_formats["medium"])
    return pattern.replace("{1}", day).replace("{0}", clock)


def relative_time(
    moment: datetime, *, now: datetime | None = None, language: str | None = None
) -> str:
    """How far ``moment`` is from now, for a glance: "in 2 hours", "5 minutes ago",
    "2 घंटे में", "5 منٹ پہلے"."""
    delta: timedelta = moment - (now or timezone.now())
    return format_timedelta(delta, add_direction=True, locale=babel_locale(language))


def duration(length: timedelta, *, language: str | None = None) -> str:
    """A length of time without a direction: "5 hours", "5 घंटे" (time left, a ban's length)."""
    return format_timedelta(length, locale=babel_locale(language))


def local_number(number: int | float | Decimal, *, language: str | None = None) -> str:
    """A number with the Indian grouping in the reader's language: 1,00,000."""
    locale = babel_locale(language)
    return format_decimal(number, format=INDIAN_GROUPING, locale=locale)


def zone_location(name: str, *, language: str | None = None) -> str:
    """A zone as the reader's language names it (CLDR): "India Time", "भारत समय"; a renamed
    zone by its listed name, an unknown one as India's."""
    return str(get_timezone_location(zone_listed_as(name), locale=babel_locale(language)))


@cache
def _zone_choices_in(language: str) -> tuple[tuple[str, str], ...]:
    return tuple(
        (name, f"{zone_location(name, language=language)} · {name}") for name in listed_zone_names()
    )


def zone_choices() -> list[tuple[str, str]]:
    """(name, label) of every zone a member may choose, labelled in the reader's language:
    "India Time · Asia/Kolkata", "भारत समय · Asia/Kolkata"; India's and Pakistan's first."""
    return list(_zone_choices_in(babel_locale().language))
