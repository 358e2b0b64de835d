"""Reads about tables: lobby lists, who may see a table, a table's snapshot, its moves, replays."""

import dataclasses
import json
import secrets
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.core.cache import cache as shared_cache
from django.db.models import Count, F, Q
from django.utils import timezone

from accounts.moderation.roles import is_moderator
from games.engine import GAMES
from games.engine.base import Match
from games.frames.shapes import BOT_ACCOUNT, SeatJson, seat_hue
from games.tables.models import ChatLine, Move, Seat, Table, TableStatus, seats_put_off
from games.tables.sql import PUBLIC_MOVE, PublicMove, public_move, table_rows
from games.tables.visitors import holds_seat

RECENT_MOVES = 30


# -- the lobby ---------------------------------------------------------------------------------


# What a lobby row shows: never a table's match state, which would be read and parsed for nothing.
LOBBY_FIELDS = ("id", "game", "variant", "seat_count", "ranked", "finished_at")
OPEN_SHOWN = 50
PLAYING_SHOWN = 20
FINISHED_SHOWN = 10


@dataclass(frozen=True)
class LobbyLists:
    """What a game's lobby lists, the same for every reader: the public tables waiting for
    players (newest first, each with ``taken`` and ``free`` seats; ``open_more`` past the
    first ``OPEN_SHOWN``), the matches spectators may watch and the latest finished ones."""

    open: Sequence[Table]
    open_more: int
    playing: Sequence[Table]
    finished: Sequence[Table]


def lobby_lists(game: str) -> LobbyLists:
    """The lobby of ``game``, in three queries (four with more than ``OPEN_SHOWN`` open tables)."""
    public = Table.objects.filter(game=game, private=False).only(*LOBBY_FIELDS)
    waiting = public.filter(status=TableStatus.OPEN)
    taken = Count("seats", filter=Q(seats__user__isnull=False) | ~Q(seats__bot_level=""))
    newest = waiting.annotate(taken=taken, free=F("seat_count") - taken).order_by("-created_at")
    # One more than shown: only a lobby with more counts them.
    open_tables = list(newest[: OPEN_SHOWN + 1])
    open_more = waiting.count() - OPEN_SHOWN if len(open_tables) > OPEN_SHOWN else 0
    # A duplicate deal's table may not be watched while its round is on (``seed_held``).
    playing = public.filter(status=TableStatus.PLAYING, allow_spectators=True, seed_held=False)
    finished = public.filter(status=TableStatus.FINISHED)
    return LobbyLists(
        open=open_tables[:OPEN_SHOWN],
        open_more=open_more,
        playing=list(playing.order_by("-started_at")[:PLAYING_SHOWN]),
        finished=list(finished.order_by("-finished_at")[:FINISHED_SHOWN]),
    )


# -- who may see a table -----------------------------------------------------------------------


def table_may_be_seen(
    table: Table, *, user_id: int | None, invite: str | None, visitor: str = ""
) -> bool:
    """Public tables are open to all; a private one to its seated members, its creator, and
    whoever holds its invite link; a visitor's try at a daily deal to the visitor whose key
    holds its seat; a daily deal's finished table (private while its day lasts) to all once
    its day is over, for its board to link its replay and its seed."""
    if not table.private or daily_deal_is_open(table):
        return True
    if invite and secrets.compare_digest(invite, table.invite_token):
        return True
    if user_id is None:
        return bool(visitor) and table.seats.filter(visitor=visitor).exists()
    return table.created_by_id == user_id or table.seats.filter(user_id=user_id).exists()


def daily_deal_is_open(table: Table) -> bool:
    """A daily deal's finished table once its day is over: open to all, as a public one."""
    return (
        table.reveal_after is not None
        and table.status == TableStatus.FINISHED
        and timezone.now() >= table.reveal_after
    )


@dataclass(frozen=True)
class Access:
    """How a socket sits at a table: at ``seat``, or watching (``seat`` None)."""

    seat: int | None


def table_access(
    *, table_id: int, user_id: int | None, invite: str | None, visitor: str = ""
) -> Access | None:
    """The seat of a member (or a visitor, by their key) sitting at the table, else a
    spectator's place where watching is allowed, or for a moderator; ``None``: refused (no
    such table, private without the invite, no spectators, a duplicate deal still played
    elsewhere)."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return None
    by = Q(user_id=user_id) if user_id is not None else Q(visitor=visitor) & ~Q(visitor="")
    seat, left = Seat.objects.filter(by, table=table).values_list("number", "left").first() or (
        None,
        False,
    )
    if table.seed_held and (seat is None or left):
        # Duplicate deals (issue 31): the round's other tables are dealt these very cards, so
        # nobody watches until the round is over, a moderator neither (one may be playing at
        # another table of the round), nor a player who left; its own players play on.
        return None
    if not table_may_be_seen(table, user_id=user_id, invite=invite, visitor=visitor):
        return Access(seat=None) if moderator_watches(user_id) else None
    if seat is None and not table.allow_spectators and not moderator_watches(user_id):
        return None
    return Access(seat=seat)


def moderator_watches(user_id: int | None) -> bool:
    """A moderator may watch any table, private or closed to spectators, through the same
    spectator's view as anyone (issue 20): never a hand in play."""
    if user_id is None:
        return False
    return is_moderator(get_user_model().objects.filter(pk=user_id).first())


