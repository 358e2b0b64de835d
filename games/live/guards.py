"""A base for WebSocket consumers that speak JSON and refuse what a fair client never sends.

Daphne has no cap on frame size (DESIGN.md, "Sockets"), so every frame is measured here before it
is parsed, and each connection has its own budget of frames.
"""

import asyncio
import re
import weakref
from collections import defaultdict
from collections.abc import Awaitable, Callable, Mapping
from time import monotonic
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast
from urllib.parse import parse_qs

import orjson
from asgiref.typing import (
    ASGIReceiveCallable,
    ASGISendCallable,
    WebSocketConnectEvent,
    WebSocketDisconnectEvent,
)
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.contrib.auth.models import User
from django.http.request import split_domain_port, validate_host
from django.utils import translation

from accounts.moderation.models import SanctionKind
from accounts.moderation.sanctions import sanction_in_force
from accounts.profiles.formats import reading_as
from accounts.profiles.requests import Reader
from accounts.profiles.selectors import member_zone
from accounts.profiles.zones import ZONE_COOKIE
from games.live.groups import user_group
from games.live.heard import HeardProbe, group_heard
from games.words.refusals import refusal_text

if TYPE_CHECKING:
    # Channels' own names for an application and its scope, in its stubs alone.
    from channels.consumer import _ChannelScope
    from channels.utils import _ChannelApplication

MAX_FRAME_BYTES = 4096
# The deepest a fair message nests: a rummy layout is {"groups": [[card, ...], ...]}.
MAX_NESTING = 4
# The standard codes (1008 policy violation, 1009 too big) in the application range: Daphne
# (autobahn) sends no close code but 1000 and 3000-4999, and turns any other into 1011.
CLOSE_POLICY_VIOLATION = 4008
CLOSE_TOO_BIG = 4009
# A banned member's socket (4003: as HTTP's 403).
CLOSE_SHUT_OUT = 4003
_MESSAGE_TYPE = re.compile(r"[a-z][a-z_]{0,31}")

# A client's frame as parsed: a JSON object with a known ``type``, nothing else checked yet.
# What a handler reads of it, it checks itself (a fair client's shapes: each handler's
# docstring), as anything a script may send reaches it.
ClientMessage = dict[str, object]


class ShutOutEvent(TypedDict):
    """To a member's group: the member was banned, each of their sockets closes."""

    type: Literal["member.shut_out"]


def frame_text(message: Mapping[str, Any]) -> str:
    """A frame as it goes on the wire. orjson: a seat's state frame (1.8 kB) took 32 us with
    the standard library's encoder, 3.5 us with orjson, and each move sends one per socket."""
    return orjson.dumps(message).decode()


class SameOriginValidator:
    """Lets through only a handshake from a page of this very site.

    Channels' ``AllowedHostsOriginValidator`` compares the Origin's host alone, so a page at
    ``http://127.0.0.1:9999`` or ``https://127.0.0.1:8301`` could open a member's socket on
    ``http://127.0.0.1:8301`` with their cookie (issue 17). Here the Origin's scheme, host and
    port must be those the handshake was sent to (its Host header, which must be one of
    ``ALLOWED_HOSTS``, and the scheme it came on: wss, or https at the proxy when
    ``SECURE_PROXY_SSL_HEADER`` trusts it), or one of ``CSRF_TRUSTED_ORIGINS``.
    """

    def __init__(self, application: "_ChannelApplication") -> None:
        self.application = application

    async def __call__(
        self, scope: "_ChannelScope", receive: ASGIReceiveCallable, send: ASGISendCallable
    ) -> None:
        if scope["type"] == "websocket" and not same_origin(scope):
            await WebsocketDenier()(scope, receive, send)
            return
        # Channels' stack is an ASGI 3 application (its stubs allow an ASGI 2 one too).
        inner = cast(Callable[..., Awaitable[None]], self.application)
        await inner(scope, receive, send)


def same_origin(scope: Mapping[str, Any]) -> bool:
    headers = {name: value.decode("latin1") for name, value in scope.get("headers", [])}
    origin, host = headers.get(b"origin", "").lower(), headers.get(b"host", "").lower()
    if not origin or not host:
        return False
    if not validate_host(split_domain_port(host)[0], settings.ALLOWED_HOSTS):
        return False
    proxy_https = settings.SECURE_PROXY_SSL_HEADER is not None and (
        headers.get(b"x-forwarded-proto", "").lower() == "https"
    )
    scheme = "https" if scope.get("scheme") == "wss" or proxy_https else "http"
    trusted = {trusted.lower() for trusted in settings.CSRF_TRUSTED_ORIGINS}
    return origin == f"{scheme}://{host}" or origin in trusted


