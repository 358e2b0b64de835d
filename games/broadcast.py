"""Tell a table's sockets that it changed, after the change is committed.

Only the table's id, version and revision travel: every consumer renders its own seat's view
from a snapshot of the table (DESIGN.md, "A move"), so no card ever crosses the channel layer.
The process that made the change already holds that snapshot: it keeps it for its own sockets
before the news goes out, and only the other processes read it back.
"""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games.selectors import TableSnapshot
from games.snapshots import snapshot_cache


def table_group(table_id: int) -> str:
    """Every socket open on one table, in every server process."""
    return f"table.{table_id}"


def table_changed_send(
    *, table_id: int, version: int, revision: int, snapshot: TableSnapshot | None = None
) -> None:
    """Queue the news for when the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: async_to_sync(_send)(table_id, version, revision, snapshot))


async def _send(table_id: int, version: int, revision: int, snapshot: TableSnapshot | None):
    """In the event loop of the process's sockets (asgiref runs it there from a worker thread
    of that loop; a Celery worker gets a loop of its own, whose cache nobody reads)."""
    if snapshot is not None:
        snapshot_cache().keep(snapshot)
    message = {"type": "table.changed", "version": version, "revision": revision}
    await get_channel_layer().group_send(table_group(table_id), message)
