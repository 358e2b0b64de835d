"""Players' reports, merged into one case per member, and the moderators' work on a case:
claim it, act, close it (issue 20, point 4).

A report names a member and a reason, with a note; where it came from (a table, the move then,
a chat line and its text) is attached by the caller that knows it (``games.tables.services.
moderation``), never typed by the reporter. Every open report on one member is one case, whose
weight grows with its reporters, their recency and the site's own signals (play bans);
the console lists the open cases heaviest first. Closing a case tells each reporter it was
handled, and the member what came of it when a moderator acted.
"""

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Count, Max
from django.utils import timezone

from accounts.moderation.audit import Target, audit_record
from accounts.moderation.models import (
    Case,
    CaseStatus,
    Report,
    ReportReason,
    Sanction,
    SanctionKind,
)
from accounts.moderation.roles import NotModerator, is_moderator
from accounts.notices.inbox import notice_send
from games.news import CONSOLE_TABLES_KEY, PageChanged, publish

NOTE_LONGEST = 500
# A flood: more reports than this from one member in an hour, or a second on the same member
# within the hour, is refused.
REPORTS_PER_HOUR = 5
# Every try at a report counts, filed or refused (issue 28: a refusal is an answer, and a loop
# of tries is a probe). Ten: the five a member may file (``REPORTS_PER_HOUR``) and as many
# again for honest slips (a reason left out, a member reported already), while a script learns
# at most ten answers an hour; past that, every try is refused before anything is looked up.
REPORT_TRIES_PER_HOUR = 10
TRIES_WINDOW_SECONDS = 60 * 60
SAME_MEMBER_AGAIN_AFTER = timedelta(hours=1)
# A report's weight halves every this long; each play ban in 30 days weighs as a report.
HALF_LIFE = timedelta(days=3)
SIGNALS_WITHIN = timedelta(days=30)


class ReportRefusal(Exception):
    """A report or a case act turned down, having changed nothing; ``code`` names why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Attached:
    """What the report came from, as the site knows it."""

    table_id: int | None = None
    move_version: int | None = None
    chat_line_id: int | None = None
    chat_text: str = ""


def report_try(reporter: User) -> None:
    """Count one more try at a report by ``reporter`` this hour, before anything the report
    names is looked up; refused (``too_many_reports``) past ``REPORT_TRIES_PER_HOUR``. The hour
    begins with the first try, in the shared cache (a refused try is counted too, and does not
    lengthen the hour)."""
    if not reporter.is_authenticated:
        raise ReportRefusal("sign_in")
    key = f"moderation:report-tries:{reporter.pk}"
    cache.add(key, 0, timeout=TRIES_WINDOW_SECONDS)
    try:
        tries = cache.incr(key)
    except ValueError:  # the hour ended between the two calls: this try begins the next one
        cache.add(key, 1, timeout=TRIES_WINDOW_SECONDS)
        tries = 1
    if tries > REPORT_TRIES_PER_HOUR:
        raise ReportRefusal("too_many_reports")


def report_file(
    *, reporter: User, member_id: int, reason: str, note: str = "", attached: Attached = Attached()
) -> Report:
    """``reporter`` reports ``member_id``: added to the member's open case, or a new one."""
    if not reporter.is_authenticated:
        raise ReportRefusal("sign_in")
    if member_id == reporter.pk:
        raise ReportRefusal("not_yourself")
    if reason not in ReportReason.values:
        raise ReportRefusal("bad_reason")
    note = note.strip()
    if len(note) > NOTE_LONGEST:
        raise ReportRefusal("note_too_long")
    if not get_user_model().objects.filter(pk=member_id).exists():
        raise ReportRefusal("no_member")
    now = timezone.now()
    with transaction.atomic():
        mine = Report.objects.filter(reporter=reporter, created_at__gte=now - timedelta(hours=1))
        if mine.count() >= REPORTS_PER_HOUR:
            raise ReportRefusal("too_many_reports")
        if mine.filter(case__member_id=member_id).exists():
            raise ReportRefusal("reported_already")
        case = _open_case(member_id, now)
        report = Report.objects.create(
            case=case,
            reporter=reporter,
            reason=reason,
            note=note,
            table_id=attached.table_id,
            move_version=attached.move_version,
            chat_line_id=attached.chat_line_id,
            chat_text=attached.chat_text[:280],
            created_at=now,
        )
        if attached.table_id is not None:
            publish(PageChanged("console", CONSOLE_TABLES_KEY))
    return report


