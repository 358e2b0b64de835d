"""Tables before their match: making one, taking and leaving seats, starting.

A match starts by itself when the last empty seat is taken, or when the table's creator starts
it and bots fill the empty seats.
"""

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.moderation.models import SanctionKind
from accounts.moderation.sanctions import play_ban_words, sanction_in_force
from games.engine import GAMES
from games.news import publish
from games.tables.models import BotLevel, Seat, Table, TableStatus
from games.tables.news import TableChanged, TablesDealt
from games.tables.refusals import TableRefusal
from games.tables.seeds import (
    GENERATOR_VERSION,
    client_seed_is_valid,
    commitment_of,
    match_seed_of,
    server_seed_new,
)
from games.tables.selectors import table_may_be_seen
from games.tables.services.locked import LockedTable, atomic_locked
from games.tables.sql import NEW_TABLE_ROWS

MALFORMED_SEED = _("Your browser's seed for the deal is malformed.")

TURN_SECONDS = (1, 600)
BOT_DELAY_SECONDS = (0.0, 10.0)
MAX_TIMEOUTS = (1, 10)
PAUSE_SECONDS = (0, 60)


@transaction.atomic
def table_create(
    *,
    creator_id: int | None,
    game: str,
    variant: str,
    bot_levels: Sequence[str],
    options: dict[str, Any] | None = None,
    turn_seconds: int = 30,
    bot_delay_seconds: float = 1.0,
    max_timeouts: int = 2,
    private: bool = False,
    allow_spectators: bool = True,
    ranked: bool = False,
    client_seed: str = "",
    server_seed: str | None = None,
    bot_seeds: Sequence[str] | None = None,
    reveal_after: datetime | None = None,
    pause_seconds: int = 10,
    visitor: str = "",
) -> Table:
    """A new table with one seat per entry of ``bot_levels`` ("" for a person, else the level of
    the bot sitting there); the creator takes the first seat left for a person, with the seed
    their browser made (``client_seed``, games.tables.seeds). Bad settings raise
    ``ValidationError`` (keyed by field) and nothing is made. A table of bots alone starts at
    once. No lock: the row is new.

    A daily deal gives its own ``server_seed`` (the day's), ``bot_seeds`` drawn from it (the
    same bots for everyone) and ``reveal_after`` (the end of its day); any other table draws a
    fresh server seed from the operating system's secure source. A visitor's try at a daily
    deal has no creator: the ``visitor`` key takes the person's seat."""
    if (creator_id is None) == (not visitor):
        raise ValueError("a table is made by a member or for a visitor")
    options = _checked(game, variant, bot_levels, options or {})
    if client_seed and not client_seed_is_valid(client_seed):
        raise ValidationError({"client_seed": MALFORMED_SEED})
    if bot_seeds is not None and len(bot_seeds) != len(bot_levels):
        raise ValueError("one bot seed per seat")
    if ranked and any(bot_levels):
        raise ValidationError({"ranked": _("A ranked table is for members only: no bots.")})
    if ranked and creator_id is not None:
        ranked_play_allowed(creator_id)
    _check_range("turn_seconds", turn_seconds, TURN_SECONDS)
    _check_range("bot_delay_seconds", bot_delay_seconds, BOT_DELAY_SECONDS)
    _check_range("max_timeouts", max_timeouts, MAX_TIMEOUTS)
    seed = server_seed or server_seed_new()
    _check_range("pause_seconds", pause_seconds, PAUSE_SECONDS)
    table = Table.objects.create(
        game=game,
        variant=variant,
        seat_count=len(bot_levels),
        options=options,
        turn_seconds=turn_seconds,
        bot_delay_seconds=bot_delay_seconds,
        max_timeouts=max_timeouts,
        private=private,
        allow_spectators=allow_spectators,
        ranked=ranked,
        pause_seconds=pause_seconds,
        created_by_id=creator_id,
        server_seed=seed,
        seed_commitment=commitment_of(seed),
        reveal_after=reveal_after,
    )
    seats = [
        Seat(table=table, number=number, bot_level=level) for number, level in enumerate(bot_levels)
    ]
    for seat, bot_seed in zip(seats, bot_seeds or (), strict=False):
        seat.bot_seed = bot_seed
    creator_seat = next((seat for seat in seats if not seat.bot_level), None)
    if creator_seat is not None:
        creator_seat.user_id = creator_id
        creator_seat.visitor = visitor
        creator_seat.client_seed = client_seed
    Seat.objects.bulk_create(seats)
    with atomic_locked(table.pk) as locked:
        # Saved either way: its news tells the lobby of the new table.
        if not _start_when_full(locked):
            locked.save()
    table.refresh_from_db()
    return table


