"""Reaching a member who is not looking: the one door (DESIGN.md). A reason to reach members
goes to every channel each of them allowed: the site's notices, e-mail, and Web Push.

The whole API, for any feature (tournaments' reminders, the ranked queue):

    # once, in the feature's words module, listed in config/words.py: the notice kind (its
    # sentence, which the e-mail and the push say too) in NOTICE_KINDS, and the reason's name
    # on the member's reminders page in REACH_REASONS
    NOTICES = {"ranked_table_formed": _("Your %(game)s table is ready.")}
    REASONS = {"ranked_table_formed": _("when your ranked table is ready")}

    # in the transaction of the act, or outside one
    reach(
        member_ids=[...],
        reason="ranked_table_formed",
        moment=f"table:{table.pk}",          # what it is about and when: the idempotence key
        params={"game": "rummy"},            # the sentence's values, JSON-ready
        link=reverse("table", args=[...]),   # where the notice, the mail and the push lead
        by=("push",),                        # fewer channels than all (CHANNELS), if wanted
    )

A reason whose news is stale within a minute (a ranked table formed, to accept within 20 s)
goes ``by`` Web Push alone: a notice or a mail read later would only annoy.

After the commit, one Celery job per hundred members sends. Each member is reached at most
once for a ``(member, reason, moment)``: the job first inserts that key (``Reached``) and sends
only for the keys it inserted itself, so a job run twice, redelivered after a worker died, or
racing another with the same members, sends nothing more. A send lost with a worker after its
key was committed is not repeated: at most once, never twice.
"""

import logging
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext
from django_stubs_ext import StrPromise

from accounts.notices.inbox import notice_kinds, notice_text, notices_send, word_tables
from accounts.notices.models import Notice, PushSubscription, ReachChoice, Reached
from accounts.notices.push import Push, pushes_send
from accounts.profiles.formats import reading_as

log = logging.getLogger(__name__)

BATCH = 100
"""Members per job: each job's reads and writes are a handful of queries for all of them."""

CHANNELS = ("site", "email", "push")
"""Every channel, each still only where the member allowed it."""


def reasons() -> Mapping[str, StrPromise]:
    """Every reason a member can be reached for, by code (a notice kind), with its name on the
    member's reminders page, where each can be turned off."""
    named: Mapping[str, StrPromise] = word_tables().REACH_REASONS
    return named


def reach(
    *,
    member_ids: Iterable[int],
    reason: str,
    moment: str,
    params: Mapping[str, Any] | None = None,
    link: str = "",
    by: Sequence[str] = CHANNELS,
) -> None:
    """Reach the members for ``reason`` at ``moment`` through every channel each allowed (of
    those named ``by``), by jobs queued after the current commit (at once, outside a
    transaction). An unregistered reason or channel raises ``LookupError`` here, in the act,
    not later in a job."""
    if reason not in reasons() or reason not in notice_kinds():
        raise LookupError(
            f"no such reason {reason!r}: name it and its notice kind in config/words.py"
        )
    if not set(by) <= set(CHANNELS):
        raise LookupError(f"no such channel in {by!r}: {CHANNELS}")
    ids = sorted(set(member_ids))
    values = dict(params or {})
    for start in range(0, len(ids), BATCH):
        _queue(ids[start : start + BATCH], reason, moment, values, link, list(by))


def reached_members(*, reason: str, moment: str) -> QuerySet[Reached, int]:
    """The members already reached for ``reason`` at ``moment``, as a subquery: a sender that
    runs again (a sweep) hands on only the others, though the jobs would send them nothing."""
    return Reached.objects.filter(reason=reason, moment=moment).values_list("member_id", flat=True)


def _queue(
    batch: list[int], reason: str, moment: str, params: dict[str, Any], link: str, by: list[str]
) -> None:
    transaction.on_commit(lambda: reach_batch.delay(batch, reason, moment, params, link, by))


@shared_task(name="accounts.reach_batch")
def reach_batch(
    member_ids: list[int],
    reason: str,
    moment: str,
    params: dict[str, Any],
    link: str,
    by: list[str] | None = None,
) -> None:
    """The job behind ``reach``: at most a hundred members (``by``: None from a job queued
    before channels could be chosen, all of them)."""
    reach_now(
        member_ids=member_ids,
        reason=reason,
        moment=moment,
        params=params,
        link=link,
        by=CHANNELS if by is None else by,
    )


