"""The presence socket, in process: who may connect, and what it does with each frame."""

import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.presence import announcement_send
from games.sockets import MAX_FRAME_BYTES, GuardedJsonConsumer

# Channels' auth middleware reads the session from another thread, so the rows must be committed.
pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
# Seconds to wait for a frame: generous, for a busy two-core machine.
TIMEOUT = 10


def socket_for(client=None, origin=ORIGIN) -> WebsocketCommunicator:
    headers = [origin] if origin else []
    if client is not None:
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    return WebsocketCommunicator(application, "/ws/presence/", headers=headers)


def run(scenario):
    """Run an async scenario from this (the test's) thread, where the database connection is."""
    return async_to_sync(scenario)()


async def connected(socket) -> WebsocketCommunicator:
    accepted, _ = await socket.connect(TIMEOUT)
    assert accepted
    return socket


async def closing_code(socket) -> int:
    event = await socket.receive_output(TIMEOUT)
    assert event["type"] == "websocket.close"
    return event["code"]


def test_member_known_from_session_cookie_gets_pong_for_ping(member_client):
    async def scenario():
        socket = await connected(socket_for(member_client))
        await socket.send_json_to({"type": "ping"})
        assert await socket.receive_json_from(TIMEOUT) == {"type": "pong"}
        await socket.disconnect()

    run(scenario)


def test_visitor_without_session_is_refused():
    async def scenario():
        accepted, _ = await socket_for(client=None).connect(TIMEOUT)
        assert not accepted

    run(scenario)


@pytest.mark.parametrize(
    "origin",
    [(b"origin", b"https://cards.example.net"), (b"origin", b"http://127.0.0.1.evil.test"), None],
    ids=["foreign", "lookalike", "missing"],
)
def test_handshake_from_a_foreign_or_missing_origin_is_refused(member_client, origin):
    async def scenario():
        accepted, _ = await socket_for(member_client, origin=origin).connect(TIMEOUT)
        assert not accepted

    run(scenario)


def test_frame_over_4_kib_closes_with_4009(member_client):
    async def scenario():
        socket = await connected(socket_for(member_client))
        await socket.send_to(text_data=json.dumps({"type": "ping", "pad": "x" * MAX_FRAME_BYTES}))
        assert await closing_code(socket) == 4009

    run(scenario)


def test_frame_of_exactly_4_kib_is_accepted(member_client):
    message = json.dumps({"type": "ping", "pad": ""})
    message = message.replace('""', '"' + "x" * (MAX_FRAME_BYTES - len(message)) + '"')

    async def scenario():
        socket = await connected(socket_for(member_client))
        await socket.send_to(text_data=message)
        assert await socket.receive_json_from(TIMEOUT) == {"type": "pong"}
        await socket.disconnect()

    assert len(message.encode()) == MAX_FRAME_BYTES
    run(scenario)


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ({"text_data": "{not json"}, "malformed_json"),
        ({"text_data": "[1, 2]"}, "unknown_type"),
        ({"text_data": '{"type": 7}'}, "unknown_type"),
        ({"text_data": '{"type": "__init__"}'}, "unknown_type"),
        ({"text_data": '{"type": "announce"}'}, "unknown_type"),
        ({"bytes_data": b"\x00\x01"}, "text_frames_only"),
        ({"text_data": "[" * 2000}, "malformed_json"),
        ({"text_data": '{"type": "ping", "pad": ' + "[" * 5 + "]" * 5 + "}"}, "too_nested"),
    ],
    ids=[
        "not-json",
        "not-an-object",
        "type-not-text",
        "dunder",
        "server-only-type",
        "binary",
        "nested-past-the-stack",
        "nested-too-deep",
    ],
)
def test_bad_frame_gets_an_error_and_the_socket_stays_open(member_client, frame, code):
    async def scenario():
        socket = await connected(socket_for(member_client))
        await socket.send_to(**frame)
        assert await socket.receive_json_from(TIMEOUT) == {"type": "error", "code": code}
        await socket.send_json_to({"type": "ping"})
        assert await socket.receive_json_from(TIMEOUT) == {"type": "pong"}
        await socket.disconnect()

    run(scenario)


def test_flood_of_frames_closes_with_4008(member_client, monkeypatch):
    # A stopped clock: no frame budget comes back while the test runs, however slow the machine.
    monkeypatch.setattr("games.sockets.time.monotonic", lambda: 1000.0)

    async def scenario():
        socket = await connected(socket_for(member_client))
        for _ in range(GuardedJsonConsumer.burst):
            await socket.send_json_to({"type": "ping"})
            assert await socket.receive_json_from(TIMEOUT) == {"type": "pong"}
        await socket.send_json_to({"type": "ping"})
        assert await closing_code(socket) == 4008

    run(scenario)


def test_announcement_reaches_only_its_member_and_broadcast_reaches_everyone(
    member_client, django_user_model
):
    other = django_user_model.objects.create_user(username="bilal", password="Karachi-Kanpur-77")
    other_client = type(member_client)()
    other_client.force_login(other)
    member_id = int(member_client.session["_auth_user_id"])

    async def scenario():
        asha = await connected(socket_for(member_client))
        bilal = await connected(socket_for(other_client))
        await sync_to_async(announcement_send)(text="for Asha", user_id=member_id)
        assert await asha.receive_json_from(TIMEOUT) == {"type": "announce", "text": "for Asha"}
        await sync_to_async(announcement_send)(text="for all")
        assert await asha.receive_json_from(TIMEOUT) == {"type": "announce", "text": "for all"}
        assert await bilal.receive_json_from(TIMEOUT) == {"type": "announce", "text": "for all"}
        await asha.disconnect()
        await bilal.disconnect()

    run(scenario)
