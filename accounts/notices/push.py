"""Web Push (RFC 8030, 8291, 8292): the site's VAPID key, and sending one notification to each
of a member's subscribed browsers through their push services (``pywebpush``). The service
worker (templates/offline/sw.js) shows it, and opens or focuses its link when it is tapped.

A subscription the push service says is gone (404 or 410: the member unsubscribed or cleared
the browser) is dropped; any other failure of one push is logged and loses that push alone.
"""

import base64
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import requests
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.conf import settings
from py_vapid import Vapid  # type: ignore[import-untyped]
from pywebpush import WebPushException, webpush  # type: ignore[import-untyped]

from accounts.notices.models import PushSubscription

log = logging.getLogger(__name__)

# A push service that does not answer in this long loses that push, not the job.
TIMEOUT_SECONDS = 10
# How long a push service keeps a push for a browser that is off: a reminder is stale after.
TTL_SECONDS = 60 * 60
GONE = (404, 410)


@lru_cache(maxsize=1)
def _vapid() -> Vapid:
    return Vapid.from_string(private_key=settings.VAPID_PRIVATE_KEY)


def vapid_public_key() -> str:
    """The application server key a browser subscribes with: the public point, base64url."""
    point = _vapid().public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(point).rstrip(b"=").decode()


@dataclass(frozen=True)
class Push:
    """One notification: what the service worker shows and where a tap leads."""

    title: str
    body: str
    url: str
    tag: str

    def payload(self) -> str:
        return json.dumps(
            {"title": self.title, "body": self.body, "url": self.url, "tag": self.tag}
        )


def pushes_send(sends: Iterable[tuple[PushSubscription, Push]]) -> int:
    """Send each push to its subscription over one HTTP session; drop the subscriptions that
    are gone, in one query. Returns how many push services took their push."""
    sent, gone = 0, []
    with requests.Session() as session:
        for subscription, push in sends:
            try:
                webpush(
                    subscription_info={
                        "endpoint": subscription.endpoint,
                        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
                    },
                    data=push.payload(),
                    vapid_private_key=_vapid(),
                    vapid_claims={"sub": settings.VAPID_SUBJECT},
                    timeout=TIMEOUT_SECONDS,
                    ttl=TTL_SECONDS,
                    requests_session=session,
                )
            except WebPushException as error:
                status = error.response.status_code if error.response is not None else None
                if status in GONE:
                    gone.append(subscription.pk)
                else:
                    log.warning("push not taken (%s) by %s", status, _host(subscription))
                continue
            except (requests.RequestException, ValueError) as error:
                log.warning("push not sent to %s: %s", _host(subscription), error)
                continue
            sent += 1
    if gone:
        PushSubscription.objects.filter(pk__in=gone).delete()
    return sent


def _host(subscription: PushSubscription) -> str:
    """Where a push went, for the log: the push service, never the member's endpoint."""
    return subscription.endpoint.split("/")[2] if "//" in subscription.endpoint else "?"
