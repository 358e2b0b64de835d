"""The presence socket, in process: who may connect, and what it does with each frame."""

import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.live.guards import MAX_FRAME_BYTES, MEMBER_SOCKETS, GuardedJsonConsumer
from games.live.presence import announcement_send

# Channels' auth middleware reads the session from another thread, so the rows must be committed.
pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")
# Seconds to wait for a frame: generous, for a busy two-core machine.
TIMEOUT = 10


def socket_for(client=None, origin=ORIGIN) -> WebsocketCommunicator:
    headers = [HOST, *([origin] if origin else [])]
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
    """The close code, after the error frame that says why."""
    event = await socket.receive_output(TIMEOUT)
    if event["type"] == "websocket.send":
        assert json.loads(event["text"])["type"] == "error"
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
    [
        (b"origin", b"https://cards.example.net"),
        (b"origin", b"http://127.0.0.1.evil.test"),
        None,
        # Issue 17: the host alone was compared.
        (b"origin", b"http://127.0.0.1:9999"),
        (b"origin", b"https://127.0.0.1:8000"),
        (b"origin", b"http://localhost:1"),
        (b"origin", b"http://localhost:8000"),
    ],
    ids=["foreign", "lookalike", "missing", "other-port", "other-scheme", "localhost", "alias"],
)
def test_handshake_from_a_foreign_or_missing_origin_is_refused(member_client, origin):
    async def scenario():
        accepted, _ = await socket_for(member_client, origin=origin).connect(TIMEOUT)
        assert not accepted

    run(scenario)


def test_a_handshake_from_a_trusted_origin_or_through_a_trusted_https_proxy_is_let_in(
    member_client, settings
):
    settings.CSRF_TRUSTED_ORIGINS = ["https://taash.example"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

    async def scenario():
        trusted = socket_for(member_client, origin=(b"origin", b"https://taash.example"))
        proxied = socket_for(member_client, origin=(b"origin", b"https://127.0.0.1:8000"))
        proxied.scope["headers"].append((b"x-forwarded-proto", b"https"))
        for socket in (trusted, proxied):
            await connected(socket)
            await socket.disconnect()

    run(scenario)


def test_a_handshake_whose_host_is_not_an_allowed_host_is_refused(member_client):
    async def scenario():
        socket = socket_for(member_client, origin=(b"origin", b"http://evil.test"))
        socket.scope["headers"] = [
            (name, b"evil.test" if name == b"host" else value)
            for name, value in socket.scope["headers"]
        ]
        accepted, _ = await socket.connect(TIMEOUT)
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
        error = await socket.receive_json_from(TIMEOUT)
        assert (error["type"], error["code"]) == ("error", code)
        assert error["message"]
        await socket.send_json_to({"type": "ping"})
        assert await socket.receive_json_from(TIMEOUT) == {"type": "pong"}
        await socket.disconnect()

    run(scenario)


def test_flood_of_frames_closes_with_4008(member_client, monkeypatch):
    # A stopped clock: no frame budget comes back while the test runs, however slow the machine.
    monkeypatch.setattr("games.live.guards.monotonic", lambda: 1000.0)

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


def test_a_member_past_their_number_of_sockets_is_told_and_closed_with_4008(member_client):
    """Issue 17: one member held 200 sockets on one table."""

    async def scenario():
        sockets = [
            await connected(socket_for(member_client)) for _ in range(MEMBER_SOCKETS.most_sockets)
        ]
        extra = await connected(socket_for(member_client))
        error = await extra.receive_json_from(TIMEOUT)
        code = (await extra.receive_output(TIMEOUT))["code"]
        for socket in sockets[1:]:
            await socket.disconnect()
        await sockets[0].send_json_to({"type": "ping"})  # the ones let in still work
        assert await sockets[0].receive_json_from(TIMEOUT) == {"type": "pong"}
        again = await connected(socket_for(member_client))  # room again once some closed
        await again.send_json_to({"type": "ping"})
        assert await again.receive_json_from(TIMEOUT) == {"type": "pong"}
        await again.disconnect()
        await sockets[0].disconnect()
        return error, code

    error, code = run(scenario)
    assert (error["code"], code) == ("too_many_sockets", 4008)
    assert error["message"]


def test_a_members_sockets_share_one_frame_budget_that_reconnecting_does_not_refill(
    member_client, monkeypatch
):
    """Issue 17: by reconnecting, one member got about 400 pings a second through."""
    monkeypatch.setattr("games.live.guards.monotonic", lambda: 2000.0)
    per_socket = GuardedJsonConsumer.burst // 2

    async def scenario():
        sent = 0
        while sent + per_socket <= MEMBER_SOCKETS.burst:
            socket = await connected(socket_for(member_client))
            for _ in range(per_socket):
                await socket.send_json_to({"type": "ping"})
                assert await socket.receive_json_from(TIMEOUT) == {"type": "pong"}
            sent += per_socket
            await socket.disconnect()
        fresh = await connected(socket_for(member_client))
        for _ in range(MEMBER_SOCKETS.burst - sent):
            await fresh.send_json_to({"type": "ping"})
            assert await fresh.receive_json_from(TIMEOUT) == {"type": "pong"}
        await fresh.send_json_to({"type": "ping"})
        error = await fresh.receive_json_from(TIMEOUT)
        return error, (await fresh.receive_output(TIMEOUT))["code"]

    error, code = run(scenario)
    assert (error["code"], code) == ("rate_limited", 4008)
