"""The audit log: record an act, read the log (DESIGN.md, "Around the tables").

Every moderator act, every organiser act and every daily-deal rotation calls ``audit_record``
in the transaction that does the act, so the act and its entry commit together or not at all.
Each app names its acts and their words once (``acts_register``, from its ``AppConfig.ready``),
so the console can list and filter them in the reader's language; an unknown act is refused.

The log is append-only: the model refuses to change or delete an entry, and on PostgreSQL a
trigger refuses it too (migration 0003).

Why not django-auditlog or django-simple-history: both record what a save did to a row's fields.
This log records acts, with a reason and a target that may not be a row at all (a member's
chat, a day's deal), which is what a moderator reads and what lichess's mod log keeps.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.utils.functional import Promise

from accounts.moderation.models import AuditEntry

ACTS: dict[str, Promise] = {}
"""Every act the log may hold, by code, with its words."""

TARGET_KINDS: dict[str, Promise] = {}
"""Every kind of target, by code, with its words."""


def acts_register(acts: Mapping[str, Promise], target_kinds: Mapping[str, Promise]) -> None:
    """Name acts and target kinds (each app's own, once, when it is ready)."""
    ACTS.update(acts)
    TARGET_KINDS.update(target_kinds)


@dataclass(frozen=True)
class Target:
    kind: str
    id: int
    label: str


def audit_record(
    *,
    actor: Any | None,
    act: str,
    target: Target,
    reason: str = "",
    details: Mapping[str, Any] | None = None,
) -> AuditEntry:
    """Write one entry: ``actor`` did ``act`` to ``target`` because ``reason`` (``actor``
    None: the site's own job). Call it inside the act's transaction. An act or target kind
    nobody registered raises ``LookupError``: a typo must not land in the log."""
    if act not in ACTS:
        raise LookupError(f"no such act {act!r}: register it with acts_register")
    if target.kind not in TARGET_KINDS:
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
