"""Tournament views: parse the request, call one service or selector, render. Refusals come
back as messages in the reader's language, nothing changed."""

import secrets
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.profiles.requests import MemberRequest, PageRequest
from games.catalogue import CATALOGUE_BY_SLUG
from tournaments import selectors, services
from tournaments.duplicate import shared_deals
from tournaments.models import Series, Tournament, TournamentStatus
from tournaments.refusals import TournamentRefusal, tournament_refusal_text
from tournaments.series_table import POINTS_BY_PLACE, POINTS_FOR_FINISHING, series_standings
from tournaments.services.entering import check_in_opens_at, may_see, registration_closes_at
from tournaments.services.series import clocks_skip, series_coming, wall_time_exists, zone_of
from tournaments.web.feeds import series_calendar, tournament_calendar
from tournaments.web.forms import (
    DEFAULT_ZONE,
    WEEKDAYS,
    ZONES,
    SeriesForm,
    SettingsForm,
    TournamentForm,
    start_suggested,
)

ZONE_KEY = "time_zone"
# An act on a tournament or a series: the request, the row's id, the reason given.
Act = Callable[[MemberRequest, int, str], object]


def tournament_list(request: HttpRequest, slug: str) -> HttpResponse:
    game = CATALOGUE_BY_SLUG.get(slug)
    if game is None:
        raise Http404
    user_id = request.user.pk if request.user.is_authenticated else None
    context = {"game": game, "lists": selectors.tournament_lists(slug, user_id=user_id)}
    return render(request, "tournaments/list.html", context)


@login_required
def tournament_new(request: MemberRequest) -> HttpResponse:
    # The zone the reader reads the site in (their profile's, or their browser's) unless they
    # chose another for a start before.
    current = timezone.get_current_timezone_name()
    zone_name = request.session.get(ZONE_KEY, current if current in ZONES else DEFAULT_ZONE)
    form = TournamentForm(
        request.POST or None,
        initial={"time_zone": zone_name, "starts_at": start_suggested(zone_name, timezone.now())},
    )
    if request.method == "POST" and form.is_valid():
        request.session[ZONE_KEY] = form.cleaned_data["time_zone"]
        try:
            chosen = form.settings()
            # A member who is not staff makes a private tournament whatever the box says.
            chosen["private"] = chosen["private"] or not request.user.is_staff
            tournament = services.tournament_create(organiser=request.user, **chosen)
        except ValidationError as error:
            for field, errors in error.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            return redirect("tournament", tournament.pk)
    return render(request, "tournaments/new.html", {"form": form})


def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    row = Tournament.objects.filter(pk=tournament_id).first()
    user_id = request.user.pk if request.user.is_authenticated else None
    invite = request.GET.get("invite") or None
    # A private tournament is no business of a stranger's: the 404 of a missing one (issue
    # 28), as for a private table.
    if row is None or not _may_see(request, row, invite):
        raise Http404
    now = timezone.now()
    context = {
        "page": selectors.tournament_page(tournament_id),
        "t": row,
        "entry": selectors.entry_of(tournament_id, user_id),
        "invite": invite,
        "invite_url": request.build_absolute_uri(
            f"/tournaments/{row.pk}/?invite={row.invite_token}"
        )
        if row.private and user_id == row.organiser_id
        else None,
        "closes_at": registration_closes_at(row),
        "check_in_at": check_in_opens_at(row),
        "registration_open": row.status == TournamentStatus.SCHEDULED
        and now < registration_closes_at(row),
        "check_in_open": row.status == TournamentStatus.SCHEDULED
        and row.check_in_minutes
        and now >= check_in_opens_at(row),
        "late_entry_open": row.late_entry and bool(selectors.late_entry_tables(row)),
        "organiser": user_id is not None and (user_id == row.organiser_id or request.user.is_staff),
        # The reschedule form's start, in the zone the page shows it (issue 31, point 2).
        "zones": ZONES,
        "zone_now": _zone_shown(),
        "start_wall": row.starts_at.astimezone(zone_of(_zone_shown())).strftime("%Y-%m-%dT%H:%M"),
        "settings_form": SettingsForm.of(row),
        # A reader let in by the invite link keeps it for the page's socket too.
        "socket_path": f"/ws/pages/tournament/{row.pk}/"
        + (f"?{urlencode({'invite': invite})}" if invite else ""),
    }
    return render(request, "tournaments/page.html", context)


