"""The bot API's streams (issue 35): NDJSON over HTTP, one JSON object a line, kept open by
Daphne (an async iterator under a ``StreamingHttpResponse``), fed by the same live delivery as
the table sockets: each stream joins this process's hub (``hub.Hub``) for the tables it
follows, as a socket does, and renders its frame from the hub's shared snapshot.

- ``table_lines``: a table's stream for one account's seat: first the frame the seat sees now,
  then one for every change, built as the table page's are (``games.live.frames.state_frame``,
  the same builder, shape, versions and words); it ends after the frame of a finished table.
- ``account_lines``: an account's events: invitations, seats taken and ranked tables formed
  (``AccountTold``, through the account's group on the channel layer), a match started or
  ended at a table it sits at (from the hub).

Every ``KEEP_ALIVE_SECONDS``, whatever else is sent, a ``{"type": "keep-alive"}`` line; an
account's stream also opens with one, once it listens (nothing that happens after it is missed).

Memory per stream is bounded whatever the reader does: a table's stream keeps only the newest
revision it has to send (never a queue: a reader that does not read skips to the newest frame,
as a socket does), an account's stream at most ``ACCOUNT_LINES_KEPT`` lines, and the next line
is made only when the reader has taken nearly all of the last ones: Django awaits each send,
and our Daphne's send waits while more than ``games.live.server.UNSENT_BYTES`` of the
response wait unsent (a reader that takes nothing for a while is cut off).
"""

import asyncio
import logging
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from typing import Any, Protocol

import orjson
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games.live.fanout import send_from_here
from games.live.frames import state_frame
from games.live.groups import account_group
from games.live.heard import group_heard
from games.live.hub import TableChangedEvent, hub
from games.live.server import STALL_SECONDS as STALL_SECONDS
from games.live.server import UNSENT_BYTES as UNSENT_BYTES
from games.tables.selectors import TableSnapshot, table_revision

logger = logging.getLogger(__name__)

_table_revision = database_sync_to_async(table_revision, thread_sensitive=False)

KEEP_ALIVE_SECONDS = 7.0
KEEP_ALIVE = b'{"type":"keep-alive"}\n'
ACCOUNT_LINES_KEPT = 64
# A table in one of these is done with: its stream ends after saying so.
OVER = ("finished", "abandoned", "ended", "cancelled")


class Slot(Protocol):
    """The stream's place among its account's few (``games.botapi.guard.StreamSlot``)."""

    async def keep(self) -> None: ...
    async def free(self) -> None: ...


def line(message: Mapping[str, Any]) -> bytes:
    return orjson.dumps(message) + b"\n"


class _Follower:
    """What the hub tells of the tables a stream follows: only the newest revision of each."""

    def __init__(self) -> None:
        self.wanted: dict[int, int] = {}
        self.wake = asyncio.Event()
        self.keep_alive_due = asyncio.get_running_loop().time() + KEEP_ALIVE_SECONDS

    async def table_changed(self, event: TableChangedEvent) -> None:
        table = event["table"]
        if event["revision"] > self.wanted.get(table, -1):
            self.wanted[table] = event["revision"]
            self.wake.set()

    async def woken(self, slot: Slot) -> bool:
        """Wait for news; False when the keep-alive's time came first (the slot renewed).

        The keep-alive falls due every ``KEEP_ALIVE_SECONDS`` whatever news came meanwhile:
        waiting a whole period after each piece of news kept an account's stream silent (and
        its slot unrenewed) for as long as a busy table changed more often than that, since
        most of a table's changes say nothing to the account (issue 35 review, point 2)."""
        loop = asyncio.get_running_loop()
        try:
            await asyncio.wait_for(self.wake.wait(), max(0.0, self.keep_alive_due - loop.time()))
        except TimeoutError:
            self.keep_alive_due = loop.time() + KEEP_ALIVE_SECONDS
            await slot.keep()
            return False
        self.wake.clear()
        return True


async def table_lines(
    table_id: int,
    user_id: int,
    *,
    language: str,
    slot: Slot,
    allowed: Callable[[], bool] | None = None,
) -> AsyncIterator[bytes]:
    """The frames of ``user_id``'s seat at the table, then one a change; ``allowed`` as for
    ``account_lines``."""
    follower, the_hub = _Follower(), hub()
    await the_hub.join(table_id, follower)
    try:
        snapshot = await the_hub.snapshots.fresh(table_id)
        sent = -1
        while snapshot is not None:
            if snapshot.revision > sent:
                sent = snapshot.revision
                seat = snapshot.seat_held_by(user_id=user_id)
                yield line(state_frame(snapshot, seat, language=language))
                if snapshot.status in OVER:
                    return
            if not await follower.woken(slot):
                if not await _still_allowed(allowed):
                    return
                yield KEEP_ALIVE
                # News comes at most once (Redis pub/sub): a change whose news was lost is
                # caught up here, as the table page's heartbeat catches up.
                now = await _table_revision(table_id)
                if now is None or now[1] <= sent:
                    continue
                follower.wanted[table_id] = max(now[1], follower.wanted.get(table_id, -1))
            snapshot = await the_hub.snapshots.at_least(table_id, follower.wanted[table_id])
    finally:
        await the_hub.leave(table_id, follower)
        await slot.free()


