"""A live platform for tests: Daphne and a Celery worker (with beat) as real subprocesses on the
test database.

Tests reach it through the `live_stack` fixture (tests/conftest.py), or through the `platform`
fixture (a `Platform`: a stack of the test's own, which it may kill and start again). The
subprocesses get the test process's environment, so they use the same settings, the same Redis
and the same broker; on top of that they are pointed at the test database, at a Celery queue and
a channel-layer prefix of this test session (so that parallel runs on one Redis never take each
other's messages), and they run with DEBUG off, as in production.
"""

import contextlib
import fcntl
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

READY_TIMEOUT_SECONDS = 60
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class LiveProcess:
    name: str
    process: subprocess.Popen
    log_path: Path

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self._signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self) -> None:
        """SIGKILL to the process and its children (the worker's embedded beat)."""
        self._signal(signal.SIGKILL)
        self.process.wait()

    def _signal(self, number: int) -> None:
        # Each process leads its own group (start_new_session), so its children get it too.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, number)


@dataclass
class LiveStack:
    port: int
    processes: list[LiveProcess] = field(default_factory=list)

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, path: str) -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    def logs(self, tail: int = 0) -> str:
        """Every process's log, or the last ``tail`` characters of each."""
        return "\n".join(
            f"----- {p.name} -----\n{p.output()[-tail:] if tail else p.output()}"
            for p in self.processes
        )

    def stop(self) -> None:
        for process in self.processes:
            process.stop()


class Platform:
    """The live stack of the moment: replaced when the test kills it (SIGKILL to every process,
    no time to tidy up) and starts a new one on the same database, Redis and queue."""

    def __init__(self, workdir: Path, env: dict[str, str], static_root: Path):
        self.workdir, self.env, self.static_root = workdir, env, static_root
        self.stacks: list[LiveStack] = []

    @property
    def stack(self) -> LiveStack | None:
        return self.stacks[-1] if self.stacks else None

    @property
    def starts(self) -> int:
        return len(self.stacks)

    def start(self) -> None:
        workdir = self.workdir / f"run{self.starts + 1}"
        workdir.mkdir()
        self.stacks.append(
            live_stack_start(workdir=workdir, env=self.env, static_root=self.static_root)
        )

    def kill(self) -> None:
        assert self.stack is not None
        for process in self.stack.processes:
            process.kill()

    def logs(self, tail: int = 0) -> str:
        """Every stack's logs, the killed ones' too, or the last ``tail`` characters of each."""
        return "\n".join(
            f"===== run {number} =====\n{stack.logs(tail)}"
            for number, stack in enumerate(self.stacks, start=1)
        )


def database_url(settings_dict: dict) -> str:
    """A DATABASE_URL that names the database Django's test runner created."""
    name = settings_dict["NAME"]
    if settings_dict["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{name}"
    user = quote(settings_dict["USER"] or "", safe="")
    password = quote(settings_dict["PASSWORD"] or "", safe="")
    credentials = f"{user}:{password}@" if password else f"{user}@" if user else ""
    return f"postgres://{credentials}{settings_dict['HOST']}:{settings_dict['PORT']}/{name}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def live_stack_start(*, workdir: Path, env: dict[str, str], static_root: Path) -> LiveStack:
    """Start Daphne and a Celery worker with beat (Daphne once the static files are collected
    in ``static_root``: see ``static_collected``), and return once both are ready. On failure,
    stop what started and raise with every process's output."""
    env = {**os.environ, **env, "DEBUG": "0", "STATIC_ROOT": str(static_root)}
    python = sys.executable
    stack = LiveStack(port=free_port())

    def start(name: str, *args: str) -> LiveProcess:
        log_path = workdir / f"{name}.log"
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                [python, *args],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        live = LiveProcess(name, process, log_path)
        stack.processes.append(live)
        return live

    # With beat inside the worker: its sweep queues the turn clocks' jobs (games.tasks). It
    # starts while the static files are collected.
    worker = start(
        "celery-worker",
        *("-m", "celery", "-A", "config", "worker", "--pool", "solo", "--loglevel", "INFO"),
        *("--without-gossip", "--without-mingle", "--without-heartbeat"),
        *("--beat", "--schedule-filename", str(workdir / "celerybeat-schedule")),
    )
    try:
        static_collected(static_root, env)
    except subprocess.SubprocessError as error:  # failed, or still running at the timeout
        stack.stop()
        output = getattr(error, "stdout", "")
        raise RuntimeError(f"collectstatic failed\n{output}\n{stack.logs()}") from error
    daphne = daphne_started(stack, start)
    checks = {
        "daphne": lambda: _accepts(stack.port),
        "celery-worker": lambda: " ready." in worker.output(),
    }
    deadline = time.monotonic() + READY_TIMEOUT_SECONDS
    while checks:
        for name, ready in list(checks.items()):
            if ready():
                del checks[name]
        failed = [p.name for p in (daphne, worker) if p.process.poll() is not None]
        if failed or time.monotonic() > deadline:
            stack.stop()
            problem = f"exited: {failed}" if failed else f"not ready: {sorted(checks)}"
            raise RuntimeError(f"live stack failed to start ({problem})\n{stack.logs()}")
        time.sleep(0.1)
    return stack


def static_collected(static_root: Path, env: dict[str, str]) -> None:
    """``collectstatic`` into ``static_root`` once for every stack that uses it: Daphne reads
    the manifest when it loads the app. Hashing and compressing the files (Pyodide's among them)
    is seconds of CPU; a test run's stacks (one per xdist worker, and each restart of a
    ``Platform``) share one collection instead of each making its own. The first caller collects
    under a file lock; the others wait for it and find it done."""
    static_root.parent.mkdir(parents=True, exist_ok=True)
    done = static_root / ".collected"
    with static_root.with_name(f"{static_root.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if done.exists():
            return
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=ROOT,
            env={**env, "STATIC_ROOT": str(static_root)},
            check=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=READY_TIMEOUT_SECONDS,
        )
        done.touch()


# What Daphne's log says once it listens on its port, and when the port was taken meanwhile.
LISTENING = "Listening on TCP address 127.0.0.1:{port}"
LISTEN_FAILURE = "Listen failure"
PORT_ATTEMPTS = 5


def daphne_started(stack: LiveStack, start) -> LiveProcess:
    """Daphne on the stack's port, listening by its own log. The port was free when chosen, but
    another process (another worker's stack) may bind it before Daphne does: Daphne then logs
    a listen failure and runs on without a port, and the stack would talk to whoever has it.
    So a taken port is given up for another."""
    for _attempt in range(PORT_ATTEMPTS):
        args = ("-m", "games.live.server", "-b", "127.0.0.1", "-p", str(stack.port))
        daphne = start("daphne", *args, "config.asgi:application")
        deadline = time.monotonic() + READY_TIMEOUT_SECONDS
        while time.monotonic() < deadline and daphne.process.poll() is None:
            output = daphne.output()
            if LISTENING.format(port=stack.port) in output:
                return daphne
            if LISTEN_FAILURE in output:
                break
            time.sleep(0.1)
        else:
            return daphne  # exited or slow: the caller's checks say which, with the logs
        daphne.stop()
        stack.processes.remove(daphne)
        stack.port = free_port()
    stack.stop()
    raise RuntimeError(f"no free port for Daphne in {PORT_ATTEMPTS} tries\n{stack.logs()}")


def _accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False
