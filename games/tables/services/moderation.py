"""Moderators' acts on tables (issue 20, point 3), the same end for the tables of a cancelled
tournament (issue 19), and players' reports made from a table or a
chat line, with what they came from attached.

Each act locks the table row (``atomic_locked``), writes its audit entry and tells the members
it touches (``accounts.notices.inbox``) in the same transaction; the table's sockets hear of it
through the ordinary ``TableChanged`` its save publishes.
"""

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.utils import timezone

from accounts.moderation.audit import Target, audit_record
from accounts.moderation.models import SanctionKind
from accounts.moderation.reports import Attached, report_file, report_try
from accounts.moderation.roles import NotModerator, is_moderator
from accounts.moderation.sanctions import MemberSanctioned
from accounts.notices.inbox import notice_send
from games.tables.models import ChatLine, Seat, Table, TableStatus, ToldKind
from games.tables.refusals import TableRefusal
from games.tables.selectors import table_access
from games.tables.services.chat import chat_line_may_be_read
from games.tables.services.lobby import seat_free
from games.tables.services.locked import LockedTable, atomic_locked
from games.tables.services.play import seat_leave_match, stand_ins_allowed

RUNNING = (TableStatus.OPEN, TableStatus.PLAYING)


def _reason_of(moderator: User, reason: str) -> str:
    if not is_moderator(moderator):
        raise NotModerator
    reason = reason.strip()
    if not reason:
        raise TableRefusal("reason_needed")
    return reason


def table_end(*, moderator: User, table_id: int, reason: str) -> None:
    """End a table that waits or plays (a stuck one): no result, no rating change, no clock;
    every member seated is told, and its status says a moderator ended it."""
    reason = _reason_of(moderator, reason)
    with atomic_locked(table_id) as locked:
        table = locked.table
        if table.status not in RUNNING:
            raise TableRefusal("table_not_running")
        locked.tell(ToldKind.ENDED, reason=reason)
        _end(locked, actor=moderator, reason=reason, status=TableStatus.ENDED)
        for seat in locked.seats:
            if seat.user_id is not None:
                notice_send(
                    member_id=seat.user_id,
                    kind="table_ended",
                    params={"table": table.pk, "reason": reason},
                    link=f"/tables/{table.pk}/",
                )


def tables_cancelled(*, actor: User | None, table_ids: Sequence[int], reason: str) -> list[int]:
    """End these tables as ``table_end`` does, because the event they belong to was cancelled
    (a tournament's, by its organiser: the caller has checked who may, and tells the players
    why in its own notice). Tables already over are left as they are. Locks each row in turn,
    in id order, inside the caller's transaction (so the caller's lock comes first, and a
    cancel that fails ends none). Returns the ids of the tables it ended."""
    ended = []
    for table_id in sorted(table_ids):
        with atomic_locked(table_id) as locked:
            if locked.table.status in RUNNING:
                locked.tell(ToldKind.CANCELLED, reason=reason)
                _end(locked, actor=actor, reason=reason, status=TableStatus.CANCELLED)
                ended.append(table_id)
    return ended


def _end(locked: LockedTable, *, actor: User | None, reason: str, status: str) -> None:
    """No result, no rating change, no clock (nobody is to move at an ended table); audited."""
    table = locked.table
    table.status = status
    table.finished_at = timezone.now()
    locked.save()  # its clocks stop: nobody is to move at a table that is not playing
    audit_record(
        actor=actor,
        act="table_end",
        target=Target("table", table.pk, str(table)),
        reason=reason,
        details={"version": table.version},
    )


def table_player_remove(*, moderator: User, table_id: int, user_id: int, reason: str) -> None:
    """Take a member off their seat in play: a bot plays it to the end, and a ranked match
    counts them last (as if they left, ``Seat.left``). They are told why."""
    reason = _reason_of(moderator, reason)
    with atomic_locked(table_id) as locked:
        seat = locked.seat_of(user_id)
        if seat is None:
            raise TableRefusal("not_at_table")
        locked.require_playing()
        if seat.left:
            raise TableRefusal("left_already")
        name = locked.names.get(user_id, "")
        seat_put_off(locked, seat, ToldKind.REMOVED, name=name, reason=reason)
        audit_record(
            actor=moderator,
            act="table_player_remove",
            target=Target("table", locked.table.pk, str(locked.table)),
            reason=reason,
            details={"member": user_id, "name": name, "seat": seat.number},
        )
        notice_send(
            member_id=user_id,
            kind="table_removed",
            params={"table": locked.table.pk, "reason": reason},
            link=f"/tables/{locked.table.pk}/",
        )


