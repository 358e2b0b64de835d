"""``python -m games.live.server [Daphne's arguments]``: Daphne, with a WebSocket frame cap that
always ends in a close code.

Daphne caps an incoming message at 1 MiB and offers no option for what happens past its cap:
autobahn, underneath, drops the TCP connection without a close frame (the client sees 1006;
issue 17). Here the cap is just above the sockets' own 4 KiB (which they answer with 4009,
``games.live.guards``), so nobody can make a server process hold a megabyte per socket, and past
it autobahn sends the standard 1009 "message too big" before closing. Daphne's command line
is used as it is; only the WebSocket factory it builds is told not to fail by dropping, and
its protocol not to cap what the server itself sends, nor to raise over a frame that finds its
socket closed.

A response sent in parts (the bot API's NDJSON streams, ``games.live.streams``) waits, part by
part, for its reader: Daphne writes each part to Twisted's transport at once, and a reader
that never reads would leave every part in this process's memory until its response ended
(for a table's stream: a frame a move until the match is over). Here ``send`` returns only
once at most ``UNSENT_BYTES`` of the response wait in Daphne's buffer (ASGI backpressure), so
the application makes its next part when the reader has taken the last: a table's stream then
skips to the newest frame. A reader that takes nothing of them for ``STALL_SECONDS`` is
disconnected (its stream ends and frees its place); an NDJSON stream's socket also keeps at
most ``STREAM_SOCKET_BYTES`` in the kernel's send buffer.
"""

import asyncio
import logging
import socket
import sys
from typing import Any

from daphne import cli, http_protocol, server, ws_protocol

logger = logging.getLogger(__name__)

# Unsent bytes of one response that Daphne holds before the application's next send waits.
UNSENT_BYTES = 64 * 1024
# A reader that takes none of them this long is cut off (below the bot API's stream slot
# expiry, ``games.botapi.guard.SLOT_SECONDS``, so a stalled stream never outlives its place).
STALL_SECONDS = 15.0
# The kernel's send buffer of an NDJSON stream's socket (Linux doubles it for its own use).
STREAM_SOCKET_BYTES = 32 * 1024
NDJSON = b"application/x-ndjson"
DRAIN_POLL_SECONDS = 0.05

# Every message a fair client sends is at most 4 KiB (games.live.guards.MAX_FRAME_BYTES).
SERVER_FRAME_CAP = 8192


class ClientCappedWebSocketProtocol(ws_protocol.WebSocketProtocol):  # type: ignore[misc]  # untyped
    """Daphne's protocol, with the message cap on what clients send only: autobahn holds the
    server's own messages to it too, and refuses (closing the socket) any bigger one, such as a
    lobby's lists at 50 open tables (15 KiB, ``bench.bench_lobby``). The frame cap is for
    incoming frames alone already. A frame sent once the socket is closing is dropped."""

    frames_dropped = 0
    maxMessagePayloadSize: int  # autobahn's

    def sendMessage(self, *args: Any, **kwargs: Any) -> Any:
        if self.state in (self.STATE_CLOSING, self.STATE_CLOSED):
            # The client closed (a page left, a network gone) while this frame was on its way
            # from the application: a normal event, not an error. Autobahn raised
            # ``Disconnected`` ("Attempt to send on a closed protocol") into the consumer's
            # send, and Daphne logged its traceback (issue 28). The frame is dropped, with one
            # quiet line a socket.
            self.frames_dropped += 1
            if self.frames_dropped == 1:
                logger.debug("socket of %s closed with a frame on its way", self.client_addr)
            return None
        cap, self.maxMessagePayloadSize = self.maxMessagePayloadSize, 0
        try:
            return super().sendMessage(*args, **kwargs)
        finally:
            self.maxMessagePayloadSize = cap


class ClosingWebSocketFactory(ws_protocol.WebSocketFactory):  # type: ignore[misc]  # untyped
    """Daphne's factory, failing a connection with a close frame rather than a dropped TCP
    connection (autobahn's ``failByDrop``, which Daphne leaves on)."""

    protocol = ClientCappedWebSocketProtocol

    def setProtocolOptions(self, *args: Any, **options: Any) -> None:
        super().setProtocolOptions(*args, **options, failByDrop=False)


def unsent_bytes(transport: Any) -> int | None:
    """What Twisted's TCP transport holds unsent (its ``FileDescriptor`` buffers); None for a
    transport of another kind (TLS, HTTP/2: served behind a proxy here, never directly)."""
    if not hasattr(transport, "dataBuffer") or not hasattr(transport, "_tempDataLen"):
        return None
    return int(len(transport.dataBuffer) - transport.offset + transport._tempDataLen)


class ReaderPacedServer(server.Server):  # type: ignore[misc]  # untyped
    """Daphne's server, whose ``send`` of a response's part waits for its reader (above)."""

    async def handle_reply(self, protocol: Any, message: dict[str, Any]) -> None:
        await super().handle_reply(protocol, message)
        # A finished request has no channel any more (Twisted drops it).
        channel = getattr(protocol, "channel", None)
        if not isinstance(protocol, http_protocol.WebRequest) or channel is None:
            return
        transport = channel.transport
        if message["type"] == "http.response.start":
            if _content_type(message).startswith(NDJSON):
                handle = transport.getHandle()
                handle.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, STREAM_SOCKET_BYTES)
        elif message["type"] == "http.response.body" and message.get("more_body"):
            await reader_waited(protocol, transport)


async def reader_waited(protocol: Any, transport: Any) -> None:
    """Return once at most ``UNSENT_BYTES`` wait unsent, or the response is over; a reader
    that took nothing for ``STALL_SECONDS`` is disconnected."""
    unsent = unsent_bytes(transport)
    if unsent is None or unsent <= UNSENT_BYTES:
        return
    loop = asyncio.get_running_loop()
    stalled_since = loop.time()
    while not (protocol.finished or getattr(protocol, "channel", None) is None):
        await asyncio.sleep(DRAIN_POLL_SECONDS)
        now = unsent_bytes(transport) or 0
        if now <= UNSENT_BYTES:
            return
        if now < unsent:
            unsent, stalled_since = now, loop.time()
        elif loop.time() - stalled_since > STALL_SECONDS:
            logger.warning(
                "slow reader %s cut off: %d bytes unsent for %.0f s",
                protocol.client_addr,
                now,
                STALL_SECONDS,
            )
            transport.abortConnection()
            return


def _content_type(message: dict[str, Any]) -> bytes:
    for name, value in message.get("headers", ()):
        if name.lower() == b"content-type":
            return bytes(value)
    return b""


def main(arguments: list[str]) -> None:
    # Daphne's module builds its factory from this name when it runs.
    server.WebSocketFactory = ClosingWebSocketFactory
    caps = [f"--websocket-max-{kind}-size={SERVER_FRAME_CAP}" for kind in ("message", "frame")]
    command = cli.CommandLineInterface()
    command.server_class = ReaderPacedServer
    # Ours first: the same options given on the command line come later and win.
    command.run([*caps, *arguments])


if __name__ == "__main__":
    main(sys.argv[1:])
