"""The settings page of a member's bots and tokens (/accounts/bots/): make a bot account, make
a token (its secret shown once, on the page that answers the form), revoke one."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.bots import services
from accounts.bots.forms import BotForm, TokenForm
from accounts.bots.models import AccessToken
from accounts.bots.selectors import bots_of, is_bot_account, tokens_of
from accounts.profiles.requests import MemberRequest


@login_required
def bots(request: MemberRequest) -> HttpResponse:
    return _page(request)


@login_required
@require_POST
def bot_make(request: MemberRequest) -> HttpResponse:
    form = BotForm(request.POST)
    if form.is_valid():
        try:
            bot = services.bot_account_make(owner=request.user, name=form.cleaned_data["name"])
        except ValidationError as refusal:
            form.add_error("name", refusal)
        else:
            messages.success(
                request,
                _("%(name)s is a bot account now, for good: make it a token to play.")
                % {"name": bot.username},
            )
            return redirect("bots")
    return _page(request, bot_form=form, status=400)


@login_required
@require_POST
def token_make(request: MemberRequest) -> HttpResponse:
    form = TokenForm(request.POST, accounts=_accounts(request.user))
    if form.is_valid():
        try:
            made = services.token_make(
                member=request.user,
                account_id=int(form.cleaned_data["account"]),
                name=form.cleaned_data["name"],
                scopes=form.cleaned_data["scopes"],
            )
        except ValidationError as refusal:
            form.add_error(None, refusal)
        else:
            # Shown on this answer only: the site keeps no copy of it.
            return _page(request, secret=made.secret, made=made.token)
    return _page(request, token_form=form, status=400)


@login_required
@require_POST
def token_revoke(request: MemberRequest, token_id: int) -> HttpResponse:
    if services.token_revoke(member=request.user, token_id=token_id):
        messages.success(request, _("The token is revoked: nothing can use it any more."))
    else:
        messages.error(request, _("There is no such token of yours."))
    return redirect("bots")


def _accounts(user: Any) -> list[tuple[str, str]]:
    choices = [(str(user.pk), _("%(name)s (you)") % {"name": user.username})]
    choices += [(str(bot.user_id), bot.user.username) for bot in bots_of(user.pk)]
    return choices


def _page(
    request: MemberRequest,
    *,
    bot_form: BotForm | None = None,
    token_form: TokenForm | None = None,
    secret: str = "",
    made: AccessToken | None = None,
    status: int = 200,
) -> HttpResponse:
    user = request.user
    context = {
        "is_bot": is_bot_account(user.pk),
        "bots": bots_of(user.pk),
        "tokens": tokens_of(user.pk),
        "bot_form": bot_form or BotForm(),
        "token_form": token_form or TokenForm(accounts=_accounts(user)),
        "secret": secret,
        "made": made,
    }
    return render(request, "accounts/bots.html", context, status=status)
