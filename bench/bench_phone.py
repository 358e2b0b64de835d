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
                      [--before COMMIT]

``--serve`` sets the site up and keeps it running (the pages' addresses and the member's
session cookie printed) until Ctrl-C, to look at by hand. ``--before COMMIT`` measures that
commit's site too, in the same run: a worktree of it under var/ serves it with its own
``bench_phone --serve`` beside this one, and each page is measured on both sites in turn, run
by run, so that both see the same load of the machine (printed: the 1-minute load average while
each page was measured).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench import tap_trace
from tests.live import ROOT

CHROMIUM = "/usr/bin/chromium"
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
GAMES = ["rummy", "courtpiece", "pitch", "unders"]
# Games whose tap on a card plays it (rummy's lifts it: the turn stays the player's).
TRICK_GAMES = {"courtpiece", "pitch", "unders"}
BOTS = {
    "rummy": ["easy"],
    "courtpiece": ["easy"] * 3,
    "pitch": ["easy"] * 3,
    "unders": ["easy"] * 3,
}
TARGETS = {"performance": 90, "accessibility": 100, "best-practices": 100}
# Lighthouse's metrics behind the Performance score, in ms, printed beside it: the server's
# answer, the largest paint, and the main thread's blocking (what swings on a loaded machine).
METRICS = {
    "ttfb": "server-response-time",
    "lcp": "largest-contentful-paint",
    "tbt": "total-blocking-time",
}
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
    parser.add_argument("--before", metavar="COMMIT", help="measure this commit's site too")
    parser.add_argument(
        "--openings",
        type=int,
        default=1 + MORE_OPENINGS,
        help="times each table is opened for its first tap, their median reported",
    )
    parser.add_argument(
        "--now-first",
        action="store_true",
        help="with --before, each page measured on this commit's site first (a second run so"
        " ordered makes the comparison A B B A)",
    )
    parser.add_argument(
        "--trace",
        metavar="DIR",
        type=Path,
        help="keep each opening's trace in DIR and print what its first tap waited on",
    )
    options = parser.parse_args()
    from bench.bench_tables import Platform

    with contextlib.ExitStack() as stack:
        # The other commit's site first, from this process's environment before Platform
        # changes it (VAR_DIR, STATIC_ROOT, ...).
        before = (
            stack.enter_context(BeforeSite(options.before, options.embedded, options.openings))
            if options.before
            else None
        )
        platform = stack.enter_context(
            Platform(argparse.Namespace(servers=1, embedded=options.embedded))
        )
        base = platform.url(0, "").replace("ws://", "http://").rstrip("/")
        site = {**seeded(options.openings), "base": base}
        if options.serve:
            served(base, site)
            return
        sites = {"now": site} if before is None else {"before": before.site, "now": site}
        if options.now_first:
            sites = dict(reversed(sites.items()))
        wanted = options.pages.split(",") if options.pages else None
        runs = 0 if options.no_lighthouse else options.runs
        rows = measured_sites(sites, wanted, runs, options.openings, options.trace)
    if before is None:
        kept = json.loads(KEPT.read_text()) if KEPT.exists() else None
        if kept:
            print(f"\nBefore: the previous run, at commit {kept['commit']} ({kept['at']})")
            report(kept["rows"])
    else:
        print(f"\nBefore: commit {options.before}, measured in this run")
        report(rows["before"])
    print(f"\nNow, at commit {commit()}")
    report(rows["now"])
    if before is not None:
        compared(rows["before"], rows["now"])
    KEPT.parent.mkdir(exist_ok=True)
    KEPT.write_text(
        json.dumps({"commit": commit(), "at": time.strftime("%Y-%m-%d %H:%M"), "rows": rows["now"]})
    )


