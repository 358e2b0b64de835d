"""``Hub``: this process's sockets and what they share, for one event loop.

A server process runs its sockets in one event loop; the hub of that loop knows which of them
watch each table (held weakly: a consumer that crashed before its disconnect is not kept, nor
told of every later move) and keeps the tables' latest snapshots (``SnapshotCache``), and holds
the board of each game's lobby pages open here (``lobby.LobbyBoard``). The
fan-out (``fanout``) tells a hub of the changes made in its own process at once, and the
channel layer brings everyone else's. Tests start an event loop per scenario, so there is a
hub per loop, dropped with it.
"""

import asyncio
import logging
import weakref
from collections import defaultdict
from typing import TYPE_CHECKING, Protocol

from games.live.snapshots import SnapshotCache

if TYPE_CHECKING:
    from games.live.lobby import LobbyBoard

logger = logging.getLogger(__name__)


class TableSocket(Protocol):
    async def table_changed(self, event: dict) -> None: ...


class Hub:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.snapshots = SnapshotCache()
        self._tables: defaultdict[int, weakref.WeakSet[TableSocket]] = defaultdict(weakref.WeakSet)
        # By game, while a lobby page of it is open here (``lobby.lobby_board``).
        self.lobbies: dict[str, LobbyBoard] = {}

    def join(self, table_id: int, socket: TableSocket) -> None:
        self._tables[table_id].add(socket)

    def leave(self, table_id: int, socket: TableSocket) -> None:
        sockets = self._tables.get(table_id)
        if sockets is not None:
            sockets.discard(socket)
            if not sockets:
                del self._tables[table_id]

    def sockets_of(self, table_id: int) -> list[TableSocket]:
        return list(self._tables.get(table_id, ()))

    async def tell(self, table_id: int, event: dict) -> None:
        """Each socket of the table here, at once; one that fails keeps it from no other."""
        for outcome in await asyncio.gather(
            *(socket.table_changed(event) for socket in self.sockets_of(table_id)),
            return_exceptions=True,
        ):
            if isinstance(outcome, Exception):
                logger.error("a table socket was not told of a change", exc_info=outcome)


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
