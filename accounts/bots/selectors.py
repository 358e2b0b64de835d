"""Reads of bot accounts and tokens."""

from django.contrib.auth.models import User
from django.db.models import QuerySet

from accounts.bots.models import AccessToken, BotAccount


def is_bot_account(user_id: int | None) -> bool:
    return user_id is not None and BotAccount.objects.filter(user_id=user_id).exists()


def bots_of(owner_id: int) -> QuerySet[BotAccount]:
    return BotAccount.objects.filter(owner_id=owner_id).select_related("user").order_by("made_at")


def tokens_of(owner_id: int) -> QuerySet[AccessToken]:
    """The live tokens of the member and of their bots, newest first."""
    accounts = [owner_id, *bots_of(owner_id).values_list("user_id", flat=True)]
    return (
        AccessToken.objects.filter(user_id__in=accounts, revoked_at__isnull=True)
        .select_related("user")
        .order_by("-made_at")
    )


def bot_named(name: str) -> User | None:
    """The bot account called ``name`` (its username, whatever the letter case)."""
    found = BotAccount.objects.filter(user__username__iexact=name.strip()).select_related("user")
    account = found.first()
    return None if account is None else account.user
