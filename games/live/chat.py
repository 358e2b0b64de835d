"""A table's chat on its socket (issue 20, point 5), a place's chat on its own (a tournament's
room, issue 31, point 8: ``PlaceChatConsumer`` at ``/ws/chat/<kind>/<key>/``), and the news that
reaches them. Both speak the same frames through one base (``ChatSocket``); what differs is
where the lines are read and said and who may read them.

Lines cross the channel layer to the table's chat group (``groups.chat_group``), which every
socket of the table joins: a socket keeps its own room's lines (a player's, the players'; a
spectator's, the spectators'; a moderator watching, both), and says a quick phrase in its own
reader's language. Client frames: ``{"type": "chat", "text": "..."}`` or ``{"type": "chat",
"phrase": "good_game"}``; ``{"type": "chat_history"}`` for the room's last lines (a page with
the chat asks once its socket opens; a client that never asks is sent no history, only the
lines said while it listens; the history is read once the chat's group is heard, so that no
line falls between it and the first line heard: ``games.live.heard``); a moderator's
``{"type": "chat_delete", "line": id}``. A refusal is an error frame to the sender alone.
"""

import asyncio
from typing import Literal, TypedDict

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.core.exceptions import PermissionDenied
from django.utils import translation

from accounts.moderation.roles import is_moderator
from accounts.profiles.formats import local_datetime, reading_as
from games.converters import row_id_or_none
from games.live.dispatch import LoopDispatch
from games.live.groups import chat_group, chat_place_group, user_group
from games.live.guards import (
    ClientMessage,
    GuardedJsonConsumer,
    ShutOutEvent,
    scope_invite,
    scope_reader,
)
from games.live.heard import HeardProbe, group_heard
from games.tables.models import ChatRoom
from games.tables.news import ChatDeleted, ChatPosted
from games.tables.selectors import chat_recent, chat_recent_in_place
from games.tables.services.chat import (
    ChatRefusal,
    chat_line_delete,
    chat_line_post,
    chat_place_post,
    place_may_be_seen,
    place_named,
)
from games.words.chat import MUTED, QUICK_PHRASES


class ChatLineFrame(TypedDict):
    type: Literal["chat"]
    line: int
    room: str
    author: str  # as typed by its member: the page sets it as text, never as markup
    text: str  # the typed line, or the quick phrase in the reader's language
    phrase: str | None
    at: str
    mine: bool


class ChatHistoryFrame(TypedDict):
    """The room's last lines, sent when the socket connects and when its room changes."""

    type: Literal["chat_history"]
    rooms: list[str]
    moderator: bool
    lines: list[ChatLineFrame]


class ChatDeletedFrame(TypedDict):
    type: Literal["chat_deleted"]
    line: int


class ChatLineEvent(TypedDict):
    """A line as it crosses the channel layer to the table's chat group (its quick phrase a
    code, put in each reader's language by their socket)."""

    type: Literal["chat.line"]
    line: int
    room: str
    author_id: int
    author: str
    text: str
    phrase: str
    at: str


class ChatDeletedEvent(TypedDict):
    type: Literal["chat.deleted"]
    line: int
    room: str


def line_frame(event: ChatLineEvent, reader_id: int | None, language: str) -> ChatLineFrame:
    phrase = event["phrase"] or None
    text = event["text"]
    if phrase is not None:
        with translation.override(language):
            text = str(QUICK_PHRASES.get(phrase, ""))
    return {
        "type": "chat",
        "line": event["line"],
        "room": event["room"],
        "author": event["author"],
        "text": text,
        "phrase": phrase,
        "at": event["at"],
        "mine": reader_id is not None and event["author_id"] == reader_id,
    }


def chat_event(news: ChatPosted) -> ChatLineEvent:
    """A line as it crosses the channel layer (its quick phrase a code)."""
    return {
        "type": "chat.line",
        "line": news.line_id,
        "room": news.room,
        "author_id": news.author_id,
        "author": news.author,
        "text": news.text,
        "phrase": news.phrase,
        "at": news.at,
    }


def _history_read(table_id: int, rooms: tuple[str, ...]) -> list[ChatLineEvent]:
    return [chat_event(ChatPosted.of(line)) for line in chat_recent(table_id, rooms)]


def _place_history_read(place: str) -> list[ChatLineEvent]:
    return [chat_event(ChatPosted.of(line)) for line in chat_recent_in_place(place)]


