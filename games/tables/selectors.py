"""Reads about tables: lobby lists, who may see a table, a table's snapshot, its moves, replays."""

import json
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count, F, Q, QuerySet

from accounts.models import Profile
from config.sql import SEAT_ROWS, TABLE_ROWS
from games.engine import GAMES
from games.engine.base import Match
from games.tables.models import Move, Seat, Table, TableStatus

RECENT_MOVES = 30
_USERS = get_user_model()._meta.db_table
_USERNAME = get_user_model().USERNAME_FIELD

# A move as anyone at the table may read it: its public events, never its action (a hidden
# trump is chosen by an action only its player may see).
PUBLIC_MOVE = ("version", "seat", "by", "events")


# -- the lobby ---------------------------------------------------------------------------------


# What a lobby row shows: never a table's match state, which would be read and parsed for nothing.
LOBBY_FIELDS = ("id", "game", "variant", "seat_count", "ranked", "finished_at")
OPEN_SHOWN = 50
PLAYING_SHOWN = 20
FINISHED_SHOWN = 10


@dataclass(frozen=True)
class RankedQueue:
    """The open ranked tables of one variant: ``(taken, seats)`` at each, fullest first."""

    game: str
    variant: str
    waiting: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class LobbyLists:
    """What a game's lobby lists, the same for every reader: the public tables waiting for
    players (newest first, each with ``taken`` and ``free`` seats; ``open_more`` past the
    first ``OPEN_SHOWN``), the matches spectators may watch, the latest finished ones, and
    each variant's ranked queue."""

    open: list[Table]
    open_more: int
    playing: list[Table]
    finished: list[Table]
    ranked: list[RankedQueue]


def lobby_lists(game: str) -> LobbyLists:
    """The lobby of ``game``, in four queries (five with more than ``OPEN_SHOWN`` open tables)."""
    public = Table.objects.filter(game=game, private=False).only(*LOBBY_FIELDS)
    waiting = public.filter(status=TableStatus.OPEN)
    taken = Count("seats", filter=Q(seats__user__isnull=False) | ~Q(seats__bot_level=""))
    newest = waiting.annotate(taken=taken, free=F("seat_count") - taken).order_by("-created_at")
    # One more than shown: only a lobby with more counts them.
    open_tables = list(newest[: OPEN_SHOWN + 1])
    open_more = waiting.count() - OPEN_SHOWN if len(open_tables) > OPEN_SHOWN else 0
    playing = public.filter(status=TableStatus.PLAYING, allow_spectators=True)
    finished = public.filter(status=TableStatus.FINISHED)
    return LobbyLists(
        open=open_tables[:OPEN_SHOWN],
        open_more=open_more,
        playing=list(playing.order_by("-started_at")[:PLAYING_SHOWN]),
        finished=list(finished.order_by("-finished_at")[:FINISHED_SHOWN]),
        ranked=_ranked_queues(game, waiting.filter(ranked=True)),
    )


def _ranked_queues(game: str, tables: QuerySet[Table]) -> list[RankedQueue]:
    """Every variant of ``game``, each with the members waiting at its open ranked tables."""
    seated = Count("seats", filter=Q(seats__user__isnull=False))
    rows = tables.annotate(seated=seated).order_by("-seated", "created_at")
    waiting: dict[str, list[tuple[int, int]]] = {variant: [] for variant in GAMES[game].variants}
    for variant, count, seats in rows.values_list("variant", "seated", "seat_count"):
        waiting.setdefault(variant, []).append((count, seats))
    return [RankedQueue(game, variant, tuple(tables)) for variant, tables in waiting.items()]


# -- who may see a table -----------------------------------------------------------------------


def table_may_be_seen(table: Table, *, user_id: int | None, invite: str | None) -> bool:
    """Public tables are open to all; a private one to its seated members, its creator, and
    whoever holds its invite link."""
    if not table.private:
        return True
    if invite and secrets.compare_digest(invite, table.invite_token):
        return True
    if user_id is None:
        return False
    return table.created_by_id == user_id or table.seats.filter(user_id=user_id).exists()


