"""The one write path for a move (DESIGN.md, "A move"): a member's move, a bot's turn and a run-out
turn timer all lock the table row, check the version, ask the engine, append the ``Move`` and
save, in one transaction; the broadcast and the next job follow the commit (``LockedTable``).
"""

import logging
import time
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from accounts.moderation.sanctions import play_ban_give
from games.engine import GAMES
from games.engine.base import AbsentSeat, Action, Match, SentAction
from games.engine.bots import DEFAULT_BUDGET_SECONDS, Bot, bot_for
from games.news import publish
from games.tables.models import BotLevel, MoveBy, Seat, Table, TableStatus
from games.tables.news import BotTurnDue
from games.tables.refusals import TableRefusal
from games.tables.services.locked import BOT_GRACE_SECONDS, LockedTable, atomic_locked
from games.tables.sql import table_rows

STAND_IN_LEVEL = BotLevel.MEDIUM

# A bot's move is owed this long after its turn came due (issue 34: a Hard bot's p95 at most
# 1 s with 200 tables): a job that waited in the queue thinks only for what is left of it, and
# not at all once less than the least is left (it plays Medium's move at once). A floor of
# thinking for every late turn held the worker's two processes longer than the turns came, and
# the queue grew to seconds; a search shorter than the least scores a few worlds (Court Piece's
# take about 10 ms each), too few to overrule Medium.
BOT_TURN_SECONDS = 0.8
LEAST_THINKING_SECONDS = 0.05

logger = logging.getLogger(__name__)


def table_move_apply(
    *,
    table_id: int,
    user_id: int | None,
    action: SentAction,
    version: int,
    seat: int | None = None,
    visitor: str = "",
) -> int:
    """Apply a member's ``action`` (as their client sent it: the engine reads it) for their
    own seat (a visitor's: no ``user_id``, the seat their ``visitor`` key holds), if the table
    is still at ``version``.

    Locks the table row. ``seat``, when the client names one, must be the member's own. Refusals
    (``TableRefusal``, the engine's ``IllegalAction``) change nothing. Returns the new version.
    """
    with atomic_locked(table_id) as locked:
        own = locked.seat_of(user_id, visitor)
        if own is None:
            raise TableRefusal("not_seated")
        if own.left:
            raise TableRefusal("left_match")
        if seat is not None and seat != own.number:
            raise TableRefusal("bad_seat")
        locked.require_playing()
        if version != locked.table.version:
            raise TableRefusal("stale_version")
        if locked.paused():
            # The last deal's result is up: the next deal waits for everyone's Ready.
            raise TableRefusal("deal_paused")
        locked.apply(own.number, action, MoveBy.PLAYER)
        _player_is_back(locked, own)
        locked.drop_absent_players()
        locked.save()
        return locked.table.version


def table_seat_return(*, table_id: int, user_id: int | None, visitor: str = "") -> bool:
    """The member (or visitor) is back at their seat (they reconnected or said so): no
    stand-in bot and no pending drop any more, and a fresh turn clock if it is their turn.
    Locks the table row. Returns whether anything changed."""
    with atomic_locked(table_id) as locked:
        own = locked.seat_of(user_id, visitor)
        if own is None or own.left or locked.table.status != TableStatus.PLAYING:
            return False
        if not (own.stand_in or own.timeouts_in_row):
            return False
        _player_is_back(locked, own)
        humans, bots = locked.movers()
        # Their own clock starts afresh; anyone else's keeps running.
        locked.save(clock=own.number in humans + bots)
        return True


def table_match_leave(*, table_id: int, user_id: int) -> None:
    """The member leaves the match before its end: a bot plays their seat to the end (where
    the match allows no bot, the seat is dropped or times out as an absent one does), they
    can no longer move there, and a ranked match counts them last (issue #10). Locks the
    table row; leaving twice changes nothing."""
    with atomic_locked(table_id) as locked:
        own = locked.seat_of(user_id)
        if own is None:
            raise TableRefusal("not_seated")
        locked.require_playing()
        if own.left:
            return
        if locked.table.ranked:
            # Issue 20, point 6: leaving a ranked match pauses the member's ranked play.
            play_ban_give(member_id=user_id, cause="left_ranked", table_id=table_id)
        seat_leave_match(locked, own)


def seat_leave_match(locked: LockedTable, seat: Seat) -> None:
    """The member can no longer move at ``seat`` (they left, or a moderator removed them); a
    ranked match counts them last. A bot plays the seat to the end, except where no bot may
    sit (a tournament's table): there the seat is dropped as an absent player's is."""
    humans, bots = locked.movers()
    its_turn = seat.number in humans + bots
    if stand_ins_allowed(locked):
        locked.seat_set(seat, left=True, stand_in=True, timeouts_in_row=0)
    else:
        locked.seat_set(seat, left=True, timeouts_in_row=locked.table.max_timeouts)
        locked.drop_absent_players()
    # On the seat's turn, the clocks start again: a bot takes over the seat, or its drop moved
    # the turn on (asked after the drop, a rummy seat dropped on its turn left the next seat's
    # bot with no job and the old deadline: the table stood still). Anyone else's clock runs on.
    locked.save(clock=its_turn)


