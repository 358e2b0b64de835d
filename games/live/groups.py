"""The channel layer's group names, in one place: only ids cross Redis, and each group is heard
once per server process (by its hub, or a page's board)."""


def table_group(table_id: int) -> str:
    """The hubs of every server process that has a socket on the table."""
    return f"table.{table_id}"


def page_group(kind: str, key: str) -> str:
    """The boards of every server process with the page open (``pages.PageBoard``)."""
    return f"page.{kind}.{key}"