async def account_lines(
    user_id: int,
    first: Iterable[Mapping[str, Any]],
    tables: Mapping[int, str],
    *,
    slot: Slot,
    still_here: Callable[[], object] | None = None,
    allowed: Callable[[], bool] | None = None,
) -> AsyncIterator[bytes]:
    """The account's events: ``first`` (what is pending now), then each as it comes; ``tables``
    are those it sits at, with their status now. ``still_here`` (a write, run at each
    keep-alive) says the account is still there, as an open page says a member is (its place
    in a ranked queue is kept while its stream is open). ``allowed`` (a read, run at each
    keep-alive): False ends the stream (its token was revoked)."""
    follower, the_hub, layer = _Follower(), hub(), get_channel_layer()
    assert layer is not None  # settings.CHANNEL_LAYERS has one
    told: deque[Mapping[str, Any]] = deque(maxlen=ACCOUNT_LINES_KEPT)
    known = dict(tables)
    channel = await layer.new_channel()
    await layer.group_add(account_group(user_id), channel)
    heard = asyncio.get_running_loop().create_future()
    listening = asyncio.ensure_future(_listen(layer, channel, told, follower, heard))
    # The stream says it listens once its group is heard (``heard``).
    await group_heard(
        layer, account_group(user_id), channel, asyncio.shield(heard), f"account {user_id}"
    )
    for table_id in known:
        await the_hub.join(table_id, follower)
    try:
        # Listening now: whatever happens after this line reaches the stream.
        yield KEEP_ALIVE
        for message in first:
            yield line(message)
        while True:
            if not await follower.woken(slot):
                if not await _still_allowed(allowed):
                    return
                if still_here is not None:
                    await database_sync_to_async(still_here)()
                yield KEEP_ALIVE
                continue
            while told:
                message = told.popleft()
                yield line(message)
                seated = message.get("table")
                if (
                    message.get("type") == "seated"
                    and isinstance(seated, int)
                    and seated not in known
                ):
                    # Joined after the seat was taken: the match may have started already.
                    known[seated] = "open"
                    await the_hub.join(seated, follower)
                    snapshot = await the_hub.snapshots.fresh(seated)
                    for news in _status_news(snapshot, user_id, known, seated):
                        yield line(news)
            for table_id, revision in list(follower.wanted.items()):
                del follower.wanted[table_id]
                snapshot = await the_hub.snapshots.at_least(table_id, revision)
                for message in _status_news(snapshot, user_id, known, table_id):
                    yield line(message)
                if table_id not in known:
                    await the_hub.leave(table_id, follower)
    finally:
        listening.cancel()
        await layer.group_discard(account_group(user_id), channel)
        for table_id in known:
            await the_hub.leave(table_id, follower)
        await slot.free()


async def _still_allowed(allowed: Callable[[], bool] | None) -> bool:
    """Asked at each keep-alive, so a stream whose token was revoked ends within one period
    (it kept sending, the hand included, for a minute after; issue 35 review, point 3)."""
    return allowed is None or bool(await database_sync_to_async(allowed)())


def match_started(snapshot: TableSnapshot, user_id: int) -> dict[str, Any]:
    return {
        "type": "matchStarted",
        "table": snapshot.id,
        "game": snapshot.game,
        "variant": snapshot.variant,
        "seat": snapshot.seat_held_by(user_id=user_id),
    }


def _status_news(
    snapshot: TableSnapshot | None, user_id: int, known: dict[int, str], table_id: int
) -> list[dict[str, Any]]:
    """What changed of the table for the account: its match started or ended; a table it no
    longer sits at before its match is forgotten."""
    before = known.get(table_id)
    if snapshot is None or before is None:
        known.pop(table_id, None)
        return []
    now = snapshot.status
    if now == "open" and snapshot.seat_held_by(user_id=user_id) is None:
        del known[table_id]
        return []
    if now == before:
        return []
    known[table_id] = now
    if now == "playing":
        return [match_started(snapshot, user_id)]
    if now in OVER:
        del known[table_id]
        return [{"type": "matchEnded", "table": table_id, "status": now}]
    return []


async def _listen(
    layer: Any,
    channel: str,
    told: deque[Mapping[str, Any]],
    follower: _Follower,
    heard: asyncio.Future[None],
) -> None:
    while True:
        message = await layer.receive(channel)
        if message.get("type") == "account.told":
            told.append(message["line"])
            follower.wake.set()
        elif message.get("probe") == channel and not heard.done():
            heard.set_result(None)


def account_told_send(news: Any) -> None:
    """Tell the account's streams, in every server process, the line of ``news``
    (``games.botapi.news.AccountTold``)."""
    send_from_here(_group_send(news.user_id, news.line))


async def _group_send(user_id: int, message: Mapping[str, Any]) -> None:
    layer = get_channel_layer()
    assert layer is not None
    await layer.group_send(account_group(user_id), {"type": "account.told", "line": message})
