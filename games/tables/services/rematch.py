""" "Play again" after a match (issue 22): a copy of the finished table, the same game, variant,
house options, clock and bots in the same seats, each of its members asked by a notice, and
every member who presses it seated at their own seat number again.

The first press makes the copy (the finished table's row is locked meanwhile, so two players
pressing at once make one); later presses seat their member there while it is still open.
"""

from django.urls import reverse
from django.utils.http import urlencode

from accounts.notices.inbox import notice_send
from games.tables.models import Table, TableStatus
from games.tables.refusals import TableRefusal
from games.tables.services.lobby import table_create, table_seat_take
from games.tables.services.locked import atomic_locked

REMATCH_NOTICE = "table.rematch"


def table_rematch(*, table_id: int, user_id: int) -> Table:
    """The open table of the rematch of finished table ``table_id``, with the member seated
    there (at their old seat number when it is free); made now if there is none. Only a
    member who played the match may ask."""
    with atomic_locked(table_id) as locked:
        old = locked.table
        own = locked.seat_of(user_id)
        if own is None or old.status != TableStatus.FINISHED:
            raise TableRefusal("no_rematch")
        rematch = (
            Table.objects.filter(pk=old.rematch_id, status=TableStatus.OPEN).first()
            if old.rematch_id is not None
            else None
        )
        if rematch is None:
            rematch = _copy(old, [seat.bot_level for seat in locked.seats], user_id)
            old.rematch = rematch
            # The pages still showing the result hear of it (the frame's ``rematch``).
            locked.save(clock=False)
            asker = locked.names.get(user_id, "")
            for seat in locked.seats:
                if seat.user_id is not None and seat.user_id != user_id:
                    notice_send(
                        member_id=seat.user_id,
                        kind=REMATCH_NOTICE,
                        params={"name": asker},
                        link=_link(rematch),
                    )
        number = own.number
    if rematch.status == TableStatus.OPEN:
        seats = {seat.number: seat for seat in rematch.seats.all()}
        mine = next((n for n, seat in seats.items() if seat.user_id == user_id), None)
        if mine != number and seats[number].is_empty:
            table_seat_take(
                table_id=rematch.pk, user_id=user_id, number=number, invite=rematch.invite_token
            )
        elif mine is None:
            free = next((n for n, seat in seats.items() if seat.is_empty), None)
            if free is None:
                raise TableRefusal("seat_taken")
            table_seat_take(
                table_id=rematch.pk, user_id=user_id, number=free, invite=rematch.invite_token
            )
    rematch.refresh_from_db()
    return rematch


def _copy(old: Table, levels: list[str], user_id: int) -> Table:
    return table_create(
        creator_id=user_id,
        game=old.game,
        variant=old.variant,
        bot_levels=levels,
        options=old.options,
        turn_seconds=old.turn_seconds,
        bot_delay_seconds=old.bot_delay_seconds,
        max_timeouts=old.max_timeouts,
        private=old.private,
        allow_spectators=old.allow_spectators,
        ranked=old.ranked,
        pause_seconds=old.pause_seconds,
    )


def _link(table: Table) -> str:
    path = reverse("table", args=[table.pk])
    return f"{path}?{urlencode({'invite': table.invite_token})}" if table.private else path
