"""A phone's view of the site (issue 30, Figures): Lighthouse 12.2.3 (npm, pinned in
package-lock.json) in Debian's Chromium with mobile emulation, on the lobby, a table of each
game in mid-match (a seated member's session), a tournament page and the daily page, on a
scratch site of its own (a fresh database, Daphne, a Celery worker).

For each page: Lighthouse's Performance, Accessibility and Best Practices scores; the
cumulative layout shift read from a performance trace of the page loading and a card being
tapped (Lighthouse's own layout-shift audit errors on this Chromium): the layout-shift events'
scores summed, those after recent input left out, as the metric does. For each table: the bytes
the page loads before its first move, and with the CPU slowed 4x, the time from a tap on a card
of the hand to the next animation frame, measured in the page. Targets (issue 30): Performance
>= 90, Accessibility 100, Best Practices 100, CLS <= 0.02, <= 200 KB, tap <= 100 ms. Prints the
figures; asserts nothing.

    ./dev bench phone [--embedded] [--pages lobby,rummy,...] [--runs 3] [--serve]

``--serve`` sets the site up and keeps it running (the pages' addresses and the member's
session cookie printed) until Ctrl-C, to look at by hand.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from tests.live import ROOT

CHROMIUM = "/usr/bin/chromium"
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
GAMES = ["rummy", "courtpiece", "pitch", "unders"]
BOTS = {
    "rummy": ["easy"],
    "courtpiece": ["easy"] * 3,
    "pitch": ["easy"] * 3,
    "unders": ["easy"] * 3,
}
TARGETS = {"performance": 90, "accessibility": 100, "best-practices": 100}
CLS_TARGET, BYTES_TARGET, TAP_TARGET_MS = 0.02, 200 * 1024, 100
CPU_SLOWDOWN = 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--embedded", action="store_true", help="SQLite and a private redis")
    parser.add_argument("--pages", default="", help="names of pages to measure (all if empty)")
    parser.add_argument("--serve", action="store_true", help="keep the site up to look at")
    parser.add_argument("--no-lighthouse", action="store_true", help="the trace and taps only")
    parser.add_argument(
        "--runs", type=int, default=3, help="Lighthouse runs a page, their median reported"
    )
    options = parser.parse_args()
    from bench.bench_tables import Platform

    with Platform(argparse.Namespace(servers=1, embedded=options.embedded)) as platform:
        base = platform.url(0, "").replace("ws://", "http://").rstrip("/")
        site = seeded()
        pages = site["pages"]
        if options.pages:
            wanted = options.pages.split(",")
            pages = [page for page in pages if page["name"] in wanted]
        if options.serve:
            served(base, site)
            return
        runs = 0 if options.no_lighthouse else options.runs
        rows = [measured(base, site["session"], page, runs) for page in pages]
    before = json.loads(KEPT.read_text()) if KEPT.exists() else None
    if before:
        print(f"\nBefore: the previous run, at commit {before['commit']} ({before['at']})")
        report(before["rows"])
    print(f"\nNow, at commit {commit()}")
    report(rows)
    KEPT.parent.mkdir(exist_ok=True)
    KEPT.write_text(
        json.dumps({"commit": commit(), "at": time.strftime("%Y-%m-%d %H:%M"), "rows": rows})
    )


# The last run's figures, printed as "before" by the next run (var/ is the site's own folder,
# not committed).
KEPT = ROOT / "var" / "bench_phone.json"


def commit() -> str:
    """The commit measured, marked when the tree has changes."""
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout.strip()
    return head + (" with changes" if dirty else "")


def seeded() -> dict:
    """A member seated at a table of each game with bots (their turn, a few moves in), a
    tournament and today's daily deals; the member's session cookie and the pages."""
    from django.core.management import call_command
    from django.test import Client

    from games.daily.services import daily_deals_generate
    from tests.games.table_support import members, table_new
    from tests.tournaments.support import entered, tournament_made

    call_command("compilemessages", "-v0", "--ignore", ".venv", "--ignore", "node_modules")
    member, other = members(2, prefix="phone-")
    member.is_staff = True  # only staff make public tournaments
    member.save(update_fields=["is_staff"])
    daily_deals_generate()
    tournament = tournament_made(member, name="Weekend Pool at the tea stall")
    entered(tournament, [other])
    pages = [{"name": "lobby", "path": "/games/rummy/tables/"}]
    for game in GAMES:
        table = table_new(member, game, ["", *BOTS[game]], turn_seconds=600)
        pages.append({"name": game, "path": f"/tables/{table.pk}/", "table": True})
    pages += [
        {"name": "tournament", "path": f"/tournaments/{tournament.pk}/"},
        {"name": "daily", "path": "/daily/"},
    ]
    client = Client()
    client.force_login(member)
    return {"session": client.cookies["sessionid"].value, "pages": pages}


def served(base: str, site: dict) -> None:
    print(f"\nsessionid={site['session']}")
    for page in site["pages"]:
        print(f"{page['name']}: {base}{page['path']}")
    print("Ctrl-C (or SIGTERM) stops the site.", flush=True)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass


def measured(base: str, session: str, page: dict, runs: int) -> dict:
    """Lighthouse's scores, then the trace's layout shift, and at a table the bytes before the
    first move and the tap's next frame (Chromium under Playwright)."""
    row: dict = {"name": page["name"]}
    if runs:
        row.update(lighthouse_median(base + page["path"], session, runs))
    row.update(in_chromium(base, session, page))
    return row


