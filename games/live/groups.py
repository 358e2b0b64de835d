"""The channel layer's group names, in one place: only ids cross Redis, and each group is heard
once per server process (by its hub, or a page's board)."""


def table_group(table_id: int) -> str:
    """The hubs of every server process that has a socket on the table."""
    return f"table.{table_id}"


def page_group(kind: str, key: str) -> str:
    """The boards of every server process with the page open (``pages.PageBoard``)."""
    return f"page.{kind}.{key}"


def user_group(user_id: int) -> str:
    """Every open socket of one member (presence, tables, live pages), across all server
    processes: a ban closes them all at once (``guards.GuardedJsonConsumer``)."""
    return f"presence.user.{user_id}"


def chat_group(table_id: int) -> str:
    """Every socket of the table, in every server process, for its chat: a line is said to
    few, and each socket keeps only its own room's (``consumers.TableConsumer``)."""
    return f"chat.{table_id}"


def chat_place_group(place: str) -> str:
    """Every socket of a place's chat (a tournament's: ``"tournament.12"``), in every server
    process."""
    return f"chat.place.{place}"


def account_group(user_id: int) -> str:
    """Every open event stream of one bot API account (``streams``), in every server process."""
    return f"botapi.account.{user_id}"
