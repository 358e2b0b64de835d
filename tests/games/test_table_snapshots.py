"""The snapshot a move leaves behind: what the process that applied it keeps for its own sockets
must be exactly what any other process reads back from the database."""

import asyncio
import json
import random

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games import services, snapshots
from games.broadcast import _send as broadcast_send
from games.broadcast import sent_by_caller, table_group
from games.frames import state_frame
from games.models import MoveBy
from games.selectors import table_snapshot
from games.services.locked import atomic_locked
from games.snapshots import snapshot_cache
from tests.games.tables import SHORT_MATCHES, match_of, members, table_new

pytestmark = pytest.mark.django_db


def frames(snapshot) -> list[str]:
    """What every seat and a spectator would be sent, as it goes over the wire."""
    seats = [None, *range(len(snapshot.seats))]
    return [json.dumps(state_frame(snapshot, seat), sort_keys=True) for seat in seats]


@pytest.mark.parametrize("game", SHORT_MATCHES)
def test_every_seat_is_sent_the_same_frame_from_the_kept_snapshot_as_from_the_database(game):
    """30 moves of each game, by the one write path: after each, every seat's frame and the
    spectator's from the snapshot the move left equal those from the rows read back."""
    asha, bilal = members(2)
    seats = 2 if game in ("rummy", "unders") else 4
    table = table_new(asha, game, ["", ""] + ["medium"] * (seats - 2), turn_seconds=45)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    chooser = random.Random(7)
    for _move in range(30):
        with atomic_locked(table.pk) as locked:
            if locked.match is None or locked.match.is_over():
                break
            seat = locked.match.to_move()[0]
            locked.apply(seat, chooser.choice(locked.match.legal_actions(seat)), MoveBy.PLAYER)
            locked.save()
            kept = locked.snapshot()
        assert kept is not None
        assert frames(kept) == frames(table_snapshot(table.pk))


def test_a_seat_taken_by_a_newcomer_leaves_no_snapshot_to_keep():
    """The newcomer's name was not read with the lock, so the sockets read the table back
    rather than show a stale name."""
    asha, bilal = members(2)
    table = table_new(asha, "pitch", ["", "", "medium", "medium"])
    with atomic_locked(table.pk) as locked:
        seat = locked.seats[1]
        seat.user_id = bilal.pk
        locked.seat_changed(seat)
        locked.save()
        assert locked.snapshot() is None


def test_the_applying_process_sends_its_sockets_the_kept_snapshot_without_a_read(monkeypatch):
    """The broadcast keeps the snapshot in the process's cache before the news goes out, so
    that a socket there asking for that revision gets it with no database read."""
    (asha,) = members(1)
    table = table_new(asha, "pitch", ["", "medium", "medium", "medium"])
    with atomic_locked(table.pk) as locked:
        seat = locked.match.to_move()[0]
        locked.apply(seat, locked.match.legal_actions(seat)[0], MoveBy.PLAYER)
        locked.save()
        kept = locked.snapshot()

    async def no_read(table_id):
        raise AssertionError("the snapshot was read back")

    monkeypatch.setattr(snapshots, "_load_snapshot", no_read)

    async def scenario():
        await broadcast_send(table.pk, kept.version, kept.revision, kept)
        return await snapshot_cache().at_least(table.pk, kept.revision)

    assert async_to_sync(scenario)() is kept


@pytest.mark.django_db(transaction=True)
def test_a_socket_s_move_is_announced_from_its_own_event_loop_with_the_snapshot_kept(
    monkeypatch,
):
    """The consumer's way: the service in a worker thread, its news held and sent from the
    caller's loop once it returns. The table's group hears the new version, and the process's
    cache has the new snapshot without a read. Members only: a live worker could play a bot's
    turn before the rows are read back."""
    asha, *others = members(4)
    table = table_new(asha, "pitch", [""] * 4)
    for number, member in enumerate(others, start=1):
        services.table_seat_take(table_id=table.pk, user_id=member.pk, number=number)
    table.refresh_from_db()
    match = match_of(table)
    mover = [asha, *others][match.to_move()[0]]
    action = match.legal_actions(match.to_move()[0])[0]

    async def no_read(table_id):
        raise AssertionError("the snapshot was read back")

    monkeypatch.setattr(snapshots, "_load_snapshot", no_read)
    move_apply = database_sync_to_async(services.table_move_apply, thread_sensitive=False)

    async def scenario():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(table_group(table.pk), channel)
        async with sent_by_caller():
            version = await move_apply(
                table_id=table.pk, user_id=mover.pk, action=action, version=table.version
            )
        heard = await asyncio.wait_for(layer.receive(channel), 10)
        kept = await snapshot_cache().at_least(table.pk, heard["revision"])
        await layer.group_discard(table_group(table.pk), channel)
        return version, heard, kept

    version, heard, kept = async_to_sync(scenario)()
    assert heard["version"] == version == table.version + 1
    assert (kept.version, kept.revision) == (version, heard["revision"])
    assert frames(kept) == frames(table_snapshot(table.pk))
