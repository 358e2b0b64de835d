"""The Daphne protocol ``games.live.server`` runs: a frame that finds its socket closed."""

import logging

import pytest
from autobahn.websocket.protocol import WebSocketProtocol

from games.live.server import ClientCappedWebSocketProtocol


@pytest.mark.parametrize("state", [WebSocketProtocol.STATE_CLOSING, WebSocketProtocol.STATE_CLOSED])
def test_a_frame_on_its_way_to_a_closed_socket_is_dropped_with_one_quiet_line(state, caplog):
    """Issue 28, point 3: the application's send raised autobahn's ``Disconnected`` ("Attempt
    to send on a closed protocol"), and Daphne logged a traceback for a page merely left."""
    protocol = ClientCappedWebSocketProtocol()
    protocol.state = state
    protocol.client_addr = ["127.0.0.1", 50000]
    caplog.set_level(logging.DEBUG, logger="games.live.server")
    for text in ("first", "second", "third"):
        protocol.handle_reply({"type": "websocket.send", "text": text})
    records = [record for record in caplog.records if record.name == "games.live.server"]
    assert len(records) == 1 and records[0].levelno == logging.DEBUG
    assert records[0].exc_info is None