def measured_sites(
    sites: dict[str, dict],
    wanted: list[str] | None,
    runs: int,
    openings: int,
    trace: Path | None = None,
) -> dict:
    """Each page on each site: Lighthouse's runs taken in turn (a run on one site, then on the
    other), then the trace and taps on each; the machine's load while the page was measured."""
    rows: dict[str, list[dict]] = {label: [] for label in sites}
    names = [page["name"] for page in sites["now"]["pages"]]
    for name in names:
        if wanted and name not in wanted:
            continue
        pages = {
            label: next((page for page in site["pages"] if page["name"] == name), None)
            for label, site in sites.items()
        }
        loads = [os.getloadavg()[0]]
        found: dict[str, list[dict]] = {label: [] for label in sites}
        for _run in range(runs):
            for label, site in sites.items():
                page = pages[label]
                if page:
                    found[label].append(
                        lighthouse_scores(site["base"] + page["path"], site["session"])
                    )
                loads.append(os.getloadavg()[0])
        for label, site in sites.items():
            page = pages[label]
            if page is None:
                continue
            row: dict = {"name": name}
            if runs:
                row.update(lighthouse_median(found[label]))
            traced = trace / f"{label}-{name}" if trace else None
            started = time.monotonic()
            row.update(in_chromium(site["base"], site["session"], page, openings, traced))
            # Progress as it goes: a run of many openings is long and otherwise silent.
            print(
                f"{time.strftime('%H:%M:%S')} {label} {name}: measured in Chromium in"
                f" {time.monotonic() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )
            loads.append(os.getloadavg()[0])
            row["load"] = [round(min(loads), 1), round(max(loads), 1)]
            rows[label].append(row)
    return rows


class BeforeSite:
    """Another commit's site, served by that commit's own ``bench_phone --serve`` from a
    worktree of it under var/ (removed afterwards), with this checkout's Python packages and
    node_modules."""

    def __init__(self, ref: str, embedded: bool, openings: int) -> None:
        self.ref = ref
        self.embedded = embedded
        self.openings = openings
        self.folder = ROOT / "var" / f"before-{os.getpid()}"
        self.process: subprocess.Popen[str] | None = None
        self.site: dict = {"pages": []}

    def __enter__(self) -> BeforeSite:
        git = ["git", "-C", str(ROOT)]
        (ROOT / "var").mkdir(exist_ok=True)
        subprocess.run(
            [*git, "worktree", "add", "--detach", str(self.folder), self.ref], check=True
        )
        try:
            (self.folder / "node_modules").symlink_to(ROOT / "node_modules")
            # What ./dev does before a bench: the translations compiled, the engine packed.
            quiet = {"cwd": self.folder, "check": True, "stdout": subprocess.DEVNULL}
            subprocess.run(
                [sys.executable, "manage.py", "compilemessages", "-v0", "--ignore", "node_modules"],
                **quiet,
            )
            subprocess.run([sys.executable, "-m", "games.offline.build"], **quiet)
            # (A commit older than --openings in --serve seats one table a game, opened
            # again for each opening.)
            command = [
                *[sys.executable, "-m", "bench.bench_phone", "--serve"],
                f"--openings={self.openings}",
            ]
            self.process = subprocess.Popen(
                [*command, *(["--embedded"] if self.embedded else [])],
                cwd=self.folder,
                stdout=subprocess.PIPE,
                text=True,
                start_new_session=True,
            )
            self.site = served_site(self.process)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(90)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(self.folder)],
            check=False,
        )


def served_site(process: subprocess.Popen[str]) -> dict:
    """The site ``bench_phone --serve`` prints: its session cookie and its pages' addresses."""
    assert process.stdout is not None
    site: dict = {"pages": []}
    # Its setting up is bounded too: at SERVE_SECONDS it is killed (its session with it), its
    # output ends and the run stops, said why.
    bound = threading.Timer(SERVE_SECONDS, os.killpg, [process.pid, signal.SIGKILL])
    bound.daemon = True
    bound.start()
    try:
        return served_lines(process, site)
    finally:
        bound.cancel()


# How long the other commit's site may take to set itself up (migrate, seed, start).
SERVE_SECONDS = 600


def served_lines(process: subprocess.Popen[str], site: dict) -> dict:
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("sessionid="):
            site["session"] = line.strip().split("=", 1)[1]
        elif line.startswith(AGAIN):
            name, url = line[len(AGAIN) :].strip().split(": ", 1)
            page = next(page for page in site["pages"] if page["name"] == name)
            page.setdefault("again", []).append("/" + url.split("/", 3)[3])
        elif ": http://" in line:
            name, url = line.strip().split(": ", 1)
            base, path = url.split("/", 3)[:3], "/" + url.split("/", 3)[3]
            site["base"] = "/".join(base)
            site["pages"].append({"name": name, "path": path, "table": path.startswith("/tables/")})
        elif line.startswith("Ctrl-C"):
            # The rest of its output is read and dropped: a full pipe would stop its writers.
            threading.Thread(target=process.stdout.read, daemon=True).start()
            return site
    raise RuntimeError(
        f"the other commit's site stopped before it served (status {process.wait()};"
        f" killed if it took over {SERVE_SECONDS} s)"
    )


