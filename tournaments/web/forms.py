"""The form that makes a tournament; the start time is read in the zone the reader chose
(Asia/Kolkata unless they say otherwise)."""

import copy
import zoneinfo
from datetime import UTC, datetime, timedelta
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Format, Seating
from tournaments.services.changing import CHANGEABLE
from tournaments.services.series import clocks_skip, wall_time_exists

DEFAULT_ZONE = "Asia/Kolkata"
ZONES = [
    "Asia/Kolkata",
    "Asia/Karachi",
    "Asia/Dhaka",
    "Asia/Dubai",
    "Europe/London",
    "America/New_York",
    "UTC",
]


def start_suggested(zone_name: str, now: datetime) -> str:
    """The form's first start time, as its field shows it in the reader's zone: the first
    whole hour at least half an hour away, so that registration (closing 10 minutes before)
    has a while to run."""
    start = (now + timedelta(minutes=30)).astimezone(zoneinfo.ZoneInfo(zone_name))
    start = start.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
    return start.strftime("%Y-%m-%dT%H:%M")


class WallTimeField(forms.DateTimeField):
    """A date and time as a clock reads it, in no zone: the form's own zone field says which.
    Django's field reads it in the reader's zone, and so refused, in its own words, a start in
    Kolkata at an hour that the reader's New York skips or repeats (issue 31)."""

    def to_python(self, value: Any) -> datetime | None:
        with timezone.override(UTC):
            read = super().to_python(value)
        return None if read is None else read.replace(tzinfo=None)


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    format = forms.ChoiceField(label=_("Format"), choices=Format.choices)
    starts_at = WallTimeField(
        label=_("Start time"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"), choices=[(zone, zone) for zone in ZONES], initial=DEFAULT_ZONE
    )
    registration_closes_minutes = forms.IntegerField(
        label=_("Registration closes (minutes before the start)"), initial=10
    )
    check_in_minutes = forms.IntegerField(
        label=_("Check-in opens (minutes before the start; 0 for none)"), initial=5
    )
    min_entrants = forms.IntegerField(label=_("Fewest entrants"), initial=2)
    max_entrants = forms.IntegerField(label=_("Most entrants"), initial=1000)
    per_table = forms.IntegerField(label=_("Players per table"), initial=6)
    qualifiers = forms.IntegerField(label=_("Qualifiers per table"), initial=2)
    turn_seconds = forms.IntegerField(label=_("Seconds per turn"), initial=30)
    seating = forms.ChoiceField(label=_("Seating"), choices=Seating.choices)
    late_entry = forms.BooleanField(
        label=_("Late entry into round 1 while its tables are on their first deal"),
        required=False,
    )
    duplicate_deals = forms.BooleanField(
        label=_("Duplicate deals: every table of a round plays the same deals"),
        help_text=_("Results then come of play, not of the cards dealt."),
        required=False,
    )
    private = forms.BooleanField(label=_("Private (joined by invite link)"), required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        wall, zone = data.get("starts_at"), data.get("time_zone")
        if wall and zone and not wall_time_exists(wall, zoneinfo.ZoneInfo(zone)):
            self.add_error("starts_at", clocks_skip(wall, zone))
        return data

    def start(self) -> datetime:
        zone = zoneinfo.ZoneInfo(self.cleaned_data["time_zone"])
        starts_at: datetime = self.cleaned_data["starts_at"]
        return starts_at.replace(tzinfo=zone)

    def settings(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data.pop("time_zone")
        data["starts_at"] = self.start()
        return data


WEEKDAYS = [
    (0, _("Monday")),
    (1, _("Tuesday")),
    (2, _("Wednesday")),
    (3, _("Thursday")),
    (4, _("Friday")),
    (5, _("Saturday")),
    (6, _("Sunday")),
]


class SeriesForm(TournamentForm):
    """A weekly series: the tournament's settings, and instead of one start, its days of the
    week, the time of day in its zone, and its first and (if any) last date."""

    weekdays = forms.TypedMultipleChoiceField(
        label=_("Days of the week"),
        choices=WEEKDAYS,
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        initial=[5, 6],
    )
    time_of_day = forms.TimeField(
        label=_("Time of day"), widget=forms.TimeInput(attrs={"type": "time"}), initial="20:00"
    )
    first_date = forms.DateField(
        label=_("First date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    last_date = forms.DateField(
        label=_("Last date (empty: until stopped)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    field_order = ["name", "format", "weekdays", "time_of_day", "time_zone", "first_date"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["starts_at"]

    def settings(self) -> dict[str, Any]:
        return dict(self.cleaned_data)


class SettingsForm(forms.Form):
    """A coming tournament's or a series' settings, changed by its organiser before the start
    (``services.changing``): the making form's own fields, filled with what it has now."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in CHANGEABLE:
            self.fields[name] = copy.deepcopy(TournamentForm.base_fields[name])

    @classmethod
    def of(cls, row: object) -> "SettingsForm":
        return cls(initial={name: getattr(row, name) for name in CHANGEABLE})
