"""A weekly series (issue 31, point 2): made once, its occurrences made ahead by a job (once,
however often it runs, racing workers too), each an ordinary tournament; skip, stop, move the
series or one occurrence, those entered told; daylight saving handled by the rule's zone."""

import re
from datetime import UTC, date, datetime, time, timedelta
from functools import partial
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone, translation

from accounts.notices.models import Notice, Reached
from accounts.profiles.formats import zone_location
from tests.tournaments.support import (
    entered,
    form_filled,
    organiser,
    people,
    refused,
    refused_to_a_stranger_and_without_a_reason,
)
from tournaments import services
from tournaments.models import Entry, Series, SeriesStatus, Tournament, TournamentStatus
from tournaments.services.series import series_dates

pytestmark = pytest.mark.django_db

KOLKATA = ZoneInfo("Asia/Kolkata")
LONDON = ZoneInfo("Europe/London")
# A Wednesday noon in India.
NOW = datetime(2027, 3, 17, 12, 0, tzinfo=KOLKATA)


def weekend_series(boss, **changes) -> Series:
    values = {
        "organiser": boss,
        "name": "Weekend Deals",
        "format": "deals",
        "weekdays": [5, 6],  # Saturday, Sunday
        "time_of_day": time(20, 0),
        "time_zone": "Asia/Kolkata",
        "first_date": date(2027, 3, 18),
        "last_date": None,
        "now": NOW,
        "check_in_minutes": 0,
        **changes,
    }
    return services.series_create(**values)


def test_a_series_makes_the_coming_week_at_once_and_the_job_makes_each_date_once():
    boss = organiser()
    series = weekend_series(boss)
    made = list(Tournament.objects.filter(series=series).order_by("starts_at"))
    assert [t.occurrence for t in made] == [date(2027, 3, 20), date(2027, 3, 21)]
    assert made[0].starts_at == datetime(2027, 3, 20, 20, 0, tzinfo=KOLKATA)
    assert made[0].format == "deals" and made[0].status == TournamentStatus.SCHEDULED
    assert services.series_ahead(now=NOW) == 0
    # A week on, the next weekend: made once however often the job runs.
    later = NOW + timedelta(days=7)
    assert services.series_ahead(now=later) == 2
    assert services.series_ahead(now=later) == 0
    assert Tournament.objects.filter(series=series).count() == 4


def test_the_wall_time_of_a_series_holds_through_daylight_saving():
    """London's clocks go forward on 28 March 2027: 20:00 there is 20:00 BST after, GMT
    before; a member in India sees the start move by an hour."""
    boss = organiser()
    series = weekend_series(
        boss, time_zone="Europe/London", weekdays=[5, 6], first_date=date(2027, 3, 20)
    )
    services.series_ahead(now=NOW + timedelta(days=7))
    starts = dict(Tournament.objects.filter(series=series).values_list("occurrence", "starts_at"))
    assert starts[date(2027, 3, 27)].astimezone(UTC).hour == 20
    assert starts[date(2027, 3, 28)].astimezone(UTC).hour == 19
    assert all(start.astimezone(LONDON).hour == 20 for start in starts.values())


def test_a_start_inside_the_gap_moves_forward_with_the_clocks():
    boss = organiser()
    series = weekend_series(
        boss,
        time_zone="Europe/London",
        weekdays=[6],
        time_of_day=time(1, 30),
        first_date=date(2027, 3, 28),
        now=NOW,
    )
    services.series_ahead(now=NOW + timedelta(days=7))
    made = Tournament.objects.get(series=series, occurrence=date(2027, 3, 28))
    assert made.starts_at.astimezone(LONDON).replace(tzinfo=None) == datetime(2027, 3, 28, 2, 30)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"weekdays": []}, "weekdays"),
        ({"weekdays": [7]}, "weekdays"),
        ({"first_date": None}, "first_date"),
        ({"last_date": date(2027, 3, 1)}, "last_date"),
        # Thursday 18th to Friday 19th: no Saturday or Sunday between.
        ({"last_date": date(2027, 3, 19)}, "weekdays"),
        ({"time_zone": "Mars/Olympus"}, "time_zone"),
        ({"per_table": 1}, "per_table"),
    ],
)
def test_a_series_with_no_dates_or_a_rule_that_never_happens_is_refused(changes, field):
    boss = organiser()
    with pytest.raises(ValidationError) as error:
        weekend_series(boss, **changes)
    assert field in error.value.message_dict
    assert not Series.objects.exists() and not Tournament.objects.exists()


def test_skipping_a_date_cancels_its_tournament_and_tells_those_entered_and_it_is_not_made_again():
    boss = organiser()
    series = weekend_series(boss)
    saturday = Tournament.objects.get(series=series, occurrence=date(2027, 3, 20))
    (asha,) = people(1)
    entered(saturday, [asha])
    services.series_skip(series_id=series.pk, actor=boss, day=date(2027, 3, 20), reason="Holi")
    saturday.refresh_from_db()
    assert saturday.status == TournamentStatus.CANCELLED
    notice = Notice.objects.get(member=asha, kind="tournament_cancelled")
    assert notice.params["reason"] == "Holi"
    assert services.series_ahead(now=NOW) == 0
    with refused("not_a_series_date"):
        services.series_skip(
            series_id=series.pk, actor=boss, day=date(2027, 3, 22), reason="a Monday"
        )


