"""The one door from a write to whoever delivers what it changed.

A service that changed something people are looking at (a table, later a tournament or a
member's sockets) calls ``publish_on_commit(news)`` with a plain value saying what changed; if
its transaction commits, ``published`` is sent with that value, in the committing thread. The
write knows nothing of sockets: ``games.live`` connects to ``published`` and turns news into
frames (Zulip's ``send_event_on_commit``, STYLE.md). A rolled back write publishes nothing.
"""

from dataclasses import dataclass

from django.db import transaction
from django.dispatch import Signal

published = Signal()
"""Sent after a commit with ``news``: what changed. Receivers must not raise."""


@dataclass(frozen=True)
class News:
    """Something a write changed, said in ids and numbers (and, for this process's own use,
    what it already holds)."""


@dataclass(frozen=True)
class PageChanged(News):
    """What a live page of ``kind`` and ``key`` shows changed (``games.live.pages``): its
    sockets get it again, at most once a second."""

    kind: str
    key: str


# The key every console page of tables hears, whatever its filters (``games.web.console``): a
# table's seat or status changed, or a report names one.
CONSOLE_TABLES_KEY = "tables"


def publish_on_commit(news: News) -> None:
    """Send ``published`` with ``news`` once the current transaction commits (at once, outside
    one)."""
    transaction.on_commit(lambda: published.send(sender=type(news), news=news))
