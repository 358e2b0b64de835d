"""Sanctions of members: chat mutes and account bans given by moderators, play bans given by the
site's own signals, and lifting either (issue 20, points 3 and 6).

Each act runs in one transaction with its audit entry and the notice to the member, and
publishes ``MemberSanctioned`` (``games.news``; who hears it: ``config/subscribers.py``). After
a ban's commit ``games.live`` closes every socket of the member in every server process (a
channel group per member), and ``accounts.moderation.middleware`` ends their sessions at their
next request, which ``accounts.members.adapter`` refuses to sign in again.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.moderation.audit import Target, audit_record
from accounts.moderation.models import Sanction, SanctionKind
from accounts.moderation.roles import NotModerator, is_moderator
from accounts.notices.inbox import notice_send
from accounts.profiles.formats import local_datetime
from games.news import News, publish

# Play bans (lichess): 10 minutes the first time, each repeat within 72 hours three times the
# last, never more than 3 days.
PLAY_BAN_FIRST = timedelta(minutes=10)
PLAY_BAN_GROWTH = 3
PLAY_BAN_REPEATS_WITHIN = timedelta(hours=72)
PLAY_BAN_MOST = timedelta(days=3)

PLAY_BAN_CAUSES = {
    "left_ranked": _("you left a ranked match before its end"),
    "timed_out_ranked": _("you let your turn run out too often in a ranked match"),
}

# The longest a moderator's mute or timed ban may be set for, in days.
LONGEST_DAYS = 3650


@dataclass(frozen=True)
class MemberSanctioned(News):
    """``member_id`` was given a sanction of ``kind`` (``SanctionKind``: a mute, a ban, a play
    ban) until ``until`` (ISO time; None: for good)."""

    member_id: int
    kind: str
    until: str | None


class SanctionRefusal(Exception):
    """A sanction act turned down, having changed nothing; ``code`` names why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def sanction_in_force(member_id: int, kind: str, *, at: datetime | None = None) -> Sanction | None:
    """The member's sanction of ``kind`` now in force that ends last (for good first)."""
    found: list[Sanction] = list(
        Sanction.objects.in_force(at).filter(member_id=member_id, kind=kind)
    )
    if not found:
        return None
    return max(found, key=lambda s: (s.until is None, s.until or s.created_at))


def member_sanctions(member_id: int) -> list[Sanction]:
    return list(
        Sanction.objects.filter(member_id=member_id).select_related("by").order_by("-created_at")
    )


def _member(member_id: int) -> Any:
    member = get_user_model().objects.filter(pk=member_id).first()
    if member is None:
        raise SanctionRefusal("no_member")
    return member


def _until(days: int | None, hours: int | None, now: datetime) -> datetime | None:
    """The end a moderator set: ``None`` days and hours is for good (a ban only)."""
    if days is None and hours is None:
        return None
    total = timedelta(days=days or 0, hours=hours or 0)
    if total <= timedelta(0) or total > timedelta(days=LONGEST_DAYS):
        raise SanctionRefusal("bad_duration")
    return now + total


def _moderator_check(moderator: User, member: User, reason: str) -> str:
    if not is_moderator(moderator):
        raise NotModerator
    if member.pk == moderator.pk:
        raise SanctionRefusal("not_yourself")
    reason = reason.strip()
    if not reason:
        raise SanctionRefusal("reason_needed")
    return reason


@transaction.atomic
def member_mute(
    *,
    moderator: User,
    member_id: int,
    reason: str,
    days: int | None = None,
    hours: int | None = None,
) -> Sanction:
    """Silence the member's chat at every table until a time (a mute is never for good)."""
    member = _member(member_id)
    reason = _moderator_check(moderator, member, reason)
    now = timezone.now()
    until = _until(days, hours, now)
    if until is None:
        raise SanctionRefusal("bad_duration")
    return _give(moderator, member, SanctionKind.MUTE, reason, now, until)


@transaction.atomic
def member_ban(
    *,
    moderator: User,
    member_id: int,
    reason: str,
    days: int | None = None,
    hours: int | None = None,
) -> Sanction:
    """Ban the account until a time, or for good (no ``days`` nor ``hours``). Their sockets
    close at once; their sessions end and sign-in is refused while it holds."""
    member = _member(member_id)
    reason = _moderator_check(moderator, member, reason)
    if is_moderator(member) and not moderator.is_superuser:
        raise SanctionRefusal("not_a_moderator")
    now = timezone.now()
    sanction = _give(moderator, member, SanctionKind.BAN, reason, now, _until(days, hours, now))
    return sanction


