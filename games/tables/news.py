"""What a table's write changed, for the sockets watching it (``config.news``)."""

from dataclasses import dataclass, field

from config.news import News
from games.tables.selectors import TableSnapshot


@dataclass(frozen=True)
class TableChanged(News):
    """The table is at ``version`` (moves played) and ``revision`` (every change a frame
    shows). Only the numbers leave this process: each socket renders its own seat's view from
    a snapshot of the revision. ``snapshot`` is the table as the write left it, when the write
    had everything for it, so that this process's sockets need not read it back.

    The rest says what the table's row says of it, for whoever lists tables (the lobby): its
    game, whether it is public, and its status before and after the write (left empty, the
    change shows in no list)."""

    table_id: int
    version: int
    revision: int
    game: str = ""
    public: bool = False
    status: str = ""
    status_before: str = ""
    snapshot: TableSnapshot | None = field(default=None, compare=False, repr=False)
