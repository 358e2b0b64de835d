"""Notices: what the site tells one member (a sanction and why, what came of their report, a
tournament round that starts), kept until they have read it."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Notice(models.Model):
    """``kind`` is a stable code and ``params`` its values; the words are made when the notice
    is read, in the reader's language then (``accounts.notices.inbox``)."""

    member = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="notices",
        verbose_name=_("member"),
    )
    kind = models.CharField(_("kind"), max_length=48)
    params = models.JSONField(_("values"), default=dict, blank=True)
    # Where the notice takes its reader (a table, a tournament), if anywhere.
    link = models.CharField(_("link"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("sent"), auto_now_add=True)
    read_at = models.DateTimeField(_("read"), null=True, blank=True)

    class Meta:
        verbose_name = _("notice")
        verbose_name_plural = _("notices")
        ordering = ["-id"]
        indexes = [models.Index(fields=["member", "read_at", "-id"], name="notice_unread")]

    def __str__(self) -> str:
        return f"{self.member} {self.kind}"
