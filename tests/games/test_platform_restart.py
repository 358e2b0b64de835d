"""Nothing is lost: the server and the worker die in the middle of a match (SIGKILL, no time to
tidy up), new ones start, the players' sockets reconnect, and the match is finished with every
move accounted for."""

import asyncio
import json
import random

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from websockets.exceptions import ConnectionClosed, InvalidStatus

from config.celery import app as celery_app
from games.tables import services
from games.tables.models import Move, Table, TableStatus
from games.tables.selectors import table_replay
from tests.conftest import SESSION_NAMESPACE
from tests.games.socket_support import TableSocket, play_to_the_end, session_cookie
from tests.games.table_support import members, replayed_state, signed_in, table_new
from tests.live import database_url, live_stack_start

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("live"),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]

KILL_AT_VERSION = 12


class Platform:
    """The live stack of the moment: replaced when the test kills it."""

    def __init__(self, workdir, env):
        self.workdir, self.env, self.starts = workdir, env, 0
        self.stack = None

    def start(self):
        self.starts += 1
        workdir = self.workdir / f"run{self.starts}"
        workdir.mkdir()
        self.stack = live_stack_start(workdir=workdir, env=self.env)

    def kill(self):
        for process in self.stack.processes:
            process.kill()

    def socket(self, table, client) -> TableSocket:
        return TableSocket(
            url=self.stack.ws_url(f"/ws/tables/{table.pk}/"),
            origin=self.stack.http_url,
            cookie=session_cookie(client),
        )


async def play_through_restarts(platform, table, client, choose) -> list[dict]:
    """Play the seat to the end, reconnecting to whichever server is up; every frame seen."""
    frames = []
    while True:
        socket = platform.socket(table, client)
        try:
            async with socket:
                await play_to_the_end(socket, choose)
                return frames + socket.frames
        except (ConnectionClosed, InvalidStatus, OSError, TimeoutError):
            frames += socket.frames
            await asyncio.sleep(0.2)


@pytest.fixture
def own_queue():
    """A Celery queue of this test's own: the session's worker (if one runs) must not do the
    work of the worker this test kills."""
    queue, session_queue = f"{SESSION_NAMESPACE}-restart", celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue
    yield queue
    celery_app.conf.task_default_queue = session_queue


def test_a_match_survives_its_server_and_worker_being_killed_and_restarted(
    django_db_setup, tmp_path, own_queue
):
    platform = Platform(
        tmp_path,
        {
            "DATABASE_URL": database_url(connection.settings_dict),
            "REDIS_KEY_PREFIX": SESSION_NAMESPACE,
            "CELERY_TASK_DEFAULT_QUEUE": own_queue,
        },
    )
    asha, bilal = members(2)
    table = table_new(asha, "pitch", ["", "", "medium", "medium"], turn_seconds=120)
    clients = [signed_in(user) for user in (asha, bilal)]

    async def killer():
        """Kill both processes once the match is well under way, then start new ones."""
        while await database_sync_to_async(current_version)(table) < KILL_AT_VERSION:
            await asyncio.sleep(0.05)
        platform.kill()
        await asyncio.to_thread(platform.start)

    async def scenario():
        await asyncio.to_thread(platform.start)
        await database_sync_to_async(services.table_seat_take)(
            table_id=table.pk, user_id=bilal.pk, number=1
        )
        players = [
            play_through_restarts(platform, table, client, random.Random(seat).choice)
            for seat, client in enumerate(clients)
        ]
        _, *frames = await asyncio.gather(killer(), *players)
        return frames

    try:
        frames = asyncio.run(scenario())
    except Exception as error:
        logs = platform.stack.logs(tail=3000) if platform.stack else ""
        raise AssertionError(f"{error!r}\n{logs}") from error
    finally:
        if platform.stack:
            platform.stack.stop()
    table.refresh_from_db()
    assert platform.starts == 2
    assert table.status == TableStatus.FINISHED
    assert table.version > KILL_AT_VERSION
    versions = list(Move.objects.filter(table=table).values_list("version", flat=True))
    assert versions == list(range(1, table.version + 1))
    assert replayed_state(table) == table.state
    # Every state a player was shown, before and after the restart, is the log's state then.
    matches = [step.match for step in table_replay(table)]
    for seat, seen in enumerate(frames):
        for frame in seen:
            if frame["type"] == "state" and frame["status"] != TableStatus.OPEN:
                shown = matches[frame["version"]].view(seat)
                assert frame["view"] == json.loads(json.dumps(shown))


def current_version(table: Table) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table.pk)