@dataclass(frozen=True)
class Access:
    """How a socket sits at a table: at ``seat``, or watching (``seat`` None)."""

    seat: int | None


def table_access(*, table_id: int, user_id: int | None, invite: str | None) -> Access | None:
    """The seat of a member sitting at the table, else a spectator's place where watching is
    allowed; ``None``: refused (no such table, private without the invite, no spectators)."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None or not table_may_be_seen(table, user_id=user_id, invite=invite):
        return None
    seat = (
        Seat.objects.filter(table=table, user_id=user_id).values_list("number", flat=True).first()
        if user_id is not None
        else None
    )
    if seat is None and not table.allow_spectators:
        return None
    return Access(seat=seat)


# -- a table as its sockets show it ------------------------------------------------------------


@dataclass(frozen=True)
class SeatInfo:
    number: int
    name: str
    user_id: int | None
    bot_level: str
    stand_in: bool
    away: bool
    left: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.number,
            "name": self.name,
            "bot": self.bot_level or None,
            "stand_in": self.stand_in,
            "away": self.away,
            "left": self.left,
        }


@dataclass(frozen=True)
class TableSnapshot:
    """One table at one revision: what every frame of that revision is rendered from."""

    id: int
    game: str
    variant: str
    status: str
    version: int
    revision: int
    deadline: datetime | None
    seats: tuple[SeatInfo, ...]
    match: Match | None
    last_move: dict[str, Any] | None


def table_snapshot(table_id: int) -> TableSnapshot | None:
    """The table as its sockets show it, in one plain SQL read: this runs for every change of
    every table (once per server process), where the ORM's query building cost several times
    the query itself."""
    rows = table_rows(table_id)
    if rows is None:
        return None
    table = rows.table
    match = GAMES[table.game].from_json(table.state) if table.state else None
    return table_snapshot_of(table, rows.seats, match, rows.last_move)


def table_snapshot_of(
    table: Table,
    seats: Sequence[tuple[Seat, str]],
    match: Match | None,
    last_move: dict[str, Any] | None,
) -> TableSnapshot:
    """The snapshot of ``table`` with its ``(seat, member's name)`` pairs, its match and the
    public side of its last move."""
    return TableSnapshot(
        id=table.pk,
        game=table.game,
        variant=table.variant,
        status=table.status,
        version=table.version,
        revision=table.revision,
        deadline=table.deadline,
        seats=tuple(
            SeatInfo(
                number=seat.number,
                name=name,
                user_id=seat.user_id,
                bot_level=seat.bot_level,
                stand_in=seat.stand_in,
                away=seat.timeouts_in_row >= table.max_timeouts,
                left=seat.left,
            )
            for seat, name in seats
        ),
        match=match,
        last_move=last_move,
    )


@dataclass(frozen=True)
class TableRows:
    table: Table  # less its initial state
    seats: list[tuple[Seat, str]]  # in order, each with its member's name
    last_move: dict[str, Any] | None  # the public side of the move that made the version


def table_rows(table_id: int, *, for_update: bool = False) -> TableRows | None:
    """The table, its seats with their members' names (as ``Profile.shown_name`` gives them:
    the display name, else the username; "" for a bot or an empty seat) and its last move, in
    one query. ``for_update`` first locks the table's row until the transaction ends (on
    PostgreSQL; SQLite's IMMEDIATE transaction already holds the database's write lock).

    Lock first, then read: at READ COMMITTED a join in the locking statement itself reads the
    locked row afresh after waiting for it, but the joined rows (the seats, the last move) as
    they were before the wait (DESIGN.md's pitfalls). The read is a statement of its own, so
    it sees what the lock waited for; on PostgreSQL both go in one round trip."""
    lock = for_update and connection.features.has_select_for_update
    with connection.cursor() as cursor:
        if lock:
            with connection.connection.pipeline():
                cursor.execute(_table_lock_sql(), [table_id])
                cursor.execute(_table_rows_sql(), [table_id])
                rows = cursor.fetchall()
        else:
            cursor.execute(_table_rows_sql(), [table_id])
            rows = cursor.fetchall()
    if not rows:
        return None
    table_end = TABLE_ROWS.width
    move_end = table_end + len(PUBLIC_MOVE)
    seat_end = move_end + SEAT_ROWS.width
    last = dict(zip(PUBLIC_MOVE, rows[0][table_end:move_end], strict=True))
    return TableRows(
        table=TABLE_ROWS.instance(rows[0][:table_end]),
        seats=[(SEAT_ROWS.instance(row[move_end:seat_end]), row[seat_end] or "") for row in rows],
        last_move={**last, "events": json.loads(last["events"])} if last["version"] else None,
    )


@cache
def _table_lock_sql() -> str:
    key = connection.ops.quote_name(Table._meta.pk.column)
    return f"SELECT 1 FROM {TABLE_ROWS.db_table} WHERE {key} = %s FOR UPDATE"


@cache
def _table_rows_sql() -> str:
    """Written on first use, when the database backend (and its quoting) is known. Table names
    come from the models; values are always parameters. The last move is the one that made
    the table's version (versions have no gaps)."""
    quoted = connection.ops.quote_name
    return f"""
        SELECT {TABLE_ROWS.columns("t")},
               m.version, m.seat, m.{quoted("by")}, m.events,
               {SEAT_ROWS.columns("s")},
               COALESCE(NULLIF(p.display_name, ''), u.{quoted(_USERNAME)})
        FROM {TABLE_ROWS.db_table} t
        JOIN {SEAT_ROWS.db_table} s ON s.table_id = t.id
        LEFT JOIN {quoted(Move._meta.db_table)} m ON m.table_id = t.id AND m.version = t.version
        LEFT JOIN {quoted(_USERS)} u ON u.id = s.user_id
        LEFT JOIN {quoted(Profile._meta.db_table)} p ON p.user_id = s.user_id
        WHERE t.id = %s
        ORDER BY s.number
    """


def table_revision(table_id: int) -> tuple[int, int] | None:
    """The table's (version, revision) now: cheap, for the heartbeat."""
    return Table.objects.filter(pk=table_id).values_list("version", "revision").first()


def table_recent_moves(table: Table, *, limit: int = RECENT_MOVES) -> list[dict[str, Any]]:
    """The last public moves at the table, oldest first."""
    moves = Move.objects.filter(table=table).order_by("-version").values(*PUBLIC_MOVE)
    return list(reversed(moves[:limit]))


# -- the clock's work --------------------------------------------------------------------------


def clocks_due(*, by: datetime, late: datetime) -> list[tuple[int, int, datetime]]:
    """(id, version, deadline) of every people's clock that runs out by ``by`` and has no job
    queued yet, or whose job should have acted before ``late`` (it came late or was lost)."""
    return list(
        Table.objects.filter(status=TableStatus.PLAYING, deadline__lte=by)
        .filter(Q(clock_queued=False) | Q(deadline__lte=late))
        .values_list("id", "version", "deadline")
    )


def bots_overdue(now: datetime) -> list[tuple[int, int]]:
    """(id, version) of every match whose bot should have moved by ``now``."""
    return list(
        Table.objects.filter(status=TableStatus.PLAYING, bot_due__lte=now).values_list(
            "id", "version"
        )
    )


# -- replays -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayStep:
    """The match right after ``move`` (before the first move: ``move`` is None)."""

    move: Move | None
    match: Match


def table_replay(table: Table) -> Iterator[ReplayStep]:
    """The match from its initial state, one applied move at a time, in version order."""
    rules = GAMES[table.game]
    state = table.initial_state
    yield ReplayStep(None, rules.from_json(json.loads(json.dumps(state))))
    for move in Move.objects.filter(table=table).order_by("version"):
        # Each step its own match, restored as from the database, so none shares state.
        match = rules.from_json(json.loads(json.dumps(state)))
        match.apply(move.seat, move.action)
        state = match.to_json()
        yield ReplayStep(move, match)
