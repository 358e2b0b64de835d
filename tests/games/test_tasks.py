"""Celery worker -> channel layer -> Daphne -> a member's WebSocket, all of them real processes."""

import asyncio
import json

import pytest
import websockets

from games.tasks import presence_announce

pytestmark = pytest.mark.django_db(transaction=True)


def test_announcement_sent_by_a_worker_reaches_the_members_open_socket(live_stack, member_client):
    member_id = member_client.session["_auth_user_id"]
    headers = {
        "Cookie": f"sessionid={member_client.cookies['sessionid'].value}",
        "Origin": live_stack.http_url,
    }

    async def receive_announcement():
        async with websockets.connect(
            live_stack.ws_url("/ws/presence/"), additional_headers=headers
        ) as socket:
            # A pong proves the consumer is past connect(), so it has joined the member's group.
            await socket.send(json.dumps({"type": "ping"}))
            assert json.loads(await asyncio.wait_for(socket.recv(), 10)) == {"type": "pong"}
            presence_announce.delay(text="Your table is ready", user_id=int(member_id))
            return json.loads(await asyncio.wait_for(socket.recv(), 20))

    message = asyncio.run(receive_announcement())
    assert message == {"type": "announce", "text": "Your table is ready"}
