"""A weekly series (issue 31, point 2): made once, its occurrences made ahead by a job, each
then an ordinary tournament; the organiser skips a date, moves the series to another day or
hour, moves one coming occurrence, or stops it, and those entered are told.

- When: ``dateutil.rrule`` (weekly, on the series' weekdays) over wall-clock dates in the
  series' zone; each date's start is that wall time there, so "Saturday 20:00 India time" stays
  20:00 in India and moves for a member in London when their clocks change. A wall time that a
  daylight-saving gap skips is moved forward by the gap, as the clocks themselves do (zoneinfo's
  reading of a missing time, normalised) [decided].
- Ahead (``series_ahead``, a beat job): every date whose start falls within ``AHEAD`` and
  after registration could still close is made, once: the row's (series, date) is unique, so a
  second run, or a second worker racing the first, makes nothing more.
- Moving or cancelling a made occurrence goes through the tournament's own row lock; only one
  not yet started may be moved, never into the past, never into a daylight-saving gap, and
  one date of a series never onto a day another of its dates has; nor may the whole series
  be moved so that one of its coming dates falls into a gap (``first_date_in_gap``).
"""

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from dateutil.rrule import WEEKLY, rrule
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.moderation.audit import Target, audit_record
from accounts.notices.reach import reach
from accounts.profiles.formats import clock_time, local_date, local_datetime, zone_location
from tournaments.models import (
    Entry,
    EntryStatus,
    Series,
    SeriesStatus,
    Tournament,
    TournamentStatus,
)
from tournaments.refusals import TournamentRefusal
from tournaments.services.entering import settings_errors
from tournaments.services.locked import tournament_link, tournament_locked
from tournaments.services.rounds import tournament_cancelled

# How far ahead occurrences are made (and so open for registration).
AHEAD = timedelta(days=7)
# A series without a last date is looked at this far ahead when checking that it ever happens.
HORIZON_DAYS = 366
REASON_LENGTH = 500
# The settings a series hands each occurrence.
SETTINGS = (
    "format",
    "private",
    "registration_closes_minutes",
    "check_in_minutes",
    "min_entrants",
    "max_entrants",
    "per_table",
    "qualifiers",
    "turn_seconds",
    "seating",
    "late_entry",
    "duplicate_deals",
)


def zone_of(name: str) -> ZoneInfo | None:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def wall_time_exists(wall: datetime, zone: ZoneInfo) -> bool:
    """Whether the clock in ``zone`` ever reads ``wall`` (naive): a time inside a daylight-
    saving gap does not survive the round trip through UTC."""
    back = wall.replace(tzinfo=zone).astimezone(UTC).astimezone(zone).replace(tzinfo=None)
    return back == wall


def clocks_skip(wall: datetime, zone: str) -> ValidationError:
    """The refusal of a start at ``wall`` (naive) that ``zone``'s clocks skip (daylight saving),
    naming the time chosen, its day and its zone as the site writes them, in the reader's
    language: a one-off's form, one date of a series moved and a whole series moved all refuse
    with it (issue 31; before, the start moved forward with the clocks, and a date moved was
    refused without naming the time)."""
    return ValidationError(
        _(
            "You chose %(time)s on %(date)s (%(zone)s), but the clocks there go forward over "
            "that hour that day, so it never comes: choose another time."
        ),
        code="start_in_gap",
        params={
            "date": local_date(wall.date()),
            "zone": zone_location(zone),
            "time": clock_time(wall.time()),
        },
    )


def first_date_in_gap(series: Series, *, now: datetime) -> date | None:
    """The series' first coming date (to its last, or a year ahead for one without) whose
    wall time a daylight-saving gap skips in its zone, if any: a series is made with such a
    date moved forward with the clocks [decided], but moved into one it is refused (issue 31)."""
    zone = ZoneInfo(series.time_zone)
    today = now.astimezone(zone).date()
    end = series.last_date or today + timedelta(days=HORIZON_DAYS)
    for day in series_dates(series, today, end):
        if not wall_time_exists(datetime.combine(day, series.time_of_day), zone):
            return day
    return None


def occurrence_start(series: Series, day: date) -> datetime:
    """The start of the series' ``day``: its wall time in its zone, moved forward by the gap
    where daylight saving skips it."""
    zone = ZoneInfo(series.time_zone)
    wall = datetime.combine(day, series.time_of_day).replace(tzinfo=zone)
    return wall.astimezone(UTC).astimezone(zone)