class TokenBucket:
    """`capacity` frames at once, refilled at `per_second` frames a second.

    The clock is this module's own name for `time.monotonic`, so a test stops the budgets' clock
    alone: stopping `time.monotonic` stopped asyncio's clock too, and a task that waited on a
    timeout while it was cancelled never ended (a presence test hung a fresh clone's run on 5
    December)."""

    def __init__(self, *, capacity: int, per_second: float) -> None:
        self.capacity = capacity
        self.per_second = per_second
        self.tokens = float(capacity)
        self.updated = monotonic()

    def take(self) -> bool:
        now = monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.per_second)
        self.updated = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')


def text_nesting(raw: bytes) -> int:
    """How deep JSON text nests lists and objects, read from its brackets with its strings
    left out: text nested past what the parser takes (orjson stops at 1,024 levels) is then
    known as too deep, not as malformed."""
    deepest = depth = 0
    for byte in _JSON_STRING.sub(b'""', raw):
        if byte in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        elif byte in b"]}":
            depth -= 1
    return deepest


def nesting(value: object) -> int:
    """How deep ``value`` nests lists and objects (a scalar: 0), without recursion."""
    deepest, level = 0, [(value, 0)]
    while level:
        node, depth = level.pop()
        if isinstance(node, dict | list):
            depth += 1
            deepest = max(deepest, depth)
            level.extend(
                (child, depth) for child in (node.values() if isinstance(node, dict) else node)
            )
    return deepest


class MemberSockets:
    """This server process's open sockets of each member, and one frame budget they share.

    A socket's own budget is no limit on a member who opens many (issue 17: 200 sockets on one
    table, about 400 pings a second by reconnecting): the member's sockets are capped, and
    every frame also takes from the member's budget, which outlives their sockets for a while.
    Per process, as a balancer that hashes a table's path sends a member's sockets of that
    table to one process; across N processes a member has at most N times this. Sockets are
    held weakly: one whose disconnect never came is not counted for ever.
    """

    most_sockets = 8
    burst = 60
    frames_per_second = 12.0
    # A budget left alone this long is full again: it is forgotten.
    forget_after_seconds = 60.0

    def __init__(self) -> None:
        self._sockets: defaultdict[int, weakref.WeakSet[object]] = defaultdict(weakref.WeakSet)
        self._budgets: dict[int, TokenBucket] = {}

    def admit(self, member_id: int, socket: object) -> TokenBucket | None:
        """The member's shared budget, with ``socket`` counted; None: too many open."""
        sockets = self._sockets[member_id]
        if len(sockets) >= self.most_sockets:
            return None
        sockets.add(socket)
        self._forget_idle()
        if member_id not in self._budgets:
            self._budgets[member_id] = TokenBucket(
                capacity=self.burst, per_second=self.frames_per_second
            )
        return self._budgets[member_id]

    def release(self, member_id: int, socket: object) -> None:
        sockets = self._sockets.get(member_id)
        if sockets is not None:
            sockets.discard(socket)
            if not sockets:
                del self._sockets[member_id]

    def _forget_idle(self) -> None:
        now = monotonic()
        idle = [
            member
            for member, budget in self._budgets.items()
            if now - budget.updated > self.forget_after_seconds and member not in self._sockets
        ]
        for member in idle:
            del self._budgets[member]


MEMBER_SOCKETS = MemberSockets()