def _open_case(member_id: int, now: datetime) -> Case:
    """The member's case that is not closed, locked; a new one if none (two first reports at
    once: the unique constraint lets one make it, and the other finds it)."""
    for _attempt in range(2):
        case = (
            Case.objects.select_for_update()
            .filter(member_id=member_id)
            .exclude(status=CaseStatus.CLOSED)
            .first()
        )
        if case is not None:
            case.updated_at = now
            case.save(update_fields=["updated_at"])
            return case
        try:
            with transaction.atomic():
                return Case.objects.create(member_id=member_id, updated_at=now)
        except IntegrityError:
            continue
    raise ReportRefusal("try_again")


@dataclass(frozen=True)
class CaseRow:
    case: Case
    reporters: int
    signals: int
    weight: float


def cases_by_weight(*, now: datetime | None = None, limit: int = 100) -> list[CaseRow]:
    """The cases not closed, heaviest first: each reporter counts once, halved every
    ``HALF_LIFE`` since their last report, and each play ban of the member in 30 days adds one."""
    now = now or timezone.now()
    cases = list(
        Case.objects.exclude(status=CaseStatus.CLOSED)
        .select_related("member", "claimed_by")
        .order_by("-updated_at")[:500]
    )
    latest = (
        Report.objects.filter(case__in=cases)
        .values("case_id", "reporter_id")
        .annotate(last=Max("created_at"))
    )
    weights: dict[int, float] = {}
    reporters: dict[int, int] = {}
    for row in latest:
        age = (now - row["last"]) / HALF_LIFE
        weights[row["case_id"]] = weights.get(row["case_id"], 0.0) + math.pow(0.5, age)
        reporters[row["case_id"]] = reporters.get(row["case_id"], 0) + 1
    signals = dict(
        Sanction.objects.filter(
            member_id__in=[case.member_id for case in cases],
            kind=SanctionKind.PLAY_BAN,
            by__isnull=True,
            created_at__gte=now - SIGNALS_WITHIN,
        )
        .values_list("member_id")
        .annotate(count=Count("id"))
    )
    rows = [
        CaseRow(
            case=case,
            reporters=reporters.get(case.pk, 0),
            signals=signals.get(case.member_id, 0),
            weight=round(weights.get(case.pk, 0.0) + signals.get(case.member_id, 0), 2),
        )
        for case in cases
    ]
    rows.sort(key=lambda row: (-row.weight, -row.case.updated_at.timestamp()))
    return rows[:limit]


def case_reports(case: Case) -> list[Report]:
    return list(case.reports.select_related("reporter").order_by("-created_at"))


@transaction.atomic
def case_claim(*, moderator: User, case_id: int) -> Case:
    """The moderator takes the case (from whoever had it). Locks the case's row."""
    case = _case_locked(moderator, case_id)
    case.status, case.claimed_by = CaseStatus.CLAIMED, moderator
    case.save(update_fields=["status", "claimed_by"])
    audit_record(actor=moderator, act="case_claim", target=_target(case))
    return case


@transaction.atomic
def case_close(*, moderator: User, case_id: int, outcome: str, acted: bool) -> Case:
    """Close the case with what came of it: every reporter is told it was handled, and, when a
    moderator ``acted`` on the member, the member is told why. Locks the case's row."""
    case = _case_locked(moderator, case_id)
    outcome = outcome.strip()
    if not outcome:
        raise ReportRefusal("outcome_needed")
    case.status, case.closed_at, case.outcome = CaseStatus.CLOSED, timezone.now(), outcome
    if case.claimed_by_id is None:
        case.claimed_by = moderator
    case.save(update_fields=["status", "closed_at", "outcome", "claimed_by"])
    audit_record(
        actor=moderator,
        act="case_close",
        target=_target(case),
        reason=outcome,
        details={"acted": acted, "reports": case.reports.count()},
    )
    reporters = set(case.reports.values_list("reporter_id", flat=True))
    for reporter_id in sorted(reporters):
        notice_send(
            member_id=reporter_id,
            kind="report_handled_acted" if acted else "report_handled",
            params={"member": case.member.get_username()},
        )
    if acted:
        notice_send(member_id=case.member_id, kind="case_acted", params={"reason": outcome})
    return case


def _case_locked(moderator: User, case_id: int) -> Case:
    if not is_moderator(moderator):
        raise NotModerator
    case = Case.objects.select_for_update().filter(pk=case_id).first()
    if case is None:
        raise ReportRefusal("no_case")
    if case.status == CaseStatus.CLOSED:
        raise ReportRefusal("case_closed")
    return case


def _target(case: Case) -> Target:
    return Target("case", case.pk, case.member.get_username())
