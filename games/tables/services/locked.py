"""``LockedTable``: one table row locked for the current transaction, with its seats and match.

Every service that changes a table goes through it, so there is one writer per table at a time:
``SELECT ... FOR UPDATE`` on PostgreSQL; on SQLite the IMMEDIATE transaction already holds the
database's write lock. ``save`` writes what changed and publishes it for after the commit
(``TableChanged``, with the new snapshot, so that this process's sockets need not read it
back), a match's end (``MatchFinished``) and the one job the position needs (``BotTurnDue``).
The rows a move touches are read and written in plain SQL (``games.tables.sql``).
"""

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.utils import timezone

from accounts.ratings.services import ratings_record_match
from accounts.ratings.skill import match_standings
from games.engine import GAMES
from games.engine.base import AbsentSeat, Action, Match
from games.news import publish
from games.sql import (
    LateWrites,
    Statement,
    atomic_with_late_writes,
    execute_together,
    in_one_statement,
)
from games.tables.models import MatchResult, Move, MoveBy, Seat, Table, TableStatus
from games.tables.news import BotTurnDue, MatchFinished, TableChanged
from games.tables.refusals import TableRefusal
from games.tables.selectors import TableSnapshot, table_snapshot_of
from games.tables.sql import MOVE_ROWS, SEAT_ROWS, TABLE_ROWS, PublicMove, public_move, table_rows

logger = logging.getLogger(__name__)

# What play changes on the row (the initial state is written once, when the match starts).
PLAY_FIELDS = [
    *("state", "version", "revision", "status", "started_at", "finished_at"),
    *("deadline", "clock_queued", "bot_due", "paused_until", "rematch"),
]
# Written besides by the save that deals a match, and by one that tells the table something.
STARTED_FIELDS = ["initial_state", "generator_version"]
TOLD_FIELDS = ["told"]
# Of the columns ``save`` writes, the only ones in an index of the table: the status changes at
# a match's start and end, the rematch after its end, neither in play. No other (the clocks,
# the state) may be: a move's update of the row then writes no index and puts the new version
# in the row's own page, a HOT update on PostgreSQL, where one indexed clock made every move
# write a new entry in every index of the table (issue 34; migration 0022, and
# tests/games/tables/test_hot.py).
INDEXED_SAVED_FIELDS = frozenset({"status", "rematch"})

# A bot's turn is owed within its delay; this much later the sweep queues it again (a job lost
# with a worker that died).
BOT_GRACE_SECONDS = 5.0


