"""The load benchmark's floors (``bench/bench_tables.py``), routed only with the BENCH_ECHO
setting: what the stack costs with none of the tables' code in the way.

- ``EchoConsumer`` sends every text frame back.
- ``FanoutFloorConsumer`` is a bare table: a move frame ``{"version": N}`` does one durable
  single-row INSERT and COMMIT in a worker thread (as Channels runs sync code) and a
  ``group_send`` of the bare version; each socket of the table then encodes, with the
  encoder the tables use, and sends a frame of a real seat frame's size on the wire (``?bytes=``)
  and shape: a list of small objects, as a view's history and legal moves are. No engine, no ORM,
  no snapshot, no views. The benchmark makes the table the INSERT writes to.
- ``LockedFloorConsumer`` is the least a correct move must do (issue 34): the fan-out floor
  plus the locked read, the state's write and each seat's own frame, through the tables' own
  delivery. Its move says why each step is there.
"""

import json
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import connection

from games.live.dispatch import LoopDispatch
from games.live.fanout import table_changed_send
from games.live.guards import frame_text
from games.live.hub import TableChangedEvent, hub
from games.tables.news import TableChanged

FLOOR_TABLE = "bench_floor_move"
# The locked floor's rows: a table (its version and state), its seats and its moves.
LOCKED_TABLES = "bench_locked_table"
LOCKED_SEATS = "bench_locked_seat"
LOCKED_MOVES = "bench_locked_move"
# The locked floor's tables are told apart from real ones in the hub and on Redis.
LOCKED_IDS = 1_000_000_000


