"""The ranked queue's page (issue 32, point 2): joining with a format and seat count, what the
queue says while the member waits (updated by itself every few seconds, which also tells the
queue the member's page is open), accepting or declining a table formed for them, leaving."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.profiles.requests import MemberRequest
from accounts.profiles.selectors import profile_of
from games.engine import GAMES
from games.ranked import selectors, services
from games.ranked.matching import GAP_EVERY, GAP_MOST, GAP_START, GAP_STEP
from games.ranked.models import ACCEPT_SECONDS, BOTS_AFTER_SECONDS
from games.tables.models import BotLevel
from games.web.tables import _game
from games.words.labels import variant_name


@login_required
def ranked_queue(request: MemberRequest, slug: str) -> HttpResponse:
    """The queue page of ``slug``: the join form, or where the member stands in the queue."""
    game = _game(slug)
    status = selectors.queue_status(request.user.pk)
    if status is not None and status.game != slug:
        return redirect("ranked_queue", slug=status.game)
    if status is None:
        table_id = services.ranked_seat_of(request.user.pk)
        if table_id is not None:
            return redirect("table", table_id=table_id)
    else:
        services.queue_seen(user_id=request.user.pk)
    rules = GAMES[slug]
    context = {
        "game": game,
        "status": status,
        "variants": [(v, variant_name(slug, v)) for v in rules.variants],
        "seat_counts": _seat_counts(slug),
        "default_seats": services.RANKED_SEATS.get(slug, 4),
        "bots_after_choices": [(s, s // 60) for s in services.BOTS_AFTER_CHOICES],
        "bots_after_default": BOTS_AFTER_SECONDS,
        "bots_after_default_minutes": BOTS_AFTER_SECONDS // 60,
        "refuses_bots": profile_of(request.user).ranked_bots_refused,
        **_offer_words(status),
        "rule": {
            "start": GAP_START,
            "step": GAP_STEP,
            "every": GAP_EVERY,
            "most": GAP_MOST,
            "accept": ACCEPT_SECONDS,
        },
    }
    return render(request, "games/queue.html", context)


@login_required
def ranked_queue_status(request: MemberRequest, slug: str) -> HttpResponse:
    """The part of the queue page that updates itself; a dealt table sends the page there."""
    _game(slug)
    services.queue_seen(user_id=request.user.pk)
    status = selectors.queue_status(request.user.pk)
    if status is None:
        table_id = services.ranked_seat_of(request.user.pk)
        if table_id is not None:
            response = HttpResponse(status=204)
            response["HX-Redirect"] = reverse("table", args=[table_id])
            return response
    context = {"status": status, "game": _game(slug), **_offer_words(status)}
    return render(request, "games/queue/_status.html", context)


def _offer_words(status: selectors.QueueStatus | None) -> dict[str, str]:
    """The level of the bots a table is offered with, in the reader's words."""
    level = status.offer_bot_level if status is not None else ""
    return {"offer_bot_name": str(dict(BotLevel.choices).get(level, "")) if level else ""}


@require_POST
@login_required
def ranked_queue_join(request: MemberRequest, slug: str) -> HttpResponseRedirect:
    _game(slug)
    try:
        seats = int(request.POST.get("seats", services.RANKED_SEATS.get(slug, 4)))
        bots_after = int(request.POST.get("bots_after", BOTS_AFTER_SECONDS))
    except ValueError:
        seats, bots_after = 0, 0
    try:
        services.queue_join(
            user_id=request.user.pk,
            game=slug,
            variant=request.POST.get("variant", ""),
            seats=seats,
            bots_after=bots_after,
        )
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    return redirect("ranked_queue", slug=slug)


@require_POST
@login_required
def ranked_queue_leave(request: MemberRequest, slug: str) -> HttpResponseRedirect:
    _game(slug)
    services.queue_leave(user_id=request.user.pk)
    return redirect("lobby", slug=slug)


@require_POST
@login_required
def ranked_offer_answer(request: MemberRequest, slug: str) -> HttpResponseRedirect:
    """Accept (``answer=accept``) or decline the table formed for the member."""
    _game(slug)
    try:
        offer_id = int(request.POST.get("offer", ""))
    except ValueError:
        offer_id = 0
    try:
        if request.POST.get("answer") == "accept":
            table_id = services.offer_accept(
                user_id=request.user.pk,
                offer_id=offer_id,
                client_seed=request.POST.get("client_seed", ""),
            )
            if table_id is not None:
                return redirect("table", table_id=table_id)
        else:
            services.offer_decline(user_id=request.user.pk, offer_id=offer_id)
            return redirect("lobby", slug=slug)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    return redirect("ranked_queue", slug=slug)


def _seat_counts(slug: str) -> list[int]:
    rules = GAMES[slug]
    counts: set[int] = set()

    for variant in rules.variants:
        low, high = rules.player_range(variant)
        counts.update(range(low, high + 1))
    return sorted(counts)