def table_member_tell(*, table_id: int, user_id: int, kind: str, **params: object) -> None:
    """Tell the member's seat at a table still played that ``kind`` happened to it from
    outside the match (``LockedTable.tell``; a daily deal replaced while they play it). Their
    open page shows it at once; the clocks run on. Locks the table row."""
    with atomic_locked(table_id) as locked:
        seat = locked.seat_of(user_id)
        if seat is None or locked.table.status != TableStatus.PLAYING:
            return
        locked.tell(kind, seat=seat.number, **params)
        locked.save(clock=False)


def table_timeout_apply(*, table_id: int, version: int, now: datetime | None = None) -> bool:
    """The turn clock of ``version`` ran out: each person to move gets the engine's
    ``default_action``. Locks the table row. Does nothing when the table has moved on or the
    deadline (read from the row, not from the job) is still ahead; returns whether it acted.

    A seat that reaches the table's limit of timeouts in a row is dropped in rummy (a middle
    drop, now or at its next turn); in the other games a stand-in bot plays it until its member
    comes back, which every frame shows. Bots still to move had their job lost: it is queued
    again.
    """
    now = now or timezone.now()
    # Most timeout jobs find their player long gone on: tell without taking the lock.
    if not _still_at(table_id, version):
        return False
    with atomic_locked(table_id) as locked:
        table = locked.table
        if table.status != TableStatus.PLAYING or table.version != version:
            return False
        if table.deadline is None or table.deadline > now:
            return False
        humans, _bots = locked.movers()
        if not humans:
            # A clock kept for a bot (a row from before bot_due): a bot needs none.
            table.deadline = None
            locked.save_clock_only()
            return False
        if locked.pausing():
            # The pause between deals is over: the next deal is dealt for its dealer, which
            # is no timeout of theirs (they never had a turn to miss).
            (dealer,) = humans
            match = locked.require_playing()
            locked.apply(dealer, match.default_action(dealer), MoveBy.TIMEOUT)
            humans = []
        for number in humans:
            # One seat's default may end another's turn (a rummy deal ending on a drop).
            if number in locked.require_playing().to_move():
                _time_out(locked, locked.seats[number])
        locked.drop_absent_players()
        locked.save(now=now)
        return True


def table_bot_turn_play(*, table_id: int, version: int, due_at: float | None = None) -> bool:
    """Play the turn of a bot (or a stand-in) to move at ``version``; returns whether it moved.

    The bot thinks before the row is locked (a Hard bot takes its time, and SQLite has one
    write lock for every table); the lock then checks that nothing moved meanwhile. ``due_at``
    (seconds since the epoch) is when the turn came due: a Hard bot thinks for what is left of
    its time (``thinking_seconds``). The read before it is the lock's own, less the lock: one
    round trip, where the ORM's two queries of the table and its seats took two fifths of a bot
    job's time at 200 tables (py-spy, issue 34).
    """
    rows = table_rows(table_id)
    if rows is None:
        return False
    table, seats = rows.table, [seat for seat, _name in rows.seats]
    if table.status != TableStatus.PLAYING or table.version != version or table.state is None:
        return False
    match = GAMES[table.game].from_json(table.state)
    number = next((s for s in match.to_move() if seats[s].played_by_bot), None)
    if number is None:
        # No bot is owed a move here: the sweep need not queue this job again.
        Table.objects.filter(pk=table_id, version=version).update(bot_due=None)
        return False
    if table.paused_until is not None and table.paused_until > timezone.now():
        # Queued before the pause was known (or a clock that runs ahead): try again after it.
        left = (table.paused_until - timezone.now()).total_seconds()
        publish(BotTurnDue(table_id, version, left))
        return False
    seat = seats[number]
    bot = bot_for(
        table.game,
        seat.bot_level or STAND_IN_LEVEL,
        seed=seat.bot_seed,
        memory=seat.bot_memory,
        budget_seconds=thinking_seconds(due_at, time.time()),
    )
    action = _bot_action(bot, match, number)
    with atomic_locked(table_id) as locked:
        locked_seat = locked.seats[number]
        if locked.table.version != version or not locked_seat.played_by_bot:
            return False
        locked.seat_set(locked_seat, bot_memory=bot.memory_json())
        locked.apply(number, action, MoveBy.BOT if locked_seat.bot_level else MoveBy.STAND_IN)
        locked.drop_absent_players()
        locked.save()
        return True


