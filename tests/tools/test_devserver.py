"""`python -m tools.devserver` (what `./dev run` starts), as a real process tree."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.request import Request, urlopen

import pytest

from tests.live import ROOT, free_port
from tools import devserver as devserver_module

CHILDREN = ("redis-server", "daphne", "celery worker", "celery beat")


def descendants(pid: int) -> set[int]:
    """Every live process below ``pid``, read from /proc."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture
def devserver(tmp_path):
    """The supervisor on a free port with its own VAR_DIR; yields (process, port, log)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DEBUG")}
    env.update(VAR_DIR=str(tmp_path / "var"), PORT=str(port))
    log = tmp_path / "devserver.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "tools.devserver"],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 90
    while f"Taash is running at http://127.0.0.1:{port}/" not in log.read_text():
        assert process.poll() is None and time.monotonic() < deadline, log.read_text()
        time.sleep(0.2)
    yield process, port, log
    if process.poll() is None:
        process.kill()
        process.wait()


@pytest.mark.slow
def test_serves_the_site_and_stops_every_child_on_ctrl_c(devserver):
    process, port, log = devserver
    children = descendants(process.pid)
    assert len(children) >= len(CHILDREN)
    request = Request(f"http://127.0.0.1:{port}/", headers={"Cookie": "django_language=ur"})
    with urlopen(request, timeout=10) as response:
        assert '<html lang="ur" dir="rtl">' in response.read().decode()

    process.send_signal(signal.SIGINT)
    assert process.wait(60) == 0, log.read_text()
    assert [pid for pid in children if alive(pid)] == []


def test_when_one_child_dies_the_others_are_stopped_and_the_status_is_1(capsys):
    children = [
        (name, subprocess.Popen(["sleep", "60"], start_new_session=True))
        for name in ("redis-server", "daphne", "celery worker")
    ]
    children[1][1].kill()
    try:
        assert devserver_module._supervise(children, stop_requested=[]) == 1
    finally:
        devserver_module._stop(children)
    assert "daphne exited with status -9: stopping the rest" in capsys.readouterr().out
    assert not any(alive(process.pid) for _, process in children)


def test_a_stop_request_ends_supervision_with_status_0():
    child = subprocess.Popen(["sleep", "60"], start_new_session=True)
    try:
        assert devserver_module._supervise([("daphne", child)], stop_requested=[2]) == 0
    finally:
        devserver_module._stop([("daphne", child)])
    assert child.returncode == -15