@transaction.atomic
def tables_deal_seated(
    *,
    creator_id: int | None,
    game: str,
    variant: str,
    players: Sequence[Sequence[int | str]],
    options: dict[str, Any] | None = None,
    sized_options: Mapping[int, dict[str, Any]] | None = None,
    turn_seconds: int = 30,
    max_timeouts: int = 2,
    private: bool = False,
    ranked: bool = False,
    shared_seed: str | None = None,
    client_seeds: Sequence[Sequence[str]] | None = None,
) -> list[int]:
    """New tables with these members already seated (one list of user ids per table, in seat
    order), their matches dealt at once: a tournament's round. ``sized_options``: the options
    of the tables of a size where they differ by size (a tournament's Deals table plays one
    deal a player), else ``options``. Bulk writes, so the number of queries grows neither
    with the tables nor with their sizes; their news follows the commit in one ``TablesDealt``
    (``ranked``: a table formed by the ranked queue, games.ranked). ``shared_seed``: one server
    seed for all of them (duplicate deals): tables of one size are dealt the very same match,
    each still committed to its seed and verifiable, the seed held secret until
    ``tables_seed_release`` (a finished table's seed would deal the others' coming cards).
    ``client_seeds``, in the shape of ``players``: the seeds their browsers sent (checked by
    the caller), mixed into each deal (the ranked queue's accepts). A ``str`` in ``players`` is
    a house bot of that level (``BotLevel``) in that seat: the ranked queue's tables with bots
    (issue 32), rated as that level. Bad settings raise ``ValidationError`` and nothing is
    made. No lock: the rows are new. Returns the new tables' ids, in the order given."""
    _check_range("turn_seconds", turn_seconds, TURN_SECONDS)
    _check_range("max_timeouts", max_timeouts, MAX_TIMEOUTS)
    levels = [player for seated in players for player in seated if isinstance(player, str)]
    if any(level not in BotLevel.values for level in levels):
        raise ValidationError({"bot_levels": _("Choose a bot level from the list.")})
    checked = {
        size: _checked(game, variant, [""] * size, (sized_options or {}).get(size, options or {}))
        for size in {len(seated) for seated in players}
    }
    now = timezone.now()
    tables = []
    seeds_of = list(client_seeds) if client_seeds is not None else [[""] * len(p) for p in players]
    for seated, browsers in zip(players, seeds_of, strict=True):
        # Verifiable like every table (games.tables.seeds): the server's seed, committed to
        # from now and revealed after, mixed with the members' browsers' seeds, if any.
        server_seed = shared_seed or server_seed_new()
        seed = match_seed_of(server_seed, list(browsers), GENERATOR_VERSION)
        match = GAMES[game].new_match(variant, len(seated), seed=seed, options=checked[len(seated)])
        seconds = match.decision_seconds() or turn_seconds
        state = match.to_json()
        tables.append(
            Table(
                game=game,
                variant=variant,
                seat_count=len(seated),
                options=checked[len(seated)],
                turn_seconds=turn_seconds,
                max_timeouts=max_timeouts,
                private=private,
                ranked=ranked,
                created_by_id=creator_id,
                server_seed=server_seed,
                seed_commitment=commitment_of(server_seed),
                generator_version=GENERATOR_VERSION,
                seed_held=shared_seed is not None,
                status=TableStatus.PLAYING,
                state=state,
                initial_state=state,
                revision=1,
                started_at=now,
                deadline=now + timedelta(seconds=seconds) if match.to_move() else None,
            )
        )
    NEW_TABLE_ROWS.create(tables)
    Seat.objects.bulk_create(
        Seat(
            table=table,
            number=number,
            user_id=None if isinstance(player, str) else player,
            bot_level=player if isinstance(player, str) else "",
            client_seed=browser,
        )
        for table, seated, browsers in zip(tables, players, seeds_of, strict=True)
        for number, (player, browser) in enumerate(zip(seated, browsers, strict=True))
    )
    publish(
        TablesDealt(
            tuple(
                TableChanged(
                    table.pk,
                    table.version,
                    table.revision,
                    game=game,
                    public=not private,
                    status=table.status,
                    status_before=TableStatus.OPEN,
                )
                for table in tables
            )
        )
    )
    for table, seated in zip(tables, players, strict=True):
        if any(isinstance(player, str) for player in seated):
            # Its bots' clocks and first job, as any table with bots starts (the ranked
            # queue deals one table a call).
            with atomic_locked(table.pk) as locked:
                locked.save()
    return [table.pk for table in tables]


