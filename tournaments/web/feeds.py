"""Calendar feeds (iCalendar, built with ``icalendar``): one for a tournament, one for a
series (its tournaments made so far and its coming dates), for a phone's calendar to subscribe
to. A calendar app has no session: a private one's feed needs its invite token in the address.
Each event is the tournament's start in UTC (the calendar shows it in the phone's zone), a
length the format suggests, its page's address, and CANCELLED once cancelled."""

from collections.abc import Callable
from datetime import datetime, timedelta

from icalendar import Calendar, Event

from tournaments.models import Series, Tournament, TournamentStatus
from tournaments.services.series import series_coming

# How long a calendar blocks out for a tournament [decided: a Pool or Deals evening's rounds].
LENGTH = timedelta(hours=3)
PRODID = "-//Taash//Tournaments//EN"


def tournament_calendar(tournament: Tournament, url: str) -> bytes:
    calendar = _calendar(tournament.name)
    calendar.add_component(_event(tournament, tournament.starts_at, url))
    return _ical(calendar)


def series_calendar(
    series: Series, url_of: Callable[[Tournament | None], str], now: datetime
) -> bytes:
    """``url_of(tournament or None)``: the address each event links to."""
    calendar = _calendar(series.name)
    made = {row.occurrence: row for row in Tournament.objects.filter(series=series)}
    for row in made.values():
        calendar.add_component(_event(row, row.starts_at, url_of(row)))
    for coming in series_coming(series, now=now):
        if coming.day not in made:
            event = Event()
            event.add("uid", f"series-{series.pk}-{coming.day.isoformat()}@taash")
            event.add("summary", series.name)
            event.add("dtstart", coming.starts_at)
            event.add("dtend", coming.starts_at + LENGTH)
            event.add("dtstamp", now)
            event.add("url", url_of(None))
            calendar.add_component(event)
    return _ical(calendar)


def _ical(calendar: Calendar) -> bytes:
    ical: bytes = calendar.to_ical()  # icalendar's to_ical is untyped
    return ical


def _calendar(name: str) -> Calendar:
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", name)
    return calendar


def _event(tournament: Tournament, start: datetime, url: str) -> Event:
    event = Event()
    # One UID per tournament: a series' date made later keeps the UID of the date it was.
    if tournament.series_id and tournament.occurrence:
        event.add("uid", f"series-{tournament.series_id}-{tournament.occurrence}@taash")
    else:
        event.add("uid", f"tournament-{tournament.pk}@taash")
    event.add("summary", tournament.name)
    event.add("dtstart", start)
    event.add("dtend", start + LENGTH)
    event.add("dtstamp", tournament.created_at)
    event.add("url", url)
    event.add("description", f"{tournament.get_format_display()} · {url}")
    if tournament.status == TournamentStatus.CANCELLED:
        event.add("status", "CANCELLED")
    return event
