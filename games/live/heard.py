"""Whether a group is heard yet: ``group_heard`` sends a probe to a group just joined and waits
for it to come back.

channels_redis's ``group_add`` returns once SUBSCRIBE is written, not once Redis has taken it,
and Redis may take a PUBLISH sent later from another connection first (a Celery worker telling
a bot's move): a reader that read the database after joining, but before its subscription was
live, would miss that change until its next re-check. A probe sent to the group after the join
comes back only once the subscription is live. The probe may itself be lost to the same race,
so the wait is bounded: by then the subscription is live all but surely, and the reader reads
(or reads again). Who reads the channel differs (a hub's listener, a page board's loop, a
stream's listener, a socket's own dispatch), so each says how the probe's return reaches it.
"""

import asyncio
import logging
from collections.abc import Awaitable
from typing import Literal, TypedDict

from channels.layers import BaseChannelLayer

logger = logging.getLogger(__name__)

# How long a reader waits to hear its group (a round trip to Redis): past it, the reader's own
# re-check (a page's heartbeat, a stream's keep-alive) still catches up.
HEARD_SECONDS = 2.0


class HeardProbe(TypedDict):
    """A message to a group, to learn that a subscription to it is live."""

    type: Literal["hub.heard"]
    probe: str


async def group_heard(
    layer: BaseChannelLayer, group: str, probe: str, came_back: Awaitable[object], what: str
) -> None:
    """Send ``probe`` to ``group`` and wait, at most ``HEARD_SECONDS``, for ``came_back`` (done
    once the reader has the probe back); ``what`` names the reader in the warning if it never
    does."""
    message: HeardProbe = {"type": "hub.heard", "probe": probe}
    await layer.group_send(group, dict(message))
    try:
        await asyncio.wait_for(came_back, HEARD_SECONDS)
    except TimeoutError:
        logger.warning("%s: its group %s was not heard in %s s", what, group, HEARD_SECONDS)
