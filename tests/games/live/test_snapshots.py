"""The snapshot a move leaves behind: what the process that applied it keeps for its own sockets
must be exactly what any other process reads back from the database."""

import asyncio
import gc
import json
import random

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games.live import snapshots
from games.live.fanout import table_news_deliver
from games.live.frames import state_frame
from games.live.hub import hub, table_group
from games.tables import services
from games.tables.models import MoveBy
from games.tables.news import TableChanged
from games.tables.selectors import table_snapshot
from games.tables.services import locked as locked_module
from games.tables.services.locked import atomic_locked
from tests.games.live.test_presence import HOST, ORIGIN
from tests.games.socket_support import redis_subscribes_late
from tests.games.table_support import SHORT_MATCHES, match_of, members, table_new

pytestmark = pytest.mark.django_db


def news_kept_back(monkeypatch, record=lambda group, message: None) -> None:
    """The channel layer carries no news of a change (``record`` sees it instead); a hub's
    probe of its own subscription still goes through (``games.live.hub.Hub.join``)."""
    layer = get_channel_layer()
    group_send = layer.group_send

    async def kept_back(group, message):
        if message["type"] == "hub.heard":
            await group_send(group, message)
        else:
            record(group, message)

    monkeypatch.setattr(layer, "group_send", kept_back)


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
        locked.seat_set(locked.seats[1], user_id=bilal.pk)
        locked.save()
        assert locked.snapshot() is None


def test_the_applying_process_sends_its_sockets_the_kept_snapshot_without_a_read(monkeypatch):
    """The fan-out keeps the snapshot in the hub's cache before the news goes out, so that a
    socket there asking for that revision gets it with no database read."""
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
        news = TableChanged(table.pk, kept.version, kept.revision, snapshot=kept)
        await table_news_deliver(hub(), news)
        return await hub().snapshots.at_least(table.pk, kept.revision)

    assert async_to_sync(scenario)() is kept


def members_table():
    """A Pitch table of four members (no bot: a live worker could play a bot's turn before
    the rows are read back), its members, the one to move and a legal move of theirs."""
    people = members(4)
    table = table_new(people[0], "pitch", [""] * 4)
    for number, member in enumerate(people[1:], start=1):
        services.table_seat_take(table_id=table.pk, user_id=member.pk, number=number)
    table.refresh_from_db()
    match = match_of(table)
    seat = match.to_move()[0]
    return table, people, people[seat], match.legal_actions(seat)[0]


@pytest.mark.django_db(transaction=True)
def test_a_socket_s_move_reaches_the_group_and_the_loops_hub_keeps_its_snapshot(monkeypatch):
    """The consumer's way: the service in a worker thread, its news handed to the loop that
    awaits it. The table's group hears the new version, and the hub has the new snapshot
    without a read. Members only: a live worker could play a bot's turn before the rows are
    read back."""
    table, _people, mover, action = members_table()

    async def no_read(table_id):
        raise AssertionError("the snapshot was read back")

    monkeypatch.setattr(snapshots, "_load_snapshot", no_read)
    move_apply = database_sync_to_async(services.table_move_apply, thread_sensitive=False)

    async def scenario():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(table_group(table.pk), channel)
        hub()  # the loop has sockets' hub, as a server's loop does once a socket connected
        version = await move_apply(
            table_id=table.pk, user_id=mover.pk, action=action, version=table.version
        )
        heard = await asyncio.wait_for(layer.receive(channel), 10)
        kept = await hub().snapshots.at_least(table.pk, heard["revision"])
        await layer.group_discard(table_group(table.pk), channel)
        return version, heard, kept

    version, heard, kept = async_to_sync(scenario)()
    assert heard["version"] == version == table.version + 1
    assert (kept.version, kept.revision) == (version, heard["revision"])
    assert frames(kept) == frames(table_snapshot(table.pk))


