"""Objects that belong to one event loop: their futures and sockets live in that loop."""

import asyncio
import weakref
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def per_loop(make: Callable[[], T]) -> Callable[[], T]:
    """A getter for the running loop's own ``make()``, made on first use and dropped with the
    loop (a server process has one loop; tests start many)."""
    made: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, T] = weakref.WeakKeyDictionary()

    def get() -> T:
        loop = asyncio.get_running_loop()
        if loop not in made:
            made[loop] = make()
        return made[loop]

    return get
