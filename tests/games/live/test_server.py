"""The Daphne protocol ``games.live.server`` runs: a frame that finds its socket closed."""

import asyncio
import logging
import threading

import pytest
from autobahn.websocket.protocol import WebSocketProtocol

from games.live.server import MOVE_THREADS, ClientCappedWebSocketProtocol, move_threads_set


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


def test_the_moves_run_on_two_threads_unless_asgi_threads_says_otherwise(monkeypatch):
    """Issue 34: Python's default pool (4 more threads than cores) let six moves contend with
    the loop for the GIL; Daphne's ``ASGI_THREADS`` still wins where it is set."""
    monkeypatch.delenv("ASGI_THREADS", raising=False)
    loop = asyncio.new_event_loop()
    try:
        move_threads_set(loop)
        names = loop.run_until_complete(
            asyncio.gather(*(loop.run_in_executor(None, _thread_name) for _ in range(20)))
        )
        assert loop._default_executor._max_workers == MOVE_THREADS == 2
        assert all(name.startswith("move") for name in names)
    finally:
        loop.close()
    monkeypatch.setenv("ASGI_THREADS", "5")
    loop = asyncio.new_event_loop()
    try:
        move_threads_set(loop)
        assert loop._default_executor is None  # Daphne's own, from ASGI_THREADS
    finally:
        loop.close()


def _thread_name() -> str:
    return threading.current_thread().name