@pytest.mark.django_db(transaction=True)
def test_the_sockets_of_the_process_that_applied_a_move_hear_of_it_without_the_channel_layer(
    monkeypatch,
):
    """A socket of the table in the process that applied the move is told at once (its hub),
    not after the news has been to Redis and back: with the channel layer carrying nothing,
    the socket still gets the new state; once it is gone the hub holds it no more."""
    table, people, mover, action = members_table()
    watcher = next(person for person in people if person != mover)
    client = Client()
    client.force_login(watcher)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    carried = []
    news_kept_back(monkeypatch, lambda group, message: carried.append(group))
    move_apply = database_sync_to_async(services.table_move_apply, thread_sensitive=False)

    async def scenario():
        socket = WebsocketCommunicator(
            application, f"/ws/tables/{table.pk}/", headers=[ORIGIN, HOST, (b"cookie", cookie)]
        )
        accepted, _ = await socket.connect(10)
        assert accepted
        first = await socket.receive_json_from(10)
        version = await move_apply(
            table_id=table.pk, user_id=mover.pk, action=action, version=first["version"]
        )
        after = await socket.receive_json_from(10)
        await socket.disconnect()
        return first, after, version, hub().sockets_of(table.pk)

    first, after, version, listening = async_to_sync(scenario)()
    assert carried == [table_group(table.pk)]
    assert after["type"] == "state"
    assert after["version"] == version == first["version"] + 1
    assert listening == []


def test_a_socket_that_fails_to_send_keeps_the_news_from_no_other(monkeypatch):
    told, published = [], []

    class Gone:
        async def table_changed(self, event):
            raise ConnectionError("the socket closed under it")

    class Open:
        async def table_changed(self, event):
            told.append(event["revision"])

    news_kept_back(
        monkeypatch, lambda group, message: published.append((group, message["revision"]))
    )

    async def scenario():
        sockets = [Gone(), Open()]
        for socket in sockets:
            await hub().join(7, socket)
        await table_news_deliver(hub(), TableChanged(7, 3, 4))
        for socket in sockets:
            await hub().leave(7, socket)

    async_to_sync(scenario)()
    assert told == [4]
    assert published == [(table_group(7), 4)]


def test_a_socket_gone_without_unlistening_is_not_kept(monkeypatch):
    """A consumer that crashed before its ``disconnect`` never leaves its hub: the hub must
    not keep it, nor tell it of every later move."""
    told = []

    class Crashed:
        async def table_changed(self, event):
            told.append(event["revision"])

    news_kept_back(monkeypatch)

    async def scenario():
        crashed = Crashed()
        await hub().join(7, crashed)
        await table_news_deliver(hub(), TableChanged(7, 3, 4))
        del crashed
        gc.collect()
        await table_news_deliver(hub(), TableChanged(7, 4, 5))
        return hub().sockets_of(7)

    assert async_to_sync(scenario)() == []
    assert told == [4]


def test_another_processs_change_reaches_this_process_once_however_many_sockets_watch(
    monkeypatch,
):
    """The hub is the process's one subscriber to a table's group: one message through the
    channel layer tells every socket of the table here. Its own changes, coming back, are
    dropped: its sockets were told at once."""
    told = []
    all_told = asyncio.Event()

    class Watching:
        def __init__(self, name):
            self.name = name

        async def table_changed(self, event):
            told.append((self.name, event["revision"]))
            if len(told) == 6:
                all_told.set()

    layer = get_channel_layer()
    received = []
    receive = layer.receive

    async def counted(channel):
        message = await receive(channel)
        if message["type"] == "table.changed":  # not the hub's probe of its subscription
            received.append(message["revision"])
        return message

    monkeypatch.setattr(layer, "receive", counted, raising=False)

    async def scenario():
        sockets = [Watching(name) for name in "abc"]
        for socket in sockets:
            await hub().join(7, socket)
        # This process's own move: told at once, and its copy from Redis dropped.
        await table_news_deliver(hub(), TableChanged(7, 3, 4))
        elsewhere = {"type": "table.changed", "table": 7, "version": 4, "revision": 5}
        await layer.group_send(table_group(7), {**elsewhere, "origin": "another process"})
        await asyncio.wait_for(all_told.wait(), 10)
        for socket in sockets:
            await hub().leave(7, socket)

    async_to_sync(scenario)()
    assert sorted(told) == [(name, revision) for name in "abc" for revision in (4, 5)]
    assert sorted(received) == [4, 5]  # one message each for the hub, not one per socket


