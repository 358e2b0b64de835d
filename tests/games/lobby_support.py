"""Reading a lobby page, or what its socket pushed: each table where the lists put it."""

import asyncio
import re

from channels.db import database_sync_to_async

from games.tables import services

_seat_take = database_sync_to_async(services.table_seat_take)
_seat_leave = database_sync_to_async(services.table_seat_leave)


def open_free(html: str, table_id: int) -> int | None:
    """The free seats the open list shows for the table; None: not listed as open."""
    row = re.search(rf'<tr data-table="{table_id}">(.*?)</tr>', html, re.S)
    if row is None:
        return None
    return int(re.search(r'<td class="seats-free">(\d+)</td>', row.group(1)).group(1))


def being_played(html: str, table_id: int) -> bool:
    return _listed(html, "playing-tables", table_id)


def finished(html: str, table_id: int) -> bool:
    return _listed(html, "finished-tables", table_id)


def _listed(html: str, list_id: str, table_id: int) -> bool:
    lists = re.search(rf'<ul id="{list_id}">(.*?)</ul>', html, re.S)
    return lists is not None and f'<li data-table="{table_id}">' in lists.group(1)


async def seat_taken_and_left(table, member, *, seconds: float) -> int:
    """Take and leave a seat over and over for ``seconds``, ending seated; how many changes."""
    loop = asyncio.get_running_loop()
    began, changes = loop.time(), 0
    while changes % 2 == 0 or loop.time() - began < seconds:
        if changes % 2 == 0:
            await _seat_take(table_id=table.pk, user_id=member.pk, number=1)
        else:
            await _seat_leave(table_id=table.pk, user_id=member.pk)
        changes += 1
        await asyncio.sleep(0.05)
    return changes
