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


class Reached(models.Model):
    """One reason a member was reached for, at one moment: the key of every send (DESIGN.md,
    "Reaching a member who is not looking"). The job that inserts it first sends; any other
    job with the same key, racing or repeated, finds it taken and sends nothing."""

    member = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("member"),
    )
    reason = models.CharField(_("reason"), max_length=48)
    # What the reason is about and when, as its sender names it ("tournament:42").
    moment = models.CharField(_("moment"), max_length=64)
    # The job that took the key: it reads back the rows of its own token.
    token = models.CharField(max_length=32)
    created_at = models.DateTimeField(_("sent"), auto_now_add=True)

    class Meta:
        verbose_name = _("reminder sent")
        verbose_name_plural = _("reminders sent")
        constraints = [
            models.UniqueConstraint(
                fields=["member", "reason", "moment"], name="reached_once_per_moment"
            )
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.reason} {self.moment}"


class ReachChoice(models.Model):
    """How a member wants to be reached: each channel on or off, and the reasons they turned
    off. A member without a row has every channel on (push needs a subscription besides)."""

    member = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="reach_choice",
        verbose_name=_("member"),
    )
    site = models.BooleanField(_("on the site"), default=True)
    email = models.BooleanField(_("by e-mail"), default=True)
    push = models.BooleanField(_("by push notification"), default=True)
    reasons_off = models.JSONField(_("reminders turned off"), default=list, blank=True)

    class Meta:
        verbose_name = _("reminder choice")
        verbose_name_plural = _("reminder choices")

    def __str__(self) -> str:
        return str(self.member)


class PushSubscription(models.Model):
    """A browser a member subscribed to Web Push: where its push service takes messages and the
    keys they are encrypted with. Dropped when the push service says it has expired."""

    member = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="push_subscriptions",
        verbose_name=_("member"),
    )
    endpoint = models.URLField(_("endpoint"), max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(_("subscribed"), auto_now_add=True)

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self) -> str:
        return f"{self.member} {self.endpoint[:40]}"
