"""What every page's header needs of the notices: how many are unread."""

from django.http import HttpRequest

from accounts.notices.inbox import notices_unread_count


def unread_notices(request: HttpRequest) -> dict[str, int]:
    """How many notices the member has not read, for the menu (one indexed count)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notices": notices_unread_count(user)}
