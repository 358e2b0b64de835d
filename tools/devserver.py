"""`./dev run`: the whole platform on one machine, in the foreground, until Ctrl-C.

Starts the embedded Redis (unless REDIS_URL names another one), applies migrations, then runs
Daphne, a Celery worker and Celery beat. Each child has its own session, so a terminal's Ctrl-C
reaches only this supervisor, which stops the children in order: the web server first, Redis
last. If any child dies, the others are stopped too and the exit status is non-zero.

    python -m tools.devserver        # HOST and PORT choose the address (127.0.0.1:8000)
"""

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

STOP_GRACE_SECONDS = 15
# A child process of the platform, by the name its log lines and exit message give it.
Child = tuple[str, "subprocess.Popen[bytes]"]


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "1")
    host = os.environ.get("HOST") or "127.0.0.1"
    port = int(os.environ.get("PORT") or 8000)

    stop_requested: list[int] = []
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda signum, frame: stop_requested.append(signum))

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from tools.embedded_redis import redis_server_start

    children: list[Child] = []
    try:
        if not os.environ.get("REDIS_URL"):
            socket_path = Path(settings.REDIS_URL.removeprefix("unix://"))
            children.append(("redis-server", redis_server_start(socket_path)))
        call_command("migrate", interactive=False, verbosity=1)
        if not settings.DEBUG:
            call_command("collectstatic", interactive=False, verbosity=0)
        for name, command in _platform_commands(host, port):
            children.append((name, subprocess.Popen(command, start_new_session=True)))
        if _wait_for_port(host, port, children, stop_requested):
            print(f"\n  Taash is running at http://{host}:{port}/  (Ctrl-C stops it)\n", flush=True)
        return _supervise(children, stop_requested)
    finally:
        _stop(children)


def _platform_commands(host: str, port: int) -> list[tuple[str, list[str]]]:
    python = sys.executable
    celery = [python, "-m", "celery", "-A", "config"]
    return [
        (
            "daphne",
            [
                python,
                "-m",
                "games.live.server",
                "-b",
                host,
                "-p",
                str(port),
                "config.asgi:application",
            ],
        ),
        ("celery worker", [*celery, "worker", "--loglevel", "INFO", "--concurrency", "2"]),
        ("celery beat", [*celery, "beat", "--loglevel", "INFO"]),
    ]


def _wait_for_port(
    host: str, port: int, children: list[Child], stop_requested: list[int], timeout: float = 60
) -> bool:
    deadline = time.monotonic() + timeout
    while not stop_requested and not _exited(children) and time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=1):
                return True
        except OSError:
            time.sleep(0.1)
    return False


def _supervise(children: list[Child], stop_requested: list[int]) -> int:
    while not stop_requested:
        exited = _exited(children)
        if exited:
            name, process = exited[0]
            print(f"{name} exited with status {process.returncode}: stopping the rest", flush=True)
            return 1
        time.sleep(0.2)
    return 0


def _exited(children: list[Child]) -> list[Child]:
    return [(name, process) for name, process in children if process.poll() is not None]


def _stop(children: list[Child]) -> None:
    """SIGTERM in reverse start order (each finishes its work), then SIGKILL to what is left."""
    for name, process in reversed(children):
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(STOP_GRACE_SECONDS)
            except subprocess.TimeoutExpired:
                print(f"{name} did not stop in {STOP_GRACE_SECONDS} s: killing it", flush=True)
        # A child's own children (Celery's pool processes) share its process group.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


if __name__ == "__main__":
    sys.exit(main())
