"""A member's own pages: their profile (name, language, their ratings and any sanction in
force) and the language switch every page offers."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from accounts.members.forms import LanguageForm, ProfileForm
from accounts.members.language import language_cookie_set
from accounts.moderation.sanctions import sanctions_words
from accounts.profiles.requests import MemberRequest
from accounts.profiles.selectors import profile_of
from accounts.profiles.services import profile_update
from accounts.ratings.views import ratings_context


@login_required
def profile(request: MemberRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=profile_of(request.user))
    if not form.is_valid():
        context = {
            "form": form,
            "sanctions_now": sanctions_words(request.user.pk),
            **ratings_context(request.user),
        }
        return render(request, "accounts/profile.html", context)
    saved = profile_update(user=request.user, **form.cleaned_data)
    translation.activate(saved.language)
    messages.success(request, _("Your profile is saved."))
    response = redirect("profile")
    language_cookie_set(response, saved.language)
    return response


@require_POST
def language_switch(request: HttpRequest) -> HttpResponse:
    """Django's set_language (cookie and redirect), plus the member's profile when signed in."""
    form = LanguageForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("This language is not offered."))
    if request.user.is_authenticated:
        profile_update(user=request.user, language=form.cleaned_data["language"])
    return set_language(request)
