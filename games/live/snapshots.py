"""The latest snapshot of each table, for the sockets of one event loop (``hub.Hub``).

When a table changes, every socket of it here wants the same rows: the first to ask loads them
and the others await that load, so a revision costs one read per process, not one per socket;
the process that made the change reads nothing, since it keeps the snapshot its write left
(``fanout``). Each socket still renders its own seat's view from it.
"""

import asyncio
from collections import OrderedDict

from channels.db import database_sync_to_async

from games.tables.selectors import TableSnapshot, table_snapshot

# Tables whose snapshot a process keeps; far more than one process serves at once.
CAPACITY = 4096

# Not bound to one thread: loads of different tables run side by side in the thread pool.
_load_snapshot = database_sync_to_async(table_snapshot, thread_sensitive=False)


class SnapshotCache:
    def __init__(self) -> None:
        self._latest: OrderedDict[int, TableSnapshot] = OrderedDict()
        self._loading: dict[int, asyncio.Future[TableSnapshot | None]] = {}

    async def at_least(self, table_id: int, revision: int) -> TableSnapshot | None:
        """A snapshot of ``table_id`` at ``revision`` or later (None: the table is gone)."""
        while True:
            known = self._latest.get(table_id)
            if known is not None and known.revision >= revision:
                return known
            joined = table_id in self._loading
            loaded = await self._load(table_id)
            # A load that began before this revision was committed may return an older one:
            # then load again; one begun here sees it.
            if loaded is None or loaded.revision >= revision or not joined:
                return loaded

    async def fresh(self, table_id: int) -> TableSnapshot | None:
        """The table as it is now: read after this call began."""
        snapshot: TableSnapshot | None = await _load_snapshot(table_id)
        if snapshot is not None:
            self.keep(snapshot)
        return snapshot

    def keep(self, snapshot: TableSnapshot) -> None:
        """Remember ``snapshot`` unless a later revision of its table is known."""
        known = self._latest.get(snapshot.id)
        if known is None or snapshot.revision >= known.revision:
            self._latest[snapshot.id] = snapshot
        self._latest.move_to_end(snapshot.id)
        while len(self._latest) > CAPACITY:
            self._latest.popitem(last=False)

    async def _load(self, table_id: int) -> TableSnapshot | None:
        """One read of ``table_id`` at a time; whoever asks meanwhile awaits the same one."""
        future = self._loading.get(table_id)
        if future is None:
            future = asyncio.ensure_future(self.fresh(table_id))
            self._loading[table_id] = future
            future.add_done_callback(lambda done: self._forget(table_id, done))
        return await asyncio.shield(future)

    def _forget(self, table_id: int, done: asyncio.Future[TableSnapshot | None]) -> None:
        if self._loading.get(table_id) is done:
            del self._loading[table_id]
