"""A banned member's session ends at their next request (issue 20: "their sessions end"): the
ban is read on every signed-in request, so a session made before the ban, on any server, does
not outlive it by one page."""

from collections.abc import Callable

from django.contrib.auth import logout
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils import translation

from accounts.moderation.models import Sanction, SanctionKind
from accounts.moderation.sanctions import ban_words, sanction_in_force


class BannedMemberMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            ban = sanction_in_force(user.pk, SanctionKind.BAN)
            if ban is not None:
                logout(request)
                return banned_page(request, ban)
        return self.get_response(request)


def banned_page(request: HttpRequest, ban: Sanction) -> HttpResponse:
    """Why the member is shut out and until when (403)."""
    return render(
        request,
        "accounts/banned.html",
        {"why": ban_words(ban), "language": translation.get_language()},
        status=403,
    )
