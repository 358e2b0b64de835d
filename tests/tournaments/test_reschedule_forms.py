"""The organiser's forms to move a coming tournament (a one-off, or one date of a series) and a
whole series (issue 31, point 2): entrants told; a move after the start, into the past, into
a daylight-saving gap, onto a day another date of its series has, or malformed, is refused in
the reader's language and changes nothing."""

import re
from datetime import date, time, timedelta
from html import escape

import pytest
from django.utils import timezone, translation

from accounts.notices.models import Notice
from accounts.profiles.formats import clock_time, local_date, local_datetime, zone_location
from tests.games.table_support import signed_in
from tests.tournaments.support import (
    KOLKATA,
    entered,
    organiser,
    people,
    tournament_made,
    weekly,
)
from tournaments import services
from tournaments.models import Series, Tournament
from tournaments.refusals import MESSAGES

pytestmark = pytest.mark.django_db


def wall(when, zone=KOLKATA) -> str:
    return when.astimezone(zone).strftime("%Y-%m-%dT%H:%M")


def moved(client, tournament: Tournament, **form):
    values = {"time_zone": "Asia/Kolkata", "reason": "the hall is booked", **form}
    return client.post(f"/tournaments/{tournament.pk}/reschedule/", values, follow=True)


def series_moved(client, series: Series, form: dict):
    return client.post(f"/tournaments/series/{series.pk}/reschedule/", form, follow=True)


def in_hindi(code: str) -> str:
    with translation.override("hi"):
        text = str(MESSAGES[code])
    with translation.override("en"):
        assert text != str(MESSAGES[code])
    return escape(text)


def test_the_organiser_moves_a_coming_tournament_and_its_entrants_are_told(reach_jobs):
    boss = organiser()
    tournament = tournament_made(boss)
    (asha,) = people(1)
    entered(tournament, [asha])
    client = signed_in(boss)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f'action="/tournaments/{tournament.pk}/reschedule/"' in page
    later = (tournament.starts_at + timedelta(days=1)).replace(second=0, microsecond=0)
    with reach_jobs():
        moved(client, tournament, starts_at=wall(later))
    tournament.refresh_from_db()
    assert tournament.starts_at == later
    notice = Notice.objects.get(member=asha, kind="tournament_rescheduled")
    assert notice.params["reason"] == "the hall is booked"


@pytest.mark.parametrize(
    ("code", "form"),
    [
        ("start_too_soon", {"starts_at": wall(timezone.now() - timedelta(hours=1))}),
        ("bad_start", {"starts_at": "next Saturday"}),
        ("bad_start", {"starts_at": "2027-03-28T20:00", "time_zone": "Mars/Olympus"}),
        ("reason_needed", {"starts_at": wall(timezone.now() + timedelta(days=3)), "reason": ""}),
    ],
)
def test_a_bad_move_is_refused_in_hindi_and_changes_nothing(code, form):
    boss = organiser()
    tournament = tournament_made(boss)
    (asha,) = people(1)
    entered(tournament, [asha])
    client = signed_in(boss, "hi")
    response = moved(client, tournament, **form)
    assert in_hindi(code) in response.content.decode()
    assert Tournament.objects.get().starts_at == tournament.starts_at
    assert not Notice.objects.filter(kind="tournament_rescheduled").exists()


GAP = (
    "You chose %(time)s on %(date)s (%(zone)s), but the clocks there go forward over that hour "
    "that day, so it never comes: choose another time."
)


@pytest.mark.parametrize("language", ["hi", "ur"])
def test_one_date_of_a_series_moved_into_a_daylight_saving_gap_is_refused_naming_the_time(
    language,
):
    """Europe/London's clocks go from 01:00 to 02:00 on 28 March 2027: a date of a series moved
    to 01:30 that day is refused with the time chosen, its day and its zone as the site writes
    them, in the reader's language, and nothing changes (issue 31; before, a message that named
    no time)."""
    boss = organiser()
    coming = Tournament.objects.filter(series=weekly(boss)).order_by("starts_at").first()
    assert coming is not None
    (asha,) = people(1)
    entered(coming, [asha])
    client = signed_in(boss, language)
    response = moved(client, coming, starts_at="2027-03-28T01:30", time_zone="Europe/London")
    with translation.override(language):
        said = translation.gettext(GAP) % {
            "time": clock_time(time(1, 30)),
            "date": local_date(date(2027, 3, 28)),
            "zone": zone_location("Europe/London"),
        }
    assert not said.isascii() and "1:30" in said
    assert escape(said) in response.content.decode()
    assert Tournament.objects.get(pk=coming.pk).starts_at == coming.starts_at
    assert not Notice.objects.filter(kind="tournament_rescheduled").exists()


DAY_TAKEN = (
    "You chose %(when)s, but this series already has a tournament on %(day)s (%(zone)s): "
    "choose another day."
)


