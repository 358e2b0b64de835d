import pytest

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