def test_only_the_organiser_acts_on_a_series_with_a_reason():
    boss = organiser()
    series = weekend_series(boss)
    refused_to_a_stranger_and_without_a_reason(
        partial(services.series_stop, series_id=series.pk), boss
    )
    assert Series.objects.get().status == SeriesStatus.RUNNING
    assert not Tournament.objects.filter(status=TournamentStatus.CANCELLED).exists()


def test_stopping_cancels_what_was_made_and_makes_nothing_more():
    boss = organiser()
    series = weekend_series(boss)
    services.series_stop(series_id=series.pk, actor=boss, reason="season over")
    assert set(Tournament.objects.values_list("status", flat=True)) == {"cancelled"}
    assert services.series_ahead(now=NOW + timedelta(days=7)) == 0
    with refused("series_stopped"):
        services.series_stop(series_id=series.pk, actor=boss, reason="again")


def test_moving_the_series_moves_what_was_made_and_tells_entrants(reach_jobs):
    """Entrants are reached as each allowed (``accounts.notices.reach``: notice, mail)."""
    boss = organiser()
    series = weekend_series(boss)
    saturday = Tournament.objects.get(series=series, occurrence=date(2027, 3, 20))
    sunday = Tournament.objects.get(series=series, occurrence=date(2027, 3, 21))
    (asha,) = people(1)
    entered(saturday, [asha])
    entered(sunday, [asha])
    with reach_jobs():
        services.series_reschedule(
            series_id=series.pk,
            actor=boss,
            reason="later on Saturdays",
            weekdays=[5],
            time_of_day=time(21, 30),
            time_zone="Asia/Kolkata",
            now=NOW,
        )
    saturday.refresh_from_db()
    sunday.refresh_from_db()
    assert saturday.starts_at == datetime(2027, 3, 20, 21, 30, tzinfo=KOLKATA)
    assert sunday.status == TournamentStatus.CANCELLED
    assert Notice.objects.filter(member=asha, kind="tournament_rescheduled").count() == 1
    assert Notice.objects.filter(member=asha, kind="tournament_cancelled").count() == 1
    assert Reached.objects.filter(member=asha, reason="tournament_rescheduled").count() == 1
    assert any("Weekend Deals has a new start time" in m.subject for m in mail.outbox)


def test_a_coming_occurrence_moves_but_never_into_the_past_or_after_its_start(reach_jobs):
    boss = organiser()
    series = weekend_series(boss)
    saturday = Tournament.objects.get(series=series, occurrence=date(2027, 3, 20))
    players = people(2)
    entered(saturday, players)
    Entry.objects.update(checked_in=True)
    new = datetime(2027, 3, 20, 18, 0, tzinfo=KOLKATA)
    with refused("start_too_soon"):
        services.tournament_reschedule(
            tournament_id=saturday.pk,
            actor=boss,
            starts_at=NOW - timedelta(hours=1),
            reason="x",
            now=NOW,
        )
    with reach_jobs():
        services.tournament_reschedule(
            tournament_id=saturday.pk, actor=boss, starts_at=new, reason="earlier", now=NOW
        )
    saturday.refresh_from_db()
    assert saturday.starts_at == new
    assert not Entry.objects.filter(checked_in=True).exists()
    assert Notice.objects.filter(kind="tournament_rescheduled").count() == 2
    services.tournament_start(tournament_id=saturday.pk, now=new)
    with refused("not_scheduled"):
        services.tournament_reschedule(
            tournament_id=saturday.pk,
            actor=boss,
            starts_at=new + timedelta(days=1),
            reason="too late",
            now=new,
        )


def test_the_rule_is_dateutils_weekly_rrule_from_first_to_last():
    boss = organiser()
    series = weekend_series(boss, last_date=date(2027, 4, 4))
    dates = series_dates(series, date(2027, 3, 1), date(2027, 12, 31))
    assert dates == [
        date(2027, 3, 20),
        date(2027, 3, 21),
        date(2027, 3, 27),
        date(2027, 3, 28),
        date(2027, 4, 3),
        date(2027, 4, 4),
    ]


def series_form(**changes) -> dict:
    return form_filled(
        **{
            "name": "Weekend Deals",
            "format": "deals",
            "weekdays": ["5", "6"],
            "time_of_day": "20:00",
            "time_zone": "Asia/Kolkata",
            "first_date": (timezone.now() + timedelta(days=1)).date().isoformat(),
            **changes,
        }
    )