def tournament_bracket(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Every round at a glance (issue 31, point 5), live: whoever may see the tournament."""
    row = Tournament.objects.filter(pk=tournament_id).first()
    invite = request.GET.get("invite") or None
    if row is None or not _may_see(request, row, invite):
        raise Http404
    context = {
        "page": selectors.tournament_page(tournament_id),
        "t": row,
        "invite": invite,
        "socket_path": f"/ws/pages/bracket/{row.pk}/"
        + (f"?{urlencode({'invite': invite})}" if invite else ""),
    }
    return render(request, "tournaments/bracket.html", context)


def tournament_deals(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """How each table played the same deals (issue 31, point 7): whoever may see the
    tournament; a tournament without duplicate deals has no such page."""
    row = Tournament.objects.filter(pk=tournament_id).first()
    invite = request.GET.get("invite") or None
    if row is None or not row.duplicate_deals or not _may_see(request, row, invite):
        raise Http404
    context = {"t": row, "invite": invite, "groups": shared_deals(tournament_id)}
    return render(request, "tournaments/deals.html", context)


def tournament_you(request: PageRequest, tournament_id: int) -> HttpResponse:
    """The reader's own line on the page: where they play now. Fetched by the page whenever a
    push swaps its probe in; the first time a round seats them, it takes them to their table
    (htmx follows ``HX-Redirect``), once per round, so that coming back to the page to look
    at the standings does not send them away again."""
    if not request.user.is_authenticated:
        return HttpResponse("")
    playing = selectors.current_table_of(tournament_id, request.user.pk)
    if playing is None:
        return HttpResponse("")
    round_number, table_id = playing
    link = f"/tables/{table_id}/"
    response = render(request, "tournaments/_you.html", {"link": link, "round": round_number})
    # Only the page's own htmx fetch moves the reader (django-htmx's ``request.htmx``): the
    # address opened by hand shows the link and leaves the once-per-round mark alone.
    if request.htmx and _first_time_taken(request, tournament_id, table_id):
        response["HX-Redirect"] = link
    return response


def _may_see(request: HttpRequest, row: Tournament, invite: str | None) -> bool:
    """Its organiser, its entrants, a holder of its invite link (``may_see``), and staff, who
    may act on any tournament."""
    user_id = request.user.pk if request.user.is_authenticated else None
    return request.user.is_staff or may_see(row, user_id=user_id, invite=invite)


def _first_time_taken(request: HttpRequest, tournament_id: int, table_id: int) -> bool:
    """Whether the reader is to be taken to ``table_id`` now: the first time only (the mark
    is kept in their session)."""
    taken_key = f"tournament-{tournament_id}-taken"
    if request.session.get(taken_key) == table_id:
        return False
    request.session[taken_key] = table_id
    return True


ACTS: dict[str, Act] = {
    "register": lambda request, tid, reason: services.tournament_register(
        tournament_id=tid, user_id=request.user.pk, invite=request.POST.get("invite") or None
    ),
    "withdraw": lambda request, tid, reason: services.tournament_withdraw(
        tournament_id=tid, user_id=request.user.pk
    ),
    "check-in": lambda request, tid, reason: services.tournament_check_in(
        tournament_id=tid, user_id=request.user.pk
    ),
    "join-late": lambda request, tid, reason: services.tournament_join_late(
        tournament_id=tid, user_id=request.user.pk, invite=request.POST.get("invite") or None
    ),
    "start-now": lambda request, tid, reason: services.tournament_start_now(
        tournament_id=tid, actor=request.user, reason=reason
    ),
    "pause": lambda request, tid, reason: services.tournament_pause(
        tournament_id=tid, actor=request.user, reason=reason
    ),
    "resume": lambda request, tid, reason: services.tournament_resume(
        tournament_id=tid, actor=request.user, reason=reason
    ),
    "cancel": lambda request, tid, reason: services.tournament_cancel(
        tournament_id=tid, actor=request.user, reason=reason
    ),
    "remove": lambda request, tid, reason: services.tournament_entrant_remove(
        tournament_id=tid, actor=request.user, user_id=_member(request), reason=reason
    ),
    # A one-off, or one date of a series, moved before it starts (issue 31, point 2).
    "reschedule": lambda request, tid, reason: services.tournament_reschedule(
        tournament_id=tid, actor=request.user, starts_at=_start(request), reason=reason
    ),
    # Its other settings changed before it starts (issue 31, point 2).
    "settings": lambda request, tid, reason: services.tournament_settings_change(
        tournament_id=tid, actor=request.user, reason=reason, **_settings(request)
    ),
}


def _settings(request: HttpRequest) -> dict[str, Any]:
    """The settings form's values, or its refusals (each in the reader's language)."""
    form = SettingsForm(request.POST)
    if not form.is_valid():
        raise ValidationError(dict(form.errors.items()))
    return dict(form.cleaned_data)


def _zone_shown() -> str:
    """The reader's zone where the forms offer it, else the default."""
    current = timezone.get_current_timezone_name()
    return current if current in ZONES else DEFAULT_ZONE