def series_dates(series: Series, start: date, end: date) -> list[date]:
    """The series' dates from ``start`` to ``end`` (both included), skipped ones left out."""
    first = max(start, series.first_date)
    last = min(end, series.last_date) if series.last_date else end
    if first > last or not series.weekdays:
        return []
    rule = rrule(
        WEEKLY,
        byweekday=sorted(series.weekdays),
        dtstart=datetime.combine(first, time()),
        until=datetime.combine(last, time()),
    )
    skipped = set(series.skipped)
    return [moment.date() for moment in rule if moment.date().isoformat() not in skipped]


def _rule_errors(
    *,
    weekdays: list[int],
    time_of_day: time | None,
    time_zone: str,
    first_date: date | None,
    last_date: date | None,
) -> dict[str, object]:
    errors: dict[str, object] = {}
    if not weekdays or any(type(day) is not int or not 0 <= day <= 6 for day in weekdays):
        errors["weekdays"] = _("Choose at least one day of the week.")
    if time_of_day is None:
        errors["time_of_day"] = _("Give the time of day it starts.")
    if zone_of(time_zone) is None:
        errors["time_zone"] = _("Choose a time zone from the list.")
    if first_date is None:
        errors["first_date"] = _("Give the first date.")
    if first_date and last_date and last_date < first_date:
        errors["last_date"] = _("The last date cannot come before the first.")
    return errors


@transaction.atomic
def series_create(
    *,
    organiser: User,
    name: str,
    weekdays: list[int],
    time_of_day: time | None,
    time_zone: str,
    first_date: date | None,
    last_date: date | None = None,
    now: datetime | None = None,
    **settings: object,
) -> Series:
    """Make a series (the same settings and refusals as a one-off tournament, plus its rule:
    a rule that never happens between its dates is refused). Its first week is made at once."""
    now = now or timezone.now()
    values = {
        "format": "pool101",
        "private": False,
        "registration_closes_minutes": 10,
        "check_in_minutes": 5,
        "min_entrants": 2,
        "max_entrants": 1000,
        "per_table": 6,
        "qualifiers": 2,
        "turn_seconds": 30,
        "seating": "rating",
        "late_entry": False,
        "duplicate_deals": False,
        **settings,
    }
    checked = {
        key: value for key, value in values.items() if key not in ("late_entry", "duplicate_deals")
    }
    errors = settings_errors(organiser=organiser, name=name, **checked)  # type: ignore[arg-type]
    errors.update(
        _rule_errors(
            weekdays=weekdays,
            time_of_day=time_of_day,
            time_zone=time_zone,
            first_date=first_date,
            last_date=last_date,
        )
    )
    if errors:
        raise ValidationError(errors)
    assert time_of_day is not None and first_date is not None  # else refused above
    series = Series(
        organiser=organiser,
        name=name.strip(),
        weekdays=sorted(set(weekdays)),
        time_of_day=time_of_day,
        time_zone=time_zone,
        first_date=first_date,
        last_date=last_date,
        **values,
    )
    today = now.astimezone(ZoneInfo(time_zone)).date()
    end = last_date or max(today, first_date) + timedelta(days=HORIZON_DAYS)
    coming = [
        day
        for day in series_dates(series, max(today, first_date), end)
        if occurrence_start(series, day) > now
    ]
    if not coming:
        raise ValidationError({"weekdays": _("This rule never happens between its dates.")})
    series.save()
    series_ahead_one(series, now=now)
    return series


def series_ahead(*, now: datetime | None = None) -> int:
    """Make every running series' occurrences that start within ``AHEAD``; returns how many
    were made (none the second time)."""
    now = now or timezone.now()
    made = 0
    for series_id in Series.objects.filter(status=SeriesStatus.RUNNING).values_list(
        "pk", flat=True
    ):
        with transaction.atomic():
            # The series' row lock: a second worker waits, then finds the dates made.
            series = Series.objects.select_for_update().get(pk=series_id)
            if series.status == SeriesStatus.RUNNING:
                made += series_ahead_one(series, now=now)
    return made


def series_ahead_one(series: Series, *, now: datetime) -> int:
    """Make the series' coming dates not made yet (inside the caller's lock of its row)."""
    zone = ZoneInfo(series.time_zone)
    days = series_dates(series, now.astimezone(zone).date(), (now + AHEAD).astimezone(zone).date())
    closes = timedelta(minutes=series.registration_closes_minutes)
    rows = [
        Tournament(
            game=series.game,
            name=series.name,
            organiser_id=series.organiser_id,
            starts_at=start,
            series=series,
            occurrence=day,
            **{field: getattr(series, field) for field in SETTINGS},
        )
        for day in days
        if (start := occurrence_start(series, day)) > now + closes and start <= now + AHEAD
    ]
    if not rows:
        return 0
    had = set(
        Tournament.objects.filter(
            series=series, occurrence__in=[row.occurrence for row in rows]
        ).values_list("occurrence", flat=True)
    )
    new = [row for row in rows if row.occurrence not in had]
    # The row lock serialises makers; the unique (series, date) would refuse a second anyway.
    Tournament.objects.bulk_create(new)
    return len(new)


