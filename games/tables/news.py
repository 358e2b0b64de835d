"""What a table's write changed, for the sockets watching it (``games.news``)."""

from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import User
from django.core.exceptions import ObjectDoesNotExist

from games.engine.base import Match
from games.news import News
from games.tables.models import ChatLine, Move, Table
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


@dataclass(frozen=True)
class TablesDealt(News):
    """Many tables were made and dealt in one write (a tournament's round,
    ``tables_deal_seated``): each one's news, told in one pass after the commit, each live
    list once for all of them (one delivery a table cost a round of 167 tables 0.9 s on an
    idle machine, several seconds on a loaded one: issue 31)."""

    changes: tuple[TableChanged, ...]


@dataclass(frozen=True)
class MatchFinished(News):
    """The match at ``table_id`` is over and its result recorded (``MatchResult``, the ratings
    of a ranked one), at ``at``; published by the write that played its last move
    (``LockedTable.save``).

    For this process's own use, inside that transaction (``IN_COMMIT``), what the write holds
    with the row locked: the table as it is being saved, the match, and the moves this write
    adds (not yet written)."""

    table_id: int
    game: str
    at: datetime
    table: Table = field(compare=False, repr=False)
    match: Match = field(compare=False, repr=False)
    new_moves: list[Move] = field(compare=False, repr=False)


@dataclass(frozen=True)
class BotTurnDue(News):
    """A bot (or a stand-in) is to move at ``table_id`` in the position of ``version``, in
    ``delay`` seconds: its job is queued (``games.tasks.bot_turn_queue``) once the write
    commits. A late or repeated job finds the table moved on and does nothing."""

    table_id: int
    version: int
    delay: float


@dataclass(frozen=True)
class ChatPosted(News):
    """A line was said in a room of the table's chat: everything a reader of the room sees,
    but a quick phrase's words, which each reader's socket puts in their own language."""

    table_id: int
    line_id: int
    room: str
    author_id: int
    author: str
    text: str
    phrase: str
    at: str
    # A place's line (``ChatLine.place``): its name; ``table_id`` is 0 then.
    place: str = ""

    @classmethod
    def of(cls, line: ChatLine) -> "ChatPosted":
        """The news of ``line`` (its author and their profile read with it)."""
        return cls(
            place=line.place,
            table_id=line.table_id or 0,
            line_id=line.pk,
            room=line.room,
            author_id=line.author_id,
            author=shown_name(line.author),
            text=line.text,
            phrase=line.phrase,
            at=line.created_at.isoformat(),
        )


@dataclass(frozen=True)
class ChatDeleted(News):
    """A moderator deleted a line of the room: every reader's page drops it."""

    table_id: int
    line_id: int
    room: str
    place: str = ""


def shown_name(user: User) -> str:
    """The name others see (``Profile.shown_name``), for a member who may have no profile."""
    try:
        return str(user.profile.shown_name)
    except ObjectDoesNotExist:
        return str(user.get_username())