def _start(request: HttpRequest) -> datetime:
    """The new start from the form: a wall time in a zone from the list, which must happen
    there (a daylight-saving gap's hour does not)."""
    zone = zone_of(request.POST.get("time_zone", ""))
    try:
        wall = datetime.fromisoformat(request.POST.get("starts_at", "")[:32])
    except ValueError:
        raise TournamentRefusal("bad_start") from None
    if zone is None or request.POST.get("time_zone") not in ZONES or wall.tzinfo is not None:
        raise TournamentRefusal("bad_start")
    if not wall_time_exists(wall, zone):
        raise clocks_skip(wall, request.POST["time_zone"])
    return wall.replace(tzinfo=zone)


# Acts whose service returns the table it seated the member at: they go straight there.
TO_THE_TABLE = {"join-late"}
# Acts that may start a round the organiser plays in: they go to their table too, from the
# form's own answer. Left to the page's probe, the push of the round's start could reach the
# page being left, spend the once-a-round move there, and leave the page drawn after the act
# with only the link.
MAY_SEAT_THE_ACTOR = {"start-now", "resume"}


@login_required
@require_POST
def tournament_act(request: MemberRequest, tournament_id: int, act: str) -> HttpResponseRedirect:
    action = ACTS.get(act)
    row = Tournament.objects.filter(pk=tournament_id).first()
    invite = request.POST.get("invite") or None
    if action is None or row is None or not _may_see(request, row, invite):
        raise Http404
    reason = request.POST.get("reason", "")
    try:
        done = action(request, tournament_id, reason)
    except TournamentRefusal as refusal:
        if refusal.code == "no_tournament":
            raise Http404 from None
        # "private": only staff get here without the invite (``_may_see``), to be told so.
        messages.error(request, tournament_refusal_text(refusal.code))
    except ValidationError as error:
        _said(request, error)
    else:
        if act in TO_THE_TABLE:
            return redirect(f"/tables/{done}/")
        playing = (
            selectors.current_table_of(tournament_id, request.user.pk)
            if act in MAY_SEAT_THE_ACTOR
            else None
        )
        if playing is not None:
            _round, table_id = playing
            _first_time_taken(request, tournament_id, table_id)
            return redirect(f"/tables/{table_id}/")
    target = f"/tournaments/{tournament_id}/"
    if invite and invite.isascii() and invite.replace("-", "").replace("_", "").isalnum():
        target += f"?invite={invite}"
    return redirect(target)


def _invite_url(request: HttpRequest, row: Tournament) -> str | None:
    if not row.private:
        return None
    return request.build_absolute_uri(f"/tournaments/{row.pk}/?invite={row.invite_token}")


