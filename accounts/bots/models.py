"""A bot account and the tokens a program acts with."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class BotAccount(models.Model):
    """The account ``user`` is a program's, made by ``owner``, for good: it never signs in by
    password (``accounts.members.adapter``), so it never plays by hand."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="bot_account",
        verbose_name=_("bot account"),
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="bots_owned",
        verbose_name=_("owner"),
    )
    made_at = models.DateTimeField(_("made"), auto_now_add=True)

    class Meta:
        verbose_name = _("bot account")
        verbose_name_plural = _("bot accounts")

    def __str__(self) -> str:
        return f"bot {self.user_id}"


class Scope(models.TextChoices):
    PLAY = "play", _("play: move, speak, accept invitations, leave tables")
    READ = "read", _("read: the account's and its tables' streams")


class AccessToken(models.Model):
    """A personal access token: shown once when made; only its SHA-256 is kept."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="access_tokens",
        verbose_name=_("account"),
    )
    name = models.CharField(_("name"), max_length=40)
    scopes = models.JSONField(_("scopes"), default=list)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    # The secret's first characters, for its owner to tell one token from another.
    prefix = models.CharField(max_length=12, editable=False)
    made_at = models.DateTimeField(_("made"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        verbose_name = _("access token")
        verbose_name_plural = _("access tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}...)"

    def allows(self, scope: str) -> bool:
        return scope in self.scopes
