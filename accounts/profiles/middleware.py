"""Every request reads times in its reader's zone: the member's (their profile), a visitor's
browser's (the cookie static/js/zone.js leaves), or India's (issue 33). Django's timezone
machinery then shows every aware datetime in it (``{{ value|date }}``, forms), and
``accounts.profiles.formats`` names it."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from django.utils import timezone

from accounts.profiles.selectors import member_zone
from accounts.profiles.zones import ZONE_COOKIE, zone_or_visitors


def reader_zone_name(request: HttpRequest) -> str | None:
    """The zone the reader of ``request`` asked for, by name, not yet checked."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        chosen = member_zone(user)
        if chosen:
            return chosen
    return request.COOKIES.get(ZONE_COOKIE)


class TimeZoneMiddleware:
    """After the authentication middleware: activates the reader's zone for the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        zone = zone_or_visitors(reader_zone_name(request))
        timezone.activate(zone)
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