def test_one_date_of_a_series_moved_onto_another_dates_day_is_refused_in_urdu_naming_the_time():
    """A daily series: its first date moved to the next day's evening would make two that day
    (issue 31): refused with the time chosen, written in the zone it was chosen in, and the
    day taken, in the reader's language; nothing changes."""
    boss = organiser()
    first, second = Tournament.objects.filter(series=weekly(boss)).order_by("starts_at")[:2]
    (asha,) = people(1)
    entered(first, [asha])
    chosen = second.starts_at.astimezone(KOLKATA).replace(hour=18, minute=0)
    client = signed_in(boss, "ur")
    response = moved(client, first, starts_at=wall(chosen))
    with translation.override("ur"):
        said = translation.gettext(DAY_TAKEN) % {
            "when": local_datetime(chosen, zone=KOLKATA),
            "day": local_date(chosen.date()),
            "zone": zone_location("Asia/Kolkata"),
        }
    assert not said.isascii()
    assert escape(said) in response.content.decode()
    assert Tournament.objects.get(pk=first.pk).starts_at == first.starts_at
    assert not Notice.objects.filter(kind="tournament_rescheduled").exists()


def test_a_started_tournament_is_not_moved_and_has_no_form():
    boss = organiser()
    tournament = tournament_made(boss)
    entered(tournament, people(2))
    services.tournament_start_now(tournament_id=tournament.pk, actor=boss, reason="all here")
    client = signed_in(boss, "hi")
    assert "/reschedule/" not in client.get(f"/tournaments/{tournament.pk}/").content.decode()
    response = moved(client, tournament, starts_at=wall(timezone.now() + timedelta(days=2)))
    assert in_hindi("not_scheduled") in response.content.decode()
    assert Tournament.objects.get().status == "running"


def test_only_the_organiser_moves_it():
    boss = organiser()
    tournament = tournament_made(boss)
    (asha,) = people(1)
    entered(tournament, [asha])
    response = moved(
        signed_in(asha), tournament, starts_at=wall(timezone.now() + timedelta(days=2))
    )
    with translation.override("en"):
        assert escape(str(MESSAGES["not_organiser"])) in response.content.decode()
    assert Tournament.objects.get().starts_at == tournament.starts_at


def test_the_organiser_moves_the_whole_series_and_entrants_are_told(reach_jobs):
    boss = organiser()
    series = weekly(boss)
    made = series.tournaments.order_by("starts_at").first()
    assert made is not None
    (asha,) = people(1)
    entered(made, [asha])
    client = signed_in(boss)
    assert f'action="/tournaments/series/{series.pk}/reschedule/"' in (
        client.get(f"/tournaments/series/{series.pk}/").content.decode()
    )
    with reach_jobs():
        series_moved(
            client,
            series,
            {
                "weekdays": [str(day) for day in range(7)],
                "time_of_day": "21:15",
                "time_zone": "Asia/Kolkata",
                "reason": "an earlier hour suits more players",
            },
        )
    series.refresh_from_db()
    assert series.time_of_day == time(21, 15)
    made.refresh_from_db()
    assert made.starts_at.astimezone(KOLKATA).time() == time(21, 15)
    assert Notice.objects.filter(member=asha, kind="tournament_rescheduled").exists()


def test_a_series_moved_to_no_day_is_refused_in_hindi_and_changes_nothing():
    boss = organiser()
    series = weekly(boss)
    client = signed_in(boss, "hi")
    response = series_moved(
        client, series, {"time_of_day": "nine", "time_zone": "Asia/Kolkata", "reason": "why not"}
    )
    with translation.override("hi"):
        expected = translation.gettext("Choose at least one day of the week.")
    assert expected != "Choose at least one day of the week."
    assert escape(expected) in response.content.decode()
    fresh = Series.objects.get()
    assert (fresh.weekdays, fresh.time_of_day) == (series.weekdays, series.time_of_day)


def test_a_series_moved_into_a_daylight_saving_gap_is_refused_in_urdu_and_changes_nothing():
    """Every Sunday at 02:30 in New York: on the second Sunday of March the clocks go from
    02:00 to 03:00, so that start never happens (before, the date moved forward by itself)."""
    boss = organiser()
    series = weekly(boss)
    client = signed_in(boss, "ur")
    response = series_moved(
        client,
        series,
        {
            "weekdays": ["6"],
            "time_of_day": "02:30",
            "time_zone": "America/New_York",
            "reason": "for the players in America",
        },
    )
    page = response.content.decode()
    with translation.override("ur"):
        said = translation.gettext(GAP)
        zone = zone_location("America/New_York")
    words = max(re.split(r"%\(\w+\)s", said), key=len).strip()
    assert not words.isascii()
    assert escape(words) in page and escape(zone) in page
    fresh = Series.objects.get()
    assert (fresh.weekdays, fresh.time_of_day, fresh.time_zone) == (
        series.weekdays,
        series.time_of_day,
        series.time_zone,
    )
