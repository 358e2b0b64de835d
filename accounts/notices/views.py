"""The page of a member's notices, and the page of their reminders: which reasons, which
channels, and this browser's push subscription."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.notices.choices import (
    push_subscription_count,
    push_subscription_forget,
    push_subscription_keep,
    reach_choice_of,
    reach_choice_save,
)
from accounts.notices.forms import (
    PushForgetForm,
    PushSubscriptionForm,
    ReachChoiceForm,
    initial_of,
)
from accounts.notices.inbox import notice_text, notices_mark_read, notices_of
from accounts.notices.push import vapid_public_key
from accounts.profiles.requests import MemberRequest


@login_required
def notices(request: MemberRequest) -> HttpResponse:
    """What the site told the member, newest first, each in the reader's language now; the
    page marks them read (the unread ones are marked on the page first)."""
    shown = [
        {
            "text": notice_text(notice),
            "link": notice.link,
            "unread": notice.read_at is None,
            "created_at": notice.created_at,
        }
        for notice in notices_of(request.user)
    ]
    notices_mark_read(member=request.user)
    return render(request, "accounts/notices.html", {"notices": shown})


@login_required
def reach_choices(request: MemberRequest) -> HttpResponse:
    """Which reasons and channels the member wants; this browser's push, by its script."""
    form = None
    if request.method == "POST":
        form = ReachChoiceForm(request.POST)
        if form.is_valid():
            reach_choice_save(
                member_id=request.user.pk,
                site=form.cleaned_data["site"],
                email=form.cleaned_data["email"],
                push=form.cleaned_data["push"],
                reasons_off=form.reasons_off(),
            )
            messages.success(request, _("Your reminders are saved."))
            return redirect("reach_choices")
    return _page(request, form=form)


def _page(
    request: MemberRequest,
    *,
    form: ReachChoiceForm | None = None,
    push_form: PushSubscriptionForm | None = None,
    status: int = 200,
) -> HttpResponse:
    if form is None:
        choice = reach_choice_of(request.user.pk)
        form = ReachChoiceForm(
            initial=initial_of(
                site=choice.site,
                email=choice.email,
                push=choice.push,
                reasons_off=list(choice.reasons_off),
            )
        )
    context = {
        "form": form,
        "push_form": push_form or PushSubscriptionForm(),
        "push_devices": push_subscription_count(request.user.pk),
        "vapid_public_key": vapid_public_key(),
    }
    return render(request, "accounts/reminders.html", context, status=status)


@login_required
@require_POST
def push_subscribe(request: MemberRequest) -> HttpResponse:
    """This browser's subscription, as its script posts it; refused with the page and why."""
    form = PushSubscriptionForm(request.POST)
    if not form.is_valid():
        return _page(request, push_form=form, status=400)
    push_subscription_keep(member_id=request.user.pk, **form.cleaned_data["subscription"])
    messages.success(request, _("This device will get your reminders as push notifications."))
    return redirect("reach_choices")


@login_required
@require_POST
def push_forget(request: MemberRequest) -> HttpResponseRedirect:
    form = PushForgetForm(request.POST)
    if form.is_valid() and push_subscription_forget(
        member_id=request.user.pk, endpoint=form.cleaned_data["endpoint"]
    ):
        messages.success(request, _("This device will get no more push notifications."))
    return redirect("reach_choices")