_history = database_sync_to_async(_history_read, thread_sensitive=False)
_place_history = database_sync_to_async(_place_history_read, thread_sensitive=False)


_post = database_sync_to_async(chat_line_post, thread_sensitive=False)
_place_post = database_sync_to_async(chat_place_post, thread_sensitive=False)
_place_may_be_seen = database_sync_to_async(place_may_be_seen, thread_sensitive=False)
_delete = database_sync_to_async(chat_line_delete, thread_sensitive=False)
_is_moderator = database_sync_to_async(is_moderator, thread_sensitive=False)


class ChatSocket(GuardedJsonConsumer):
    """A chat's frames on a socket: its history, its lines and deletions as they come, a line
    said, a moderator's deletion. A subclass says where: its group, its rooms, how the rooms'
    last lines are read and how a line is said."""

    user_id: int | None = None
    moderator = False
    chat_joined = False
    chat_rooms_sent: tuple[str, ...] = ()
    # The chat's group heard (``hub_heard``), and the history asked for before it was.
    chat_heard: asyncio.Future[None] | None = None
    chat_hearing: asyncio.Future[None] | None = None
    chat_history_asked = False

    def chat_group_name(self) -> str:
        raise NotImplementedError

    def chat_rooms(self) -> tuple[str, ...]:
        raise NotImplementedError

    async def chat_history_read(self, rooms: tuple[str, ...]) -> list[ChatLineEvent]:
        raise NotImplementedError

    async def chat_say(self, text: object, phrase: object) -> None:
        """Say the line as the socket's member, or raise ``ChatRefusal``."""
        raise NotImplementedError

    async def chat_join(self) -> None:
        self.moderator = await _is_moderator(scope_reader(self.scope))
        group = self.chat_group_name()
        await self.channel_layer.group_add(group, self.channel_name)
        self.chat_joined = True
        self.chat_heard = asyncio.get_running_loop().create_future()
        # Heard in a task of its own: the probe comes back through this socket's dispatch,
        # which a handler waiting for it would hold up.
        self.chat_hearing = asyncio.ensure_future(self._chat_group_heard(group, self.chat_heard))

    async def _chat_group_heard(self, group: str, heard: asyncio.Future[None]) -> None:
        """Once the chat's group is heard, the history a client asked for meanwhile."""
        await group_heard(
            self.channel_layer, group, self._chat_probe(), asyncio.shield(heard), "a chat socket"
        )
        if self.chat_history_asked:
            await self.chat_history_send()

    def _chat_probe(self) -> str:
        return f"{self.channel_name} chat"

    async def hub_heard(self, probe: HeardProbe) -> None:
        heard = self.chat_heard
        if probe["probe"] == self._chat_probe():
            if heard is not None and not heard.done():
                heard.set_result(None)
            return
        await super().hub_heard(probe)

    async def chat_leave(self) -> None:
        if self.chat_hearing is not None:
            self.chat_hearing.cancel()
        if self.chat_joined:
            await self.channel_layer.group_discard(self.chat_group_name(), self.channel_name)

    async def chat_history_send(self) -> None:
        """The room's last lines (again when the socket's room changed: a spectator sat)."""
        rooms = self.chat_rooms()
        self.chat_rooms_sent = rooms
        lines = [
            line_frame(event, self.user_id, self.language)
            for event in await self.chat_history_read(rooms)
        ]
        frame: ChatHistoryFrame = {
            "type": "chat_history",
            "rooms": list(rooms),
            "moderator": self.moderator,
            "lines": lines,
        }
        await self.send_json(frame)

    # -- from the channel layer --------------------------------------------------------------

    async def chat_line(self, event: ChatLineEvent) -> None:
        if event["room"] in self.chat_rooms():
            await self.send_json(line_frame(event, self.user_id, self.language))

    async def chat_deleted(self, event: ChatDeletedEvent) -> None:
        if event["room"] in self.chat_rooms():
            frame: ChatDeletedFrame = {"type": "chat_deleted", "line": event["line"]}
            await self.send_json(frame)

    # -- from the client ---------------------------------------------------------------------

    async def client_chat_history(self, message: ClientMessage) -> None:
        if self.chat_hearing is not None and not self.chat_hearing.done():
            self.chat_history_asked = True  # sent once the group is heard
            return
        await self.chat_history_send()

    async def client_chat(self, message: ClientMessage) -> None:
        if self.user_id is None:
            await self.send_error("chat_sign_in")
            return
        try:
            await self.chat_say(message.get("text"), message.get("phrase"))
        except ChatRefusal as refusal:
            if refusal.code == "chat_muted":
                await self.send_muted(refusal)
            else:
                await self.send_error(refusal.code)

    async def send_muted(self, refusal: ChatRefusal) -> None:
        with reading_as(language=self.language, zone=self.zone_name):
            until = local_datetime(refusal.until) if refusal.until else ""
            text = str(MUTED) % {"until": until}
        await self.send_json({"type": "error", "code": "chat_muted", "message": text})

    async def client_chat_delete(self, message: ClientMessage) -> None:
        line = row_id_or_none(message.get("line"))
        if line is None or not isinstance(message.get("line"), int):
            await self.send_error("chat_malformed")
            return
        try:
            await _delete(moderator=scope_reader(self.scope), line_id=line)
        except PermissionDenied:
            await self.send_error("not_moderator")
        except ChatRefusal as refusal:
            await self.send_error(refusal.code)