def lighthouse_median(url: str, session: str, runs: int) -> dict:
    """Lighthouse ``runs`` times: each category's median score (its Performance swings with
    what else the machine runs), the audits that cost points in any run."""
    found = [lighthouse_scores(url, session) for _run in range(runs)]
    scored = [run for run in found if "lighthouse" not in run]
    if not scored:
        return found[-1]
    row: dict = {
        name: statistics.median_low([run[name] for run in scored if run[name] is not None] or [0])
        for name in TARGETS
    }
    row["lost"] = sorted({audit.split(" (")[0] for run in scored for audit in run["lost"]})
    row["runs"] = [run["performance"] for run in scored]
    failed = [run["lighthouse"] for run in found if "lighthouse" in run]
    if failed:
        row["failed"] = f"{len(failed)} of {runs} runs failed, the last: {failed[-1]}"
    return row


def lighthouse_scores(url: str, session: str) -> dict:
    """Lighthouse's mobile run (its default: a mid-range phone, simulated slow 4G and a 4x
    slower CPU): the three categories' scores out of 100, and the audits that cost points."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        command = [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={report}",
            "--only-categories=performance,accessibility,best-practices",
            "--chrome-flags=--headless=new --no-sandbox",
            f"--extra-headers={json.dumps({'Cookie': f'sessionid={session}'})}",
        ]
        env = {**os.environ, "CHROME_PATH": CHROMIUM, "TMPDIR": folder}
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
        if not report.exists():
            return {"lighthouse": f"failed: {done.stderr.strip()[-300:]}"}
        found = json.loads(report.read_text())
    scores = {
        name: None if category["score"] is None else round(category["score"] * 100)
        for name, category in found["categories"].items()
    }
    lost = sorted(
        f"{audit['id']} ({audit['score']})"
        for audit in found["audits"].values()
        if audit.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings")
        and audit.get("score") is not None
        and audit["score"] < 0.9
    )
    return {**scores, "lost": lost}


# A mid-range phone, as Lighthouse's mobile emulation (Moto G Power): 412 x 823 CSS px.
PHONE = {
    "viewport": {"width": 412, "height": 823},
    "device_scale_factor": 1.75,
    "is_mobile": True,
    "has_touch": True,
}
TAPS = 5


def in_chromium(base: str, session: str, page: dict) -> dict:
    """The page loaded in a phone's emulation with a performance trace running: the layout
    shift summed from the trace's LayoutShift events (those after recent input left out, as
    the metric does), a card tapped at a table included; at a table, the bytes loaded before
    the first move (HTTP bodies and headers as sent, and the socket's frames), and with the CPU
    slowed 4x, each tap's time to the next animation frame, measured in the page."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless=new", "--no-sandbox"]
        )
        context = browser.new_context(**PHONE)
        context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
        tab = context.new_page()
        cdp = context.new_cdp_session(tab)
        cdp.send("Network.enable")
        loaded = {"http": 0, "socket": 0}

        def http(event) -> None:
            loaded["http"] += event["encodedDataLength"]

        def frame(event) -> None:
            loaded["socket"] += len(event["response"]["payloadData"].encode())

        cdp.on("Network.loadingFinished", http)
        cdp.on("Network.webSocketFrameReceived", frame)
        browser.start_tracing(page=tab, categories=["loading", "devtools.timeline"])
        tab.goto(base + page["path"], wait_until="load")
        row: dict = {}
        if page.get("table"):
            tab.wait_for_selector("#table.my-turn", timeout=60_000)
            tab.evaluate(PAINTED)
            row["bytes"] = loaded["http"] + loaded["socket"]
            row["socket_bytes"] = loaded["socket"]
            row["taps"] = taps(tab, cdp)
        else:
            tab.wait_for_timeout(1500)
        trace = json.loads(browser.stop_tracing())
        row["cls"] = layout_shift(trace)
        browser.close()
    return row