def padding(frame_bytes: int, frame: dict[str, Any]) -> list[dict[str, Any]]:
    """Small objects, as a view's history and legal moves are, that bring ``frame`` (with them
    as its ``items``) to about ``frame_bytes`` on the wire (``frame_text``)."""
    entry = {"type": "play", "seat": 0, "card": "10S"}
    each = len(frame_text(entry)) + 1  # and its comma
    room = frame_bytes - len(frame_text({**frame, "items": []}))
    return [{**entry, "seat": number % 4} for number in range(max(0, room) // each)]


class EchoConsumer(LoopDispatch, AsyncWebsocketConsumer):
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.send(text_data=text_data, bytes_data=bytes_data)


class FanoutFloorConsumer(LoopDispatch, AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.items = padding(int(query.get("bytes", ["2000"])[0]), {"type": "state", "version": 0})
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


def locked_floor_create(tables: int, state_bytes: int) -> None:
    """The locked floor's rows, made afresh: ``tables`` tables of four seats at version 0, each
    with a state of ``state_bytes`` (a real snapshot's size); no moves."""
    seats = ", ".join(f"(%s, {number}, {number + 1})" for number in range(4))
    with connection.cursor() as cursor:
        for name in (LOCKED_MOVES, LOCKED_SEATS, LOCKED_TABLES):
            cursor.execute(f"DROP TABLE IF EXISTS {name}")
        cursor.execute(
            f"CREATE TABLE {LOCKED_TABLES} (id integer PRIMARY KEY, version integer, state text)"
        )
        cursor.execute(
            f"CREATE TABLE {LOCKED_SEATS} (table_id integer, number integer, user_id integer,"
            " PRIMARY KEY (table_id, number))"
        )
        cursor.execute(
            f"CREATE TABLE {LOCKED_MOVES} (table_id integer, version integer, seat integer,"
            " action text, PRIMARY KEY (table_id, version))"
        )
        for table_id in range(1, tables + 1):
            cursor.execute(
                f"INSERT INTO {LOCKED_TABLES} VALUES (%s, 0, %s)", [table_id, "x" * state_bytes]
            )
            cursor.execute(f"INSERT INTO {LOCKED_SEATS} VALUES {seats}", [table_id] * 4)


class LockedFloorConsumer(LoopDispatch, AsyncWebsocketConsumer):
    """One seat's socket at a bare table (``?seat=``): a move ``{"version": N}`` is played as
    the least a correct move must do (``_locked_move``), and the news reaches every socket of
    the table as the tables' news does: this process's hub at once, the ids across Redis to
    the others' hubs. Each socket then encodes a frame of its own (its seat's hand, as a seat's
    view is), of a real seat frame's size (``?bytes=``)."""

    async def connect(self) -> None:
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.seat = int(query.get("seat", ["0"])[0])
        self.state_bytes = int(query.get("state", ["3000"])[0])
        # The seat's hand is in its frame, so no two sockets' frames are the same.
        self.hand = [f"{rank}{self.seat}" for rank in range(13)]
        self.items = padding(
            int(query.get("bytes", ["2000"])[0]),
            {"type": "state", "version": 0, "hand": self.hand},
        )
        self.hub = hub()
        await self.hub.join(LOCKED_IDS + self.table_id, self)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.hub.leave(LOCKED_IDS + self.table_id, self)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        assert text_data is not None  # the benchmark sends text
        move = json.loads(text_data)
        await _locked_move(self.table_id, self.seat, move["version"], "x" * self.state_bytes)

    async def table_changed(self, event: TableChangedEvent) -> None:
        # Encoded for each socket, as each seat's view is.
        frame = {
            "type": "state",
            "version": event["version"],
            "hand": self.hand,
            "items": self.items,
        }
        await self.send(text_data=frame_text(frame))


def _locked_move_now(table_id: int, seat: int, version: int, state: str) -> None:
    """A move's database work, on the driver itself (no ORM, no engine), in one transaction
    and two round trips:

    - lock the table's row: one writer per table, so no two moves both apply to one version;
    - read its seats: who may move, and who is to be told (every move needs them);
    - check the version: a move sent against an older one changes nothing;
    - write the new state (the truth a reconnecting socket is sent) and the move's row (the
      history a replay and a dispute need);
    - commit, and only then tell the sockets (a frame never shows what might roll back).
    """
    connection.ensure_connection()
    raw: Any = connection.connection
    if connection.vendor == "postgresql":
        with raw.transaction(), raw.cursor() as cursor:
            with raw.pipeline():
                cursor.execute(
                    f"SELECT version FROM {LOCKED_TABLES} WHERE id = %s FOR UPDATE", [table_id]
                )
                locked = cursor.fetchone()
                cursor.execute(
                    f"SELECT number, user_id FROM {LOCKED_SEATS} WHERE table_id = %s"
                    " ORDER BY number",
                    [table_id],
                )
                seats = cursor.fetchall()
            if locked is None or locked[0] != version or len(seats) != 4:
                return
            with raw.pipeline():
                _locked_write(cursor, table_id, seat, version + 1, state)
    else:  # SQLite: the IMMEDIATE transaction holds the database's write lock
        cursor = raw.cursor()
        cursor.execute("BEGIN IMMEDIATE")
        try:
            cursor.execute(f"SELECT version FROM {LOCKED_TABLES} WHERE id = ?", [table_id])
            locked = cursor.fetchone()
            cursor.execute(
                f"SELECT number, user_id FROM {LOCKED_SEATS} WHERE table_id = ? ORDER BY number",
                [table_id],
            )
            seats = cursor.fetchall()
            if locked is None or locked[0] != version or len(seats) != 4:
                cursor.execute("ROLLBACK")
                return
            _locked_write(cursor, table_id, seat, version + 1, state, mark="?")
            cursor.execute("COMMIT")
        except BaseException:
            cursor.execute("ROLLBACK")
            raise
    table_changed_send(TableChanged(LOCKED_IDS + table_id, version + 1, version + 1))


def _locked_write(
    cursor: Any, table_id: int, seat: int, version: int, state: str, mark: str = "%s"
) -> None:
    cursor.execute(
        f"UPDATE {LOCKED_TABLES} SET version = {mark}, state = {mark} WHERE id = {mark}",
        [version, state, table_id],
    )
    cursor.execute(
        f"INSERT INTO {LOCKED_MOVES} VALUES ({mark}, {mark}, {mark}, {mark})",
        [table_id, version, seat, '{"type": "play", "card": "10S"}'],
    )


_locked_move = database_sync_to_async(_locked_move_now, thread_sensitive=False)
