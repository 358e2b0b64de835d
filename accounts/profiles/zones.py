"""Time zones: the member's (on the profile), a visitor's (their browser's, in a cookie), India's
for a visitor whose browser has not said, and the names the tz database has renamed.

A zone is stored by its IANA name. The tz database renames zones now and then (Asia/Calcutta
became Asia/Kolkata, Europe/Kiev Europe/Kyiv) and keeps the old name as a link only in its
"backward" file, which some systems no longer install (Debian ships it apart, as
tzdata-legacy). So a stored name is read through ``zone_named``, which also tries the names
that CLDR (Babel's copy of it) holds to be the same zone: a name stored years ago, or by a
browser that still says the old one, keeps working whichever tz database the machine has.
"""

import zoneinfo
from collections.abc import Mapping
from functools import cache, lru_cache

from babel.core import get_global
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# What a visitor reads before their browser has told us its zone (issue 33: India time for
# visitors unless their browser says otherwise), and a new profile's zone.
VISITOR_ZONE = "Asia/Kolkata"
# The cookie in which a visitor's browser leaves its zone (static/js/zone.js).
ZONE_COOKIE = "tz"
# The two zones most of our players live in: offered first in every list of zones.
FIRST_ZONES = ("Asia/Kolkata", "Asia/Karachi")
# No zone name is longer (America/Argentina/ComodRivadavia is 32); a cookie is refused past it.
ZONE_NAME_LIMIT = 64


@cache
def _same_zone_names() -> dict[str, tuple[str, ...]]:
    """Each name CLDR knows as an alias or a canonical zone -> every name of that zone."""
    aliases: Mapping[str, str] = get_global("zone_aliases")
    groups: dict[str, set[str]] = {}
    for alias, canonical in aliases.items():
        groups.setdefault(canonical, {canonical}).add(alias)
    return {name: tuple(sorted(group)) for group in groups.values() for name in group}


# Bounded: the name may come from a visitor's cookie, which can say anything.
@lru_cache(maxsize=1024)
def zone_named(name: str | None) -> zoneinfo.ZoneInfo | None:
    """The zone called ``name``, by its own name or a former one; None for an empty or unknown
    name (never an exception: a cookie or an old row may hold anything)."""
    if not name or len(name) > ZONE_NAME_LIMIT:
        return None
    for candidate in (name, *_same_zone_names().get(name, ())):
        try:
            return zoneinfo.ZoneInfo(candidate)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            continue
    return None


def zone_or_visitors(name: str | None) -> zoneinfo.ZoneInfo:
    """The zone called ``name``, or India's when there is no such zone."""
    return zone_named(name) or zoneinfo.ZoneInfo(VISITOR_ZONE)


def validate_zone(value: str) -> None:
    """Refuse a zone name that no tz database here knows (the reader's language)."""
    if zone_named(value) is None:
        raise ValidationError(
            _("“%(value)s” is not a time zone we know. Choose one from the list."),
            code="unknown_zone",
            params={"value": value},
        )


@cache
def listed_zone_names() -> tuple[str, ...]:
    """The zones a member chooses from: the tz database's, less the old names of renamed ones
    and the technical ones (Etc/GMT+5, US/Eastern, SystemV), most of our players' first."""
    old_names = set(get_global("zone_aliases"))
    names = {
        name
        for name in zoneinfo.available_timezones()
        if "/" in name
        and name not in old_names
        and not name.startswith(("Etc/", "SystemV/", "US/", "posix/", "right/"))
    }
    return FIRST_ZONES + tuple(sorted(names - set(FIRST_ZONES)))


def zone_listed_as(name: str) -> str:
    """The name under which ``name``'s zone is listed for choosing (Asia/Kolkata for a stored
    Asia/Calcutta), so that a form shows a renamed zone chosen; India's if none is."""
    listed = set(listed_zone_names())
    for candidate in (name, *_same_zone_names().get(name, ())):
        if candidate in listed:
            return candidate
    return VISITOR_ZONE
