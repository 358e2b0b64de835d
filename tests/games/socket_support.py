"""Scripted clients of the table socket, over real WebSockets to a live Daphne."""

import asyncio
import json
from dataclasses import dataclass, field

import websockets
from channels.layers import get_channel_layer
from websockets.exceptions import ConnectionClosed, InvalidStatus

from games.engine.base import leaked_cards
from games.tables.models import Table
from games.tables.selectors import table_replay

# Seconds to wait for a frame: generous, for a busy two-core machine.
TIMEOUT = 20

# A scripted player moves no faster than a quick person, inside the table socket's frame budget
# (games.live.consumers.TableConsumer.frames_per_second).
MOVE_INTERVAL = 0.15


def redis_subscribes_late(monkeypatch, seconds: float = 0.3) -> None:
    """The channel layer's ``group_add`` returns before Redis takes the subscription, which
    goes live ``seconds`` later: as on a loaded machine, where Redis may take a SUBSCRIBE after
    a PUBLISH sent later from another connection."""
    layer = get_channel_layer()
    group_add = layer.group_add
    subscribing = []

    async def late(group, channel):
        async def subscribe():
            await asyncio.sleep(seconds)
            await group_add(group, channel)

        subscribing.append(asyncio.ensure_future(subscribe()))

    monkeypatch.setattr(layer, "group_add", late, raising=False)


def session_cookie(client) -> str:
    return f"sessionid={client.cookies['sessionid'].value}"


@dataclass
class TableSocket:
    """One open socket at a table; it keeps every frame it receives, in order."""

    url: str
    origin: str
    cookie: str | None = None
    frames: list[dict] = field(default_factory=list)
    connection: object = None
    _unread: int = 0

    async def __aenter__(self) -> "TableSocket":
        headers = {"Origin": self.origin}
        if self.cookie:
            headers["Cookie"] = self.cookie
        self.connection = await websockets.connect(
            self.url, additional_headers=headers, max_size=2**22
        )
        return self

    async def __aexit__(self, *exc_info) -> None:
        await self.connection.close()

    async def send(self, message) -> None:
        await self.connection.send(message if isinstance(message, str) else json.dumps(message))

    async def receive(self, timeout: float = TIMEOUT) -> dict:
        frame = json.loads(await asyncio.wait_for(self.connection.recv(), timeout))
        self.frames.append(frame)
        return frame

    async def receive_until(self, accept, timeout: float = TIMEOUT) -> dict:
        """Frames until one that ``accept``s, each within ``timeout``; every one is kept."""
        while True:
            frame = await self.receive(timeout)
            if accept(frame):
                return frame

    async def state(self, accept=lambda frame: True, timeout: float = TIMEOUT) -> dict:
        return await self.receive_until(
            lambda frame: frame["type"] == "state" and accept(frame), timeout
        )

    async def error(self, timeout: float = TIMEOUT) -> dict:
        return await self.receive_until(lambda frame: frame["type"] == "error", timeout)

    def states(self) -> list[dict]:
        return [frame for frame in self.frames if frame["type"] == "state"]


def table_socket(live_stack, table, client=None, *, invite: str | None = None) -> TableSocket:
    path = f"/ws/tables/{table.pk}/" + (f"?invite={invite}" if invite else "")
    return TableSocket(
        url=live_stack.ws_url(path),
        origin=live_stack.http_url,
        cookie=session_cookie(client) if client is not None else None,
    )


async def play_to_the_end(socket: TableSocket, choose) -> dict:
    """Make this seat's moves (``choose(legal)`` picks one) until the match is over; return
    the last frame. A refused move (the table moved on meanwhile) waits for the next frame.
    A deal's result, while it is up, is read and Ready pressed once (issue 22), as a person
    does: the next deal comes without waiting out the pause."""
    acted, readied, last_sent = None, None, 0.0
    loop = asyncio.get_running_loop()
    while True:
        frame = await socket.state()
        if frame["status"] in ("finished", "abandoned"):
            return frame
        if frame["pause"] and frame["pause"] != readied:
            readied = frame["pause"]
            await socket.send({"type": "ready"})
        if frame["legal"] and frame["version"] != acted:
            acted = frame["version"]
            action = choose(frame["legal"])
            await asyncio.sleep(max(0.0, last_sent + MOVE_INTERVAL - loop.time()))
            last_sent = loop.time()
            await socket.send({"type": "move", "action": action, "version": frame["version"]})


async def play_through_restarts(platform, table, client, choose) -> list[dict]:
    """Play the seat to the end (``play_to_the_end``), reconnecting to whichever stack of the
    ``platform`` (``tests.live.Platform``) is up; every frame seen."""
    frames = []
    while True:
        socket = table_socket(platform.stack, table, client)
        try:
            async with socket:
                await play_to_the_end(socket, choose)
                return frames + socket.frames
        except (ConnectionClosed, InvalidStatus, OSError, TimeoutError):
            frames += socket.frames
            await asyncio.sleep(0.2)


def leaks(frames: list[dict], table: Table, seat: int | None) -> list[tuple[int, list[str]]]:
    """(version, cards) for every state frame that shows ``seat`` a card it may not see."""
    matches = [step.match for step in table_replay(table)]
    return [
        (frame["version"], found)
        for frame in frames
        if frame["type"] == "state" and frame["view"] is not None
        for found in [leaked_cards(frame, matches[frame["version"]], seat)]
        if found
    ]
