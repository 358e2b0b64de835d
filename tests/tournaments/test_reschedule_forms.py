"""The organiser's forms to move a coming tournament (a one-off, or one date of a series) and a
whole series (issue 31, point 2): entrants told; a move after the start, into the past, into
a daylight-saving gap, or malformed, is refused in the reader's language and changes nothing."""

from datetime import time, timedelta
from html import escape
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone, translation

from accounts.notices.models import Notice
from tests.games.table_support import signed_in
from tests.tournaments.support import entered, organiser, people, tournament_made
from tournaments import services
from tournaments.models import Series, Tournament
from tournaments.refusals import MESSAGES

pytestmark = pytest.mark.django_db

KOLKATA = ZoneInfo("Asia/Kolkata")


def wall(when, zone=KOLKATA) -> str:
    return when.astimezone(zone).strftime("%Y-%m-%dT%H:%M")


def moved(client, tournament: Tournament, **form):
    values = {"time_zone": "Asia/Kolkata", "reason": "the hall is booked", **form}
    return client.post(f"/tournaments/{tournament.pk}/reschedule/", values, follow=True)


def in_hindi(code: str) -> str:
    with translation.override("hi"):
        text = str(MESSAGES[code])
    with translation.override("en"):
        assert text != str(MESSAGES[code])
    return escape(text)


def test_the_organiser_moves_a_coming_tournament_and_its_entrants_are_told():
    boss = organiser()
    tournament = tournament_made(boss)
    (asha,) = people(1)
    entered(tournament, [asha])
    client = signed_in(boss)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f'action="/tournaments/{tournament.pk}/reschedule/"' in page
    later = (tournament.starts_at + timedelta(days=1)).replace(second=0, microsecond=0)
    moved(client, tournament, starts_at=wall(later))
    tournament.refresh_from_db()
    assert tournament.starts_at == later
    notice = Notice.objects.get(member=asha, kind="tournament_rescheduled")
    assert notice.params["reason"] == "the hall is booked"


@pytest.mark.parametrize(
    ("code", "form"),
    [
        ("start_too_soon", {"starts_at": wall(timezone.now() - timedelta(hours=1))}),
        # Europe/London's clocks go from 01:00 to 02:00 on 28 March 2027: 01:30 never is.
        ("start_in_gap", {"starts_at": "2027-03-28T01:30", "time_zone": "Europe/London"}),
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
    client = signed_in(boss)
    client.cookies["django_language"] = "hi"
    response = moved(client, tournament, **form)
    assert in_hindi(code) in response.content.decode()
    assert Tournament.objects.get().starts_at == tournament.starts_at
    assert not Notice.objects.filter(kind="tournament_rescheduled").exists()


def test_a_started_tournament_is_not_moved_and_has_no_form():
    boss = organiser()
    tournament = tournament_made(boss)
    entered(tournament, people(2))
    services.tournament_start_now(tournament_id=tournament.pk, actor=boss, reason="all here")
    client = signed_in(boss)
    client.cookies["django_language"] = "hi"
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


def weekly(boss) -> Series:
    today = timezone.now().astimezone(KOLKATA).date()
    return services.series_create(
        organiser=boss,
        name="Weekend Deals",
        format="deals",
        weekdays=list(range(7)),
        time_of_day=time(23, 50),
        time_zone="Asia/Kolkata",
        first_date=today + timedelta(days=2),
        check_in_minutes=0,
    )


def test_the_organiser_moves_the_whole_series_and_entrants_are_told():
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
    client.post(
        f"/tournaments/series/{series.pk}/reschedule/",
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
    client = signed_in(boss)
    client.cookies["django_language"] = "hi"
    response = client.post(
        f"/tournaments/series/{series.pk}/reschedule/",
        {"time_of_day": "nine", "time_zone": "Asia/Kolkata", "reason": "why not"},
        follow=True,
    )
    with translation.override("hi"):
        expected = translation.gettext("Choose at least one day of the week.")
    assert expected != "Choose at least one day of the week."
    assert escape(expected) in response.content.decode()
    fresh = Series.objects.get()
    assert (fresh.weekdays, fresh.time_of_day) == (series.weekdays, series.time_of_day)
