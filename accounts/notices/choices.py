"""How a member wants to be reached: their choices of channels and reasons, and the browsers
they subscribed to Web Push. Their own rows only, one request at a time: no lock."""

from django.db import transaction

from accounts.notices.models import PushSubscription, ReachChoice


def reach_choice_of(member_id: int) -> ReachChoice:
    """The member's choices; the defaults, unsaved, if they never made any."""
    return ReachChoice.objects.filter(member_id=member_id).first() or ReachChoice(
        member_id=member_id
    )


def reach_choice_save(
    *, member_id: int, site: bool, email: bool, push: bool, reasons_off: list[str]
) -> ReachChoice:
    choice, _created = ReachChoice.objects.update_or_create(
        member_id=member_id,
        defaults={"site": site, "email": email, "push": push, "reasons_off": reasons_off},
    )
    return choice


def push_subscription_keep(*, member_id: int, endpoint: str, p256dh: str, auth: str) -> None:
    """Keep the browser's subscription for the member. A browser signed in as another member
    before is now this one's: one endpoint, one member."""
    with transaction.atomic():
        PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"member_id": member_id, "p256dh": p256dh, "auth": auth}
        )


def push_subscription_forget(*, member_id: int, endpoint: str) -> bool:
    """The member's subscription of that browser dropped; whether there was one."""
    deleted, _kinds = PushSubscription.objects.filter(
        member_id=member_id, endpoint=endpoint
    ).delete()
    return bool(deleted)


def push_subscription_count(member_id: int) -> int:
    return PushSubscription.objects.filter(member_id=member_id).count()
