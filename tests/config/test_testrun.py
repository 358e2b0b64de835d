"""`./dev test`'s own decisions: a pass that cannot run is never a silent success."""

import pytest

from config import testrun
from tests.live import free_port


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


def test_a_pytest_run_that_collects_no_test_fails(tmp_path):
    # Without plugins, to start fast: an empty directory has nothing for them anyway.
    plugins_off = ["-p", "no:django", "-p", "no:xdist", "-p", "no:hypothesispytest"]
    status, note = testrun.run_step([*testrun.PYTEST[:3], *plugins_off, str(tmp_path)])
    assert (status, note) == ("FAILED", "pytest collected no tests")


@pytest.mark.parametrize(
    ("statuses", "exit_status"),
    [(["passed", "passed", "passed", "SKIPPED"], 0), (["passed", "passed", "FAILED", "passed"], 1)],
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
