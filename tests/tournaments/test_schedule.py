"""Found and followed (issue 31, point 3): the schedule of this week and next by day in the
reader's zone (named), the calendar feeds of a tournament and of a series (iCalendar), and the
next tournament on the home and game pages."""

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone
from icalendar import Calendar

from accounts.profiles.models import Profile
from tests.tournaments.support import organiser, people, tournament_made
from tournaments import services

pytestmark = pytest.mark.django_db


def test_the_schedule_lists_this_week_and_next_by_day_in_the_readers_zone_named():
    boss = organiser()
    soon = timezone.now() + timedelta(days=1)
    far = timezone.now() + timedelta(days=30)
    tournament_made(boss, name="Tomorrow Pool", starts_at=soon)
    tournament_made(boss, name="Next Month Pool", starts_at=far)
    tournament_made(boss, name="Friends only", starts_at=soon, private=True)
    (reader,) = people(1, prefix="reader")
    Profile.objects.create(user=reader, time_zone="Asia/Karachi")
    client = Client()
    client.force_login(reader)
    page = client.get("/tournaments/schedule/").content.decode()
    assert "Tomorrow Pool" in page and "Next Month Pool" not in page
    assert "Friends only" not in page
    assert "Asia/Karachi" in page
    day = soon.astimezone(ZoneInfo("Asia/Karachi")).date().isoformat()
    assert f'data-day="{day}"' in page


def test_a_tournaments_feed_is_a_calendar_and_a_private_ones_needs_its_invite():
    boss = organiser()
    start = datetime(2027, 6, 5, 14, 30, tzinfo=ZoneInfo("UTC"))
    public = tournament_made(boss, name="Summer Pool", starts_at=start)
    response = Client().get(f"/tournaments/{public.pk}/calendar.ics")
    assert response["Content-Type"].startswith("text/calendar")
    (event,) = Calendar.from_ical(response.content).walk("VEVENT")
    assert str(event["summary"]) == "Summer Pool"
    assert event.decoded("dtstart") == start
    assert f"/tournaments/{public.pk}/" in str(event["url"])
    private = tournament_made(boss, name="Friends", private=True, starts_at=start)
    refused = Client().get(f"/tournaments/{private.pk}/calendar.ics")
    assert refused.status_code == 404 and b"BEGIN:VCALENDAR" not in refused.content
    allowed = Client().get(f"/tournaments/{private.pk}/calendar.ics?invite={private.invite_token}")
    assert allowed.status_code == 200 and b"BEGIN:VEVENT" in allowed.content
    services.tournament_cancel(tournament_id=public.pk, actor=boss, reason="rain")
    (event,) = Calendar.from_ical(
        Client().get(f"/tournaments/{public.pk}/calendar.ics").content
    ).walk("VEVENT")
    assert str(event["status"]) == "CANCELLED"


def test_a_series_feed_has_its_made_and_coming_dates_each_at_its_wall_time():
    boss = organiser()
    series = services.series_create(
        organiser=boss,
        name="Weekend Deals",
        format="deals",
        weekdays=[5, 6],
        time_of_day=time(20, 0),
        time_zone="Asia/Kolkata",
        first_date=timezone.localdate() + timedelta(days=1),
    )
    response = Client().get(f"/tournaments/series/{series.pk}/calendar.ics")
    events = Calendar.from_ical(response.content).walk("VEVENT")
    assert len(events) == 8
    kolkata = ZoneInfo("Asia/Kolkata")
    assert {event.decoded("dtstart").astimezone(kolkata).hour for event in events} == {20}
    assert len({str(event["uid"]) for event in events}) == 8
    days = {event.decoded("dtstart").astimezone(kolkata).weekday() for event in events}
    assert days == {5, 6}
    assert all(isinstance(event.decoded("dtstart"), datetime) for event in events)


def test_the_home_and_the_rummy_pages_show_the_next_tournament():
    boss = organiser()
    tournament_made(boss, name="Later Pool", starts_at=timezone.now() + timedelta(days=3))
    tournament_made(boss, name="Sooner Pool", starts_at=timezone.now() + timedelta(days=1))
    for address in ("/", "/games/rummy/rules/", "/games/rummy/tables/"):
        page = Client().get(address).content.decode()
        assert "Sooner Pool" in page and "Later Pool" not in page, address
