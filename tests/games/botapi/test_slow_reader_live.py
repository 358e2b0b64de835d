"""A stream's reader that never reads (issue 35, bad input: the slow consumer), against the live
stack: a real socket asks for a table's stream and reads nothing more while house bots play a
whole match on it. Daphne holds at most ``UNSENT_BYTES`` of the stream (plus the part being
written) for that reader, instead of a frame a move until the match ends; past
``STALL_SECONDS`` without the reader taking anything, the connection is cut and the stream's
place among the account's few is free again."""

import os
import re
import socket
import time

import pytest

from games.botapi.services import bot_invite, invitation_answer
from games.live.server import UNSENT_BYTES
from games.tables import services
from games.tables.models import Seat, Table
from tests.games.botapi.support import bot_made, token_for
from tests.games.table_support import match_of, members

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("live"),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]

CUT_OFF = re.compile(r"slow reader .*? cut off: (\d+) bytes unsent")
# One part (a frame) may be written beyond the bound before the next send waits.
FRAME_BYTES_AT_MOST = 32 * 1024


def _stream_request(port: int, path: str, secret: str, *, receive_buffer: int = 0):
    connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer:
        # A reader with room for little: the kernel on its side holds no more than that.
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    connection.connect(("127.0.0.1", port))
    connection.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {secret}\r\n"
        "Accept-Language: en\r\n\r\n".encode()
    )
    return connection


def _status_of(connection: socket.socket) -> int:
    connection.settimeout(20)
    head = b""
    while b"\r\n" not in head:
        head += connection.recv(64)
    return int(head.split(b" ", 2)[1])


def test_a_reader_that_never_reads_holds_bounded_bytes_and_is_cut_off(live_stack):
    owner, friend = members(2)
    bot = bot_made(owner, "sleeper")
    secret = token_for(owner, bot)
    # A match of many deals (Pool 201: RM-25), a frame a move: far more than the bound. The
    # stream must outgrow Daphne's bound and the kernel's buffers (about 136 KiB) before the
    # match ends; a Pool 101 match of easy bots once ended at move 57, short of that.
    table = services.table_create(
        creator_id=friend.pk,
        game="rummy",
        variant="pool201",
        bot_levels=["", "", ""],
        bot_delay_seconds=0,
        pause_seconds=1,
    )
    invitation = bot_invite(member_id=friend.pk, table_id=table.pk, seat=2, name="sleeper")
    invitation_answer(bot_id=bot.pk, invitation_id=invitation.pk, accept=True)
    services.table_seat_leave(table_id=table.pk, user_id=friend.pk)
    services.table_start(table_id=table.pk, user_id=friend.pk, bot_level="easy")
    path = f"/api/bot/tables/{table.pk}/stream"
    sleeper = _stream_request(live_stack.port, path, secret, receive_buffer=4096)
    daphne = next(p for p in live_stack.processes if p.name == "daphne")
    logged_before = len(CUT_OFF.findall(daphne.output()))
    # The bot account leaves: a house bot plays its seat, and the match runs by itself while
    # its stream goes on sending it every frame.
    services.table_match_leave(table_id=table.pk, user_id=bot.pk)
    deadline = time.monotonic() + 180
    while len(CUT_OFF.findall(daphne.output())) == logged_before:
        assert time.monotonic() < deadline, "the reader was never cut off: " + _stuck(
            table.pk, live_stack
        )
        time.sleep(0.2)
    unsent = int(CUT_OFF.findall(daphne.output())[-1])
    assert unsent <= UNSENT_BYTES + FRAME_BYTES_AT_MOST
    # The connection is gone: what little the kernel kept arrives, then the end.
    sleeper.settimeout(10)
    received = 0
    try:
        while chunk := sleeper.recv(65536):
            received += len(chunk)
    except ConnectionResetError:
        pass
    sleeper.close()
    played = Table.objects.get(pk=table.pk)
    print(f"cut off with {unsent} bytes unsent, {received} read after, {played.version} moves")
    # The stream's place is free: the account opens as many streams as it may.
    opened = [_stream_request(live_stack.port, path, secret) for _ in range(4)]
    try:
        assert [_status_of(connection) for connection in opened] == [200] * 4
    finally:
        for connection in opened:
            connection.close()


def _stuck(table_id: int, live_stack) -> str:
    """Where the match stands, and what the worker did (it failed once at move 3 under load)."""
    played = Table.objects.get(pk=table_id)
    seats = Seat.objects.filter(table=played).order_by("number")
    worker = next(p for p in live_stack.processes if p.name == "celery-worker")
    jobs = [line for line in worker.output().splitlines() if "table_" in line or "ERROR" in line]
    return (
        f"{played.status} at move {played.version}, revision {played.revision}, to move "
        f"{match_of(played).to_move()}, bot due {played.bot_due}, deadline {played.deadline}, "
        f"paused until {played.paused_until}\nseats (bot level, stand-in, left): "
        f"{list(seats.values_list('bot_level', 'stand_in', 'left'))}\n" + "\n".join(jobs[-40:])
    )


def test_open_streams_hold_no_database_connection_nor_thread(live_stack):
    """Twelve streams open at once, more than a server's pooled database connections (eight,
    on PostgreSQL): each answers, and so does a request beside them. A stream's request gave
    its connection back when its response began, and holds no thread of its own while it is
    open (a thread a stream was most of a stream's memory, ``config.asgi.HttpHandler``)."""
    owners = members(3)
    secrets, path = [], "/api/stream/events"
    for number, owner in enumerate(owners):
        bot = bot_made(owner, f"streamer{number}")
        secrets += [token_for(owner, bot)] * 4
    daphne = next(p for p in live_stack.processes if p.name == "daphne")
    first = _stream_request(live_stack.port, path, secrets[0])
    assert _status_of(first) == 200
    threads_before = _threads_of(daphne.process.pid)
    opened = [first] + [_stream_request(live_stack.port, path, secret) for secret in secrets[1:]]
    try:
        assert [_status_of(connection) for connection in opened[1:]] == [200] * 11
        grown = _threads_of(daphne.process.pid) - threads_before
        assert grown < 11 // 2, f"{grown} more threads for 11 more open streams"
        beside = _stream_request(live_stack.port, "/api/account", secrets[0])
        assert _status_of(beside) == 200
        beside.close()
    finally:
        for connection in opened:
            connection.close()


def _threads_of(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))
