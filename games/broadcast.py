"""Tell a table's sockets that it changed, after the change is committed.

Only the table's id, version and revision travel: every consumer loads the table and renders its
own seat's view (DESIGN.md, "A move"), so no card ever crosses the channel layer.
"""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def table_group(table_id: int) -> str:
    """Every socket open on one table, in every server process."""
    return f"table.{table_id}"


def table_changed_send(*, table_id: int, version: int, revision: int) -> None:
    """Queue the news for when the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: _send(table_id, version, revision))


def _send(table_id: int, version: int, revision: int) -> None:
    message = {"type": "table.changed", "version": version, "revision": revision}
    async_to_sync(get_channel_layer().group_send)(table_group(table_id), message)