def tables_seed_release(*, table_ids: Iterable[int]) -> int:
    """The shared seed of these tables may be revealed now (every table dealt from it is over,
    or ended): each finished one's seed, hands and replay open as any table's do. One query;
    returns how many tables were held."""
    return Table.objects.filter(pk__in=table_ids, seed_held=True).update(seed_held=False)


def table_seat_take(
    *,
    table_id: int,
    user_id: int,
    number: int | None,
    invite: str | None = None,
    client_seed: str = "",
) -> None:
    """Sit the member in empty seat ``number`` (leaving the seat they had at this table), with
    the seed their browser made for the deal (``client_seed``: 64 hex digits, or none); the
    match starts when no seat is left empty. Locks the table row."""
    if client_seed and not client_seed_is_valid(client_seed):
        raise TableRefusal("bad_client_seed")
    with atomic_locked(table_id) as locked:
        table = locked.table
        if not table_may_be_seen(table, user_id=user_id, invite=invite):
            raise TableRefusal("private_table")
        _require_open(locked)
        if number is None or number not in range(len(locked.seats)):
            raise TableRefusal("no_such_seat")
        wanted = locked.seats[number]
        current = locked.seat_of(user_id)
        if wanted is current:
            return
        if not wanted.is_empty:
            raise TableRefusal("seat_taken")
        if table.ranked:
            ranked_play_allowed(user_id)
        if current is not None:
            locked.seat_set(current, user_id=None, client_seed="")
        locked.seat_set(wanted, user_id=user_id, client_seed=client_seed)
        if not _start_when_full(locked):
            locked.save()


def table_seat_add(*, table_id: int, user_id: int, options: dict[str, Any]) -> int:
    """One more seat, for the member, at a match dealt but not begun: no move has been
    played (version 0), so the deal is dealt afresh for one more player (a tournament's late
    entrant; issue 19). From the table's own server seed, so its commitment still holds and
    the deal verifies (``games.tables.verify``); ``options`` replace the table's (a Deals
    table plays one deal per player). The new seat is the last; the first to move has a
    fresh clock. Locks the table row; returns the new seat's number.

    The version stays 0 (nothing was played: versions count moves), so a first move sent in
    the instant before its sender's page had the new deal applies to the new deal; in rummy,
    the one game that adds seats, the first turn's moves (draw from the stock or the open
    pile, drop) name no card of the hand."""
    with atomic_locked(table_id) as locked:
        table = locked.table
        locked.require_playing()
        if table.version:
            raise TableRefusal("match_begun")
        if locked.seat_of(user_id) is not None:
            raise TableRefusal("seated_already")
        count = table.seat_count + 1
        options = _checked(table.game, table.variant, [""] * count, options)
        seat = Seat.objects.create(table=table, number=table.seat_count, user_id=user_id)
        locked.seats.append(seat)
        table.seat_count, table.options = count, options
        seeds = [each.client_seed for each in locked.seats]
        seed = match_seed_of(table.server_seed, seeds, table.generator_version)
        locked.match = match = GAMES[table.game].new_match(
            table.variant, count, seed=seed, options=options
        )
        table.initial_state = match.to_json()
        locked.started = True  # ``save`` writes the new initial state
        # Columns play never changes, so not among those ``save`` writes.
        Table.objects.filter(pk=table.pk).update(seat_count=count, options=options)
        locked.save()
        return seat.number