PAINTED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"

TAP_TIMED = """() => {
    window.__taps = [];
    let lifted = 0;
    window.addEventListener("pointerup", (event) => { lifted = event.timeStamp; }, true);
    window.addEventListener("click", () => {
        requestAnimationFrame(() => window.__taps.push(performance.now() - lifted));
    }, true);
}"""


def taps(tab, cdp) -> list[float]:
    """Cards of the hand tapped with the CPU slowed 4x: from each finger's lift (the event's own
    time, which counts any wait before it was handled) to the animation frame after the tap's
    click was handled, in ms."""
    tab.evaluate(TAP_TIMED)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    try:
        cards = tab.locator("#hand .card-button")
        for index in range(TAPS):
            card = cards.nth(index % max(cards.count(), 1))
            box = card.bounding_box()
            if box is None:
                break
            tab.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            # Polled from here: the page's Content-Security-Policy refuses wait_for_function.
            while tab.evaluate("() => window.__taps.length") <= index:
                tab.wait_for_timeout(50)
        return tab.evaluate("() => window.__taps")
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})


def layout_shift(trace: dict) -> float:
    """Cumulative layout shift from a trace: every LayoutShift event's score, those within
    500 ms of input (had_recent_input) left out, as the metric counts them (one page load, one
    session window is near enough here: the figure is an upper bound of the windowed one)."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    total = 0.0
    for event in events:
        if event.get("name") != "LayoutShift":
            continue
        data = event.get("args", {}).get("data", {})
        if not data.get("had_recent_input"):
            total += data.get("score", 0.0)
    return round(total, 4)


def report(rows: list[dict]) -> None:
    print(
        f"\nTargets: Performance >= {TARGETS['performance']}, Accessibility 100, Best "
        f"Practices 100, CLS <= {CLS_TARGET}, table bytes <= {BYTES_TARGET // 1024} KB, "
        f"tap <= {TAP_TARGET_MS} ms ({CPU_SLOWDOWN}x CPU slowdown)\n"
    )
    header = (
        f"{'page':<12}{'perf':>6}{'a11y':>6}{'bp':>6}{'CLS':>8}{'KB':>8}{'tap ms (median/max)':>22}"
    )
    print(header)
    for row in rows:
        taps_ms = row.get("taps") or []
        tap = f"{statistics.median(taps_ms):.0f}/{max(taps_ms):.0f}" if taps_ms else "-"
        size = f"{row['bytes'] / 1024:.0f}" if "bytes" in row else "-"
        print(
            f"{row['name']:<12}{score(row, 'performance'):>6}{score(row, 'accessibility'):>6}"
            f"{score(row, 'best-practices'):>6}{row.get('cls', '-'):>8}{size:>8}{tap:>22}"
        )
    print()
    for row in rows:
        if row.get("lighthouse"):
            print(f"{row['name']}: Lighthouse {row['lighthouse']}")
        elif row.get("lost"):
            runs = f" (Performance in each run: {row['runs']})" if row.get("runs") else ""
            print(f"{row['name']}: audits under 0.9: {', '.join(row['lost'])}{runs}")
        if row.get("failed"):
            print(f"{row['name']}: Lighthouse {row['failed']}")


def score(row: dict, name: str) -> str:
    value = row.get(name)
    return "-" if value is None else str(value)


if __name__ == "__main__":
    main()
