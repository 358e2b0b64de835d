"""The sockets: a member's presence line, and a table's seats and spectators.

A move's path, from the socket to the engine and back: ``TableConsumer.client_move`` runs
``games.tables.services.table_move_apply`` in a worker thread; the service locks the table row,
asks the engine, writes the move and publishes ``TableChanged`` on commit (``games.news``);
``games.live.fanout`` hands that to this process's hub, which keeps the new snapshot and calls
``table_changed`` on each socket of the table here, while the channel layer carries the bare
numbers to the other processes' hubs, whose sockets read the snapshot once per process. Each
socket then sends its own seat's view (``frames.state_frame``).
"""

import asyncio
from typing import TypeGuard

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation

from games.engine import IllegalAction
from games.frames.arrange import ArrangementRefusal, arrangement_frame
from games.frames.shapes import ArrangementFrame, error_frame, pong_frame
from games.live.chat import TableChat
from games.live.dispatch import LoopDispatch
from games.live.frames import state_frame
from games.live.guards import ClientMessage, GuardedJsonConsumer, scope_invite
from games.live.hub import TableChangedEvent, hub
from games.live.presence import BROADCAST_GROUP, AnnounceEvent
from games.tables import services
from games.tables.refusals import TableRefusal
from games.tables.selectors import TableSnapshot, table_access, table_revision
from games.tables.visitors import visitor_key_of
from games.words.refusals import refusal_text

# Off the single "thread-sensitive" thread: moves at different tables run side by side, and
# the row lock (or SQLite's write lock) orders moves at one table.
_table_access = database_sync_to_async(table_access, thread_sensitive=False)
_table_revision = database_sync_to_async(table_revision, thread_sensitive=False)


# A table's services, each in a worker thread of the pool (what they publish reaches this
# loop's hub without the thread waiting for it: ``games.live.fanout``).
_move_apply = database_sync_to_async(services.table_move_apply, thread_sensitive=False)
_seat_return = database_sync_to_async(services.table_seat_return, thread_sensitive=False)
_ready = database_sync_to_async(services.table_ready, thread_sensitive=False)
# The session is read as the auth middleware reads it (a visitor's key is in it).
_visitor_key = database_sync_to_async(visitor_key_of)


class PresenceConsumer(GuardedJsonConsumer):
    """A member's line to the site: a heartbeat, and announcements sent to them or to everyone.

    Members only: a visitor's handshake is refused (HTTP 403), because everything this socket
    carries is addressed to a person.
    """

    presence_groups: tuple[str, ...] = ()

    async def connect(self) -> None:
        user = self.scope.get("user")  # AuthMiddlewareStack's (config/asgi.py)
        if user is None or not user.is_authenticated:
            await self.close()
            return
        # The member's own group is joined by every socket of theirs (``guards``).
        self.presence_groups = (BROADCAST_GROUP,)
        for group in self.presence_groups:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        for group in self.presence_groups:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def presence_announce(self, event: AnnounceEvent) -> None:
        await self.send_json({"type": "announce", "text": event["text"]})


