"""The load benchmark's floors do what it says they do (bench/bench_tables.py)."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.db import connection

from games.live.floors import FLOOR_TABLE, EchoConsumer, FanoutFloorConsumer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def floor_table():
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE {FLOOR_TABLE} (table_id integer, version integer)")
    yield
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE {FLOOR_TABLE}")


def floor_socket(table_id: int, frame_bytes: int) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(
        FanoutFloorConsumer.as_asgi(), f"/ws/floor/{table_id}/?bytes={frame_bytes}"
    )
    socket.scope["url_route"] = {"kwargs": {"table_id": table_id}}
    return socket


def test_a_bare_tables_move_writes_one_row_and_sends_every_socket_a_frame_of_the_size_asked(
    floor_table,
):
    async def scenario():
        sockets = [floor_socket(7, 1500) for _seat in range(4)]
        for socket in sockets:
            assert (await socket.connect(10))[0]
        await sockets[0].send_to(text_data=json.dumps({"type": "move", "version": 3}))
        frames = [json.loads(await socket.receive_from(10)) for socket in sockets]
        for socket in sockets:
            await socket.disconnect()
        return frames

    frames = async_to_sync(scenario)()
    assert {frame["version"] for frame in frames} == {4}
    sizes = {len(json.dumps(frame)) for frame in frames}
    assert len(sizes) == 1 and 1400 <= sizes.pop() <= 1600
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT table_id, version FROM {FLOOR_TABLE}")
        assert cursor.fetchall() == [(7, 4)]


def test_the_echo_floor_sends_each_frame_back():
    async def scenario():
        socket = WebsocketCommunicator(EchoConsumer.as_asgi(), "/ws/echo/")
        assert (await socket.connect(10))[0]
        await socket.send_to(text_data="hello")
        echoed = await socket.receive_from(10)
        await socket.disconnect()
        return echoed

    assert async_to_sync(scenario)() == "hello"
