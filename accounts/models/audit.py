"""The audit log: one append-only record of every act that staff, organisers or the site's own
jobs take on people and tables (DESIGN.md, "Around the tables")."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnly("an audit entry is never changed")

    def delete(self):
        raise AppendOnly("an audit entry is never deleted")


class AppendOnly(Exception):
    pass


class AuditEntry(models.Model):
    """Who did what to which target, when and why. ``act`` is a stable code
    (``accounts.audit.ACTS`` gives its words); the target is named by kind and id, with its
    label as it read then, so that the entry outlives what it names."""

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

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnly("an audit entry is never changed")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnly("an audit entry is never deleted")
