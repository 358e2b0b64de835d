"""One event loop per process for the channel layer's sends made outside a server's loop (a
Celery worker's job, a command), and ``send_loop_run`` to run a send on it and wait.

channels_redis keeps its Redis connections per event loop and closes them with the loop, and
``async_to_sync`` in a thread with no loop runs each call in a new thread on a new loop: every
job's news connected to Redis afresh (issue 34: a Hard bot's turn at 200 tables). Here one
daemon thread runs one loop for the process's life, and every such send runs on it, over the
connection it keeps.

Celery's prefork pool forks its workers from a parent, and a child has no copy of the parent's
threads: a forked process starts a loop of its own on its first send.
"""

import asyncio
import os
import threading
from collections.abc import Coroutine
from typing import Any

_started = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None


def send_loop_run(sending: Coroutine[Any, Any, None]) -> None:
    """Run ``sending`` on this process's sending loop; return once it is done (Redis has the
    message), raising what it raised. Never from a running loop's thread: that loop would wait."""
    asyncio.run_coroutine_threadsafe(sending, _send_loop()).result()


def _send_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _started:
        if _loop is None:
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="live-send-loop", daemon=True).start()
        return _loop


def _forget_parents_loop() -> None:
    # Its thread did not come with the fork, and the lock may have been held by another thread.
    global _loop, _started
    _loop = None
    _started = threading.Lock()


os.register_at_fork(after_in_child=_forget_parents_loop)
