"""What every browser test shares: its marks (Chromium, a database committed for the live
stack to read), its tables ended afterwards, the page log, and a
Chromium of its own. The functions the tests call are in tests/browser/support.py."""

import pytest
from playwright.sync_api import expect

from tests.browser.support import CHROMIUM, chromium_started

# Waits are Playwright's own assertions on locators: a string for wait_for_function is
# evaluated in the page, which its Content-Security-Policy refuses. A busy two-core machine
# needs more than the default 5 s.
expect.set_options(timeout=30_000)

BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="!!! BROWSER TESTS SKIPPED: /usr/bin/chromium is missing "
        "(apt-get install chromium chromium-driver; ./dev test does it as root) !!!",
    ),
]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items) -> None:
    """Before pytest-django orders the tests by their database marks: every test in this folder
    gets the browser marks."""
    for item in items:
        if item.path.is_relative_to(config.rootpath / "tests" / "browser"):
            for mark in BROWSER_MARKS:
                item.add_marker(mark)


@pytest.fixture(autouse=True)
def _tables_ended_afterwards(tables_stopped_afterwards) -> None:
    """Tables a browser test left in play are ended before the next test's database flush."""


@pytest.fixture
def browser():
    """Chromium for a test that starts its own pages (started per test: the journey's database
    flush must not run inside Playwright's event loop)."""
    with chromium_started() as chromium:
        yield chromium


# A line of the page log is cut here: a state frame carries the whole view.
LINE_CHARACTERS = 300


class PageLog:
    """What a test's pages printed, threw, and sent or got over their sockets, in order: a
    browser test that fails on CI leaves nothing else behind to read."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.pages = 0

    def watch(self, page, label: str) -> None:
        self.pages += 1
        name = f"page {self.pages} ({label})"

        def add(kind: str, text: object) -> None:
            self.lines.append(f"{name} {kind}: {str(text)[:LINE_CHARACTERS]}")

        page.on("console", lambda message: add(f"console {message.type}", message.text))
        page.on("pageerror", lambda error: add("error", error))
        page.on("close", lambda _page: add("page", "closed"))

        def socket_watched(socket) -> None:
            add("socket", f"open {socket.url}")
            socket.on("framesent", lambda payload: add("sent", payload))
            socket.on("framereceived", lambda payload: add("got", payload))
            socket.on("close", lambda _socket: add("socket", "closed"))

        page.on("websocket", socket_watched)

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def policy_violations(self) -> list[str]:
        return [line for line in self.lines if "Content Security Policy" in line]


@pytest.fixture
def page_log() -> PageLog:
    """Every browser test's pages are watched; none may break the Content-Security-Policy."""
    log = PageLog()
    yield log
    assert log.policy_violations() == []
