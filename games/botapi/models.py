"""A member's invitation of a bot account to a seat of their table."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.tables.models import Table


class InvitationStatus(models.TextChoices):
    PENDING = "pending", _("waiting for the bot's answer")
    ACCEPTED = "accepted", _("accepted")
    DECLINED = "declined", _("declined")
    # Its seat was taken by another, or the table started or closed, before the bot answered.
    WITHDRAWN = "withdrawn", _("withdrawn")


class Invitation(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField(_("seat"))
    bot = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="bot_invitations",
        verbose_name=_("bot account"),
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    status = models.CharField(
        max_length=10, choices=InvitationStatus.choices, default=InvitationStatus.PENDING
    )
    made_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("bot invitation")
        verbose_name_plural = _("bot invitations")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "bot"],
                condition=models.Q(status="pending"),
                name="one_pending_invitation_per_bot_and_table",
            )
        ]

    def __str__(self) -> str:
        return f"bot {self.bot_id} to seat {self.seat} of table {self.table_id}"

    def to_json(self) -> dict[str, object]:
        """The line an account's stream and the API say of it."""
        return {
            "id": self.pk,
            "table": self.table_id,
            "seat": self.seat,
            "game": self.table.game,
            "variant": self.table.variant,
            "by": self.invited_by.username,
        }