def seat_put_off(locked: LockedTable, seat: Seat, kind: str, **params: object) -> None:
    """Take the member off ``seat`` for good (``kind``: a moderator removed them, a ban), as
    ``seat_leave_match`` does, and tell the table so: them why and what now, the others what
    becomes of the seat."""
    locked.tell(
        kind,
        seat=seat.number,
        ranked=locked.table.ranked,
        bot=stand_ins_allowed(locked),
        **params,
    )
    seat_leave_match(locked, seat)


def tables_of_banned_member(sanctioned: MemberSanctioned) -> None:
    """A banned member's seats: in every match still played taken off, each table told
    (``seat_put_off``); at a table still waiting for players, given up (the seat is free
    again, as the others see). Once the ban has committed (their pages closed first), each
    table in a transaction of its own, in id order: a table that ended meanwhile is left as
    it is."""
    if sanctioned.kind != SanctionKind.BAN:
        return
    member_id = sanctioned.member_id
    table_ids = sorted(
        Seat.objects.filter(user_id=member_id, left=False, table__status__in=RUNNING)
        .values_list("table_id", flat=True)
        .distinct()
    )
    for table_id in table_ids:
        with atomic_locked(table_id) as locked:
            seat = locked.seat_of(member_id)
            if seat is None or seat.left:
                continue
            if locked.table.status == TableStatus.OPEN:
                seat_free(locked, seat)
            elif locked.table.status == TableStatus.PLAYING:
                name = locked.names.get(member_id, "")
                seat_put_off(locked, seat, ToldKind.BANNED, name=name)


def report_from_table(
    *,
    reporter: User,
    table_id: int,
    member_id: int,
    reason: str,
    note: str = "",
    invite: str | None = None,
    seat: int | None = None,
) -> None:
    """A report on a member of the table (``member_id``, or the member in ``seat``: the table
    page names the players by seat, as its frames do), with the table and its move then
    attached: by
    someone who may see the table (``table_access``: its seat, a spectator's place where
    watching is allowed, a private table's invite; moderators), else ``no_table``, what a
    missing table answers, so that a stranger learns nothing of who sits there (issue 28). The
    member must sit at the table (a report names someone the reporter met there)."""
    report_try(reporter)
    user_id = reporter.pk if reporter.is_authenticated else None
    if table_access(table_id=table_id, user_id=user_id, invite=invite) is None:
        raise TableRefusal("no_table")
    table = Table.objects.get(pk=table_id)
    if seat is not None:
        member_id = table.seats.filter(number=seat).values_list("user_id", flat=True).first() or 0
    if not table.seats.filter(user_id=member_id).exists():
        raise TableRefusal("not_at_table")
    report_file(
        reporter=reporter,
        member_id=member_id,
        reason=reason,
        note=note,
        attached=Attached(table_id=table.pk, move_version=table.version),
    )


def report_from_chat_line(
    *, reporter: User, line_id: int, reason: str, note: str = "", invite: str | None = None
) -> None:
    """A report on a chat line's author, with the line, its text and its table (a place's line:
    none) attached: by someone who could read the line where it was said
    (``chat_line_may_be_read``)."""
    report_try(reporter)
    line = ChatLine.objects.select_related("table").filter(pk=line_id).first()
    if line is None or line.deleted_at is not None:
        raise TableRefusal("chat_no_line")
    if not chat_line_may_be_read(line, user=reporter, invite=invite):
        raise TableRefusal("chat_no_line")
    report_file(
        reporter=reporter,
        member_id=line.author_id,
        reason=reason,
        note=note,
        attached=Attached(
            table_id=line.table_id,
            move_version=line.table.version if line.table is not None else None,
            chat_line_id=line.pk,
            chat_text=line.text or f"[{line.phrase}]",
        ),
    )