class TableChat(ChatSocket):
    """The chat part of ``consumers.TableConsumer``: its players' and spectators' rooms."""

    table_id: int = 0
    seat: int | None = None
    invite: str | None = None

    def chat_group_name(self) -> str:
        return chat_group(self.table_id)

    def chat_rooms(self) -> tuple[str, ...]:
        if self.seat is not None:
            return (ChatRoom.PLAYERS,)
        if self.moderator:
            return (ChatRoom.PLAYERS, ChatRoom.SPECTATORS)
        return (ChatRoom.SPECTATORS,)

    async def chat_history_read(self, rooms: tuple[str, ...]) -> list[ChatLineEvent]:
        return await _history(self.table_id, rooms)

    async def chat_say(self, text: object, phrase: object) -> None:
        assert self.user_id is not None  # asked by ``client_chat``
        await _post(
            table_id=self.table_id,
            user_id=self.user_id,
            text=text,
            phrase=phrase,
            invite=self.invite,
        )


class PlaceChatConsumer(LoopDispatch, ChatSocket):
    """A place's one chat room on a socket of its own (``/ws/chat/tournament/12/``): whoever
    may see the place reads it (a private tournament's stranger is refused at the handshake, as
    its page's socket refuses them); a member says lines there, within the chat's limits and
    mutes; a visitor only reads."""

    place = ""
    invite: str | None = None

    def chat_group_name(self) -> str:
        return chat_place_group(self.place)

    def chat_rooms(self) -> tuple[str, ...]:
        return (ChatRoom.EVERYONE,)

    async def chat_history_read(self, rooms: tuple[str, ...]) -> list[ChatLineEvent]:
        return await _place_history(self.place)

    async def chat_say(self, text: object, phrase: object) -> None:
        await _place_post(
            place=self.place,
            user=scope_reader(self.scope),
            text=text,
            phrase=phrase,
            invite=self.invite,
        )

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        place = place_named(str(kwargs["kind"]), str(kwargs["key"]))
        reader = scope_reader(self.scope)
        self.invite = scope_invite(self.scope)
        if place is None or not await _place_may_be_seen(place, user=reader, invite=self.invite):
            await self.close()
            return
        self.place = place
        self.user_id = reader.pk if reader.is_authenticated else None
        await self.accept()
        await self.chat_join()

    async def disconnect(self, code: int) -> None:
        await self.chat_leave()


async def chat_news_deliver(news: ChatPosted | ChatDeleted) -> None:
    layer = get_channel_layer()
    assert layer is not None  # settings.CHANNEL_LAYERS has one
    event: ChatLineEvent | ChatDeletedEvent
    if isinstance(news, ChatPosted):
        event = chat_event(news)
    else:
        event = {"type": "chat.deleted", "line": news.line_id, "room": news.room}
    group = chat_place_group(news.place) if news.place else chat_group(news.table_id)
    await layer.group_send(group, dict(event))


async def member_shut_out_deliver(member_id: int) -> None:
    """Every socket of the member, in every server process, closes (``guards``)."""
    layer = get_channel_layer()
    assert layer is not None  # settings.CHANNEL_LAYERS has one
    shut_out: ShutOutEvent = {"type": "member.shut_out"}
    await layer.group_send(user_group(member_id), dict(shut_out))