def thinking_seconds(due_at: float | None, now: float) -> float:
    """How long a Hard bot may think at ``now`` for a turn that came due at ``due_at`` (seconds
    since the epoch; None: not known, the whole budget): its budget while the turn is fresh,
    then what is left of ``BOT_TURN_SECONDS``, and none (Medium's move, at once) when less than
    ``LEAST_THINKING_SECONDS`` is left."""
    if due_at is None:
        return DEFAULT_BUDGET_SECONDS
    left = due_at + BOT_TURN_SECONDS - now
    if left < LEAST_THINKING_SECONDS:
        return 0.0
    return min(DEFAULT_BUDGET_SECONDS, left)


def table_ready(*, table_id: int, user_id: int | None, visitor: str = "") -> bool:
    """The member has read the last deal's result (the Ready button): once every person at
    the table has, the next deal is dealt, by its dealer (a person's deal is applied here; a
    bot's job is queued without waiting for the rest of the pause). Locks the table row.
    Returns whether anything changed: Ready outside a pause, or twice, changes nothing. A
    visitor (no ``user_id``) is known by their ``visitor`` key."""
    with atomic_locked(table_id) as locked:
        own = locked.seat_of(user_id, visitor)
        if own is None:
            raise TableRefusal("not_seated")
        if not locked.paused() or own.ready or own.left:
            return False
        locked.seat_set(own, ready=True)
        if all(seat.ready for seat in locked.people_present()):
            now = timezone.now()
            locked.table.paused_until = now
            humans, _bots = locked.movers()
            for dealer in humans:
                match = locked.require_playing()
                locked.apply(dealer, match.default_action(dealer), MoveBy.PLAYER)
            locked.save(now=now)
        else:
            # Only the seat changed: the clocks of the pause run on.
            locked.save(clock=False)
        return True


def table_clocks_queued(*, tables: list[tuple[int, int]]) -> None:
    """The sweep queued the timeout jobs of these ``(table id, version)`` clocks: the next
    sweep leaves them to their jobs. No lock: guarded by the version, a table that moved on
    (and so has a clock of its own) is left alone."""
    if not tables:
        return
    at = Q()
    for table_id, version in tables:
        at |= Q(pk=table_id, version=version)
    Table.objects.filter(at).update(clock_queued=True)


def table_bot_job_requeue(*, table_id: int, version: int, now: datetime | None = None) -> bool:
    """The bot's move at ``version`` was owed by its ``bot_due`` and has not come: its job was
    lost (a worker died, Redis restarted). Queue it again, once: ``bot_due`` moves on by the
    grace, so the next sweep waits for this job. No lock: both writes are guarded by the
    version, and a table that moved on is left alone. Returns whether it queued."""
    now = now or timezone.now()
    owed = now + timedelta(seconds=BOT_GRACE_SECONDS)
    table = Table.objects.filter(pk=table_id, status=TableStatus.PLAYING, version=version)
    if not table.filter(bot_due__lte=now).update(bot_due=owed):
        return False
    publish(BotTurnDue(table_id, version, 0))
    return True


def _still_at(table_id: int, version: int) -> bool:
    return Table.objects.filter(pk=table_id, status=TableStatus.PLAYING, version=version).exists()


def _bot_action(bot: Bot, match: Match, seat: int) -> Action:
    """The bot's choice; should a bot ever fail, the timer's default keeps the table going."""
    try:
        return bot.choose(match.view(seat), match.legal_actions(seat))
    except Exception:
        logger.exception("%r failed at seat %s: playing the default action", bot, seat)
        return match.default_action(seat)


def _time_out(locked: LockedTable, seat: Seat) -> None:
    locked.seat_set(seat, timeouts_in_row=seat.timeouts_in_row + 1)
    if locked.table.ranked and seat.user_id is not None and locked.over_timeout_limit_now(seat):
        # Issue 20, point 6: timing out of a ranked match pauses the member's ranked play,
        # once, when the seat first reaches the limit.
        play_ban_give(member_id=seat.user_id, cause="timed_out_ranked", table_id=locked.table.pk)
    match = locked.require_playing()
    absent = locked.absent_move(seat.number)
    if absent is not None:
        locked.apply(seat.number, absent, MoveBy.TIMEOUT)
        return
    locked.apply(seat.number, match.default_action(seat.number), MoveBy.TIMEOUT)
    if locked.over_timeout_limit(seat.number) and stand_ins_allowed(locked):
        locked.seat_set(seat, stand_in=True)


def stand_ins_allowed(locked: LockedTable) -> bool:
    """The engine says what a seat that keeps timing out comes to: dropped where the game has
    a drop (rummy's Points and Pool, RM-17), timed out turn by turn where the table allows no
    bot (a tournament's), else a bot stands in (``AbsentSeat``)."""
    return locked.require_playing().absent_seat_policy() is AbsentSeat.STAND_IN


def _player_is_back(locked: LockedTable, seat: Seat) -> None:
    if seat.stand_in or seat.timeouts_in_row:
        locked.seat_set(seat, stand_in=False, timeouts_in_row=0)