class TableConsumer(LoopDispatch, TableChat):
    """One socket at one table: a seated member gets their seat's view, anyone else allowed to
    watch gets the spectator's view, each time the table changes.

    Client frames: ``{"type": "move", "action": {...}, "version": N}`` (an optional ``"seat"``
    must be the sender's own), ``{"type": "sync"}`` for the current state (after a version
    gap), ``{"type": "back"}`` (a member takes their seat back from a stand-in bot; any move
    or reconnection does too) and ``{"type": "ping"}`` (answered with the table's version and
    revision), ``{"type": "ready"}`` (the last deal's result read: the next may be dealt).
    A refusal is an error frame to the sender alone,
    ``{"type": "error", "code": ..., "message": ...}``, and changes nothing.
    ``{"type": "arrange", "groups": [[...], ...]}`` (rummy) judges the sender's own layout of
    their hand and changes nothing (``games.frames.arrange``).
    Private tables need their invite (``?invite=...``) unless the member sits there. A
    visitor (not signed in) sits only where their session's key holds a seat (a daily deal's
    try, ``games.tables.visitors``), and is known by that key wherever a member is known by
    their id. The table's chat rides this socket too (``games.live.chat``).
    """

    # A quick player sends a few moves a second (Hidden Unders: play, draw, done) and a page a
    # ping and a sync now and then; a script flooding the table is cut off.
    burst = 40
    frames_per_second = 8.0

    table_id: int = 0
    user_id: int | None = None
    visitor = ""
    seat: int | None = None
    sent_revision = -1
    joined = False

    async def connect(self) -> None:
        self.news_in_order = asyncio.Lock()
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        user = self.scope.get("user")  # AuthMiddlewareStack's (config/asgi.py)
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        if self.user_id is None:
            self.visitor = await _visitor_key(self.scope.get("session"))
        self.invite = scope_invite(self.scope)
        access = await _table_access(
            table_id=self.table_id, user_id=self.user_id, invite=self.invite, visitor=self.visitor
        )
        if access is None:
            await self.close()
            return
        self.joined = True
        await self.chat_join()
        await self.accept()
        # From here the hub tells this socket of the table's changes, this process's own and
        # the others': only a newer revision is sent.
        self.hub = hub()
        await self.hub.join(self.table_id, self)
        snapshot = await self.hub.snapshots.fresh(self.table_id)
        if snapshot is not None:
            if snapshot.revision > self.sent_revision:
                await self.send_state(snapshot)
            await self.come_back_if_away(snapshot)

    async def disconnect(self, code: int) -> None:
        if self.joined:
            await self.hub.leave(self.table_id, self)
        await self.chat_leave()

    # -- from the table ----------------------------------------------------------------------

    async def table_changed(self, event: TableChangedEvent) -> None:
        # News comes two ways (this process's own at once, the others' through the channel
        # layer): one at a time, so that a revision still loading goes out before a later one
        # rather than be skipped as old.
        async with self.news_in_order:
            if event["revision"] <= self.sent_revision:
                return
            snapshot = await self.hub.snapshots.at_least(self.table_id, event["revision"])
            if snapshot is not None and snapshot.revision > self.sent_revision:
                await self.send_state(snapshot)

    async def come_back_if_away(self, snapshot: TableSnapshot) -> None:
        """Reconnecting is coming back: it ends a stand-in and a pending drop."""
        mine = next((s for s in snapshot.seats if s.number == self.seat), None)
        if mine is not None and (mine.stand_in or mine.away):
            await _seat_return(table_id=self.table_id, user_id=self.user_id, visitor=self.visitor)

    async def send_current_state(self) -> TableSnapshot | None:
        snapshot = await self.hub.snapshots.fresh(self.table_id)
        if snapshot is not None:
            await self.send_state(snapshot)
        return snapshot

    async def send_state(self, snapshot: TableSnapshot) -> None:
        self.seat = snapshot.seat_held_by(user_id=self.user_id, visitor=self.visitor)
        self.sent_revision = snapshot.revision
        await self.send_json(state_frame(snapshot, self.seat, language=self.language))
        if self.chat_rooms_sent and self.chat_rooms() != self.chat_rooms_sent:
            await self.chat_history_send()  # a spectator took a seat: the players' room now

    # -- from the client ---------------------------------------------------------------------

    async def client_move(self, message: ClientMessage) -> None:
        if self.seat is None:
            await self.send_error("not_seated")
            return
        action, version, seat = message.get("action"), message.get("version"), message.get("seat")
        if not isinstance(action, dict) or not _is_int(version) or not _is_int_or_none(seat):
            await self.send_error("malformed")
            return
        try:
            await _move_apply(
                table_id=self.table_id,
                user_id=self.user_id,
                action=action,
                version=version,
                seat=seat,
                visitor=self.visitor,
            )
        except TableRefusal as refusal:
            await self.send_error(refusal.code)
            if refusal.code == "stale_version":
                # A move that lost the race to a stand-in's is still the member at their seat:
                # they are back, as a move that arrives in time makes them.
                snapshot = await self.send_current_state()
                if snapshot is not None:
                    await self.come_back_if_away(snapshot)
        except IllegalAction as illegal:
            await self.send_error(illegal.code, illegal.message)

    async def client_arrange(self, message: ClientMessage) -> None:
        """A rummy player's layout of their own hand, judged for the page (RM-28): never a
        move, answered to the sender alone with the group labels, points and status line (or
        with the engine's best layout when ``"sort": true``)."""
        if self.seat is None:
            await self.send_error("not_seated")
            return
        # The hand as this socket last showed it, from the process's shared snapshot: a drag
        # sends a layout many times a turn, and a database read for each would be wasted.
        snapshot = await self.hub.snapshots.at_least(self.table_id, self.sent_revision)
        try:
            frame = await _arrangement(snapshot, self.seat, message, self.language)
        except ArrangementRefusal as refusal:
            await self.send_json(error_frame(refusal.code, refusal.message))
            return
        await self.send_json(frame)

    async def client_ping(self, message: ClientMessage) -> None:
        """The heartbeat carries the table's bare version and revision: a client behind them
        (a broadcast it never got) asks for the state again."""
        version, revision = await _table_revision(self.table_id) or (None, None)
        await self.send_json(pong_frame(version, revision))

    async def client_sync(self, message: ClientMessage) -> None:
        await self.send_current_state()

    async def client_ready(self, message: ClientMessage) -> None:
        """Ready for the next deal: the last one's result has been read (issue 22)."""
        if self.seat is None:
            await self.send_error("not_seated")
            return
        if not await _ready(table_id=self.table_id, user_id=self.user_id, visitor=self.visitor):
            # Nothing changed (the pause had just ended, or a second press): the page waits
            # for an answer, so it gets the table as it stands.
            await self.send_current_state()

    async def client_back(self, message: ClientMessage) -> None:
        if self.seat is not None:
            await _seat_return(table_id=self.table_id, user_id=self.user_id, visitor=self.visitor)


class NoSuchSocket(AsyncWebsocketConsumer):
    """A socket path that is no endpoint (or names no possible table): refused at once."""

    async def connect(self) -> None:
        await self.close()


@sync_to_async(thread_sensitive=False)
def _arrangement(
    snapshot: TableSnapshot | None, seat: int, message: ClientMessage, language: str
) -> ArrangementFrame:
    """Off the event loop: the Sort button's search takes some milliseconds."""
    with translation.override(language):
        if snapshot is None or snapshot.status != "playing":
            raise ArrangementRefusal("table_not_playing", refusal_text("table_not_playing"))
        return arrangement_frame(snapshot.match, seat, message)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_int_or_none(value: object) -> TypeGuard[int | None]:
    return value is None or _is_int(value)