def test_a_change_told_the_moment_a_socket_has_joined_reaches_it_however_late_redis_subscribes(
    monkeypatch,
):
    """No lost move: a socket reads the table after joining, so a change committed after that
    read must reach it. Redis may take the hub's SUBSCRIBE after another connection's PUBLISH
    sent later (a loaded machine; CI lost a bot's move so); here the subscription goes live a
    moment after ``group_add`` returns, and the hub still hears the change told at once."""
    layer = get_channel_layer()
    told = asyncio.Event()
    redis_subscribes_late(monkeypatch)

    class Watching:
        async def table_changed(self, event):
            told.set()

    async def scenario():
        socket = Watching()
        await hub().join(8, socket)
        change = {"type": "table.changed", "table": 8, "version": 2, "revision": 2}
        await layer.group_send(table_group(8), {**change, "origin": "another process"})
        try:
            await asyncio.wait_for(told.wait(), 3)
        finally:
            await hub().leave(8, socket)

    async_to_sync(scenario)()
    assert told.is_set()


@pytest.mark.django_db(transaction=True)
def test_a_revision_still_loading_is_sent_before_a_later_one_told_at_once(monkeypatch):
    """News comes to a socket two ways: another process's move through the channel layer (its
    snapshot read from the database) and this process's own at once. When a move made here
    follows one whose snapshot is still being read, the socket sends both, in order: the
    earlier one is not skipped as old."""
    table, people, _mover, _action = members_table()
    client = Client()
    client.force_login(people[0])
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    quiet = {"on": True}
    publish = locked_module.publish

    def published_unless_quiet(news):
        if not quiet["on"]:
            publish(news)

    monkeypatch.setattr(locked_module, "publish", published_unless_quiet)
    move_apply = database_sync_to_async(services.table_move_apply, thread_sensitive=False)
    read = snapshots._load_snapshot

    async def play(version):
        """A legal move of whoever is to move at ``version``, made as a socket makes it."""
        snapshot = await read(table.pk)
        seat = snapshot.match.to_move()[0]
        return await move_apply(
            table_id=table.pk,
            user_id=people[seat].pk,
            action=snapshot.match.legal_actions(seat)[0],
            version=version,
        )

    async def scenario():
        socket = WebsocketCommunicator(
            application, f"/ws/tables/{table.pk}/", headers=[ORIGIN, HOST, (b"cookie", cookie)]
        )
        assert (await socket.connect(10))[0]
        first = await socket.receive_json_from(10)
        # Another process's move: committed, its news sent through the channel layer alone.
        version = await play(first["version"])
        quiet["on"] = False
        reading, release = asyncio.Event(), asyncio.Event()

        async def slow_read(table_id):
            snapshot = await read(table_id)
            reading.set()
            await release.wait()
            return snapshot

        monkeypatch.setattr(snapshots, "_load_snapshot", slow_read)
        revision = (await read(table.pk)).revision
        message = {
            "type": "table.changed",
            "table": table.pk,
            "version": version,
            "revision": revision,
            "origin": "another process",
        }
        await get_channel_layer().group_send(table_group(table.pk), message)
        await asyncio.wait_for(reading.wait(), 10)
        # This process's move, told at once while the earlier one is still being read: the
        # read is let go once the hub is telling the socket of the later revision.
        telling_later = asyncio.Event()
        tell = hub().tell

        async def watched_tell(event):
            if event["revision"] > revision:
                telling_later.set()
            await tell(event)

        monkeypatch.setattr(hub(), "tell", watched_tell)
        later = asyncio.create_task(play(version))
        await asyncio.wait_for(telling_later.wait(), 10)
        release.set()
        await later
        frames = [await socket.receive_json_from(10) for _ in range(2)]
        await socket.disconnect()
        return first["version"], [frame["version"] for frame in frames]

    first, versions = async_to_sync(scenario)()
    assert versions == [first + 1, first + 2]
