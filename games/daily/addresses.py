"""How many visitors' tries one client address has begun this hour (issue 21: the site's
hourly cap on visitors' tries is shared, and a script dropping its cookie each time would
otherwise spend it alone and lock every honest visitor out).

The count lives in the shared cache (Redis, as allauth's sign-in limits), under a keyed hash
of the address that expires with the hour: no raw address is kept, in the cache or the
database. The hour begins with the address's first try; a refused try is counted too (it
does not lengthen the hour), so refusing stays one cache round trip. The caller gives the
address as the site determines it behind its trusted proxies (``games.web.daily``).
"""

from django.conf import settings
from django.core.cache import cache
from django.utils.crypto import salted_hmac

WINDOW_SECONDS = 60 * 60
_SALT = "games.daily.addresses"


def _key(address: str) -> str:
    # Keyed with the site's secret: the cache's keys name no address, and a reader of the
    # cache cannot hash the four thousand million IPv4 addresses to find one.
    return f"daily:visitor-tries:{salted_hmac(_SALT, address, algorithm='sha256').hexdigest()}"


def address_try_allowed(address: str) -> bool:
    """Count one more try begun from ``address`` this hour; whether it is within
    ``settings.DAILY_VISITOR_TRIES_PER_ADDRESS``."""
    key = _key(address)
    cache.add(key, 0, timeout=WINDOW_SECONDS)
    try:
        tries = cache.incr(key)
    except ValueError:
        # The hour ended between the two calls: this try begins the next one.
        cache.add(key, 1, timeout=WINDOW_SECONDS)
        tries = 1
    return tries <= settings.DAILY_VISITOR_TRIES_PER_ADDRESS
