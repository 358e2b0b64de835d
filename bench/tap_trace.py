"""What a tap's wait is made of (issue 30, Figures: a card tap's next frame within 100 ms at 4x
CPU throttling), read from a Chrome trace of one opening of a table and its first tap
(``bench_phone --trace DIR`` writes them; ``python -m bench.tap_trace FILE...`` reads them again).

The page marks the tap's span with a ``performance.measure`` named ``tap`` (bench_phone's
TAP_TIMED): from the finger's lift (the pointerup event's own time) to the animation frame after
the click. Inside it, on the page's main thread: the input's wait (from the lift to the first
input event handled), the input events' handlers, style and layout (how many elements styled,
how many layout objects), paint, the animation frame's callbacks, other work (what it was:
timers, the socket's messages, parsing, GC, by the longest), and the time the thread had no task
at all (waiting for the frame to begin, or for the CPU, which two cores share with the browser,
the compositor and the GPU process).
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

INPUT_TYPES = {
    "pointerdown",
    "pointerup",
    "touchstart",
    "touchend",
    "click",
    "mousedown",
    "mouseup",
}
LAYOUT = {"Layout"}
PAINT = {"Paint", "PrePaint", "Layerize", "UpdateLayer", "PaintImage", "Commit", "UpdateLayerTree"}
GC = {"MinorGC", "MajorGC", "V8.GC_SCAVENGER", "V8.GC_MARK_COMPACTOR", "BlinkGC.AtomicPhase"}
TASKS = {"RunTask", "ThreadControllerImpl::RunTask"}
# What a task's own work is called, as the trace names it.


def main_thread(events: list[dict]) -> tuple[int, int] | None:
    """The page's main thread: the renderer's main thread that measured the tap."""
    for event in events:
        if event.get("name") == "tap" and "blink.user_timing" in event.get("cat", ""):
            # The measure's own thread may be named otherwise: the page's main thread is the
            # one of its process that dispatched the click.
            clicks = [
                (other["pid"], other["tid"])
                for other in events
                if other.get("pid") == event["pid"]
                and other.get("name") == "EventDispatch"
                and ((other.get("args") or {}).get("data") or {}).get("type") == "click"
            ]
            return clicks[0] if clicks else (event["pid"], event["tid"])
    return None


def tap_span(events: list[dict], thread: tuple[int, int]) -> tuple[float, float] | None:
    """The first ``tap`` measure's begin and end, in the trace's microseconds."""
    marks = sorted(
        (event for event in events if event.get("name") == "tap" and event.get("pid") == thread[0]),
        key=lambda event: event["ts"],
    )
    for event in marks:
        if event["ph"] == "X":
            return event["ts"], event["ts"] + event["dur"]
        if event["ph"] in ("b", "B"):
            ends = [
                other["ts"]
                for other in marks
                if other["ph"] in ("e", "E")
                and other.get("id2", other.get("id")) == event.get("id2", event.get("id"))
            ]
            if ends:
                return event["ts"], min(ends)
    return None


def clipped(event: dict, begin: float, end: float) -> float:
    """The part of a complete event inside [begin, end], in µs."""
    return max(0.0, min(end, event["ts"] + event.get("dur", 0)) - max(begin, event["ts"]))


def union(spans: list[tuple[float, float]]) -> float:
    total, reach = 0.0, None
    for start, stop in sorted(spans):
        if reach is None or start > reach:
            total += stop - start
            reach = stop
        elif stop > reach:
            total += stop - reach
            reach = stop
    return total


def timings(events: list[dict]) -> dict[str, dict]:
    """The tap's input events as the page's Event Timing saw them (the trace's EventTiming
    events), by type: their time (ms since the page's origin), when each was queued for the
    main thread, when its handlers began and ended."""
    found: dict[str, dict] = {}
    for event in sorted(events, key=lambda event: event.get("ts", 0)):
        if event.get("name") != "EventTiming" or event.get("ph") != "b":
            continue
        data = (event.get("args") or {}).get("data") or {}
        if data.get("type") in INPUT_TYPES:
            found[data["type"]] = data  # the last of each: the tap traced is the last input
    return found


def analysed(events: list[dict]) -> dict | None:
    """The tap's span cut into its phases and what the main thread did in it (ms)."""
    thread = main_thread(events)
    if thread is None:
        return None
    span = tap_span(events, thread)
    if span is None:
        return None
    begin, end = span
    tap = (end - begin) / 1000
    mine = [
        event
        for event in events
        if (event.get("pid"), event.get("tid")) == thread
        and event.get("ph") == "X"
        and event["ts"] < end
        and event["ts"] + event.get("dur", 0) > begin
    ]

    def total(names: set[str]) -> float:
        chosen = [event for event in mine if event["name"] in names]
        spans = [(max(begin, e["ts"]), min(end, e["ts"] + e.get("dur", 0))) for e in chosen]
        return union(spans) / 1000

    def data(event: dict) -> dict:
        return (event.get("args") or {}).get("data") or {}

    tasks = [event for event in mine if event["name"] in TASKS]
    busy = union([(max(begin, e["ts"]), min(end, e["ts"] + e["dur"])) for e in tasks]) / 1000
    styled = [event for event in mine if event["name"] == "UpdateLayoutTree"]
    laid = [event for event in mine if event["name"] == "Layout"]
    found: dict = {
        "tap": tap,
        "style": total({"UpdateLayoutTree"}),
        "elements": sum((e.get("args") or {}).get("elementCount", 0) for e in styled),
        "layout": total(LAYOUT),
        "layout_objects": [
            ((e.get("args") or {}).get("beginData") or {}).get("dirtyObjects", 0) for e in laid
        ],
        "paint": total(PAINT),
        "gc": total(GC),
        "busy": busy,
        "idle": tap - busy,
        "threads": others_busy(events, thread, begin, end),
    }
    scripts: dict[str, float] = {}
    for event in mine:
        if event["name"] in ("FunctionCall", "TimerFire", "FireAnimationFrame"):
            key = (data(event).get("url") or "").rsplit("/", 1)[-1].split(".")[0] or "page"
            name = data(event).get("functionName") or event["name"]
            label = f"{key}:{name}"
            scripts[label] = scripts.get(label, 0.0) + clipped(event, begin, end) / 1000
    found["scripts"] = sorted(
        ((k, v) for k, v in scripts.items() if v >= 1), key=lambda kv: -kv[1]
    )[:4]
    timed = timings(events)
    down, up, click = timed.get("pointerdown"), timed.get("pointerup"), timed.get("click")
    if down and up and click:
        lift = up["timeStamp"]  # the tap's span begins here (bench_phone's TAP_TIMED)
        found["phases"] = {
            # Chromium's own path: from the touch's time to its place in the main thread's
            # queue (the browser process, the renderer's compositor thread).
            "to main thread": down["enqueuedToMainThreadTime"] - lift,
            # The main thread finishing what it was doing (a frame, a task).
            "queued": down["processingStart"] - down["enqueuedToMainThreadTime"],
            "pointer handlers": up["processingEnd"] - down["processingStart"],
            # The browser makes the tap's click from the touch's end once the renderer has
            # answered it: a round trip, a frame often inside.
            "to click": click["processingStart"] - up["processingEnd"],
            "click handler": click["processingEnd"] - click["processingStart"],
            "to the frame": tap - (click["processingEnd"] - lift),
        }
    return found


def others_busy(events: list[dict], thread: tuple[int, int], begin: float, end: float) -> dict:
    """The other threads' tasks inside [begin, end] (ms by thread name), the busiest first:
    what shared the machine's two cores with the page's main thread."""
    names = {
        (event["pid"], event["tid"]): event["args"]["name"]
        for event in events
        if event.get("name") == "thread_name"
    }
    spans: dict[str, list[tuple[float, float]]] = {}
    for event in events:
        key = (event.get("pid"), event.get("tid"))
        if event.get("ph") != "X" or event.get("name") not in TASKS or key == thread:
            continue
        if clipped(event, begin, end):
            spans.setdefault(names.get(key, "?"), []).append(
                (max(begin, event["ts"]), min(end, event["ts"] + event["dur"]))
            )
    busy = {name: union(found) / 1000 for name, found in spans.items()}
    return dict(sorted(busy.items(), key=lambda item: -item[1]))


def line(found: dict | None) -> str:
    if found is None:
        return "no tap in the trace"
    phases = ", ".join(f"{name} {ms:.0f}" for name, ms in (found.get("phases") or {}).items())
    objects = "+".join(str(count) for count in found["layout_objects"]) or "0"
    threads = ", ".join(f"{name} {ms:.0f}" for name, ms in list(found["threads"].items())[:3])
    scripts = ", ".join(f"{name} {ms:.0f}" for name, ms in found["scripts"])
    return (
        f"tap {found['tap']:.0f} = {phases or 'no Event Timing'}; main thread: style "
        f"{found['style']:.0f} ({found['elements']} el), layout {found['layout']:.0f} "
        f"({objects} obj), paint {found['paint']:.0f}, GC {found['gc']:.0f}, scripts "
        f"[{scripts}], busy {found['busy']:.0f}, idle {found['idle']:.0f}; other threads: "
        f"{threads}"
    )


def read(path: Path) -> dict | None:
    trace = json.loads(path.read_text())
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    return analysed(events)


def medians(found: list[dict]) -> str:
    """Each phase's median over the openings (ms), and Chromium's own share: the input's
    way to the main thread and the click's way back from the browser."""
    timed = [each["phases"] for each in found if each and each.get("phases")]
    if not timed:
        return "no Event Timing in the traces"
    parts = [f"{name} {statistics.median(p[name] for p in timed):.0f}" for name in timed[0]]
    own = [p["to main thread"] + p["to click"] for p in timed]
    return (
        f"medians of {len(timed)}: {', '.join(parts)}; Chromium's input path (to main thread +"
        f" to click) {min(own):.0f}-{max(own):.0f}, median {statistics.median(own):.0f}"
    )


if __name__ == "__main__":
    read_all = [read(Path(name)) for name in sys.argv[1:]]
    for name, found in zip(sys.argv[1:], read_all, strict=True):
        print(f"{Path(name).parent.name}/{Path(name).name}: {line(found)}")
    print(medians([found for found in read_all if found]))
