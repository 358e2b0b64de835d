"""The one door from a write to everything that reacts to it.

A service says what happened as an event: a frozen dataclass of a type of its own (``News``),
in ids and numbers, and calls ``publish(event)`` in its transaction. Who reacts is not known
here nor at the write: one table lists every reaction, ``config/subscribers.py`` (named by
``settings.NEWS_SUBSCRIBERS``, as ``ROOT_URLCONF`` names the URLs), an event's type to the
functions it calls, each given the event:

- ``IN_COMMIT``: at once, inside the write's transaction: a reaction that writes with it,
  both or neither (a daily attempt scored with its match's end);
- ``AFTER_COMMIT``: once the transaction commits (``transaction.on_commit``), in the
  committing thread (at once, outside a transaction): deliveries to sockets, jobs queued.
  A rolled back write publishes nothing. They must not raise.

The write knows nothing of sockets or of the features built on it: the table sits at the top
of the import graph and imports them all (Zulip's ``send_event_on_commit``, STYLE.md).
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any

from django.conf import settings
from django.db import transaction


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

Subscribers = Mapping[type[News], tuple[Callable[[Any], None], ...]]


@cache
def _table() -> ModuleType:
    """``config.subscribers``, imported at the first event (it imports every app)."""
    return import_module(settings.NEWS_SUBSCRIBERS)


def publish(event: News) -> None:
    """Call ``event``'s subscribers inside the current transaction now, and those after it
    once it commits."""
    table = _table()
    for subscriber in table.IN_COMMIT.get(type(event), ()):
        subscriber(event)
    after = table.AFTER_COMMIT.get(type(event))
    if after:
        transaction.on_commit(lambda: _deliver(after, event))


def _deliver(subscribers: tuple[Callable[[Any], None], ...], event: News) -> None:
    for subscriber in subscribers:
        subscriber(event)
