"""Moderation of people: sanctions (a chat mute, an account ban, an automatic play ban),
players' reports, merged into one case per member (issue 20), and the audit log: one
append-only record of every act that staff, organisers or the site's own jobs take on people
and tables (DESIGN.md, "Around the tables")."""

from datetime import datetime
from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class SanctionKind(models.TextChoices):
    MUTE = "mute", _("chat muted")
    BAN = "ban", _("account banned")
    PLAY_BAN = "play_ban", _("ranked play paused")


class SanctionQuerySet(models.QuerySet["Sanction"]):
    def in_force(self, at: datetime | None = None) -> "SanctionQuerySet":
        """Not lifted, and not over yet (``until`` None: for good)."""
        at = at or timezone.now()
        return self.filter(lifted_at__isnull=True).filter(Q(until__isnull=True) | Q(until__gt=at))


class Sanction(models.Model):
    """One sanction of one member: in force from ``created_at`` until ``until`` (None: for
    good) unless lifted. ``by`` None: the site's own signal (a play ban), with its ``cause``."""

    member = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="sanctions",
        verbose_name=_("member"),
    )
    kind = models.CharField(_("kind"), max_length=16, choices=SanctionKind.choices)
    reason = models.TextField(_("reason"), blank=True)
    # The automatic signal behind a play ban ("left_ranked", "timed_out_ranked").
    cause = models.CharField(_("cause"), max_length=32, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sanctions_given",
        verbose_name=_("by"),
    )
    created_at = models.DateTimeField(_("from"), default=timezone.now)
    until = models.DateTimeField(_("until"), null=True, blank=True)
    lifted_at = models.DateTimeField(_("lifted"), null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sanctions_lifted",
        verbose_name=_("lifted by"),
    )

    objects = SanctionQuerySet.as_manager()

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        indexes = [models.Index(fields=["member", "kind", "-created_at"], name="sanction_of")]

    def __str__(self) -> str:
        return f"{self.member} {self.kind}"


class ReportReason(models.TextChoices):
    CHEATING = "cheating", _("cheating or collusion")
    CHAT_ABUSE = "chat_abuse", _("abuse in chat")
    STALLING = "stalling", _("stalling")
    OFFENSIVE_NAME = "offensive_name", _("offensive name")
    OTHER = "other", _("other")


class CaseStatus(models.TextChoices):
    OPEN = "open", _("open")
    CLAIMED = "claimed", _("claimed")
    CLOSED = "closed", _("closed")


class Case(models.Model):
    """Every report on one member while it is not closed: one case, which a moderator claims,
    acts on and closes (lichess: one report per suspect, each reporter adds to it)."""

    member = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="cases",
        verbose_name=_("member"),
    )
    status = models.CharField(
        _("status"), max_length=8, choices=CaseStatus.choices, default=CaseStatus.OPEN
    )
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="cases_claimed",
        verbose_name=_("claimed by"),
    )
    created_at = models.DateTimeField(_("opened"), auto_now_add=True)
    updated_at = models.DateTimeField(_("last report"), default=timezone.now)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)
    outcome = models.TextField(_("outcome"), blank=True)

    class Meta:
        verbose_name = _("case")
        verbose_name_plural = _("cases")
        permissions = [("moderate", _("Can moderate tables and members"))]
        constraints = [
            models.UniqueConstraint(
                fields=["member"],
                condition=~Q(status="closed"),
                name="one_case_open_per_member",
            )
        ]

    def __str__(self) -> str:
        return f"case {self.pk} ({self.member})"


class Report(models.Model):
    """One member's report on another, with what it came from: a table, a move, a chat line
    (its text as it read then, so that the report outlives a deleted line)."""

    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="reports_made",
        verbose_name=_("reporter"),
    )
    reason = models.CharField(_("reason"), max_length=16, choices=ReportReason.choices)
    note = models.TextField(_("note"), blank=True, max_length=500)
    table_id = models.BigIntegerField(_("table"), null=True, blank=True)
    move_version = models.PositiveIntegerField(_("move"), null=True, blank=True)
    chat_line_id = models.BigIntegerField(_("chat line"), null=True, blank=True)
    chat_text = models.CharField(_("chat line"), max_length=280, blank=True)
    created_at = models.DateTimeField(_("sent"), default=timezone.now)

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        indexes = [models.Index(fields=["reporter", "-created_at"], name="report_by_reporter")]

    def __str__(self) -> str:
        return f"report {self.pk} on {self.case.member_id}"


# --- The audit log ----------------------------------------------------------------------------


class AppendOnlyQuerySet(models.QuerySet["AuditEntry"]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnly("an audit entry is never changed")

    def delete(self) -> NoReturn:
        raise AppendOnly("an audit entry is never deleted")


class AppendOnly(Exception):
    pass


class AuditEntry(models.Model):
    """Who did what to which target, when and why. ``act`` is a stable code
    (config/words.py gives its words); the target is named by kind and id,
    with its label as it read then, so that the entry outlives what it names."""

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="acts",
        verbose_name=_("by"),
    )
    # The actor's name as it read then; empty for the site's own jobs.
    actor_label = models.CharField(_("by (name then)"), max_length=150, blank=True)
    act = models.CharField(_("act"), max_length=48)
    target_kind = models.CharField(_("target kind"), max_length=24)
    target_id = models.BigIntegerField(_("target id"))
    target_label = models.CharField(_("target"), max_length=200)
    reason = models.TextField(_("reason"), blank=True)
    details = models.JSONField(_("details"), default=dict, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    objects = AppendOnlyQuerySet.as_manager()

    # Not columns: the entry in the reader's words, set by the console's views for the page.
    act_text: str
    kind_text: str
    reason_text: str
    details_words: list[str]

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["target_kind", "target_id", "-id"], name="audit_by_target"),
            models.Index(fields=["act", "-id"], name="audit_by_act"),
            models.Index(fields=["actor", "-id"], name="audit_by_actor"),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor_label or '-'} {self.act}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnly("an audit entry is never changed")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnly("an audit entry is never deleted")
