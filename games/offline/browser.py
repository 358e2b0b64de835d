"""What the Web Worker calls (static/js/offline_worker.js): JSON text in, JSON text out, one
table per worker. Each answer carries the frame to draw and, after a change, the record to
keep; a refusal is an error frame and changes nothing.
"""

import json
import time
from typing import Any

from django.utils.translation import override

from games.offline.table import OfflineTable, SetupRefused

_tables: list[OfflineTable] = []


def _answer(**parts: Any) -> str:
    return json.dumps(parts, ensure_ascii=False)


def _table() -> OfflineTable:
    return _tables[-1]


def open_table(setup_or_record: str, language: str) -> str:
    """A new match (a setup) or a kept one (a record, ``"format"`` in it) at this worker."""
    data = json.loads(setup_or_record)
    try:
        table = OfflineTable.restore(data) if "format" in data else OfflineTable.new(data)
    except SetupRefused as refused:
        return _answer(refused=refused.code)
    _tables[:] = [table]
    return _answer(
        frame=table.frame(language),
        record=table.record(),
        recent=table.recent_moves(language),
    )


def move(action: str, version: int, language: str) -> str:
    table = _table()
    with override(language):
        error = table.move(json.loads(action), version)
    if error is not None:
        return _answer(error=error)
    return _answer(frame=table.frame(language), record=table.record())


def bot_move(language: str) -> str:
    """The next bot's move, with how long it thought (milliseconds); ``{}`` if no bot is owed
    a move."""
    table = _table()
    if table.bot_to_move() is None:
        return _answer()
    started = time.perf_counter()
    level = table.bot_move()
    thought = (time.perf_counter() - started) * 1000
    return _answer(frame=table.frame(language), record=table.record(), level=level, ms=thought)


def arrange(message: str, language: str) -> str:
    return _answer(reply=_table().arrange(json.loads(message), language))


def frame(language: str) -> str:
    return _answer(frame=_table().frame(language))