def table_seat_leave(*, table_id: int, user_id: int) -> None:
    """Free the member's seat before the match; a table nobody sits at any more is abandoned.
    Locks the table row."""
    with atomic_locked(table_id) as locked:
        _require_open(locked)
        seat = locked.seat_of(user_id)
        if seat is None:
            raise TableRefusal("not_seated")
        seat_free(locked, seat)


def seat_free(locked: LockedTable, seat: Seat) -> None:
    """The seat is empty again before the match; a table nobody sits at any more is
    abandoned."""
    locked.seat_set(seat, user_id=None, client_seed="")
    if not any(other.user_id for other in locked.seats):
        locked.table.status = TableStatus.ABANDONED
    locked.save()


def table_start(*, table_id: int, user_id: int, bot_level: str = BotLevel.MEDIUM) -> None:
    """The creator starts the match now: bots of ``bot_level`` take the empty seats. Locks the
    table row."""
    if bot_level not in BotLevel.values:
        raise ValidationError({"bot_level": _("Choose a bot level from the list.")})
    with atomic_locked(table_id) as locked:
        if locked.table.created_by_id != user_id:
            raise TableRefusal("not_creator")
        _require_open(locked)
        if locked.table.ranked:
            raise TableRefusal("ranked_members_only")
        for seat in locked.seats:
            if seat.is_empty:
                locked.seat_set(seat, bot_level=bot_level)
        _start_when_full(locked)


def ranked_play_allowed(user_id: int) -> None:
    """A member whose ranked play is paused (a play ban) is told why and until when
    (``ValidationError``, keyed ``ranked``)."""
    ban = sanction_in_force(user_id, SanctionKind.PLAY_BAN)
    if ban is not None:
        raise ValidationError({"ranked": play_ban_words(ban)})


def _start_when_full(locked: LockedTable) -> bool:
    """Deal the match if every seat is taken; return whether it started."""
    if any(seat.is_empty for seat in locked.seats):
        return False
    table = locked.table
    # The server's seed and the members' own, mixed (games.tables.seeds); the match seed
    # travels in the state, so the initial state and the moves replay the match exactly.
    table.generator_version = GENERATOR_VERSION
    seed = match_seed_of(
        table.server_seed, [seat.client_seed for seat in locked.seats], table.generator_version
    )
    locked.match = GAMES[table.game].new_match(
        table.variant, table.seat_count, seed=seed, options=table.options
    )
    table.initial_state = locked.match.to_json()
    locked.started = True
    table.status = TableStatus.PLAYING
    table.started_at = timezone.now()
    locked.save(now=table.started_at)
    return True


def _require_open(locked: LockedTable) -> None:
    if locked.table.status != TableStatus.OPEN:
        raise TableRefusal("not_open")


def _checked(
    game: str, variant: str, bot_levels: Sequence[str], options: dict[str, Any]
) -> dict[str, Any]:
    """The complete engine options; ``ValidationError`` for anything the game cannot take."""
    rules = GAMES.get(game)
    if rules is None:
        raise ValidationError({"game": _("There is no such game.")})
    if variant not in rules.variants:
        raise ValidationError({"variant": _("Choose a variant from the list.")})
    low, high = rules.player_range(variant)
    if not low <= len(bot_levels) <= high:
        raise ValidationError(
            {
                "seat_count": _("This game takes %(low)s to %(high)s players.")
                % {"low": low, "high": high}
            }
        )
    if any(level not in ("", *BotLevel.values) for level in bot_levels):
        raise ValidationError({"bot_levels": _("Choose a bot level from the list.")})
    try:
        complete = rules.options_for(options)
        rules.new_match(variant, len(bot_levels), options=complete)
    except (ValueError, TypeError, KeyError) as error:
        raise ValidationError(
            {"options": _("These house options do not work: %(reason)s") % {"reason": error}}
        ) from None
    return complete


def _check_range(field: str, value: float, bounds: tuple[float, float]) -> None:
    low, high = bounds
    if isinstance(value, bool) or not low <= value <= high:
        raise ValidationError(
            {field: _("Choose a number from %(low)s to %(high)s.") % {"low": low, "high": high}}
        )