def series_skip(*, series_id: int, actor: User, day: date, reason: str) -> None:
    """Leave ``day`` out; its tournament, if made and not started, is cancelled and those
    entered told why."""
    with transaction.atomic():
        series = series_organised(series_id, actor, reason)
        if series.status != SeriesStatus.RUNNING:
            raise TournamentRefusal("series_stopped")
        if day not in series_dates(series, day, day):
            raise TournamentRefusal("not_a_series_date")
        series.skipped = sorted({*series.skipped, day.isoformat()})
        series.save(update_fields=["skipped"])
        _audit(actor, "series_skip", series, reason, date=day.isoformat())
        made = Tournament.objects.filter(series=series, occurrence=day).first()
        if made is not None:
            _cancel_coming(made.pk, actor, reason)


def series_stop(*, series_id: int, actor: User, reason: str) -> None:
    """No more occurrences; those made and not started are cancelled, entrants told why."""
    with transaction.atomic():
        series = series_organised(series_id, actor, reason)
        if series.status != SeriesStatus.RUNNING:
            raise TournamentRefusal("series_stopped")
        series.status = SeriesStatus.STOPPED
        series.save(update_fields=["status"])
        _audit(actor, "series_stop", series, reason)
        for pk in Tournament.objects.filter(
            series=series, status=TournamentStatus.SCHEDULED
        ).values_list("pk", flat=True):
            _cancel_coming(pk, actor, reason)


def series_reschedule(
    *,
    series_id: int,
    actor: User,
    reason: str,
    weekdays: list[int],
    time_of_day: time | None,
    time_zone: str,
    now: datetime | None = None,
) -> None:
    """Move the whole series to other days or another hour from now on: each occurrence made
    and not started moves to its date's new start if its date is still a series day (entrants
    told), or is cancelled if not (entrants told why); the job makes the new days."""
    now = now or timezone.now()
    with transaction.atomic():
        series = series_organised(series_id, actor, reason)
        if series.status != SeriesStatus.RUNNING:
            raise TournamentRefusal("series_stopped")
        errors = _rule_errors(
            weekdays=weekdays,
            time_of_day=time_of_day,
            time_zone=time_zone,
            first_date=series.first_date,
            last_date=series.last_date,
        )
        if errors:
            raise ValidationError(errors)
        assert time_of_day is not None  # else refused above
        series.weekdays, series.time_zone = sorted(set(weekdays)), time_zone
        series.time_of_day = time_of_day
        gap = first_date_in_gap(series, now=now)
        if gap is not None:
            raise ValidationError(
                {"time_of_day": clocks_skip(datetime.combine(gap, time_of_day), time_zone)}
            )
        series.save(update_fields=["weekdays", "time_of_day", "time_zone"])
        _audit(actor, "series_reschedule", series, reason)
        for made in Tournament.objects.filter(series=series, status=TournamentStatus.SCHEDULED):
            day = made.occurrence
            if day is not None and series_dates(series, day, day):
                start = occurrence_start(series, day)
                if start > now + timedelta(minutes=made.registration_closes_minutes):
                    _move(made.pk, start, reason)
                    continue
            _cancel_coming(made.pk, actor, reason)
        series_ahead_one(series, now=now)


