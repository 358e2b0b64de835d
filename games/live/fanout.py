"""Tell a table's sockets that it changed, after the change is committed.

Only the table's id, version and revision travel: every consumer renders its own seat's view
from a snapshot of the table (DESIGN.md, "A move"), so no card ever crosses the channel layer.
The process that made the change already holds that snapshot: it keeps it for its own sockets
before the news goes out, and only the other processes read it back.

A socket's consumer runs the write path in a worker thread; it holds the news
(``sent_by_caller``) and sends it from its own event loop once the service returns, rather than
have the worker thread call back into that loop and wait for it on every move.

The news goes to the table's group on the channel layer, for the other processes, and straight
to this process's own sockets of the table (``table_listen``), which need not wait for it to
come back from Redis; the copy that does come back is no longer new to them.
"""

import asyncio
import logging
import weakref
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import Protocol

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games.live.loops import per_loop
from games.live.snapshots import snapshot_cache
from games.tables.selectors import TableSnapshot

logger = logging.getLogger(__name__)

News = tuple[int, int, int, TableSnapshot | None]

# Set by ``sent_by_caller``; the worker thread that runs the service sees it (asgiref runs sync
# code in a copy of the caller's context).
_held: ContextVar[list[News] | None] = ContextVar("held_table_news", default=None)


class TableListener(Protocol):
    async def table_changed(self, event: dict) -> None: ...


# This event loop's table sockets, by table: held weakly, so that a consumer that crashed
# before its disconnect could unlisten is not kept, nor told, for ever.
_listeners = per_loop(lambda: defaultdict(weakref.WeakSet))


def table_listen(table_id: int, listener: TableListener) -> None:
    """``listener`` (a socket of this process) is told of the table's news as it is sent."""
    _listeners()[table_id].add(listener)


def table_unlisten(table_id: int, listener: TableListener) -> None:
    listeners = _listeners()
    listeners[table_id].discard(listener)
    if not listeners[table_id]:
        del listeners[table_id]


def table_group(table_id: int) -> str:
    """Every socket open on one table, in every server process."""
    return f"table.{table_id}"


def table_changed_send(
    *, table_id: int, version: int, revision: int, snapshot: TableSnapshot | None = None
) -> None:
    """Queue the news for when the current transaction commits (at once outside one)."""
    news = (table_id, version, revision, snapshot)
    transaction.on_commit(lambda: _committed(news))


def _committed(news: News) -> None:
    held = _held.get()
    if held is not None:
        held.append(news)
    else:
        async_to_sync(_send)(*news)


@asynccontextmanager
async def sent_by_caller() -> AsyncIterator[None]:
    """``async with sent_by_caller(): await <a service in a worker thread>``: the news its
    commits make is sent from here, when the block ends (whether or not the service raised)."""
    held: list[News] = []
    token = _held.set(held)
    try:
        yield
    finally:
        _held.reset(token)
        for news in held:
            await _send(*news)


async def _send(table_id: int, version: int, revision: int, snapshot: TableSnapshot | None):
    """In the event loop of the process's sockets (from a Celery worker, in a loop of its own,
    whose cache nobody reads)."""
    if snapshot is not None:
        snapshot_cache().keep(snapshot)
    message = {"type": "table.changed", "version": version, "revision": revision}
    await asyncio.gather(
        get_channel_layer().group_send(table_group(table_id), message),
        *(_tell(listener, message) for listener in list(_listeners().get(table_id, ()))),
    )


async def _tell(listener: TableListener, message: dict) -> None:
    """One socket that fails to send keeps the news from no other."""
    try:
        await listener.table_changed(message)
    except Exception:
        logger.exception("a table socket was not told of a change")