# How --serve prints a table's later openings' tables: "  again NAME: URL".
AGAIN = "  again "

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


def seeded(openings: int) -> dict:
    """A member seated at a table of each game with bots (their turn, a few moves in), a
    tournament and today's daily deals; the member's session cookie and the pages. A trick
    game's table has ``openings - 1`` more like it (``again``), one for each later opening: a
    tap there plays a card, and after the first opening's taps and a few more openings the deal
    was over, no card left to tap (Court Piece measured 5 openings of 9)."""
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
        if game in TRICK_GAMES:
            pages[-1]["again"] = [
                f"/tables/{table_new(member, game, ['', *BOTS[game]], turn_seconds=600).pk}/"
                for _opening in range(openings - 1)
            ]
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
        for path in page.get("again", []):
            print(f"{AGAIN}{page['name']}: {base}{path}")
    print("Ctrl-C (or SIGTERM) stops the site.", flush=True)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass


def lighthouse_median(found: list[dict]) -> dict:
    """Lighthouse's runs of a page: each category's median score (its Performance swings with
    what else the machine runs), the metrics' medians, the audits that cost points in any run."""
    scored = [run for run in found if "lighthouse" not in run]
    if not scored:
        return found[-1]
    row: dict = {
        name: statistics.median_low([run[name] for run in scored if run[name] is not None] or [0])
        for name in [*TARGETS, *METRICS]
    }
    row["lost"] = sorted({audit.split(" (")[0] for run in scored for audit in run["lost"]})
    row["runs"] = [run["performance"] for run in scored]
    failed = [run["lighthouse"] for run in found if "lighthouse" in run]
    if failed:
        row["failed"] = f"{len(failed)} of {len(found)} runs failed, the last: {failed[-1]}"
    return row


