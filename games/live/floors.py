"""The load benchmark's floors (``bench/bench_tables.py``), routed only with the BENCH_ECHO
setting: what the stack costs with none of the tables' code in the way.

- ``EchoConsumer`` sends every text frame back.
- ``FanoutFloorConsumer`` is a bare table: a move frame ``{"version": N}`` does one durable
  single-row INSERT and COMMIT in a worker thread (as Channels runs sync code) and a
  ``group_send`` of the bare version; each socket of the table then encodes, with the
  encoder the tables use, and sends a frame of a real seat frame's size (``?bytes=``) and
  shape: a list of small objects, as a view's history and legal moves are. No engine, no ORM,
  no snapshot, no views. The benchmark makes the table the INSERT writes to.
"""

import json
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import connection

from games.live.dispatch import LoopDispatch
from games.live.guards import frame_text

FLOOR_TABLE = "bench_floor_move"


class EchoConsumer(LoopDispatch, AsyncWebsocketConsumer):
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.send(text_data=text_data, bytes_data=bytes_data)


class FanoutFloorConsumer(LoopDispatch, AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        query = parse_qs(self.scope.get("query_string", b"").decode())
        # About 42 bytes an entry, as {"type": "play", "seat": 3, "card": "10S"} and its comma.
        entries = int(query.get("bytes", ["2000"])[0]) // 42
        self.items = [{"type": "play", "seat": n % 4, "card": "10S"} for n in range(entries)]
        self.group = f"floor.{self.table_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        version = json.loads(text_data or "")["version"] + 1
        await _insert(self.table_id, version)
        message = {"type": "floor.moved", "version": version}
        await self.channel_layer.group_send(self.group, message)

    async def floor_moved(self, event: dict[str, Any]) -> None:
        frame = {"type": "state", "version": event["version"], "items": self.items}
        await self.send(text_data=frame_text(frame))


def _insert_now(table_id: int, version: int) -> None:
    """One durable row: in autocommit, the INSERT is its own committed transaction."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {FLOOR_TABLE} (table_id, version) VALUES (%s, %s)", [table_id, version]
        )


_insert = database_sync_to_async(_insert_now, thread_sensitive=False)