# -- a table as its sockets show it ------------------------------------------------------------


@dataclass(frozen=True)
class SeatInfo:
    number: int
    name: str
    user_id: int | None
    # A visitor's key (``games.tables.visitors``): for the server to know the visitor's own
    # seat, never in a frame (``to_json``).
    visitor: str
    bot_level: str
    stand_in: bool
    away: bool
    left: bool
    ready: bool
    avatar: str = ""  # the member's picture (accounts.profiles.avatars), "" for none
    # A bot account's seat (``accounts.bots``): a program plays it, shown as a bot.
    program: bool = False

    @property
    def is_empty(self) -> bool:
        """Nobody sits here, not even a house bot: a seat a person or a bot account may take."""
        return self.user_id is None and not self.visitor and not self.bot_level

    def to_json(self) -> SeatJson:
        return {
            "seat": self.number,
            "name": self.name,
            "avatar": self.avatar,
            # A member's colour follows them from name to name; a visitor's, their name.
            "hue": seat_hue(str(self.user_id) if self.user_id is not None else self.name),
            # A house bot's level (also a stand-in's); a bot account's seat: "account".
            "bot": self.bot_level or (BOT_ACCOUNT if self.program else None),
            "stand_in": self.stand_in,
            "away": self.away,
            "left": self.left,
            "ready": self.ready,
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
    paused_until: datetime | None  # the last deal's result stays up until then
    rematch: int | None  # the table of this finished match's rematch
    # A daily deal's table: the other seats' hands stay face down until then, even after
    # its match (no spoilers; ``Match.sealed_view``).
    hands_secret_until: datetime | None
    seats: tuple[SeatInfo, ...]
    match: Match | None
    last_move: PublicMove | None
    # What the table tells its seats (``Table.told``), oldest first.
    told: tuple[dict[str, Any], ...] = ()
    # What every seat's frame of this snapshot shares, worked out by the first socket to
    # render one (``games.live.frames``); never copied by ``dataclasses.replace``.
    shared: dict[object, Any] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def seats_put_off(self) -> set[int]:
        return seats_put_off(self.told)

    def seat_held_by(self, *, user_id: int | None, visitor: str = "") -> int | None:
        """The number of the member's seat, or (no user id) the visitor's; None: watching."""
        for seat in self.seats:
            if holds_seat(seat.user_id, seat.visitor, user_id=user_id, visitor=visitor):
                return seat.number
        return None


def table_snapshot(table_id: int) -> TableSnapshot | None:
    """The table as its sockets show it, in one plain SQL read: this runs for every change of
    every table (once per server process), where the ORM's query building cost several times
    the query itself."""
    rows = table_rows(table_id)
    if rows is None:
        return None
    table = rows.table
    match = GAMES[table.game].from_json(table.state) if table.state else None
    return table_snapshot_of(
        table, rows.seats, match, rows.last_move, rows.avatars, programs=rows.programs
    )


def table_snapshot_of(
    table: Table,
    seats: Sequence[tuple[Seat, str]],
    match: Match | None,
    last_move: PublicMove | None,
    avatars: Mapping[int, str] | None = None,
    *,
    programs: frozenset[int] = frozenset(),
) -> TableSnapshot:
    """The snapshot of ``table`` with its ``(seat, member's name)`` pairs, its match, the
    public side of its last move, the members' pictures (by user id) and the bot accounts
    among them."""
    return TableSnapshot(
        id=table.pk,
        game=table.game,
        variant=table.variant,
        status=table.status,
        version=table.version,
        revision=table.revision,
        deadline=table.deadline,
        paused_until=table.paused_until,
        rematch=table.rematch_id,
        hands_secret_until=table.reveal_after,
        seats=tuple(
            SeatInfo(
                number=seat.number,
                name=name,
                user_id=seat.user_id,
                visitor=seat.visitor,
                bot_level=seat.bot_level,
                stand_in=seat.stand_in,
                away=seat.timeouts_in_row >= table.max_timeouts,
                left=seat.left,
                ready=seat.ready,
                avatar=(avatars or {}).get(seat.user_id, "") if seat.user_id is not None else "",
                program=seat.user_id in programs,
            )
            for seat, name in seats
        ),
        match=match,
        last_move=last_move,
        told=tuple(table.told or ()),
    )


def table_revision(table_id: int) -> tuple[int, int] | None:
    """The table's (version, revision) now: cheap, for the heartbeat."""
    return Table.objects.filter(pk=table_id).values_list("version", "revision").first()


def table_recent_moves(table: Table, *, limit: int = RECENT_MOVES) -> list[PublicMove]:
    """The last public moves at the table, oldest first."""
    moves = Move.objects.filter(table=table).order_by("-version").values(*PUBLIC_MOVE)
    return [cast(PublicMove, move) for move in reversed(moves[:limit])]


# -- the clock's work --------------------------------------------------------------------------


def clocks_due(*, by: datetime, late: datetime) -> list[tuple[int, int, datetime]]:
    """(id, version, deadline) of every people's clock that runs out by ``by`` and has no job
    queued yet, or whose job should have acted before ``late`` (it came late or was lost)."""
    due = (
        Table.objects.filter(status=TableStatus.PLAYING, deadline__lte=by)
        .filter(Q(clock_queued=False) | Q(deadline__lte=late))
        .values_list("id", "version", "deadline")
    )
    # No NULL deadline is at or before ``by``.
    return cast(list[tuple[int, int, datetime]], list(due))


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


REPLAY_CHECKPOINT_MOVES = 16
"""A replay keeps the match's state every this many moves in the cache: a step is rebuilt from
the nearest one, never from move 0."""
REPLAY_CACHE_SECONDS = 3600


def table_replay_step(table: Table, step: int) -> ReplayStep:
    """The finished match right after move ``step`` (0: the deal), rebuilt from the nearest
    state the cache keeps: the step before (the Next button: one move applied), or the
    checkpoint at or before it (at most ``REPLAY_CHECKPOINT_MOVES - 1`` moves). On the way it
    keeps the checkpoints it passes and the step itself, so only the first look at a match
    replays it from the start, and only up to the step looked at. A finished match never
    changes, so nothing kept goes stale."""
    rules = GAMES[table.game]
    checkpoint = step - step % REPLAY_CHECKPOINT_MOVES
    keys = {version: _replay_key(table, version) for version in {step, step - 1, checkpoint}}
    kept = shared_cache.get_many([key for version, key in keys.items() if version > 0])
    start = max((version for version, key in keys.items() if key in kept), default=0)
    state = kept[keys[start]] if start else json.loads(json.dumps(table.initial_state))
    match = rules.from_json(state)
    moves = Move.objects.filter(table=table, version__gte=max(start, 1), version__lte=step)
    shown, passed = None, {}
    for move in moves.order_by("version"):
        shown = move
        if move.version > start:
            match.apply(move.seat, move.action)
            if move.version % REPLAY_CHECKPOINT_MOVES == 0 or move.version == step:
                passed[_replay_key(table, move.version)] = match.to_json()
    if passed:
        shared_cache.set_many(passed, REPLAY_CACHE_SECONDS)
    return ReplayStep(shown, match)


def table_replay_snapshot(table: Table, shown: ReplayStep, step: int) -> TableSnapshot:
    """The finished table as its page draws a replay's ``step``: its seats and names, the
    match after that move, and that move as the last one."""
    # A table without seat rows (made in a test, or its seats gone) is drawn without seats.
    finished = table_snapshot(table.pk) or table_snapshot_of(table, [], None, None)
    return dataclasses.replace(
        finished,
        match=shown.match,
        version=step,
        last_move=public_move(shown.move) if shown.move is not None else None,
    )


def _replay_key(table: Table, version: int) -> str:
    """A finished match's state after ``version``, as the cache keeps it: the table's id and
    when it was made (an id may be given again after a row is deleted)."""
    return f"replay:{table.pk}:{table.created_at.timestamp():.6f}:{version}"


# -- chat --------------------------------------------------------------------------------------

CHAT_SHOWN = 50


def chat_recent_in_place(place: str) -> list[ChatLine]:
    """The last lines said in the place (``ChatLine.place``), oldest first, deleted ones left
    out."""
    lines = (
        ChatLine.objects.filter(place=place, deleted_at__isnull=True)
        .select_related("author__profile")
        .order_by("-id")[:CHAT_SHOWN]
    )
    return list(reversed(lines))


def chat_recent(table_id: int, rooms: tuple[str, ...]) -> list[ChatLine]:
    """The last lines of these rooms of the table, oldest first, deleted ones left out."""
    lines = (
        ChatLine.objects.filter(table_id=table_id, room__in=rooms, deleted_at__isnull=True)
        .select_related("author__profile")
        .order_by("-id")[:CHAT_SHOWN]
    )
    return list(reversed(lines))
