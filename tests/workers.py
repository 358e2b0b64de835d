"""How the suite's tests are spread over xdist's workers (a pytest plugin, registered by
tests/conftest.py): the order they are handed out in, and each worker's busy time printed at the
end of a parallel run.

tools/testrun.py hands tests out one at a time (``--dist load --maxschedchunk 1``), in the
collection's order: a worker that finishes a test takes the next. A test of a minute handed out
last would leave the other worker idle for that minute, so the long tests go first among the
transactional ones. (pytest-django orders tests as Django does: database tests in a
transaction, then transactional ones, which empty the database after them, then those without
a database; a test in a transaction may expect the rows that migrations wrote, so the long
tests stay in their block.)"""

from collections import Counter

import pytest


def fixtures(item: pytest.Item) -> set[str]:
    return set(getattr(item, "fixturenames", ()))


def runs_long(item: pytest.Item) -> bool:
    """A test that drives Chromium or starts a live stack of its own: tens of seconds, where
    most take milliseconds."""
    return bool(item.get_closest_marker("browser") or "platform" in fixtures(item))


def transactional(item: pytest.Item) -> bool:
    """Whether pytest-django runs it outside a transaction (and empties the database after)."""
    mark = item.get_closest_marker("django_db")
    if mark is not None and (mark.kwargs.get("transaction") or mark.args[:1] == (True,)):
        return True
    return bool({"transactional_db", "live_stack", "platform"} & fixtures(item))


class Workers:
    def __init__(self) -> None:
        self.busy: Counter[str] = Counter()

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        """After pytest-django's order: the long tests first in their (transactional) block."""
        start = next((index for index, item in enumerate(items) if transactional(item)), None)
        if start is not None:
            items[start:] = sorted(items[start:], key=lambda item: not runs_long(item))

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        node = getattr(report, "node", None)  # the worker that ran it, on xdist's controller
        if node is not None:
            self.busy[node.gateway.id] += report.duration

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter) -> None:
        if self.busy:
            terminalreporter.section("time per worker")
            for worker, seconds in sorted(self.busy.items()):
                terminalreporter.write_line(f"{worker}: {seconds:7.1f} s busy")
