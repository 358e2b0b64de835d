"""``Hub``: this process's sockets and what they share, for one event loop.

A server process runs its sockets in one event loop. Its hub knows which of them watch each
table (held weakly: a consumer that crashed before its disconnect is neither kept nor told of
every later move), keeps the tables' latest snapshots (``SnapshotCache``), holds the board of
each live page open here (``pages.PageBoard``), and is the process's one subscriber
to each watched table's group on the channel layer: a change made elsewhere reaches this
process once, however many of its sockets watch the table, and the hub tells each of them.
The fan-out (``fanout``) tells a hub of its own process's changes at once, with the snapshot
the write left; their copy coming back from Redis carries the hub's own origin and is
dropped. Tests start an event loop per scenario, so there is a hub per loop, dropped with it.

A socket reads the table once its hub hears the table's group (``join``, ``heard``): a change
committed after the read but told before the subscription was live would be lost to the socket
until the next one.
"""

import asyncio
import contextvars
import logging
import uuid
import weakref
from collections import defaultdict
from typing import TYPE_CHECKING, Literal, Protocol, TypedDict

from channels.layers import BaseChannelLayer, get_channel_layer

from games.live.groups import table_group
from games.live.heard import group_heard
from games.live.snapshots import SnapshotCache

if TYPE_CHECKING:
    from games.live.pages import PageBoard

logger = logging.getLogger(__name__)


class TableChangedEvent(TypedDict):
    """What the sockets of a table are told of a change, here and through the channel layer:
    only numbers (each socket renders its own seat's view from a snapshot)."""

    type: Literal["table.changed"]
    table: int
    version: int
    revision: int
    origin: str  # the hub whose process made the change ("" from a worker)


class TableSocket(Protocol):
    async def table_changed(self, event: TableChangedEvent) -> None: ...


class Hub:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.origin = uuid.uuid4().hex
        self.snapshots = SnapshotCache()
        self._tables: defaultdict[int, weakref.WeakSet[TableSocket]] = defaultdict(weakref.WeakSet)
        # By table: the subscription to its group, done once the group is heard here.
        self._heard: dict[int, asyncio.Task[None]] = {}
        self._probes: dict[str, asyncio.Future[None]] = {}
        self._channel = ""
        self._listening: asyncio.Task[None] | None = None
        # By (kind, key), while a live page of it is open here (``pages.page_board``).
        self.pages: dict[tuple[str, str], PageBoard] = {}

    async def join(self, table_id: int, socket: TableSocket) -> None:
        """``socket`` is told of the table's changes from here on: of every change committed
        after this returns, other processes' too."""
        self._tables[table_id].add(socket)
        heard = self._heard.get(table_id)
        if heard is None:
            heard = self._heard[table_id] = self.loop.create_task(self._hear(table_id))
        await asyncio.shield(heard)

    async def _hear(self, table_id: int) -> None:
        """Subscribe to the table's group and wait until it is heard (``heard``)."""
        layer = await self._subscribed()
        group = table_group(table_id)
        await layer.group_add(group, self._channel)
        probe = uuid.uuid4().hex
        heard = self._probes[probe] = self.loop.create_future()
        try:
            await group_heard(layer, group, probe, heard, f"table {table_id}")
        finally:
            del self._probes[probe]

    async def leave(self, table_id: int, socket: TableSocket) -> None:
        sockets = self._tables.get(table_id)
        if sockets is None:
            return
        sockets.discard(socket)
        if not sockets:
            await self._unsubscribe(table_id)

    def sockets_of(self, table_id: int) -> list[TableSocket]:
        return list(self._tables.get(table_id, ()))

    async def tell(self, event: TableChangedEvent) -> None:
        """Each socket of the table here, at once; one that fails keeps it from no other."""
        table_id = event["table"]
        sockets = self.sockets_of(table_id)
        if not sockets and table_id in self._tables:
            # Its last sockets went without a disconnect: no longer subscribe for them.
            await self._unsubscribe(table_id)
        for outcome in await asyncio.gather(
            *(socket.table_changed(event) for socket in sockets), return_exceptions=True
        ):
            if isinstance(outcome, Exception):
                logger.error("a table socket was not told of a change", exc_info=outcome)

    async def _unsubscribe(self, table_id: int) -> None:
        del self._tables[table_id]
        self._heard.pop(table_id, None)
        await _layer().group_discard(table_group(table_id), self._channel)

    async def _subscribed(self) -> BaseChannelLayer:
        """The layer, with this hub's channel made and read."""
        layer = _layer()
        if self._listening is None or self._listening.done():
            self._channel = await layer.new_channel()
            # The process's listener belongs to no request: not to the context of the bot API
            # stream that may have subscribed first, whose thread-sensitive calls end with it
            # (``config.asgi.HttpHandler``).
            self._listening = self.loop.create_task(
                self._listen(layer), context=contextvars.Context()
            )
        return layer

    async def _listen(self, layer: BaseChannelLayer) -> None:
        """The other processes' changes, as the channel layer brings them."""
        while True:
            event = await layer.receive(self._channel)
            if event.get("type") == "hub.heard":
                heard = self._probes.get(event.get("probe", ""))
                if heard is not None and not heard.done():
                    heard.set_result(None)
            elif event.get("origin") != self.origin:
                await self.tell(event)  # type: ignore[arg-type] # the layer's message is ours


def _layer() -> BaseChannelLayer:
    layer = get_channel_layer()
    assert layer is not None  # settings.CHANNEL_LAYERS has one
    return layer


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """The running loop's hub, made on first use (call from the loop)."""
    loop = asyncio.get_running_loop()
    if loop not in _hubs:
        _hubs[loop] = Hub(loop)
    return _hubs[loop]


def running_hubs() -> list[Hub]:
    """The hubs whose loops still run (from any thread)."""
    return [found for loop, found in list(_hubs.items()) if loop.is_running()]
