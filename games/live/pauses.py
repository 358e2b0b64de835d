"""What holds a server process's event loop, for the load benchmark (``bench/bench_tables.py
--pauses``), routed only with the BENCH_ECHO setting: every garbage collection (its generation,
when, how long, in which thread) and every time the loop ran late by ``STALL_SECONDS`` or
more (a callback that held it, a collection, a thread holding the GIL).

``PausesConsumer`` at ``/ws/bench/pauses/``: ``{"type": "start"}`` clears what was recorded
and starts recording (the loop's probe wakes every ``PROBE_SECONDS``), ``{"type": "read"}``
stops the probe and answers with the events since the start, each
``[kind, generation, start, milliseconds, thread, collected, loop_cpu, other_cpu]`` on this
machine's monotonic clock (the benchmark's ``time.monotonic``): kind "gc" (generation 0-2,
and the unreachable objects it freed: garbage in reference cycles, which reference counting
never frees) or
"stall" (generation -1; its start is when the loop should have woken). A collection holds the
GIL, so one in a worker thread holds the loop as much as one in the loop's own; "thread" is
"loop" or "other". A stall's last two are the CPU milliseconds, over the probe's sleep and
its lateness, of the loop's own thread (a callback that held it) and of the process's other
threads (the pool's, holding the GIL meanwhile); what neither spent, the process waited for a
core (the machine's other processes).

``{"type": "start", "census": true}`` also keeps the garbage the collections find (the
collector's ``DEBUG_SAVEALL``), and the answer names its commonest types: what the reference
cycles are made of. That garbage then lives on until the read, so such a run's pauses are not
the others'.
"""

import asyncio
import gc
import json
import threading
import time
from collections import Counter
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer

from games.live.guards import frame_text

PROBE_SECONDS = 0.002
STALL_SECONDS = 0.003

Event = tuple[str, int, float, float, str, int, float, float]


class PauseRecorder:
    """One per process: the collector's callbacks are the interpreter's."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.recording = False
        self._collecting: dict[int, float] = {}
        self._probe: asyncio.Task[None] | None = None
        self._loop_thread = 0

    def start(self, *, census: bool = False) -> None:
        self.events = []
        self.recording = True
        if census:
            gc.set_debug(gc.DEBUG_SAVEALL)
        self._loop_thread = threading.get_ident()
        if self._collected not in gc.callbacks:
            gc.callbacks.append(self._collected)
        if self._probe is None or self._probe.done():
            self._probe = asyncio.get_running_loop().create_task(self._late())

    def stop(self) -> list[Event]:
        self.recording = False
        if self._probe is not None:
            self._probe.cancel()
        return self.events

    def census(self) -> list[tuple[str, int]]:
        """The commonest types of the garbage kept since a census began, and no more kept."""
        if not gc.get_debug() & gc.DEBUG_SAVEALL:
            return []
        gc.set_debug(0)
        kinds = Counter(
            f"{type(found).__module__}.{type(found).__qualname__}" for found in gc.garbage
        )
        gc.garbage.clear()
        return kinds.most_common(25)

    def _thread(self) -> str:
        return "loop" if threading.get_ident() == self._loop_thread else "other"

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        if not self.recording:
            return
        now = time.monotonic()
        thread = threading.get_ident()
        if phase == "start":
            self._collecting[thread] = now
            return
        began = self._collecting.pop(thread, None)
        if began is not None:
            milliseconds = (now - began) * 1000
            self.events.append(
                (
                    *("gc", info["generation"], began, milliseconds, self._thread()),
                    *(info["collected"], 0.0, 0.0),
                )
            )

    async def _late(self) -> None:
        while self.recording:
            loop_cpu, all_cpu = time.thread_time(), time.process_time()
            due = time.monotonic() + PROBE_SECONDS
            await asyncio.sleep(PROBE_SECONDS)
            late = time.monotonic() - due
            if late >= STALL_SECONDS:
                loop_cpu = time.thread_time() - loop_cpu
                other_cpu = time.process_time() - all_cpu - loop_cpu
                self.events.append(
                    ("stall", -1, due, late * 1000, "loop", 0, loop_cpu * 1000, other_cpu * 1000)
                )


recorder = PauseRecorder()


class PausesConsumer(AsyncWebsocketConsumer):
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        message = json.loads(text_data or "{}")
        if message.get("type") == "start":
            recorder.start(census=bool(message.get("census")))
            await self.send(text_data=frame_text({"type": "started"}))
        else:
            events, garbage = recorder.stop(), recorder.census()
            answer = {"type": "pauses", "events": events, "garbage": garbage}
            await self.send(text_data=frame_text(answer))
