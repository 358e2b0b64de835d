"""Writes of bot accounts and tokens. A token's secret is ``taash_`` and 32 random bytes
(``secrets.token_urlsafe``); only its SHA-256 is stored, so a leaked database gives no token."""

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.bots.models import AccessToken, BotAccount, Scope
from accounts.bots.selectors import bots_of, is_bot_account
from accounts.bots.sql import live_token_read
from accounts.profiles.models import name_taken

TOKEN_PREFIX = "taash_"
# A member's bots, and the live tokens of one account: enough for a hobbyist's programs.
MOST_BOTS = 5
MOST_TOKENS = 10
# A token's last use is written at most this often: a program sends a move a second.
LAST_USE_STEP = timedelta(minutes=1)
_BOT_NAME = re.compile(r"[A-Za-z0-9_-]{3,20}")


@dataclass(frozen=True)
class MadeToken:
    token: AccessToken
    secret: str  # shown once, never stored


def token_digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@transaction.atomic
def bot_account_make(*, owner: User, name: str) -> User:
    """A new account called ``name``, a bot of ``owner``'s for good: no password it could sign
    in with. A bot makes no bots."""
    name = name.strip()
    if is_bot_account(owner.pk):
        raise ValidationError(_("A bot account cannot make bots."), code="bot_owner")
    if not _BOT_NAME.fullmatch(name):
        raise ValidationError(
            _("A bot's name is 3 to 20 letters, digits, - or _."), code="bad_bot_name"
        )
    if name_taken(name):
        raise ValidationError(_("That name belongs to another member."), code="name_taken")
    # Locks the owner's row: two forms posted at once make no sixth bot.
    User.objects.select_for_update().get(pk=owner.pk)
    if bots_of(owner.pk).count() >= MOST_BOTS:
        raise ValidationError(
            _("You have as many bots as a member may have (%(most)d).") % {"most": MOST_BOTS},
            code="too_many_bots",
        )
    user = User(username=name)
    user.set_unusable_password()
    user.save()
    BotAccount.objects.create(user=user, owner=owner)
    return user


@transaction.atomic
def token_make(*, member: User, account_id: int, name: str, scopes: list[str]) -> MadeToken:
    """A token for ``account_id`` (the member themself or a bot of theirs)."""
    name = name.strip()
    if account_id != member.pk and not bots_of(member.pk).filter(user_id=account_id).exists():
        raise ValidationError(_("That account is not yours."), code="not_yours")
    if not name or len(name) > 40:
        raise ValidationError(_("Name the token (at most 40 characters)."), code="bad_name")
    if not scopes or not set(scopes) <= set(Scope.values):
        raise ValidationError(_("Choose what the token may do."), code="bad_scopes")
    User.objects.select_for_update().get(pk=account_id)
    live = AccessToken.objects.filter(user_id=account_id, revoked_at__isnull=True)
    if live.count() >= MOST_TOKENS:
        raise ValidationError(
            _("That account has as many tokens as it may have (%(most)d): revoke one first.")
            % {"most": MOST_TOKENS},
            code="too_many_tokens",
        )
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = AccessToken.objects.create(
        user_id=account_id,
        name=name,
        scopes=sorted(set(scopes)),
        digest=token_digest(secret),
        prefix=secret[: len(TOKEN_PREFIX) + 4],
    )
    return MadeToken(token, secret)


def token_revoke(*, member: User, token_id: int) -> bool:
    """Revoke a token of the member's or of their bots'; False: no such live token."""
    accounts = [member.pk, *bots_of(member.pk).values_list("user_id", flat=True)]
    return bool(
        AccessToken.objects.filter(
            pk=token_id, user_id__in=accounts, revoked_at__isnull=True
        ).update(revoked_at=timezone.now())
    )


def token_authenticate(secret: str) -> AccessToken | None:
    """The live token whose secret this is, its last use noted (None: no such token, or
    revoked); its account is loaded with it."""
    if not secret.startswith(TOKEN_PREFIX) or len(secret) > 100:
        return None
    token = live_token_read(token_digest(secret))
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USE_STEP:
        AccessToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
