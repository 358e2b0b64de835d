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
from games.tables.models import Table, TableStatus
from games.tables.services import table_seat_take


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
    nothing."""
    with transaction.atomic():
        invitation = (
            Invitation.objects.select_for_update()
            .filter(pk=invitation_id, bot_id=bot_id, status=InvitationStatus.PENDING)
            .select_related("table", "invited_by")
            .first()
        )
        if invitation is None:
            raise ApiRefusal("no_invitation")
        if accept:
            table = invitation.table
            table_seat_take(
                table_id=table.pk, user_id=bot_id, number=invitation.seat, invite=table.invite_token
            )
            publish(AccountTold(bot_id, {"type": "seated", "table": table.pk}))
        invitation.status = InvitationStatus.ACCEPTED if accept else InvitationStatus.DECLINED
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["status", "answered_at"])
    return invitation


def invitations_pending(bot_id: int) -> list[dict[str, object]]:
    """The lines of the bot's invitations still waiting, at open tables."""
    pending = Invitation.objects.filter(
        bot_id=bot_id, status=InvitationStatus.PENDING, table__status=TableStatus.OPEN
    ).select_related("table", "invited_by")
    return [{"type": "invitation", **invitation.to_json()} for invitation in pending]
