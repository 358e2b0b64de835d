"""Nothing is lost: the server and the worker die in the middle of a match (SIGKILL, no time to
tidy up), new ones start, the players' sockets reconnect, and the match is finished with every
move accounted for."""

import asyncio
import json
import random

import pytest
from channels.db import database_sync_to_async

from games.tables import services
from games.tables.models import Move, Table, TableStatus
from games.tables.selectors import table_replay
from tests.games.socket_support import play_through_restarts
from tests.games.table_support import members, replayed_state, signed_in, table_new

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]

KILL_AT_VERSION = 12


def test_a_match_survives_its_server_and_worker_being_killed_and_restarted(platform):
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

    frames = asyncio.run(scenario())
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
