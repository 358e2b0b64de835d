"""``LoopDispatch``: Channels' dispatch of a message to its handler, less one step.

Channels' ``AsyncConsumer.dispatch`` awaits ``aclose_old_connections()`` before every handler.
That runs in the process's one thread-sensitive thread, so every frame of every table queued
behind it (measured in session 4: the table sockets' frames waited on it under load). The
consumers that use this reach the database only through ``database_sync_to_async``, which
looks after its own connections, so the step is not needed there; it is left out on purpose.
"""

from typing import Any

from channels.consumer import get_handler_name


class LoopDispatch:
    """Dispatch as Channels does it, without closing old database connections first."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