def _give(
    moderator: User, member: User, kind: str, reason: str, now: datetime, until: datetime | None
) -> Sanction:
    sanction = Sanction.objects.create(
        member=member, kind=kind, reason=reason, by=moderator, created_at=now, until=until
    )
    audit_record(
        actor=moderator,
        act=f"member_{kind}",
        target=Target("member", member.pk, member.get_username()),
        reason=reason,
        details={"until": until.isoformat() if until else None},
    )
    notice_send(
        member_id=member.pk,
        kind=f"{kind}_given" if until else f"{kind}_for_good",
        params={"reason": reason, "until": until.isoformat() if until else ""},
    )
    _published(sanction)
    return sanction


def _published(sanction: Sanction) -> None:
    until = sanction.until.isoformat() if sanction.until else None
    publish(MemberSanctioned(member_id=sanction.member_id, kind=sanction.kind, until=until))


@transaction.atomic
def sanction_lift(*, moderator: User, sanction_id: int, reason: str) -> Sanction:
    """End a mute, ban or play ban now. Locks the sanction's row: a second lift is refused."""
    if not is_moderator(moderator):
        raise NotModerator
    sanction = Sanction.objects.select_for_update().filter(pk=sanction_id).first()
    if sanction is None:
        raise SanctionRefusal("no_sanction")
    member = sanction.member
    reason = _moderator_check(moderator, member, reason)
    if sanction.lifted_at is not None or (sanction.until and sanction.until <= timezone.now()):
        raise SanctionRefusal("not_in_force")
    sanction.lifted_at, sanction.lifted_by = timezone.now(), moderator
    sanction.save(update_fields=["lifted_at", "lifted_by"])
    audit_record(
        actor=moderator,
        act=f"member_{sanction.kind}_lift",
        target=Target("member", member.pk, member.get_username()),
        reason=reason,
        details={"sanction": sanction.pk},
    )
    notice_send(member_id=member.pk, kind=f"{sanction.kind}_lifted", params={"reason": reason})
    lifted: Sanction = sanction
    return lifted


def play_ban_give(
    *, member_id: int, cause: str, table_id: int, now: datetime | None = None
) -> Sanction:
    """The site's own play ban, for leaving a ranked match or timing out of it: 10 minutes,
    three times longer for each repeat within 72 hours, at most 3 days. Call inside the
    transaction of what caused it (the table's row lock orders a member's causes at one table;
    two tables at once may both count the same earlier bans, which errs short)."""
    now = now or timezone.now()
    member = _member(member_id)
    repeats = Sanction.objects.filter(
        member=member,
        kind=SanctionKind.PLAY_BAN,
        by__isnull=True,
        created_at__gte=now - PLAY_BAN_REPEATS_WITHIN,
    ).count()
    length = min(PLAY_BAN_FIRST * PLAY_BAN_GROWTH**repeats, PLAY_BAN_MOST)
    until = now + length
    sanction = Sanction.objects.create(
        member=member,
        kind=SanctionKind.PLAY_BAN,
        cause=cause,
        reason=str(PLAY_BAN_CAUSES[cause]),
        created_at=now,
        until=until,
    )
    audit_record(
        actor=None,
        act="member_play_ban",
        target=Target("member", member.pk, member.get_username()),
        reason=cause,
        details={"until": until.isoformat(), "table": table_id, "repeats": repeats},
    )
    notice_send(
        member_id=member.pk,
        kind=f"play_ban_{cause}",
        params={"until": until.isoformat()},
        link=f"/tables/{table_id}/",
    )
    _published(sanction)
    return sanction


def play_ban_words(sanction: Sanction) -> str:
    """Why the member may not play ranked now, and until when, in the active language."""
    cause = PLAY_BAN_CAUSES.get(sanction.cause)
    why = str(cause) if cause is not None else sanction.reason
    return str(_("Ranked play is paused for you until %(until)s: %(why)s.")) % {
        "until": _when(sanction.until),
        "why": why,
    }


def ban_words(sanction: Sanction) -> str:
    """Why the member may not sign in, and until when, in the active language."""
    if sanction.until is None:
        return str(_("This account is banned for good. The reason: %(reason)s")) % {
            "reason": sanction.reason
        }
    return str(_("This account is banned until %(until)s. The reason: %(reason)s")) % {
        "until": _when(sanction.until),
        "reason": sanction.reason,
    }


def sanctions_words(member_id: int) -> list[str]:
    """What holds the member back now, each with its reason and end, in the active language
    (their profile shows it)."""
    words = []
    mute = sanction_in_force(member_id, SanctionKind.MUTE)
    if mute is not None:
        words.append(
            str(_("Your chat is muted until %(until)s. The reason: %(reason)s"))
            % {"until": _when(mute.until), "reason": mute.reason}
        )
    play_ban = sanction_in_force(member_id, SanctionKind.PLAY_BAN)
    if play_ban is not None:
        words.append(play_ban_words(play_ban))
    return words


def _when(moment: datetime | None) -> str:
    """A moment as a refusal shows it: in the reader's language and zone, the zone named."""
    return local_datetime(moment) if moment is not None else ""