@dataclass(frozen=True)
class Reaching:
    """What one job did: the members whose key it took, and what went out."""

    taken: list[int]
    noticed: int
    mailed: int
    pushed: int


def reach_now(
    *,
    member_ids: Sequence[int],
    reason: str,
    moment: str,
    params: Mapping[str, Any],
    link: str,
    by: Sequence[str] = CHANNELS,
) -> Reaching:
    """Take the keys not yet taken and send to those members, now, in this process. The keys
    and the site's notices are one transaction; mail and pushes go after it, outside any lock."""
    token = uuid.uuid4().hex
    with transaction.atomic():
        # A key another job holds uncommitted makes this insert wait for it, then skip it.
        Reached.objects.bulk_create(
            [Reached(member_id=m, reason=reason, moment=moment, token=token) for m in member_ids],
            ignore_conflicts=True,
        )
        taken = list(
            Reached.objects.filter(
                member_id__in=member_ids, reason=reason, moment=moment, token=token
            ).values_list("member_id", flat=True)
        )
        choices = _choices_of(taken)
        wanted = [m for m in taken if reason not in choices[m].reasons_off]
        noticed = notices_send(
            notices=[(m, reason, params, link) for m in wanted if choices[m].site and "site" in by]
        )
    mail_to = {m for m in wanted if choices[m].email and "email" in by}
    push_to = {m for m in wanted if choices[m].push and "push" in by}
    people = _people(mail_to | push_to)
    words = _Words(Notice(kind=reason, params=dict(params), link=link))
    mailed = _mail([(people[m], words) for m in mail_to if m in people and people[m][0]])
    pushed = pushes_send(
        (subscription, words.push(people[subscription.member_id][1], tag=f"{reason}:{moment}"))
        for subscription in PushSubscription.objects.filter(member_id__in=push_to)
        if subscription.member_id in people
    )
    return Reaching(taken=taken, noticed=len(noticed), mailed=mailed, pushed=pushed)


def _choices_of(member_ids: list[int]) -> dict[int, ReachChoice]:
    """Each member's choices, the defaults for those who never made any."""
    found = {c.member_id: c for c in ReachChoice.objects.filter(member_id__in=member_ids)}
    return {m: found.get(m) or ReachChoice(member_id=m) for m in member_ids}


# Who reads: a member's language and time zone (by name; India's when None).
Reader = tuple[str, str | None]


def _people(member_ids: set[int]) -> dict[int, tuple[str, Reader]]:
    """Each member's address, language and time zone, in one query."""
    if not member_ids:
        return {}
    rows = (
        get_user_model()
        .objects.filter(pk__in=member_ids)
        .values_list("pk", "email", "profile__language", "profile__time_zone")
    )
    return {
        pk: (email, (language or settings.LANGUAGE_CODE, zone))
        for pk, email, language, zone in rows
    }


class _Words:
    """The notice's words for each reader (language and zone: a moment in it reads in the
    reader's zone), made once per reader for the whole batch."""

    def __init__(self, notice: Notice) -> None:
        self.notice = notice
        self.made: dict[Reader, tuple[str, str]] = {}

    def said(self, reader: Reader) -> tuple[str, str]:
        """The sentence, on one line (a value a person typed never breaks a mail's subject),
        and the site's name, in the reader's language and zone."""
        if reader not in self.made:
            language, zone = reader
            with reading_as(language=language, zone=zone):
                self.made[reader] = (" ".join(notice_text(self.notice).split()), gettext("Taash"))
        return self.made[reader]

    def link(self) -> str:
        return settings.SITE_URL.rstrip("/") + (self.notice.link or "/")

    def push(self, reader: Reader, *, tag: str) -> Push:
        text, site = self.said(reader)
        return Push(title=site, body=text, url=self.link(), tag=tag)


def _mail(sends: list[tuple[tuple[str, Reader], _Words]]) -> int:
    """One mail to each member, in their language and zone, over one connection."""
    if not sends:
        return 0
    messages = []
    for (address, reader), words in sends:
        text, _site = words.said(reader)
        messages.append(
            EmailMessage(
                subject=text,
                body=f"{text}\n\n{words.link()}\n",
                to=[address],
                headers={"Auto-Submitted": "auto-generated"},
            )
        )
    try:
        return get_connection().send_messages(messages) or 0
    except OSError:
        # A mail server that does not answer loses these mails, never the notices or pushes.
        log.exception("reminder mail not sent to %d members", len(messages))
        return 0
