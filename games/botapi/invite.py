"""The table page's form with which a member invites a bot account to a seat by its name, as
they would send a friend the invite link; the bot's program answers through the API."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.profiles.requests import MemberRequest
from games.botapi import services
from games.botapi.refusals import ApiRefusal


@login_required
@require_POST
def bot_invite(request: MemberRequest, table_id: int) -> HttpResponse:
    name = request.POST.get("name", "")
    seat = request.POST.get("seat", "")
    try:
        if not seat.isdigit() or not name.strip():
            raise ApiRefusal("malformed")
        services.bot_invite(
            member_id=request.user.pk, table_id=table_id, seat=int(seat) - 1, name=name
        )
    except ApiRefusal as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(
            request, _("%(name)s is invited: its program answers soon.") % {"name": name.strip()}
        )
    return redirect("table", table_id=table_id)
