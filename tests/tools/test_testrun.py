"""`./dev test`'s own decisions: a pass that cannot run is never a silent success."""

import subprocess
import sys

import pytest

from tests.live import free_port
from tools import testrun


@pytest.fixture
def unreachable_services(monkeypatch):
    closed = free_port()
    monkeypatch.setenv("SCALEOUT_DATABASE_URL", f"postgres://postgres@127.0.0.1:{closed}/taash")
    monkeypatch.setenv("SCALEOUT_REDIS_URL", f"redis://127.0.0.1:{closed}/0")


def test_scale_out_pass_without_services_is_skipped_with_a_loud_warning(
    unreachable_services, monkeypatch, capsys
):
    monkeypatch.delenv("CI", raising=False)
    status, note = testrun.scaleout_pass([])
    assert status == "SKIPPED"
    assert "PostgreSQL at 127.0.0.1" in note and "Redis at redis://127.0.0.1" in note
    assert "SCALE-OUT PASS SKIPPED" in capsys.readouterr().err


def test_scale_out_pass_without_services_fails_on_ci(unreachable_services, monkeypatch):
    monkeypatch.setenv("CI", "true")
    assert testrun.scaleout_pass([])[0] == "FAILED"


def test_a_shell_that_writes_no_bytecode_gets_passes_that_keep_it_under_var(monkeypatch):
    """Issue 29: each pass's processes find the project compiled (and its tests' asserts
    rewritten) from the run before, without a __pycache__ in the tree."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.delenv("PYTHONPYCACHEPREFIX", raising=False)
    env = testrun.pass_environment(VAR_DIR="/tmp/pass")
    assert "PYTHONDONTWRITEBYTECODE" not in env
    assert env["PYTHONPYCACHEPREFIX"] == str(testrun.ROOT / "var" / "pycache")
    monkeypatch.delenv("PYTHONDONTWRITEBYTECODE")
    assert "PYTHONPYCACHEPREFIX" not in testrun.pass_environment(VAR_DIR="/tmp/pass")


def test_a_pytest_run_that_collects_no_test_fails(tmp_path):
    # Without plugins, to start fast: an empty directory has nothing for them anyway.
    plugins_off = ["-p", "no:django", "-p", "no:xdist", "-p", "no:hypothesispytest"]
    status, note = testrun.run_step([*testrun.PYTEST[:3], *plugins_off, str(tmp_path)])
    assert (status, note) == ("FAILED", "pytest collected no tests")


@pytest.mark.parametrize(
    ("statuses", "exit_status"),
    [
        (["passed", "passed", "passed", "passed", "SKIPPED"], 0),
        (["passed", "passed", "passed", "FAILED", "passed"], 1),
    ],
    ids=["skip-is-not-failure-off-ci", "any-failure-fails"],
)
def test_exit_status_follows_the_steps(monkeypatch, capsys, statuses, exit_status):
    steps = iter(statuses)
    monkeypatch.setattr(
        testrun, "timed", lambda step, action: testrun.Outcome(step, next(steps), 0.0)
    )
    assert testrun.main([]) == exit_status
    assert capsys.readouterr().out.splitlines()[-1] == (
        f"steps: {statuses.count('passed')} passed, {statuses.count('FAILED')} failed, "
        f"{statuses.count('SKIPPED')} skipped"
    )


@pytest.fixture
def exit_statuses() -> dict[str, int]:
    """What each lint step's command exits with, by its module (``mypy``): 0 unless set."""
    return {}


@pytest.fixture
def commands_run(monkeypatch, exit_statuses) -> list[list[str]]:
    """The lint steps' commands as ``main`` runs them; the passes, as passed."""
    commands: list[list[str]] = []

    def run(command, cwd, env):
        commands.append(command)
        assert cwd == testrun.ROOT
        return subprocess.CompletedProcess(command, exit_statuses.get(command[2], 0))

    monkeypatch.setattr(testrun.subprocess, "run", run)
    monkeypatch.setattr(testrun, "embedded_pass", lambda args: ("passed", ""))
    monkeypatch.setattr(testrun, "scaleout_pass", lambda args: ("passed", ""))
    return commands


def test_the_steps_are_ruff_then_mypy_then_both_passes_each_in_the_summary(commands_run, capsys):
    assert testrun.main([]) == 0
    assert commands_run == [
        [sys.executable, "-m", "ruff", "check", "."],
        [sys.executable, "-m", "ruff", "format", "--check", "."],
        [sys.executable, "-m", "mypy"],
    ]
    summary = capsys.readouterr().out.split("=== ./dev test summary ===")[1].splitlines()[1:-1]
    steps = ["ruff check", "ruff format --check", "mypy", "embedded pass", "scale-out pass"]
    assert [(line[:8].strip(), line[9:31].strip()) for line in summary] == [
        ("passed", step) for step in steps
    ]


def test_a_type_error_found_by_mypy_fails_the_run(commands_run, exit_statuses, capsys):
    exit_statuses["mypy"] = 1
    assert testrun.main([]) == 1
    summary = capsys.readouterr().out.split("=== ./dev test summary ===")[1]
    assert "FAILED   mypy" in summary and "(exit status 1)" in summary


def scale_out_selection(*files: str) -> list[str]:
    """The tests of ``files`` the scale-out pass runs, in the order the workers are handed them."""
    listing_only = ["--collect-only", "-q", "-p", "no:cacheprovider"]
    listing = subprocess.run(
        [*testrun.PYTEST[:3], *listing_only, *testrun.SCALEOUT_MARKS, *files],
        cwd=testrun.ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [line.split("::")[1] for line in listing.splitlines() if "::" in line]


def test_the_scale_out_pass_leaves_out_what_its_database_cannot_change_long_tests_first():
    """Tests without a database (tests/conftest.py marks them ``embedded_only``) and the offline
    browser test are left out; one marked ``redis`` stays. The live stack of a test's own runs
    before the shared stack's tests (tests/workers.py), after the tests in a transaction."""
    selected = scale_out_selection(
        "tests/config/test_env.py",
        "tests/config/test_celery.py",
        "tests/browser/test_offline.py",
        "tests/games/test_tasks.py",
        "tests/games/test_platform_restart.py",
        "tests/config/test_subscribers.py",
    )
    assert selected == [
        "test_a_sanction_is_told_after_its_commit_and_only_a_ban_shuts_the_member_out",
        "test_a_match_survives_its_server_and_worker_being_killed_and_restarted",
        "test_announcement_sent_by_a_worker_reaches_the_members_open_socket",
        "test_a_job_one_site_queues_waits_under_its_own_prefix_and_no_other",
    ]
