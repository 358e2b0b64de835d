from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from accounts.charts import line_chart
from accounts.forms import LanguageForm, ProfileForm
from accounts.language import language_cookie_set
from accounts.models import ReportReason
from accounts.notices import notice_text, notices_mark_read, notices_of
from accounts.sanctions import sanctions_words
from accounts.selectors import (
    leaderboard_top,
    profile_of,
    rating_history,
    recent_matches,
    standing_of,
    standings_of,
)
from accounts.services import profile_update
from config.catalogue import CATALOGUE, CATALOGUE_BY_SLUG


@login_required
def profile(request):
    form = ProfileForm(request.POST or None, instance=profile_of(request.user))
    if not form.is_valid():
        context = {
            "form": form,
            "sanctions_now": sanctions_words(request.user.pk),
            **_ratings_context(request.user),
        }
        return render(request, "accounts/profile.html", context)
    saved = profile_update(user=request.user, **form.cleaned_data)
    translation.activate(saved.language)
    messages.success(request, _("Your profile is saved."))
    response = redirect("profile")
    language_cookie_set(response, saved.language)
    return response


@require_POST
def language_switch(request):
    """Django's set_language (cookie and redirect), plus the member's profile when signed in."""
    form = LanguageForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("This language is not offered."))
    if request.user.is_authenticated:
        profile_update(user=request.user, language=form.cleaned_data["language"])
    return set_language(request)


def leaderboards(request):
    return redirect("leaderboard", CATALOGUE[0].slug)


def leaderboard(request, game):
    """The top 100 of one game, and the signed-in member's own place."""
    info = CATALOGUE_BY_SLUG.get(game)
    if info is None:
        raise Http404
    signed_in = request.user.is_authenticated
    context = {
        "game": info,
        "board": leaderboard_top(game=game),
        "own": standing_of(user=request.user, game=game) if signed_in else None,
        "own_username": request.user.get_username() if signed_in else None,
    }
    return render(request, "accounts/leaderboard.html", context)


def player(request, username):
    """A member's ratings, their history as charts, and their recent ranked matches."""
    shown = get_object_or_404(get_user_model(), username=username, is_active=True)
    context = {
        "shown": shown,
        "shown_name": profile_of(shown).shown_name,
        "report_reasons": ReportReason.choices,
    }
    return render(request, "accounts/player.html", {**context, **_ratings_context(shown)})


def _ratings_context(user) -> dict:
    rated = [
        (standing, line_chart(rating_history(user=user, game=standing.game.slug)))
        for standing in standings_of(user=user)
    ]
    return {"rated_games": rated, "recent_matches": recent_matches(user=user)}


@login_required
def notices(request):
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
