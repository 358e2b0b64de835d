"""The ``formats`` template library: ``accounts.profiles.formats`` for templates.

    {% load formats %}
    {{ tournament.starts_at|local_datetime }}   3 Dec 2026, 8:00 pm IST
    {{ deal.replaced_at|local_time }}           6:58 pm IST
    {{ day|local_date }} {{ day|local_date:"long" }} {{ day|local_date:"short" }}
    {{ tournament.starts_at|relative_time }}    in 2 hours / 5 minutes ago
    {{ points|local_number }}                   1,00,000
    {% moment tournament.starts_at %}           <time datetime="…">3 Dec 2026, 8:00 pm IST</time>
    {% moment tournament.starts_at "relative" %}  <time … title="3 Dec…">in 2 hours</time>
    {% moment line.created_at "time" as said %}  (any form, kept for a blocktranslate)

Pages show a moment with ``moment`` (a <time> element); the filters give plain text, for an
attribute, a mail, or a value in a sentence.

Each reads the language and the zone in force for the request; None and "" give "".
"""

from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Literal

from django import template
from django.utils.html import format_html

from accounts.profiles import formats

register = template.Library()


@register.filter
def local_datetime(value: datetime | None) -> str:
    return formats.local_datetime(value) if value else ""


@register.filter
def local_time(value: datetime | None) -> str:
    return formats.local_time(value) if value else ""


@register.filter
def local_date(value: date | datetime | None, length: str = "medium") -> str:
    return formats.local_date(value, length=length) if value else ""


@register.filter
def relative_time(value: datetime | None) -> str:
    return formats.relative_time(value) if value else ""


@register.filter
def duration(value: timedelta | None) -> str:
    return formats.duration(value) if value is not None else ""


@register.filter
def local_number(value: int | float | Literal[""] | None) -> str:
    return "" if value is None or value == "" else formats.local_number(value)


FORMS: dict[str, Callable[[datetime], str]] = {
    "datetime": formats.local_datetime,
    "date": formats.local_date,
    "time": formats.local_time,
    "relative": formats.relative_time,
}


@register.filter
def zone_location(name: str) -> str:
    """A zone named in the reader's language ("India Time"), never its tz database code."""
    return formats.zone_location(name)


@register.simple_tag
def moment(value: datetime | None, form: str = "datetime") -> str:
    """A ``<time>`` element: the machine-readable instant, and what the reader reads, in one of
    ``FORMS``: the day and time, zone named (the default), the day, the time, or how far from
    now ("in 2 hours": for places where people glance; the full time is its title)."""
    if not value:
        return ""
    shown = FORMS[form](value)
    if form == "relative":
        return format_html(
            '<time datetime="{}" title="{}">{}</time>',
            value.isoformat(),
            formats.local_datetime(value),
            shown,
        )
    return format_html('<time datetime="{}">{}</time>', value.isoformat(), shown)