@dataclass
class LockedTable:
    table: Table
    seats: list[Seat]
    match: Match | None
    # The members' names as read with the lock, by user id (None: a bot or an empty seat).
    names: dict[int | None, str] = field(default_factory=dict)
    # The pictures they chose (``TableRows.avatars``), by user id.
    avatars: dict[int, str] = field(default_factory=dict)
    # The bot accounts seated (``TableRows.programs``).
    programs: frozenset[int] = frozenset()
    # The columns changed on each seat, by seat number: ``save`` writes those and no others, so
    # that no seat write puts back a value it never meant to change.
    changed_seats: dict[int, set[str]] = field(default_factory=dict)
    started: bool = False  # the match was dealt in this transaction
    last_move: PublicMove | None = None  # the public side of the table's last move
    new_moves: list[Move] = field(default_factory=list)  # written by ``save``
    # The status the last news said: the row's when it was locked, then what ``save`` wrote.
    status_said: str = ""
    told_changed: bool = False  # ``tell`` added to ``table.told``: ``save`` writes it
    # Where ``save`` leaves its writes to go with the COMMIT (``atomic_locked``); None: at once.
    late: LateWrites | None = None

    @classmethod
    def lock(cls, table_id: int) -> "LockedTable":
        """Lock the row; call inside ``transaction.atomic``."""
        rows = table_rows(table_id, for_update=True)
        if rows is None:
            raise TableRefusal("no_table")
        table = rows.table
        return cls(
            table=table,
            seats=[seat for seat, _name in rows.seats],
            match=GAMES[table.game].from_json(table.state) if table.state else None,
            names={seat.user_id: name for seat, name in rows.seats},
            avatars=rows.avatars,
            programs=rows.programs,
            last_move=rows.last_move,
            status_said=table.status,
        )

    # -- who sits where ----------------------------------------------------------------------

    def seat_of(self, user_id: int | None, visitor: str = "") -> Seat | None:
        """The member's seat, or (no user id) the seat the visitor's key holds."""
        return next(
            (seat for seat in self.seats if seat.is_held_by(user_id=user_id, visitor=visitor)),
            None,
        )

    def seat_set(self, seat: Seat, **values: object) -> None:
        """Give ``seat`` these ``values``; ``save`` writes these columns of it."""
        for name, value in values.items():
            setattr(seat, name, value)
        self.changed_seats.setdefault(seat.number, set()).update(values)

    def movers(self) -> tuple[list[int], list[int]]:
        """The seats to move now: those a person plays, and those a bot plays."""
        if self.match is None or self.table.status != TableStatus.PLAYING:
            return [], []
        movers = self.match.to_move()
        bots = [seat for seat in movers if self.seats[seat].played_by_bot]
        return [seat for seat in movers if seat not in bots], bots

    # -- play --------------------------------------------------------------------------------

    def require_playing(self) -> Match:
        if self.match is None or self.table.status != TableStatus.PLAYING:
            raise TableRefusal("table_not_playing")
        return self.match

    def apply(self, seat: int, action: object, by: MoveBy) -> None:
        """Ask the engine (an ``IllegalAction`` leaves everything as it was) and log the move:
        the action as the engine reads it, never the dict a client sent."""
        match = self.require_playing()
        action = match.canonical_action(action)
        events = match.apply(seat, action)
        self.table.version += 1
        move = Move(
            table=self.table,
            version=self.table.version,
            seat=seat,
            action=action,
            events=events,
            by=by,
        )
        self.new_moves.append(move)
        self.last_move = public_move(move)

    def over_timeout_limit(self, seat: int) -> bool:
        return self.seats[seat].timeouts_in_row >= self.table.max_timeouts

    def over_timeout_limit_now(self, seat: Seat) -> bool:
        """The seat has just reached the limit of timeouts in a row."""
        return seat.timeouts_in_row == max(self.table.max_timeouts, 1)

    def absent_move(self, seat: int) -> Action | None:
        """What a player who timed out too often plays now, if anything: in rummy with drops
        the drop as soon as it is legal (at once in the draw phase, else at the start of
        their next turn: RM-17's middle drop); where no bot may play and the game has no drop
        (a tournament's Deals table) the engine's forfeit of the deal (``forfeit_action``)."""
        if not self.over_timeout_limit(seat):
            return None
        match = self.require_playing()
        if {"type": "drop"} in match.legal_actions(seat):
            return {"type": "drop"}
        if match.absent_seat_policy() is AbsentSeat.TIME_OUT:
            return match.forfeit_action(seat)
        return None

    def drop_absent_players(self) -> None:
        """Apply every drop or forfeit that has become due (the turn may come to several
        absent seats, one after another: a table of absent seats plays to its end here)."""
        while True:
            humans, _bots = self.movers()
            due = [(seat, move) for seat in humans if (move := self.absent_move(seat))]
            if not due:
                return
            seat, move = due[0]
            self.apply(seat, move, MoveBy.TIMEOUT)

    def tell(self, kind: str, *, seat: int | None = None, **params: object) -> None:
        """Keep for the table's readers that ``kind`` happened (to ``seat``, or to the whole
        table): each frame from now on carries it in its reader's words (``games.words.told``).
        ``params`` are words a person typed (a reason) or plain values, never a card."""
        self.table.told = [
            *self.table.told,
            {"kind": kind, "seat": seat, "version": self.table.version, "params": params},
        ]
        self.told_changed = True

    # -- after the changes -------------------------------------------------------------------

    def save(self, *, now: datetime | None = None, clock: bool = True) -> None:
        """Write the table and the changed seats; record the result of a finished match; after
        the commit, broadcast the new revision and, with ``clock``, start the clocks of the
        position and queue the one job it needs: a bot's turn, or none (without ``clock`` the
        running clocks are left alone). A person's clock runs out through
        ``games.tasks.tables_sweep``, which queues its job as it comes due."""
        table, match = self.table, self.match
        now = now or timezone.now()
        if match is not None:
            table.state = match.to_json()
            if match.is_over() and table.status == TableStatus.PLAYING:
                self._finish(now)
        if clock:
            self._pause(now)
            table.deadline, table.bot_due = self._clocks(now)
            table.clock_queued = False
        table.revision += 1
        fields = [
            *PLAY_FIELDS,
            *(STARTED_FIELDS if self.started else []),
            *(TOLD_FIELDS if self.told_changed else []),
        ]
        moves = [MOVE_ROWS.insert(self.new_moves)] if self.new_moves else []
        changed = [seat for seat in self.seats if seat.number in self.changed_seats]
        # Seats given up first: a member moving seats holds only one at every step.
        changed.sort(key=lambda seat: seat.user_id is not None)
        # Columns in a stable order: each distinct statement is prepared on its own.
        seats = [
            SEAT_ROWS.update(seat, sorted(self.changed_seats[seat.number])) for seat in changed
        ]
        # The seats one by one, in their order; the moves and the row in one statement (on
        # PostgreSQL), the seats' with it in one round trip.
        self._write([*seats, *in_one_statement([*moves, TABLE_ROWS.update(table, fields)])])
        publish(
            TableChanged(
                table.pk,
                table.version,
                table.revision,
                game=table.game,
                public=not table.private,
                status=table.status,
                status_before=self.status_said,
                snapshot=self.snapshot(),
            )
        )
        self.status_said = table.status
        if clock:
            self.queue_bot_turn(now)

    def snapshot(self) -> TableSnapshot | None:
        """The table as this transaction leaves it, when that needs no read: every member's name
        is known from the lock (None when a newcomer took a seat)."""
        if any(seat.user_id not in self.names for seat in self.seats):
            return None
        named = [(seat, self.names[seat.user_id]) for seat in self.seats]
        return table_snapshot_of(
            self.table, named, self.match, self.last_move, self.avatars, programs=self.programs
        )

    def queue_bot_turn(self, now: datetime | None = None) -> None:
        """The job of a bot to move in the position now on the table (the next deal's not
        before the pause between deals is over)."""
        _humans, bots = self.movers()
        if bots:
            table = self.table
            publish(BotTurnDue(table.pk, table.version, self.bot_delay(now)))

    def bot_delay(self, now: datetime | None = None) -> float:
        """Seconds until a bot may move: its table's delay, or what is left of the pause."""
        delay = self.table.bot_delay_seconds
        if self.table.paused_until is not None:
            left = (self.table.paused_until - (now or timezone.now())).total_seconds()
            delay = max(delay, left)
        return delay

    # -- the pause between deals -------------------------------------------------------------

    def pausing(self) -> bool:
        """The position is the wait between two deals, with nothing for anyone to decide but
        the next deal (a rummy Pool rejoin offer is a decision of its own, on its clock), and a
        person at the table to read the result."""
        match = self.match
        if match is None or self.table.status != TableStatus.PLAYING or not match.between_deals():
            return False
        if any(len(match.legal_actions(seat)) != 1 for seat in match.to_move()):
            return False
        return bool(self.people_present())

    def people_present(self) -> list[Seat]:
        """The seats people (members, a visitor) play themselves now (not one a bot plays:
        left, or away)."""
        return [seat for seat in self.seats if seat.has_person and not seat.played_by_bot]

    def _pause(self, now: datetime) -> None:
        """A deal just ended: its result stays up ``pause_seconds``, every person's Ready
        cleared; any other position has no pause."""
        table = self.table
        if not self.pausing():
            table.paused_until = None
            return
        if table.paused_until is None:
            table.paused_until = now + timedelta(seconds=table.pause_seconds)
            for seat in self.seats:
                if seat.ready:
                    self.seat_set(seat, ready=False)

    def paused(self, now: datetime | None = None) -> bool:
        """The result of the last deal is still up: nobody deals yet."""
        until = self.table.paused_until
        return until is not None and until > (now or timezone.now())

    def _clocks(self, now: datetime) -> tuple[datetime | None, datetime | None]:
        """The people's deadline and the time a bot's move is owed by, in this position: both
        wait for the pause between deals to end."""
        humans, bots = self.movers()
        deadline = bot_due = None
        if humans:
            assert self.match is not None
            seconds = self.match.decision_seconds() or self.table.turn_seconds
            if self.table.paused_until is not None:
                # The next deal is dealt for its dealer when the pause is over (the Deal
                # button is every person's Ready).
                deadline = self.table.paused_until
            else:
                deadline = now + timedelta(seconds=seconds)
        if bots:
            bot_due = now + timedelta(seconds=self.bot_delay(now) + BOT_GRACE_SECONDS)
        return deadline, bot_due

    def save_clock_only(self) -> None:
        """Write the table's clocks and nothing else: no revision, no news, no job."""
        self._write([TABLE_ROWS.update(self.table, ["deadline", "clock_queued", "bot_due"])])

    def _write(self, statements: list[Statement]) -> None:
        if self.late is None:
            execute_together(statements)
        else:
            self.late.add(statements)

    def _finish(self, now: datetime) -> None:
        assert self.match is not None
        result = self.match.result()
        self.table.status = TableStatus.FINISHED
        self.table.finished_at = now
        MatchResult.objects.create(
            table=self.table,
            result=result,
            winners=result["winners"],
            moves=self.table.version,
        )
        if self.table.ranked:
            self._rate(result["ranks"])
        # The daily deal scores its attempt in this transaction; a tournament checks its round
        # once it commits (config/subscribers.py).
        publish(
            MatchFinished(
                self.table.pk,
                self.table.game,
                now,
                table=self.table,
                match=self.match,
                new_moves=self.new_moves,
            )
        )

    def _rate(self, ranks: list[int]) -> None:
        """Ratings move in the transaction that records the result: both or neither."""
        # A house bot's seat (a ranked table formed with bots, issue 32) is rated as its level.
        seat_users = [
            seat.user_id if seat.user_id is not None else (seat.bot_level or None)
            for seat in self.seats
        ]
        if None in seat_users:
            # A member deleted their account mid-match: the others' result still stands, but a
            # table short of a member cannot be rated as the match was played.
            logger.warning("ranked table %s finished with an empty seat: not rated", self.table.pk)
            return
        teams, standings = match_standings(
            game=self.table.game,
            seat_users=seat_users,
            ranks=ranks,
            left={seat.user_id for seat in self.seats if seat.left and seat.user_id is not None},
        )
        ratings_record_match(
            game=self.table.game,
            variant=self.table.variant,
            match_ref=self.table.pk,
            teams=teams,
            ranks=standings,
        )


@contextmanager
def atomic_locked(table_id: int) -> Iterator[LockedTable]:
    """``with atomic_locked(id) as locked:`` one transaction holding the table's row lock. Its
    last writes go with its COMMIT where they can (``atomic_with_late_writes``): a move's
    lock and read, then its writes and COMMIT, in two round trips."""
    with atomic_with_late_writes() as late:
        locked = LockedTable.lock(table_id)
        locked.late = late
        yield locked