class GuardedJsonConsumer(AsyncWebsocketConsumer):
    """Checks size, rate and shape of each frame, then calls ``client_<type>(message)``.

    Too big: close 4009. Too many, on this socket or on all of its member's (``MemberSockets``),
    or one socket too many for its member: close 4008. Not a JSON object with a known ``type``,
    or nested deeper than any fair message: an error frame ``{"type": "error", "code": ...}``,
    and the connection stays open. ``{"type": "ping"}`` is answered ``{"type": "pong"}``.
    """

    burst = 20
    frames_per_second = 2.0
    member_id: int | None = None
    member_budget: TokenBucket | None = None
    zone_name: str | None = None
    # The member's group heard (``hub_heard``), and the ban read again then.
    heard: asyncio.Future[None] | None = None
    ban_read_again: asyncio.Future[None] | None = None

    async def websocket_connect(self, message: WebSocketConnectEvent) -> None:
        self.language = socket_language(self.scope)
        # The reader's zone as their pages have it (accounts.profiles.middleware): a visitor's
        # browser's from its cookie, a member's own from their profile (read below).
        self.zone_name = self.scope.get("cookies", {}).get(ZONE_COOKIE)
        self.budget = TokenBucket(capacity=self.burst, per_second=self.frames_per_second)
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            self.member_id = user.pk
            self.member_budget = MEMBER_SOCKETS.admit(user.pk, self)
            if self.member_budget is None:
                await self.accept()
                await self.refuse("too_many_sockets", CLOSE_POLICY_VIOLATION)
                return
            # The lazy object stands for the member's User (AuthMiddlewareStack).
            self.zone_name = await _member_zone(cast(User, user)) or self.zone_name
            # In the member's group before the ban is read: a ban made in between is heard,
            # or, if told before Redis took the subscription, read again once the group is
            # heard (``_banned_once_heard``).
            group = user_group(user.pk)
            await self.channel_layer.group_add(group, self.channel_name)
            if await _banned(user.pk):
                # A session from before the ban, on a page that made no request since.
                await self.accept()
                await self.refuse("banned", CLOSE_SHUT_OUT)
                return
            self.heard = heard = asyncio.get_running_loop().create_future()
            self.ban_read_again = asyncio.ensure_future(self._banned_once_heard(group, heard))
        await super().websocket_connect(message)

    async def websocket_disconnect(self, message: WebSocketDisconnectEvent) -> None:
        if self.ban_read_again is not None:
            self.ban_read_again.cancel()
        if self.member_id is not None:
            MEMBER_SOCKETS.release(self.member_id, self)
            await self.channel_layer.group_discard(user_group(self.member_id), self.channel_name)
        await super().websocket_disconnect(message)

    async def member_shut_out(self, event: ShutOutEvent) -> None:
        """The member was banned (``MemberSanctioned``, told to their group by
        ``fanout.member_banned_shut_out``): this socket closes now, whichever server process
        holds it."""
        await self.refuse("banned", CLOSE_SHUT_OUT)

    async def _banned_once_heard(self, group: str, heard: asyncio.Future[None]) -> None:
        """The ban read again once the member's group is heard (``heard``; or after
        ``HEARD_SECONDS``, the probe itself lost to the same race): a ban told before the
        subscription was live reached no socket of this one's."""
        assert self.member_id is not None
        await group_heard(
            self.channel_layer,
            group,
            self.channel_name,
            asyncio.shield(heard),
            f"member {self.member_id}",
        )
        if await _banned(self.member_id):
            await self.refuse("banned", CLOSE_SHUT_OUT)

    async def hub_heard(self, probe: HeardProbe) -> None:
        """A probe came back through the member's group: this socket's own, or another socket
        of the member's, let pass."""
        heard = self.heard
        if probe["probe"] == self.channel_name and heard is not None and not heard.done():
            heard.set_result(None)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        frame = text_data.encode() if text_data is not None else bytes_data or b""
        if len(frame) > MAX_FRAME_BYTES:
            await self.refuse("too_large", CLOSE_TOO_BIG)
            return
        over_budget = not self.budget.take()
        if over_budget or (self.member_budget is not None and not self.member_budget.take()):
            await self.refuse("rate_limited", CLOSE_POLICY_VIOLATION)
            return
        if text_data is None:
            await self.send_error("text_frames_only")
            return
        try:
            message = orjson.loads(text_data)
        except orjson.JSONDecodeError:  # also 4 KiB of "[": orjson stops at 1,024 levels
            await self.send_error("malformed_json")
            return
        if nesting(message) > MAX_NESTING:
            await self.send_error("too_nested")
            return
        kind = message.get("type") if isinstance(message, dict) else None
        handler = (
            getattr(self, f"client_{kind}", None)
            if isinstance(kind, str) and _MESSAGE_TYPE.fullmatch(kind)
            else None
        )
        if handler is None:
            await self.send_error("unknown_type")
            return
        await handler(message)

    async def refuse(self, code: str, close_code: int) -> None:
        """Say why, then close the connection over a frame no fair client sends."""
        await self.send_error(code)
        await self.close(code=close_code)

    async def client_ping(self, message: ClientMessage) -> None:
        """The heartbeat: a client that hears no pong reconnects."""
        await self.send_json({"type": "pong"})

    async def send_json(self, message: Mapping[str, Any]) -> None:
        await self.send(text_data=frame_text(message))

    async def send_error(self, code: str, detail: str = "") -> None:
        """A refusal to this socket alone, in its reader's language and zone
        (``refusal_text``)."""
        with reading_as(language=self.language, zone=self.zone_name):
            message = refusal_text(code, detail)
        await self.send_json({"type": "error", "code": code, "message": message})


def _is_banned(member_id: int) -> bool:
    return sanction_in_force(member_id, SanctionKind.BAN) is not None


# As the auth middleware reads the user: once per handshake, on its thread.
_banned = database_sync_to_async(_is_banned)
_member_zone = database_sync_to_async(member_zone)


def scope_reader(scope: Mapping[str, Any]) -> Reader:
    """Who holds the socket, as AuthMiddlewareStack left them (config/asgi.py): a lazy object
    standing for the member's User, or an AnonymousUser."""
    return cast(Reader, scope["user"])


def socket_language(scope: Mapping[str, Any]) -> str:
    """The visitor's language as their pages have it: the language cookie (set when they
    choose one, and again when a member signs in), else the site's default."""
    chosen = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME)
    try:
        return translation.get_supported_language_variant(chosen or settings.LANGUAGE_CODE)
    except LookupError:
        return settings.LANGUAGE_CODE


def scope_invite(scope: Mapping[str, Any]) -> str | None:
    """The ``?invite=...`` of a socket's address: a private table's or tournament's link."""
    values = parse_qs(scope.get("query_string", b"").decode(errors="replace")).get("invite")
    return values[0] if values else None