def tournament_reschedule(
    *,
    tournament_id: int,
    actor: User,
    starts_at: datetime,
    reason: str,
    now: datetime | None = None,
) -> None:
    """Move a tournament (a one-off, or one occurrence of a series) not yet started to
    ``starts_at``: never into the past or before registration could close; entrants told."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        organiser_check(tournament.organiser_id, actor, reason)
        if tournament.status != TournamentStatus.SCHEDULED:
            raise TournamentRefusal("not_scheduled")
        if starts_at <= now + timedelta(minutes=tournament.registration_closes_minutes):
            raise TournamentRefusal("start_too_soon")
        if tournament.series_id is not None:
            _day_free_check(tournament, starts_at)
        audit_record(
            actor=actor,
            act="tournament_reschedule",
            target=Target("tournament", tournament.pk, tournament.name),
            reason=reason.strip(),
            details={"from": tournament.starts_at.isoformat(), "to": starts_at.isoformat()},
        )
        _move(tournament.pk, starts_at, reason)


def _day_free_check(tournament: Tournament, starts_at: datetime) -> None:
    """One date of a series may not be moved onto a day (in the series' zone) on which another
    of its dates starts, made or still to be made [decided: two in a day would split the
    series' players, and its table counts each date apart]; refused naming the time chosen,
    in the zone it was chosen in."""
    series = tournament.series
    assert series is not None  # the caller asks for a series' date only
    zone = ZoneInfo(series.time_zone)
    day = starts_at.astimezone(zone).date()
    others = Tournament.objects.filter(series=series).exclude(pk=tournament.pk)
    midnight = datetime.combine(day, time()).replace(tzinfo=zone)
    next_midnight = datetime.combine(day + timedelta(days=1), time()).replace(tzinfo=zone)
    made_that_day = (
        others.filter(starts_at__gte=midnight, starts_at__lt=next_midnight)
        .exclude(status=TournamentStatus.CANCELLED)
        .exists()
    )
    # A date not made yet keeps its day; one made keeps it only while it starts there.
    coming_that_day = (
        day != tournament.occurrence
        and bool(series_dates(series, day, day))
        and not others.filter(occurrence=day).exists()
    )
    if made_that_day or coming_that_day:
        raise ValidationError(
            _(
                "You chose %(when)s, but this series already has a tournament on %(day)s "
                "(%(zone)s): choose another day."
            ),
            code="series_day_taken",
            params={
                "when": local_datetime(starts_at, zone=starts_at.tzinfo),
                "day": local_date(day),
                "zone": zone_location(series.time_zone),
            },
        )


def _move(tournament_id: int, starts_at: datetime, reason: str) -> None:
    tournament = tournament_locked(tournament_id)
    if tournament.starts_at == starts_at:
        return
    tournament.starts_at = starts_at
    tournament.save(update_fields=["starts_at"])
    # Check-ins were for the old time: those entered check in again for the new one.
    Entry.objects.filter(tournament=tournament).update(checked_in=False)
    entrants_tell(tournament, "tournament_rescheduled", reason=reason.strip())


def _cancel_coming(tournament_id: int, actor: User, reason: str) -> None:
    tournament = tournament_locked(tournament_id)
    if tournament.status == TournamentStatus.SCHEDULED:
        tournament_cancelled(tournament, actor=actor, reason=reason.strip(), now=timezone.now())


def entrants_tell(tournament: Tournament, kind: str, **params: object) -> None:
    """Those entered (and waiting) are reached as each allowed (the site's notices, e-mail,
    push: ``accounts.notices.reach``), once per act: the act's moment is its key."""
    entered = Entry.objects.filter(
        tournament=tournament, status__in=[EntryStatus.REGISTERED, EntryStatus.WAITING]
    ).values_list("user_id", flat=True)
    reach(
        member_ids=list(entered),
        reason=kind,
        moment=f"tournament:{tournament.pk}:{timezone.now().isoformat()}",
        params={"tournament": tournament.name, **params},
        link=tournament_link(tournament.pk),
    )


def series_organised(series_id: int, actor: User, reason: str) -> Series:
    series = Series.objects.select_for_update().filter(pk=series_id).first()
    if series is None:
        raise TournamentRefusal("no_series")
    organiser_check(series.organiser_id, actor, reason)
    return series


def organiser_check(organiser_id: int | None, actor: User | None, reason: str) -> None:
    if actor is None or not (actor.pk == organiser_id or actor.is_staff):
        raise TournamentRefusal("not_organiser")
    if not reason.strip() or len(reason) > REASON_LENGTH:
        raise TournamentRefusal("reason_needed")


def _audit(actor: User, act: str, series: Series, reason: str, **details: object) -> None:
    audit_record(
        actor=actor,
        act=act,
        target=Target("series", series.pk, series.name),
        reason=reason.strip(),
        details=details,
    )


@dataclass
class SeriesDate:
    day: date
    starts_at: datetime
    tournament: Tournament | None


def series_coming(series: Series, *, now: datetime, count: int = 8) -> list[SeriesDate]:
    """The series' next ``count`` dates from today in its zone (a read, for its page): each
    with its start and its tournament once made."""
    today = now.astimezone(ZoneInfo(series.time_zone)).date()
    days = series_dates(series, today, today + timedelta(days=7 * count))[:count]
    if series.status != SeriesStatus.RUNNING:
        days = []
    made = {
        row.occurrence: row
        for row in Tournament.objects.filter(series=series, occurrence__gte=today)
    }
    return [
        SeriesDate(
            day,
            made[day].starts_at if day in made else occurrence_start(series, day),
            made.get(day),
        )
        for day in days
    ]
