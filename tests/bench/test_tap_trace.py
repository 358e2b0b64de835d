"""What a traced tap waited on is read as it happened (bench/tap_trace.py, issue 30, Figures: a
card tap's next frame within 100 ms at 4x CPU throttling): the tap's span is the page's own
``tap`` measure, its phases come from the page's Event Timing, and the main thread's and the
other threads' work is counted inside the span only."""

from bench.tap_trace import analysed, line, medians

MAIN, OTHER, PID = 1, 2, 10
ORIGIN_US = 1_000_000  # the page's time origin in the trace's clock
LIFT_MS = 500.0  # the finger's lift, in the page's time


def at(ms: float) -> float:
    """A time of the page (ms since its origin) in the trace's clock (µs)."""
    return ORIGIN_US + ms * 1000


def task(tid: int, start_ms: float, ms: float, name: str = "ThreadControllerImpl::RunTask"):
    return {"name": name, "ph": "X", "pid": PID, "tid": tid, "ts": at(start_ms), "dur": ms * 1000}


def timing(kind: str, enqueued: float, start: float, end: float, stamp: float = LIFT_MS):
    data = {
        "type": kind,
        "timeStamp": stamp,
        "enqueuedToMainThreadTime": enqueued,
        "processingStart": start,
        "processingEnd": end,
    }
    return {
        "name": "EventTiming",
        "cat": "devtools.timeline",
        "ph": "b",
        "pid": PID,
        "tid": MAIN,
        "ts": at(stamp),
        "args": {"data": data},
    }


def traced_tap() -> list[dict]:
    """A tap of 100 ms: 40 ms to reach the main thread, 5 queued, 10 of pointer handlers, 20
    for the browser's click, 5 of click handler, 20 to the frame."""
    click = task(MAIN, LIFT_MS + 75, 5, "EventDispatch")
    click["args"] = {"data": {"type": "click"}}
    style = task(MAIN, LIFT_MS + 82, 4, "UpdateLayoutTree")
    style["args"] = {"elementCount": 3}
    return [
        {"name": "thread_name", "ph": "M", "pid": PID, "tid": MAIN, "args": {"name": "Main"}},
        {"name": "thread_name", "ph": "M", "pid": PID, "tid": OTHER, "args": {"name": "Worker"}},
        *(
            {
                "name": "tap",
                "cat": "blink.user_timing",
                "ph": ph,
                "id2": {"local": "0x1"},
                "pid": PID,
                "tid": MAIN,
                "ts": at(LIFT_MS + offset),
            }
            for ph, offset in (("b", 0), ("e", 100))
        ),
        timing("pointerdown", LIFT_MS + 40, LIFT_MS + 45, LIFT_MS + 50, stamp=LIFT_MS - 1),
        timing("pointerup", LIFT_MS + 40, LIFT_MS + 50, LIFT_MS + 55),
        timing("click", LIFT_MS + 56, LIFT_MS + 75, LIFT_MS + 80),
        task(MAIN, LIFT_MS + 45, 10),
        task(MAIN, LIFT_MS + 75, 15),
        click,
        style,
        # Another thread, partly before the tap: only its part inside the span counts.
        task(OTHER, LIFT_MS - 30, 50),
    ]


def test_a_taps_phases_come_from_event_timing_inside_its_measure():
    found = analysed(traced_tap())
    assert found is not None
    assert found["tap"] == 100
    assert found["phases"] == {
        "to main thread": 40,
        "queued": 5,
        "pointer handlers": 10,
        "to click": 20,
        "click handler": 5,
        "to the frame": 20,
    }
    assert (found["style"], found["elements"]) == (4, 3)
    assert found["busy"] == 25 and found["idle"] == 75
    assert found["threads"] == {"Worker": 20}
    assert "tap 100 = to main thread 40" in line(found)
    assert "input path (to main thread + to click) 60-60, median 60" in medians([found])


def test_a_trace_without_the_tap_says_so():
    assert analysed(traced_tap()[5:]) is None
    assert line(None) == "no tap in the trace"