LIGHTHOUSE_SECONDS = 300


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
        # In a session of its own: at its bound, Lighthouse and the Chromium it started are
        # killed together (a Chromium left behind would keep the pipes open).
        running = subprocess.Popen(
            command,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        try:
            _output, errors = running.communicate(timeout=LIGHTHOUSE_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(running.pid, signal.SIGKILL)
            running.communicate()
            return {"lighthouse": f"failed: no report within {LIGHTHOUSE_SECONDS} s, killed"}
        if not report.exists():
            return {"lighthouse": f"failed: {errors.strip()[-300:]}"}
        found = json.loads(report.read_text())
    scores = {
        name: None if category["score"] is None else round(category["score"] * 100)
        for name, category in found["categories"].items()
    }
    metrics = {
        name: round(found["audits"][audit].get("numericValue") or 0)
        for name, audit in METRICS.items()
    }
    lost = sorted(
        f"{audit['id']} ({audit['score']})"
        for audit in found["audits"].values()
        if audit.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings")
        and audit.get("score") is not None
        and audit["score"] < 0.9
    )
    return {**scores, **metrics, "lost": lost}


# A mid-range phone, as Lighthouse's mobile emulation (Moto G Power): 412 x 823 CSS px.
PHONE = {
    "viewport": {"width": 412, "height": 823},
    "device_scale_factor": 1.75,
    "is_mobile": True,
    "has_touch": True,
}
TAPS = 5
# A table is opened this many times more, each in a fresh browser context (a first visit), for
# its first tap alone: one page's first tap swings with the machine's load by ~100 ms, so the
# first tap printed is the median of all the openings' (the figure issue 30 names is each tap).
MORE_OPENINGS = 2


def in_chromium(
    base: str, session: str, page: dict, openings: int, traced: Path | None = None
) -> dict:
    """The page loaded in a phone's emulation with a performance trace running: the layout
    shift summed from the trace's LayoutShift events (those after recent input left out, as
    the metric does), a card tapped at a table included; at a table, the bytes loaded before
    the first move (HTTP bodies and headers as sent, and the socket's frames), and with the CPU
    slowed 4x, each tap's time to the next animation frame, measured in the page; then the
    table opened again (``openings`` in all) for the first tap of each (``first_taps``), a
    trick game's at a table of its own (``again``). With ``traced``, each opening's trace is
    kept as traced-N.json and what its first tap waited on is read from it (``tap_traces``).

    Every wait is bounded (Watchdog): a tap that makes no click, an opening that makes no tap,
    are counted and said (``missed``, ``missed_openings``); a step that gets no answer at all
    ends the page's measuring, said too (``stopped``), with what was measured until then."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    row: dict = {}
    with Watchdog() as watchdog, sync_playwright() as playwright:
        try:
            measured(playwright, watchdog, base, session, page, openings, traced, row)
        except PlaywrightError as error:
            if watchdog.why:
                row["stopped"] = f"{watchdog.stopped_at}: {watchdog.why}"
            else:
                row["stopped"] = f"{watchdog.doing}: {str(error).strip().splitlines()[0][:200]}"
    return row


def measured(
    playwright,
    watchdog: Watchdog,
    base: str,
    session: str,
    page: dict,
    openings: int,
    traced: Path | None,
    row: dict,
) -> None:
    """in_chromium's measuring, into ``row`` as it goes."""
    watchdog.step("starting Chromium", 60)
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
    browser.start_tracing(page=tab, categories=TIMELINE)
    watchdog.step("loading the page", 90)
    tab.goto(base + page["path"], wait_until="load", timeout=60_000)
    if page.get("table"):
        watchdog.step("waiting for the player's turn", 90)
        tab.wait_for_selector("#table.my-turn", timeout=60_000)
        painted(tab, watchdog)
        row["bytes"] = loaded["http"] + loaded["socket"]
        row["socket_bytes"] = loaded["socket"]
        row.update(taps(tab, cdp, watchdog))
    else:
        tab.wait_for_timeout(1500)
    watchdog.step("reading the trace", 120)
    kept = browser.stop_tracing()
    trace = json.loads(kept)
    row["cls"] = layout_shift(trace)
    row["long_tasks"] = long_tasks(trace)
    if page.get("table") and row["taps"]:
        # The first opening's first tap, unless it was missed (the taps made are the later ones).
        missed_first = [why for why in row["missed"] if why.startswith("tap 1:")]
        row["first_taps"] = [] if missed_first else [row["taps"][0]]
        row["missed_openings"] = [f"opening 1: {why}" for why in missed_first]
        if traced:
            traced.mkdir(parents=True, exist_ok=True)
            (traced / "opening-1.json").write_bytes(kept)
            row["tap_traces"] = [tap_trace.line(tap_trace.read(traced / "opening-1.json"))]
        again = page.get("again") or []
        for opening in range(openings - 1):
            path = again[opening] if opening < len(again) else page["path"]
            kept_as = traced / f"opening-{opening + 2}.json" if traced else None
            tapped, missed = first_tap(browser, base, session, path, kept_as, watchdog)
            row["first_taps"] += tapped
            if missed:
                row["missed_openings"].append(f"opening {opening + 2}: {missed}")
            if kept_as and tapped:
                row["tap_traces"].append(tap_trace.line(tap_trace.read(kept_as)))
    watchdog.step("closing Chromium", 60)
    browser.close()


class Watchdog:
    """Bounds each step of a page's measuring in Chromium (``step``: what it is, how long it
    may take): at its bound, this process's Chromium is killed, so that the Playwright call
    waiting on it (an evaluate, which has no timeout of its own; a tap CDP dispatches to a
    renderer that never answers) raises, and the page is said to have stopped there instead
    of the run waiting for ever."""

    def __init__(self) -> None:
        self.doing = "starting"
        self.why = ""
        self.stopped_at = ""
        self.timer: threading.Timer | None = None

    def __enter__(self) -> Watchdog:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def step(self, doing: str, seconds: float) -> None:
        self.stop()
        self.doing = doing
        self.timer = threading.Timer(seconds, self.fire, [seconds])
        self.timer.daemon = True
        self.timer.start()

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()

    def fire(self, seconds: float) -> None:
        import psutil

        self.why = f"no answer within {seconds:.0f} s, Chromium killed"
        self.stopped_at = self.doing
        for process in psutil.Process().children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if "chrom" in process.name():
                    process.kill()


# What a trace records: the main thread's tasks, events, style, layout and paint, the frames,
# the page's own marks (the tap's span: TAP_TIMED), and every thread's tasks (what else the
# two cores ran meanwhile).
TIMELINE = [
    "loading",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "blink.user_timing",
    "toplevel",
]

# How long the page's own waits last at most (a frame, a card laid out): a page in the
# background, or a renderer too busy, never draws the frame a promise waits for, and
# Playwright's evaluate waits as long as the promise does.
PAGE_WAIT_MS = 2000

# Resolves true once the page has drawn its next frame after this one, false if it has not
# within PAGE_WAIT_MS (a timer fires where frames do not).
PAINTED = f"""() => new Promise((done) => {{
    const timer = setTimeout(() => done(false), {PAGE_WAIT_MS});
    requestAnimationFrame(() => requestAnimationFrame(() => {{
        clearTimeout(timer);
        done(true);
    }}));
}})"""

TAP_TIMED = """() => {
    window.__taps = [];
    let lifted = 0;
    window.addEventListener("pointerup", (event) => { lifted = event.timeStamp; }, true);
    window.addEventListener("click", () => {
        requestAnimationFrame(() => {
            const now = performance.now();
            window.__taps.push(now - lifted);
            // The span in a trace too, for bench/tap_trace.py (--trace).
            performance.measure("tap", { start: lifted, end: now });
        });
    }, true);
}"""


# Resolves with the middle of the card ``index`` of those the selector finds (counted round),
# once it is laid out with a size, or null after PAGE_WAIT_MS: found and measured inside the
# page in one go, since a frame drawing the hand again between finding a card and measuring it
# leaves a handle to nothing (locator.bounding_box then answers None). Looked for at each frame,
# and by a timer where no frame comes.
CARD_MIDDLE = f"""([selector, index]) => new Promise((done) => {{
    let finished = false;
    const end = (answer) => {{
        finished = true;
        clearTimeout(timer);
        done(answer);
    }};
    const look = (last) => {{
        if (finished) return;
        const cards = document.querySelectorAll(selector);
        const card = cards[index % Math.max(cards.length, 1)];
        const box = card && card.getBoundingClientRect();
        if (box && box.width > 0 && box.height > 0)
            end([box.x + box.width / 2, box.y + box.height / 2]);
        else if (last) end(null);
        else requestAnimationFrame(() => look(false));
    }};
    const timer = setTimeout(() => look(true), {PAGE_WAIT_MS});
    look(false);
}})"""

# A card a tap does something to (plays it, lifts it), else any card of the hand.
# Pitch's bids open to the player, lowest first.
BIDS = "#table.my-turn:not(.waiting) #bid-choice button.legal:enabled"
LEGAL_CARDS, ANY_CARD = "#hand .card-button.legal", "#hand .card-button"


# A card of the hand a tap does something to, once the page is the player's to use: their turn,
# no move of theirs on its way.
READY_CARDS = "#table.my-turn:not(.waiting) " + LEGAL_CARDS
# How long a tap waits for the player's turn to come back (a trick game's bots play their cards
# after each of the player's), the CPU slowed meanwhile as for the tap; and for its click.
TURN_WAIT_MS = 20_000
CLICK_WAIT_S = 20
# What a step in Chromium may take beyond its own timeout before the watchdog ends it.
MARGIN_S = 30


def painted(tab, watchdog: Watchdog) -> bool:
    """Whether the page drew its next frame within PAGE_WAIT_MS."""
    watchdog.step("waiting for a frame", PAGE_WAIT_MS / 1000 + MARGIN_S)
    return bool(tab.evaluate(PAINTED))


def taps(tab, cdp, watchdog: Watchdog, count: int = TAPS) -> dict:
    """Cards of the hand tapped with the CPU slowed 4x: from each finger's lift (the event's own
    time, which counts any wait before it was handled) to the animation frame after the tap's
    click was handled, in ms; how many of them were on a card a move uses (``live``); the taps
    that made no click within CLICK_WAIT_S, or could not be made (no card shown), each with
    why (``missed``: counted, and the next tap made all the same). A rummy turn that begins
    with a draw draws first, at full speed: a tap on a card then lifts it (the move the player
    makes next), where before the draw it does nothing; a Pitch turn that is a bid bids first,
    the highest (the player then leads a card). Each tap waits for the player's turn: a
    card played in a trick game makes the page wait for the table, and a tap then, on a dimmed
    hand, does nothing (the later taps measured only that before). Frames that come meanwhile
    (the bots' cards, a rummy draw's own redraw and flight) may still land in a tap: a player
    pays them too."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    deck = tab.locator("#closed-deck:enabled")
    if deck.count():
        watchdog.step("drawing from the closed deck", 60 + MARGIN_S)
        deck.click(timeout=30_000)
        tab.locator(LEGAL_CARDS).first.wait_for(timeout=30_000)
    bids = tab.locator(BIDS)
    if bids.count():
        # Pitch's turn begins with a bid: the highest, so that the player pitches and leads.
        watchdog.step("bidding", 60 + MARGIN_S)
        bids.last.click(timeout=30_000)
        tab.locator(READY_CARDS).first.wait_for(timeout=30_000)
    tab.evaluate(TAP_TIMED)
    found: dict = {"taps": [], "live": 0, "missed": []}
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    try:
        for index in range(count):
            if index:
                watchdog.step(f"tap {index + 1}: waiting for the turn", TURN_WAIT_MS / 1000 + 30)
                try:
                    tab.locator(READY_CARDS).first.wait_for(timeout=TURN_WAIT_MS)
                    painted(tab, watchdog)
                except PlaywrightTimeout:
                    pass  # no card to play (a bid to make, the deal over): any card is tapped
            watchdog.step(f"tap {index + 1}: finding a card", PAGE_WAIT_MS / 1000 + MARGIN_S)
            live = tab.locator(READY_CARDS).count() > 0
            selector = LEGAL_CARDS if live else ANY_CARD
            middle = tab.evaluate(CARD_MIDDLE, [selector, index])
            if middle is None:
                found["missed"] += [
                    f"tap {number}: no card of the hand shown ({selector})"
                    for number in range(index + 1, count + 1)
                ]
                break
            # Polled from here: the page's Content-Security-Policy refuses wait_for_function.
            watchdog.step(f"tap {index + 1}: waiting for its click", CLICK_WAIT_S + MARGIN_S)
            clicks = tab.evaluate("() => window.__taps.length")
            tab.touchscreen.tap(*middle)
            deadline = time.monotonic() + CLICK_WAIT_S
            while tab.evaluate("() => window.__taps.length") <= clicks:
                if time.monotonic() > deadline:
                    found["missed"].append(
                        f"tap {index + 1}: no click within {CLICK_WAIT_S} s ({selector})"
                    )
                    break
                tab.wait_for_timeout(50)
            else:
                found["live"] += live
        watchdog.step("reading the taps", MARGIN_S)
        found["taps"] = tab.evaluate("() => window.__taps")
        return found
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})


def first_tap(
    browser, base: str, session: str, path: str, kept_as: Path | None, watchdog: Watchdog
) -> tuple[list[float], str]:
    """The page opened in a fresh context as in_chromium does, and its first tap timed as
    taps() times it; traced from the page's opening to the tap, the trace kept as
    ``kept_as``, if given. The tap ([] if none was made) and why none was, if so: not the
    player's turn within TURN_WAIT_MS (the match or the deal over), or the tap missed."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    watchdog.step("opening the table again", 60 + MARGIN_S)
    context = browser.new_context(**PHONE)
    tracing = False
    try:
        context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
        tab = context.new_page()
        if kept_as:
            browser.start_tracing(page=tab, categories=TIMELINE)
            tracing = True
        tab.goto(base + path, wait_until="load", timeout=60_000)
        watchdog.step("waiting for the player's turn", TURN_WAIT_MS / 1000 + MARGIN_S)
        try:
            tab.wait_for_selector("#table.my-turn", timeout=TURN_WAIT_MS)
        except PlaywrightTimeout:
            return [], f"not the player's turn within {TURN_WAIT_MS // 1000} s"
        painted(tab, watchdog)
        found = taps(tab, context.new_cdp_session(tab), watchdog, count=1)
        return found["taps"][:1], "; ".join(found["missed"])
    except PlaywrightTimeout as error:
        # (Playwright's own timeouts: the page's load, a draw from the closed deck.)
        return [], f"{watchdog.doing}: {str(error).strip().splitlines()[0][:120]}"
    finally:
        watchdog.step("closing the opening", 60 + MARGIN_S)
        if tracing and kept_as:
            kept_as.write_bytes(browser.stop_tracing())
        context.close()


# A task this long at full speed is a long task (50 ms) on a phone 4x slower: Lighthouse's
# blocking time counts what each such task lasts beyond 50 ms there.
LONG_TASK_MS = 50 / CPU_SLOWDOWN
# What a task's time is spent on, as the trace names it (script by its file).
WORK = {
    "ParseHTML": "parse HTML",
    "DocumentLoader::CommitNavigation": "navigation and parse",
    "EvaluateScript": "script",
    "v8.evaluateModule": "module",
    "FunctionCall": "script",
    "TimerFire": "timer",
    "FireAnimationFrame": "frame callback",
    "EventDispatch": "event",
    "UpdateLayoutTree": "style",
    "Layout": "layout",
    "Paint": "paint",
    "MajorGC": "GC",
    "MinorGC": "GC",
}


def long_tasks(trace: dict) -> list[str]:
    """The page's main-thread tasks over LONG_TASK_MS while it loaded (the taps left out:
    they run with the CPU slowed), longest first, each with what it spent most time on."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    threads = {
        (event["pid"], event["tid"])
        for event in events
        if event.get("name") == "thread_name" and event["args"].get("name") == "CrRendererMain"
    }
    timed = [
        event
        for event in events
        if (event.get("pid"), event.get("tid")) in threads and event.get("ph") == "X"
    ]
    counts: dict = {}
    for event in timed:
        counts[(event["pid"], event["tid"])] = counts.get((event["pid"], event["tid"]), 0) + 1
    if not counts:
        return []
    main = max(counts, key=counts.get)
    timed = sorted(
        (event for event in timed if (event["pid"], event["tid"]) == main),
        key=lambda event: event["ts"],
    )
    start = timed[0]["ts"]
    tasks = [
        event for event in timed if event["name"] in ("RunTask", "ThreadControllerImpl::RunTask")
    ]
    found = []
    outer_end = 0
    for task in tasks:
        # A task inside another (RunTask inside ThreadControllerImpl::RunTask) is the same one.
        if task["ts"] < outer_end:
            continue
        outer_end = task["ts"] + task["dur"]
        if task["dur"] < LONG_TASK_MS * 1000:
            continue
        end = task["ts"] + task["dur"]
        spent: dict[str, float] = {}
        for event in timed:
            if task["ts"] <= event["ts"] < end and event["name"] in WORK:
                data = event.get("args", {}).get("data", {}) or {}
                source = (data.get("url") or "").rsplit("/", 1)[-1]
                label = WORK[event["name"]] + (f" {source}" if source else "")
                spent[label] = spent.get(label, 0.0) + event["dur"] / 1000
        top = sorted(spent.items(), key=lambda item: -item[1])[:3]
        what = ", ".join(f"{label} {ms:.0f}" for label, ms in top)
        found.append(
            (
                task["dur"],
                f"at {(task['ts'] - start) / 1000:.0f} ms: {task['dur'] / 1000:.0f} ms ({what})",
            )
        )
    return [line for _duration, line in sorted(found, key=lambda item: -item[0])[:6]]


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
        f"{'page':<12}{'perf':>6}{'a11y':>6}{'bp':>6}{'CLS':>8}{'KB':>6}{'tap 1st/med/max':>17}"
        f"{'TTFB':>7}{'LCP':>7}{'TBT':>6}{'load':>10}"
    )
    print(header)
    for row in rows:
        taps_ms = row.get("taps") or []
        tap = (
            f"{first_tap_ms(row):.0f}/{statistics.median(taps_ms):.0f}/{max(taps_ms):.0f}"
            if taps_ms
            else "-"
        )
        size = f"{row['bytes'] / 1024:.0f}" if "bytes" in row else "-"
        load = "-".join(str(value) for value in row["load"]) if row.get("load") else "-"
        print(
            f"{row['name']:<12}{score(row, 'performance'):>6}{score(row, 'accessibility'):>6}"
            f"{score(row, 'best-practices'):>6}{row.get('cls', '-'):>8}{size:>6}{tap:>17}"
            f"{score(row, 'ttfb'):>7}{score(row, 'lcp'):>7}{score(row, 'tbt'):>6}{load:>10}"
        )
    print("(tap: the first tap, the median over the openings of the page; the median and")
    print(" the longest of one opening's taps; TTFB, LCP, TBT:")
    print(" Lighthouse's medians in ms; load: the machine's 1-minute load average while the page")
    print(f" was measured, on {os.cpu_count()} cores)")
    print()
    for row in rows:
        if row.get("lighthouse"):
            print(f"{row['name']}: Lighthouse {row['lighthouse']}")
        elif row.get("lost"):
            runs = f" (Performance in each run: {row['runs']})" if row.get("runs") else ""
            print(f"{row['name']}: audits under 0.9: {', '.join(row['lost'])}{runs}")
        if row.get("failed"):
            print(f"{row['name']}: Lighthouse {row['failed']}")
        if len(row.get("first_taps") or []) > 1:
            each = ", ".join(f"{ms:.0f}" for ms in row["first_taps"])
            print(f"{row['name']}: the first tap of each opening: {each} ms")
        for number, traced in enumerate(row.get("tap_traces") or [], start=1):
            print(f"  {row['name']} opening {number}: {traced}")
        if row.get("stopped"):
            print(f"{row['name']}: measuring in Chromium stopped, {row['stopped']}")
        if isinstance(row.get("missed"), str):  # an older run's, kept
            row["missed"] = [row["missed"]]
        if row.get("missed"):
            made = len(row.get("taps") or []) + len(row["missed"])
            print(f"{row['name']}: {len(row['missed'])} of {made} taps missed:")
            for why in row["missed"]:
                print(f"  {why}")
        if row.get("missed_openings"):
            missed = len(row["missed_openings"])
            opened = missed + len(row.get("first_taps") or [])
            print(f"{row['name']}: {missed} of {opened} openings made no first tap:")
            for why in row["missed_openings"]:
                print(f"  {why}")
        if row.get("taps"):
            within = sum(ms <= TAP_TARGET_MS for ms in row["taps"])
            firsts = row.get("first_taps") or row["taps"][:1]
            first_within = sum(ms <= TAP_TARGET_MS for ms in firsts)
            print(
                f"{row['name']}: within {TAP_TARGET_MS} ms: {within} of {len(row['taps'])} taps"
                f" of the first opening, {first_within} of {len(firsts)} first taps"
            )
        if row.get("taps") and row.get("live", len(row["taps"])) < len(row["taps"]):
            print(f"{row['name']}: {row['live']} of {len(row['taps'])} taps on a card to play")
    print(f"\nMain-thread tasks over {LONG_TASK_MS:.1f} ms while each page loaded (long at 4x):")
    for row in rows:
        for line in row.get("long_tasks") or []:
            print(f"  {row['name']}: {line}")


def compared(before: list[dict], now: list[dict]) -> None:
    """Each page's change from the other commit's site to this one, measured side by side."""
    print("\nChange, page by page (now minus before, the same run):")
    earlier = {row["name"]: row for row in before}
    for row in now:
        old = earlier.get(row["name"])
        if old is None:
            continue
        changes = []
        for name in ["performance", "ttfb", "lcp", "tbt"]:
            if isinstance(row.get(name), int) and isinstance(old.get(name), int):
                changes.append(f"{name} {old[name]} -> {row[name]}")
        if old.get("bytes") and row.get("bytes"):
            changes.append(f"KB {old['bytes'] / 1024:.0f} -> {row['bytes'] / 1024:.0f}")
        if old.get("taps") and row.get("taps"):
            changes.append(f"first tap {first_tap_ms(old):.0f} -> {first_tap_ms(row):.0f} ms")
            changes.append(f"tap max {max(old['taps']):.0f} -> {max(row['taps']):.0f} ms")
        print(f"  {row['name']}: {', '.join(changes) or '-'}")


def first_tap_ms(row: dict) -> float:
    """The first tap: the median over the page's openings (one opening's in older kept runs)."""
    return statistics.median(row.get("first_taps") or row["taps"][:1])


def score(row: dict, name: str) -> str:
    value = row.get(name)
    return "-" if value is None else str(value)


if __name__ == "__main__":
    main()