def _member(request: HttpRequest) -> int:
    value = request.POST.get("user_id", "")
    if not value.isdigit() or len(value) > 18:
        raise TournamentRefusal("no_entrant")
    return int(value)


@login_required
def series_new(request: MemberRequest) -> HttpResponse:
    current = timezone.get_current_timezone_name()
    form = SeriesForm(
        request.POST or None,
        initial={
            "time_zone": current if current in ZONES else DEFAULT_ZONE,
            "first_date": timezone.localdate(),
        },
    )
    if request.method == "POST" and form.is_valid():
        chosen = form.settings()
        chosen["private"] = chosen["private"] or not request.user.is_staff
        try:
            series = services.series_create(organiser=request.user, **chosen)
        except ValidationError as error:
            for field, errors in error.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            return redirect("series", series.pk)
    return render(request, "tournaments/series_new.html", {"form": form})


def series(request: HttpRequest, series_id: int) -> HttpResponse:
    row = Series.objects.filter(pk=series_id).first()
    if row is None:
        raise Http404
    user_id = request.user.pk if request.user.is_authenticated else None
    organiser = user_id is not None and (user_id == row.organiser_id or request.user.is_staff)
    if not _may_see_series(request, row, request.GET.get("invite") or None):
        raise Http404  # a private series is no stranger's business (issue 28)
    month = _month_asked(request, row)
    context = {
        "series": row,
        "coming": series_coming(row, now=timezone.now()),
        "weekdays": [name for number, name in WEEKDAYS if number in row.weekdays],
        "organiser": organiser,
        "zones": ZONES,
        "all_weekdays": WEEKDAYS,
        "table": series_standings(row),
        "settings_form": SettingsForm.of(row),
        "month": month,
        "month_table": series_standings(row, month),
        "month_before": (month - timedelta(days=1)).replace(day=1),
        "month_after": (month + timedelta(days=31)).replace(day=1),
        "points_by_place": POINTS_BY_PLACE,
        "points_for_finishing": POINTS_FOR_FINISHING,
    }
    return render(request, "tournaments/series.html", context)


def _month_asked(request: HttpRequest, row: Series) -> date:
    """The first day of the month the reader asked for (``?month=2026-12``), or of this month
    in the series' zone; a month that is not one is said so, and this month shown."""
    zone = zone_of(row.time_zone) or timezone.get_current_timezone()
    this_month = timezone.localdate(timezone.now(), zone).replace(day=1)
    asked = request.GET.get("month")
    if asked is None:
        return this_month
    try:
        month = date.fromisoformat(f"{asked[:7]}-01") if len(asked) == 7 else None
    except ValueError:
        month = None
    if month is None or not 2000 <= month.year <= 2100:
        messages.error(
            request, _("That is not a month (write it as 2026-12): this month is shown.")
        )
        return this_month
    return month


def _series_rule(request: MemberRequest, sid: int, reason: str) -> None:
    """The whole series moved to other days or another hour (issue 31, point 2)."""
    try:
        weekdays = [int(day) for day in request.POST.getlist("weekdays")]
    except ValueError:
        weekdays = []
    try:
        hour: time | None = time.fromisoformat(request.POST.get("time_of_day", "")[:8])
    except ValueError:
        hour = None
    services.series_reschedule(
        series_id=sid,
        actor=request.user,
        reason=reason,
        weekdays=weekdays,
        time_of_day=hour,
        time_zone=request.POST.get("time_zone", ""),
    )


SERIES_ACTS: dict[str, Act] = {
    "skip": lambda request, sid, reason: services.series_skip(
        series_id=sid, actor=request.user, day=_day(request), reason=reason
    ),
    "stop": lambda request, sid, reason: services.series_stop(
        series_id=sid, actor=request.user, reason=reason
    ),
    "reschedule": _series_rule,
    "settings": lambda request, sid, reason: services.series_settings_change(
        series_id=sid, actor=request.user, reason=reason, **_settings(request)
    ),
}


