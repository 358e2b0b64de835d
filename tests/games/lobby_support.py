"""Reading a lobby page, or what its socket pushed: each table where the lists put it."""

import re


def open_free(html: str, table_id: int) -> int | None:
    """The free seats the open list shows for the table; None: not listed as open."""
    row = re.search(rf'<tr data-table="{table_id}">(.*?)</tr>', html, re.S)
    if row is None:
        return None
    return int(re.search(r'<td class="seats-free">(\d+)</td>', row.group(1)).group(1))


def being_played(html: str, table_id: int) -> bool:
    lists = re.search(r'<ul id="playing-tables">(.*?)</ul>', html, re.S)
    return lists is not None and f'<li data-table="{table_id}">' in lists.group(1)


def ranked_queue(html: str, variant: str) -> str:
    """The text of a variant's ranked queue."""
    return re.search(rf'<span id="ranked-queue-{variant}"[^>]*>(.*?)</span>', html, re.S).group(1)


def pushed_parts(html: str) -> list[str]:
    """A push's elements, each as the page must hold it: the lists and every ranked queue."""
    lists, *queues = re.split(r'(?=<span id="ranked-queue-)', html.strip())
    return [lists.strip(), *(queue.strip() for queue in queues)]
