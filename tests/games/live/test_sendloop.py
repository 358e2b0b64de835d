"""News sent from a process with no server's loop (a Celery worker's job, a command) goes out on
one sending loop per process, over one connection to Redis (issue 34, point 7: each Hard bot's
job connected to Redis afresh to tell its move, 8% of a worker's time at 200 tables)."""

import asyncio
import os
import signal

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from redis.asyncio.connection import Connection, UnixDomainSocketConnection

from games.live.fanout import page_changed_send
from games.live.groups import page_group
from games.news import PageChanged

# The pass's own Redis, through the channel layer; no database.
pytestmark = pytest.mark.redis

NEWS = PageChanged("lobby", "issue-34")
SENDS = 20
# Seconds to wait for a message or a child: generous, for a busy two-core machine.
TIMEOUT = 10


@pytest.fixture
def connections_opened(monkeypatch) -> list[Connection | UnixDomainSocketConnection]:
    """Each socket to Redis this process opens from here on, by TCP (the scale-out pass) or a
    unix socket (the embedded pass)."""
    opened: list[Connection | UnixDomainSocketConnection] = []
    for kind in (Connection, UnixDomainSocketConnection):
        monkeypatch.setattr(kind, "_connect", counted(kind._connect, opened))
    return opened


def counted(connect, opened):
    # ``_connect`` opens the socket, once a connection; redis-py's handshake after it runs
    # twice on a unix socket.
    async def connect_counted(connection):
        opened.append(connection)
        await connect(connection)

    return connect_counted


def test_a_workers_sends_each_reach_the_group_over_at_most_one_new_connection(
    connections_opened,
):
    layer = get_channel_layer()
    group = page_group(NEWS.kind, NEWS.key)

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        # Heard once the subscription is live (games.live.heard), so no send below is lost.
        await layer.group_send(group, {"type": "probe"})
        assert (await asyncio.wait_for(layer.receive(channel), TIMEOUT))["type"] == "probe"
        before = len(connections_opened)
        for _send in range(SENDS):
            # A thread with no event loop, as a worker's job runs; it returns once Redis has it.
            await asyncio.to_thread(page_changed_send, NEWS)
            heard = await asyncio.wait_for(layer.receive(channel), TIMEOUT)
            assert heard == {"type": "page.changed"}
        await layer.group_discard(group, channel)
        return len(connections_opened) - before

    assert async_to_sync(scenario)() <= 1


def test_a_forked_worker_sends_on_a_loop_of_its_own():
    """Celery's prefork pool forks its workers: the parent's sending thread is not in the child,
    whose send would otherwise wait on a loop that nobody runs."""
    page_changed_send(NEWS)  # the parent's sending loop runs
    child = os.fork()
    if child == 0:
        signal.alarm(TIMEOUT)  # a child that waits forever ends with SIGALRM
        sent = False
        try:
            page_changed_send(NEWS)
            sent = True
        finally:
            os._exit(0 if sent else 1)
    _pid, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
