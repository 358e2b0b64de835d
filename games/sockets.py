"""A base for WebSocket consumers that speak JSON and refuse what a fair client never sends.

Daphne has no cap on frame size (DESIGN.md, "Sockets"), so every frame is measured here before it
is parsed, and each connection has its own budget of frames.
"""

import json
import re
import time

from channels.generic.websocket import AsyncWebsocketConsumer

MAX_FRAME_BYTES = 4096
# The deepest a fair message nests: a rummy layout is {"groups": [[card, ...], ...]}.
MAX_NESTING = 4
# The standard codes (1008 policy violation, 1009 too big) in the application range: Daphne
# (autobahn) sends no close code but 1000 and 3000-4999, and turns any other into 1011.
CLOSE_POLICY_VIOLATION = 4008
CLOSE_TOO_BIG = 4009
_MESSAGE_TYPE = re.compile(r"[a-z][a-z_]{0,31}")


class TokenBucket:
    """`capacity` frames at once, refilled at `per_second` frames a second."""

    def __init__(self, *, capacity: int, per_second: float) -> None:
        self.capacity = capacity
        self.per_second = per_second
        self.tokens = float(capacity)
        self.updated = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.per_second)
        self.updated = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


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


class GuardedJsonConsumer(AsyncWebsocketConsumer):
    """Checks size, rate and shape of each frame, then calls ``client_<type>(message)``.

    Too big: close 4009. Too many: close 4008. Not a JSON object with a known ``type``, or nested
    deeper than any fair message: an error frame ``{"type": "error", "code": ...}``, and the
    connection stays open. ``{"type": "ping"}``
    is answered ``{"type": "pong"}``.
    """

    burst = 20
    frames_per_second = 2.0

    async def websocket_connect(self, message):
        self.budget = TokenBucket(capacity=self.burst, per_second=self.frames_per_second)
        await super().websocket_connect(message)

    async def receive(self, text_data=None, bytes_data=None):
        frame = text_data.encode() if text_data is not None else bytes_data
        if len(frame) > MAX_FRAME_BYTES:
            await self.refuse("too_large", CLOSE_TOO_BIG)
            return
        if not self.budget.take():
            await self.refuse("rate_limited", CLOSE_POLICY_VIOLATION)
            return
        if text_data is None:
            await self.send_error("text_frames_only")
            return
        try:
            message = json.loads(text_data)
        except (ValueError, RecursionError):  # 4 KiB of "[" nests past Python's stack
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
        """Close the connection over a frame no fair client sends (a subclass may first say
        why, with ``code``)."""
        await self.close(code=close_code)

    async def client_ping(self, message):
        """The heartbeat: a client that hears no pong reconnects."""
        await self.send_json({"type": "pong"})

    async def send_json(self, message: dict) -> None:
        await self.send(text_data=json.dumps(message))

    async def send_error(self, code: str) -> None:
        await self.send_json({"type": "error", "code": code})
