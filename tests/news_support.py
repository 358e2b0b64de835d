"""Hearing what writes publish (``games.news``): a test adds itself to the subscriber table
(``config/subscribers.py``) for as long as it listens, after everything already listed."""

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from config import subscribers
from games.news import News


@contextmanager
def hearing(*kinds: type[News]) -> Iterator[list[News]]:
    """Every event of ``kinds`` delivered after a commit, in order, while the block runs."""
    heard: list[News] = []
    with pytest.MonkeyPatch.context() as patch:
        for kind in kinds:
            listed = subscribers.AFTER_COMMIT.get(kind, ())
            patch.setitem(subscribers.AFTER_COMMIT, kind, (*listed, heard.append))
        yield heard
