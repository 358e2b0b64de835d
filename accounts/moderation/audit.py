"""The audit log: record an act, read the log (DESIGN.md, "Around the tables").

Every moderator act, every organiser act and every daily-deal rotation calls ``audit_record``
in the transaction that does the act, so the act and its entry commit together or not at all.
Each app names its acts and their words once, in its words module, and config/words.py lists
them all (read through ``acts()``, ``target_kinds()``, ``codes()``), so the console can list and
filter them in the reader's language; an unknown act is refused.
The codes that the site's own acts write as a reason or a detail (``timed_out_ranked``, a bot's
level) are named there too, and each detail's key in ``words.DETAILS``: the console reads an
entry in words (``audit_reason_words``, ``audit_details_words``), never as a code or a dict.

The log is append-only: the model refuses to change or delete an entry, and on PostgreSQL a
trigger refuses it too (migration 0003).

Why not django-auditlog or django-simple-history: both record what a save did to a row's fields.
This log records acts, with a reason and a target that may not be a row at all (a member's
chat, a day's deal), which is what a moderator reads and what lichess's mod log keeps.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from accounts.moderation.models import AuditEntry
from accounts.moderation.words import DETAILS
from accounts.notices.inbox import word_tables
from accounts.profiles.formats import local_date, local_datetime, local_number


def acts() -> Mapping[str, Promise]:
    """Every act the log may hold, by code, with its words."""
    named: Mapping[str, Promise] = word_tables().ACTS
    return named


def target_kinds() -> Mapping[str, Promise]:
    """Every kind of target, by code, with its words."""
    named: Mapping[str, Promise] = word_tables().TARGET_KINDS
    return named


def codes() -> Mapping[str, Promise]:
    """Every code a site's act writes as its reason or as a detail's value, with its words."""
    named: Mapping[str, Promise] = word_tables().CODES
    return named


def audit_reason_words(reason: str) -> str:
    """An entry's reason as its reader reads it: a person's words as they wrote them, a site's
    code (``timed_out_ranked``) in words of the active language."""
    words = codes().get(reason)
    return str(words) if words is not None else reason


def audit_details_words(details: Mapping[str, Any]) -> list[str]:
    """An entry's details, one "what: value" each, in the active language and zone: times
    and days as the reader reads them, numbers grouped, codes in words."""
    return [
        f"{DETAILS.get(key, key)}: {_detail_value(key, value)}" for key, value in details.items()
    ]


def _detail_value(key: str, value: Any) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        # A row's id is a name, not a quantity: it is not grouped.
        return str(value) if key in ID_KEYS else local_number(value)
    if isinstance(value, list):
        # A daily deal's seats list the member's as "" before the bots': the bots are named.
        return ", ".join(_detail_value(key, item) for item in value if item != "")
    text = str(value)
    if text in codes():
        return str(codes()[text])
    if key in DAY_KEYS:
        return local_date(date.fromisoformat(text), length="long")
    if key in MOMENT_KEYS or key.endswith(("until", "_at")):
        return local_datetime(datetime.fromisoformat(text))
    return text


# Details that hold a day, and a moment, as ISO text.
DAY_KEYS = frozenset({"day", "date"})
MOMENT_KEYS = frozenset({"from", "to"})
# Details that name a row (a table, a member, a sanction) rather than count something.
ID_KEYS = frozenset({"table", "member", "sanction", "replaced", "seat", "version"})


@dataclass(frozen=True)
class Target:
    kind: str
    id: int
    label: str


def audit_record(
    *,
    actor: User | None,
    act: str,
    target: Target,
    reason: str = "",
    details: Mapping[str, Any] | None = None,
) -> AuditEntry:
    """Write one entry: ``actor`` did ``act`` to ``target`` because ``reason`` (``actor``
    None: the site's own job). Call it inside the act's transaction. An act or target kind
    config/words.py does not name raises ``LookupError``: a typo must not land in the log."""
    if act not in acts():
        raise LookupError(f"no such act {act!r}: name it in config/words.py")
    if target.kind not in target_kinds():
        raise LookupError(f"no such target kind {target.kind!r}")
    return AuditEntry.objects.create(
        actor=actor,
        actor_label=actor.get_username() if actor is not None else "",
        act=act,
        target_kind=target.kind,
        target_id=target.id,
        target_label=target.label[:200],
        reason=reason,
        details=dict(details or {}),
    )


def audit_entries(
    *,
    act: str | None = None,
    target_kind: str | None = None,
    target_id: int | None = None,
    actor_id: int | None = None,
    since: datetime | None = None,
) -> QuerySet[AuditEntry]:
    """The log, newest first, narrowed by whichever filters are given."""
    entries = AuditEntry.objects.select_related("actor")
    if act:
        entries = entries.filter(act=act)
    if target_kind:
        entries = entries.filter(target_kind=target_kind)
    if target_id is not None:
        entries = entries.filter(target_id=target_id)
    if actor_id is not None:
        entries = entries.filter(actor_id=actor_id)
    if since is not None:
        entries = entries.filter(created_at__gte=since)
    return entries.order_by("-id")
