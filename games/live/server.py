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
"""

import logging
import sys
from typing import Any

from daphne import cli, server, ws_protocol

logger = logging.getLogger(__name__)

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


def main(arguments: list[str]) -> None:
    # Daphne's module builds its factory from this name when it runs.
    server.WebSocketFactory = ClosingWebSocketFactory
    caps = [f"--websocket-max-{kind}-size={SERVER_FRAME_CAP}" for kind in ("message", "frame")]
    # Ours first: the same options given on the command line come later and win.
    cli.CommandLineInterface().run([*caps, *arguments])


if __name__ == "__main__":
    main(sys.argv[1:])