def test_the_series_form_makes_a_series_whose_page_lists_its_dates_and_the_organiser_skips_one():
    boss = organiser()
    client = Client()
    client.force_login(boss)
    response = client.post("/tournaments/series/new/", series_form())
    series = Series.objects.get()
    assert (
        response.status_code == 302 and response["Location"] == f"/tournaments/series/{series.pk}/"
    )
    assert series.weekdays == [5, 6] and series.time_of_day == time(20, 0)
    page = client.get(f"/tournaments/series/{series.pk}/").content.decode()
    # The rule's zone named in words (issue 33), never its tz database code in what is read
    # (the organiser's form to move the series sends the code as an option's value).
    shown = re.sub(r"<[^>]*>", "", page)
    assert "Every Saturday, Sunday at 20:00 (India Time)" in page and "Asia/Kolkata" not in shown
    with translation.override("hi"):
        hindi = client.get(f"/tournaments/series/{series.pk}/", HTTP_ACCEPT_LANGUAGE="hi")
    assert "हर शनिवार, रविवार को 20:00 बजे (भारत समय)" in hindi.content.decode()
    assert "Stop the series" in page
    made = Tournament.objects.filter(series=series).order_by("starts_at").first()
    assert made is not None and f"/tournaments/{made.pk}/" in page
    # A stranger sees the page without the controls and is refused the acts.
    (stranger,) = people(1, prefix="stranger")
    other = Client()
    other.force_login(stranger)
    assert "Stop the series" not in other.get(f"/tournaments/series/{series.pk}/").content.decode()
    other.post(f"/tournaments/series/{series.pk}/stop/", {"reason": "mine"})
    assert Series.objects.get().status == SeriesStatus.RUNNING
    client.post(
        f"/tournaments/series/{series.pk}/skip/",
        {"day": made.occurrence.isoformat(), "reason": "festival"},
    )
    made.refresh_from_db()
    assert made.status == TournamentStatus.CANCELLED


def test_a_series_form_with_no_days_is_refused_in_hindi_and_makes_nothing():
    (member,) = people(1, prefix="member")
    client = Client()
    client.force_login(member)
    client.cookies["django_language"] = "hi"
    response = client.post("/tournaments/series/new/", series_form(weekdays=[]))
    assert response.status_code == 200
    with translation.override("hi"):
        expected = translation.gettext("This field is required.")
    assert expected in response.content.decode()
    response = client.post(
        "/tournaments/series/new/",
        series_form(first_date="2027-03-18", last_date="2027-03-19", weekdays=["5"]),
    )
    with translation.override("hi"):
        never = translation.gettext("This rule never happens between its dates.")
    assert never != "This rule never happens between its dates."
    assert never in response.content.decode()
    assert not Series.objects.exists() and not Tournament.objects.exists()


def moved_to(series: Series, weekdays: list[int], hour: time, zone: str) -> None:
    services.series_reschedule(
        series_id=series.pk,
        actor=series.organiser,
        reason="another hour",
        weekdays=weekdays,
        time_of_day=hour,
        time_zone=zone,
        now=NOW,
    )


@pytest.mark.parametrize(
    ("zone", "hour", "gap_day", "said"),
    [
        # The last Sunday of March: London's clocks go from 01:00 to 02:00.
        ("Europe/London", time(1, 30), date(2027, 3, 28), "28 Mar 2027"),
        # The second Sunday of March: New York's go from 02:00 to 03:00. 14 March 2027 is
        # past; a series without a last date is looked at a year ahead.
        ("America/New_York", time(2, 30), date(2028, 3, 12), "12 Mar 2028"),
    ],
)
def test_moving_the_series_so_that_a_date_falls_into_a_daylight_saving_gap_is_refused(
    zone, hour, gap_day, said
):
    """A reschedule into a daylight-saving gap is bad input (issue 31): refused, naming the
    date, and nothing changes, neither the rule nor what was made. Saturdays at the same hour
    never fall into one, and are accepted."""
    boss = organiser()
    series = weekend_series(boss, time_zone=zone, first_date=date(2027, 3, 1), now=NOW)
    made = dict(Tournament.objects.filter(series=series).values_list("pk", "starts_at"))
    assert made
    with translation.override("en"), pytest.raises(ValidationError) as refused_move:
        moved_to(series, [5, 6], hour, zone)
    assert list(refused_move.value.message_dict) == ["time_of_day"]
    assert said in refused_move.value.messages[0]
    assert zone_location(zone) in refused_move.value.messages[0]
    fresh = Series.objects.get()
    assert (fresh.weekdays, fresh.time_of_day, fresh.time_zone) == ([5, 6], time(20, 0), zone)
    assert dict(Tournament.objects.filter(series=series).values_list("pk", "starts_at")) == made
    assert gap_day.weekday() == 6
    moved_to(series, [5], hour, zone)
    assert Series.objects.get().time_of_day == hour


def test_a_series_that_ends_before_the_clocks_change_may_move_to_that_hour():
    boss = organiser()
    series = weekend_series(
        boss, time_zone="Europe/London", first_date=date(2027, 3, 18), last_date=date(2027, 3, 27)
    )
    moved_to(series, [6], time(1, 30), "Europe/London")
    assert Series.objects.get().time_of_day == time(1, 30)