@login_required
@require_POST
def series_act(request: MemberRequest, series_id: int, act: str) -> HttpResponseRedirect:
    action = SERIES_ACTS.get(act)
    row = Series.objects.filter(pk=series_id).first()
    # Its acts are its organiser's (and staff's): a stranger to a private series is told what
    # a missing one tells (issue 28).
    mine = row is not None and (row.organiser_id == request.user.pk or request.user.is_staff)
    if action is None or row is None or (row.private and not mine):
        raise Http404
    try:
        action(request, series_id, request.POST.get("reason", ""))
    except TournamentRefusal as refusal:
        if refusal.code == "no_series":
            raise Http404 from None
        messages.error(request, tournament_refusal_text(refusal.code))
    except ValidationError as error:
        _said(request, error)
    return redirect("series", series_id)


def _said(request: HttpRequest, error: ValidationError) -> None:
    """Each refusal of a form sent to an act, after its field's label where it has one."""
    if not hasattr(error, "error_dict"):
        for text in error.messages:
            messages.error(request, text)
        return
    labels = SettingsForm().fields
    for field, texts in error.message_dict.items():
        label = labels[field].label if field in labels else None
        for text in texts:
            messages.error(request, f"{label}: {text}" if label else text)


def _day(request: HttpRequest) -> date:
    try:
        return date.fromisoformat(request.POST.get("day", "")[:10])
    except ValueError:
        raise TournamentRefusal("not_a_series_date") from None


def schedule(request: HttpRequest) -> HttpResponse:
    """What is coming this week and next, by day in the reader's zone (named)."""
    zone = timezone.get_current_timezone()
    today = timezone.localdate()
    monday = today - timedelta(days=today.weekday())
    start = datetime.combine(monday, time(), tzinfo=zone)
    end = datetime.combine(monday + timedelta(days=14), time(), tzinfo=zone)
    user_id = request.user.pk if request.user.is_authenticated else None
    days: dict[date, list[Tournament]] = {}
    for row in selectors.coming_between(start, end, user_id=user_id):
        days.setdefault(timezone.localtime(row.starts_at, zone).date(), []).append(row)
    context = {
        "days": sorted(days.items()),
        "zone_name": timezone.get_current_timezone_name(),
        "today": today,
        "week_two": monday + timedelta(days=7),
    }
    return render(request, "tournaments/schedule.html", context)


def tournament_ics(request: HttpRequest, tournament_id: int) -> HttpResponse:
    row = Tournament.objects.filter(pk=tournament_id).first()
    if row is None:
        raise Http404
    if not _may_see(request, row, request.GET.get("invite") or None):
        raise Http404  # a private tournament's feed tells a stranger nothing (issue 28)
    url = request.build_absolute_uri(
        f"/tournaments/{row.pk}/" + (f"?invite={row.invite_token}" if row.private else "")
    )
    return _feed(tournament_calendar(row, url), f"tournament-{row.pk}.ics")


def series_ics(request: HttpRequest, series_id: int) -> HttpResponse:
    row = Series.objects.filter(pk=series_id).first()
    if row is None:
        raise Http404
    if not _may_see_series(request, row, request.GET.get("invite") or None):
        raise Http404  # a private series' feed tells a stranger nothing (issue 28)

    def url_of(tournament: Tournament | None) -> str:
        if tournament is None:
            return request.build_absolute_uri(f"/tournaments/series/{row.pk}/")
        query = f"?invite={tournament.invite_token}" if tournament.private else ""
        return request.build_absolute_uri(f"/tournaments/{tournament.pk}/{query}")

    return _feed(series_calendar(row, url_of, timezone.now()), f"series-{row.pk}.ics")


def _feed(body: bytes, name: str) -> HttpResponse:
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


def _may_see_series(request: HttpRequest, row: Series, invite: str | None) -> bool:
    """A public series: anyone; a private one: its organiser, staff, a holder of its invite."""
    if not row.private or request.user.is_staff:
        return True
    if request.user.is_authenticated and request.user.pk == row.organiser_id:
        return True
    return bool(invite) and secrets.compare_digest(str(invite), row.invite_token)
