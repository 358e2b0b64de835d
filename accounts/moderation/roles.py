"""Who may moderate: members of the "moderators" group, whose one permission is
``accounts.moderate`` (made by migration 0005). A superuser holds every permission, but a
moderator need not be one (issue 20, point 1)."""

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeGuard, TypeVar, cast

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseBase

from accounts.profiles.requests import Reader

MODERATORS_GROUP = "moderators"
MODERATE = "accounts.moderate"

View = TypeVar("View", bound=Callable[..., HttpResponseBase])


def is_moderator(user: Reader | None) -> TypeGuard[User]:
    return bool(user is not None and user.is_authenticated and user.has_perm(MODERATE))


def moderator_required(view: View) -> View:
    """A view for moderators only: anyone else (a visitor too) gets the 403 page."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not is_moderator(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    # The view itself behind the check: what it takes and answers is unchanged.
    return cast(View, guarded)


class NotModerator(PermissionDenied):
    """A service called by someone who may not moderate: nothing is done."""
