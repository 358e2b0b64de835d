"""The load benchmark's floors do what it says they do (bench/bench_tables.py)."""

import asyncio
import gc
import json
import time

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.db import connection

from games.live.floors import (
    FLOOR_TABLE,
    LOCKED_MOVES,
    LOCKED_SEATS,
    LOCKED_TABLES,
    EchoConsumer,
    FanoutFloorConsumer,
    LockedFloorConsumer,
    locked_floor_create,
)
from games.live.pauses import STALL_SECONDS, PausesConsumer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def floor_table():
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE {FLOOR_TABLE} (table_id integer, version integer)")
    yield
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE {FLOOR_TABLE}")


def routed(consumer, path: str, table_id: int) -> WebsocketCommunicator:
    """A socket to ``consumer`` at ``path``, with the table id its route would give it."""
    socket = WebsocketCommunicator(consumer.as_asgi(), path)
    socket.scope["url_route"] = {"kwargs": {"table_id": table_id}}
    return socket


async def connected(sockets: list[WebsocketCommunicator]) -> list[WebsocketCommunicator]:
    for socket in sockets:
        assert (await socket.connect(10))[0]
    return sockets


async def frames_after_a_move(sockets: list[WebsocketCommunicator], version: int) -> list[str]:
    """The first socket's move at ``version``, and the frame each socket receives then."""
    await sockets[0].send_to(text_data=json.dumps({"type": "move", "version": version}))
    return [await socket.receive_from(10) for socket in sockets]


def floor_socket(table_id: int, frame_bytes: int) -> WebsocketCommunicator:
    return routed(FanoutFloorConsumer, f"/ws/floor/{table_id}/?bytes={frame_bytes}", table_id)


def test_a_bare_tables_move_writes_one_row_and_sends_every_socket_a_frame_of_the_size_asked(
    floor_table,
):
    async def scenario():
        sockets = await connected([floor_socket(7, 1500) for _seat in range(4)])
        texts = await frames_after_a_move(sockets, 3)
        for socket in sockets:
            await socket.disconnect()
        return texts

    texts = async_to_sync(scenario)()
    assert {json.loads(text)["version"] for text in texts} == {4}
    # A real seat frame's size as it goes on the wire, to within one padding entry.
    assert all(1460 < len(text) <= 1500 for text in texts)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT table_id, version FROM {FLOOR_TABLE}")
        assert cursor.fetchall() == [(7, 4)]


@pytest.fixture
def locked_floor():
    locked_floor_create(tables=3, state_bytes=2500)
    yield
    with connection.cursor() as cursor:
        for name in (LOCKED_MOVES, LOCKED_SEATS, LOCKED_TABLES):
            cursor.execute(f"DROP TABLE {name}")


def locked_socket(table_id: int, seat: int) -> WebsocketCommunicator:
    path = f"/ws/locked/{table_id}/?seat={seat}&bytes=1500&state=2500"
    return routed(LockedFloorConsumer, path, table_id)


def test_the_locked_floors_move_writes_state_and_move_and_each_seat_gets_a_frame_of_its_own(
    locked_floor,
):
    async def scenario():
        sockets = await connected([locked_socket(2, seat) for seat in range(4)])
        texts = await frames_after_a_move(sockets, 0)
        # A move against a version the table has left changes nothing and tells no one.
        await sockets[1].send_to(text_data=json.dumps({"type": "move", "version": 0}))
        await sockets[1].send_to(text_data=json.dumps({"type": "move", "version": 1}))
        later = [json.loads(await socket.receive_from(10)) for socket in sockets]
        for socket in sockets:
            await socket.disconnect()
        return texts, later

    texts, later = async_to_sync(scenario)()
    frames = [json.loads(text) for text in texts]
    assert [frame["version"] for frame in frames] == [1] * 4
    assert [frame["version"] for frame in later] == [2] * 4
    assert len({json.dumps(frame["hand"]) for frame in frames}) == 4
    assert all(1460 < len(text) <= 1500 for text in texts)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, version, length(state) FROM {LOCKED_TABLES} ORDER BY id")
        assert cursor.fetchall() == [(1, 0, 2500), (2, 2, 2500), (3, 0, 2500)]
        cursor.execute(f"SELECT table_id, version, seat FROM {LOCKED_MOVES} ORDER BY version")
        assert cursor.fetchall() == [(2, 1, 0), (2, 2, 1)]


def test_the_echo_floor_sends_each_frame_back():
    async def scenario():
        socket = WebsocketCommunicator(EchoConsumer.as_asgi(), "/ws/echo/")
        assert (await socket.connect(10))[0]
        await socket.send_to(text_data="hello")
        echoed = await socket.receive_from(10)
        await socket.disconnect()
        return echoed

    assert async_to_sync(scenario)() == "hello"


def test_the_pause_recorder_reports_a_collection_and_a_loop_held_between_start_and_read():
    async def scenario():
        socket = WebsocketCommunicator(PausesConsumer.as_asgi(), "/ws/bench/pauses/")
        assert (await socket.connect(10))[0]
        await socket.send_to(text_data=json.dumps({"type": "start"}))
        assert json.loads(await socket.receive_from(10)) == {"type": "started"}
        gc.collect()
        # The loop held by a callback well past the probe's wake-up: a late loop.
        await asyncio.sleep(0)
        held_until = time.monotonic() + 20 * STALL_SECONDS
        while time.monotonic() < held_until:
            pass
        await socket.send_to(text_data=json.dumps({"type": "read"}))
        answer = json.loads(await socket.receive_from(10))
        await socket.disconnect()
        return answer

    answer = async_to_sync(scenario)()
    assert answer["type"] == "pauses"
    collections = [event for event in answer["events"] if event[0] == "gc"]
    assert [2, "loop"] in [[event[1], event[4]] for event in collections]
    stalls = [event for event in answer["events"] if event[0] == "stall"]
    assert stalls and max(event[3] for event in stalls) >= STALL_SECONDS * 1000
    # The loop's own callback held it, not another thread: its CPU is the loop thread's.
    longest = max(stalls, key=lambda event: event[3])
    assert longest[6] > longest[7]


KNOTS = 500


class _Knot:
    """An object in a reference cycle with itself."""

    __slots__ = ("me",)

    def __init__(self) -> None:
        self.me = self


def test_the_pause_recorders_census_names_the_garbage_in_cycles():
    async def scenario():
        socket = WebsocketCommunicator(PausesConsumer.as_asgi(), "/ws/bench/pauses/")
        assert (await socket.connect(10))[0]
        # The garbage of the tests before is gone first: the answer names the commonest types.
        gc.collect()
        await socket.send_to(text_data=json.dumps({"type": "start", "census": True}))
        await socket.receive_from(10)
        for _number in range(KNOTS):
            _Knot()
        gc.collect()
        await socket.send_to(text_data=json.dumps({"type": "read"}))
        answer = json.loads(await socket.receive_from(10))
        await socket.disconnect()
        return answer

    garbage = dict(async_to_sync(scenario)()["garbage"])
    assert garbage[f"{__name__}._Knot"] == KNOTS
    assert not gc.get_debug() & gc.DEBUG_SAVEALL
    assert gc.garbage == []
