"""The bot API's endpoints. Each answers JSON; a refusal is an error object with its code and
HTTP status (``refusals``) and changes nothing. The streams are NDJSON (``games.live.streams``)."""

import functools
import math
from collections.abc import Callable
from typing import Any

from django.db import connection
from django.http import HttpRequest, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.utils import timezone, translation
from django.views.decorators.csrf import csrf_exempt

from accounts.bots.models import Scope
from games.botapi import guard, services
from games.botapi.reference import games_documented
from games.botapi.refusals import ApiRefusal
from games.engine import IllegalAction
from games.frames.shapes import error_frame
from games.live import streams
from games.ranked.services import queue_seen
from games.tables import services as table_services
from games.tables.models import Seat, Table, TableStatus
from games.tables.refusals import TableRefusal
from games.tables.services.chat import ChatRefusal, chat_line_post
from games.words.chat import MUTED

NDJSON = "application/x-ndjson"


def refusal_response(refusal: ApiRefusal) -> JsonResponse:
    response = JsonResponse(error_frame(refusal.code, refusal.message), status=refusal.status)
    if refusal.retry_after is not None:
        response["Retry-After"] = str(refusal.retry_after)
    return response


View = Callable[..., HttpResponseBase]


def endpoint(*methods: str) -> Callable[[View], View]:
    """An API view: its methods (another: 405), no CSRF (a token is no cookie), every refusal
    a JSON error."""

    def wrap(view: View) -> View:
        @csrf_exempt
        @functools.wraps(view)
        def answered(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            try:
                if request.method not in methods:
                    raise ApiRefusal("wrong_method")
                return view(request, *args, **kwargs)
            except ApiRefusal as refusal:
                return refusal_response(refusal)
            except TableRefusal as refusal:
                return refusal_response(ApiRefusal(refusal.code))
            except IllegalAction as illegal:
                return refusal_response(ApiRefusal(illegal.code, illegal.message))

        return answered

    return wrap


def docs(request: HttpRequest) -> HttpResponseBase:
    return render(
        request,
        "games/api.html",
        {
            "requests_per_minute": guard.REQUESTS_PER_MINUTE,
            "streams_per_account": guard.STREAMS_PER_ACCOUNT,
            "keep_alive_seconds": int(streams.KEEP_ALIVE_SECONDS),
            "max_body_bytes": guard.MAX_BODY_BYTES,
            "unsent_kib": streams.UNSENT_BYTES // 1024,
            "stall_seconds": int(streams.STALL_SECONDS),
            "games": games_documented(),
        },
    )


@endpoint("GET")
def account(request: HttpRequest) -> HttpResponseBase:
    token = guard.token_of(request, Scope.READ)
    user = token.user
    return JsonResponse(
        {
            "id": user.pk,
            "name": user.username,
            "bot": hasattr(user, "bot_account"),
            "scopes": token.scopes,
        }
    )


@endpoint("GET")
def event_stream(request: HttpRequest) -> HttpResponseBase:
    token = guard.token_of(request, Scope.READ)
    user_id = token.user_id
    seats = Seat.objects.filter(
        user_id=user_id, left=False, table__status__in=(TableStatus.OPEN, TableStatus.PLAYING)
    ).select_related("table")
    tables = {seat.table_id: seat.table.status for seat in seats}
    first: list[dict[str, object]] = services.invitations_pending(user_id)
    for seat in seats:
        table = seat.table
        kind = "matchStarted" if table.status == TableStatus.PLAYING else "seated"
        line = {"type": kind, "table": table.pk}
        if kind == "matchStarted":
            line.update(game=table.game, variant=table.variant, seat=seat.number)
        first.append(line)
    slot = guard.StreamSlot(user_id)
    slot.take()
    # Its place in a ranked queue is kept while the stream is open, as a member's while their
    # page is (the same service, ``queue_seen``).
    still_here = functools.partial(queue_seen, user_id=user_id)
    lines = streams.account_lines(
        user_id, first, tables, slot=slot, still_here=still_here, allowed=guard.live(token)
    )
    return _stream(lines)


@endpoint("GET")
def table_stream(request: HttpRequest, table_id: int) -> HttpResponseBase:
    token = guard.token_of(request, Scope.READ)
    if not Table.objects.filter(pk=table_id).exists():
        raise ApiRefusal("no_table")
    seated = Seat.objects.filter(table_id=table_id, user_id=token.user_id)
    # Duplicate deals still played elsewhere (issue 31): a seat that left is no longer told.
    if not seated.exclude(left=True, table__seed_held=True).exists():
        raise ApiRefusal("not_seated")
    slot = guard.StreamSlot(token.user_id)
    slot.take()
    lines = streams.table_lines(
        table_id,
        token.user_id,
        language=translation.get_language(),
        slot=slot,
        allowed=guard.live(token),
    )
    return _stream(lines)


def _stream(lines: Any) -> HttpResponseBase:
    # The request's database connection goes back to the pool now, not when the stream ends
    # (Django returns it when the response closes): else each open stream held one of a
    # server's few pooled connections, and the ninth stream waited for one (a 500 on
    # PostgreSQL). The stream's own reads borrow one a read (``database_sync_to_async``).
    if not connection.in_atomic_block:
        connection.close()
    response = StreamingHttpResponse(lines, content_type=NDJSON)
    # No proxy may hold lines back (nginx buffers by default).
    response["X-Accel-Buffering"] = "no"
    response["Cache-Control"] = "no-store"
    return response


@endpoint("POST")
def move(request: HttpRequest, table_id: int) -> HttpResponseBase:
    """``{"action": {...}, "version": N}`` (``"seat"``, if given, must be the bot's own):
    played exactly as a person's move is (``table_move_apply``)."""
    token = guard.play_token(request)
    body = guard.body_of(request)
    action, version, seat = body.get("action"), body.get("version"), body.get("seat")
    if not isinstance(action, dict) or not isinstance(version, int) or isinstance(version, bool):
        raise ApiRefusal("malformed")
    if not (seat is None or is_int(seat)):
        raise ApiRefusal("malformed")
    new_version = table_services.table_move_apply(
        table_id=table_id, user_id=token.user_id, action=action, version=version, seat=seat
    )
    return JsonResponse({"ok": True, "version": new_version})


@endpoint("POST")
def phrase(request: HttpRequest, table_id: int) -> HttpResponseBase:
    """``{"phrase": key}``: one of the table's quick phrases, in the players' chat."""
    token = guard.play_token(request)
    body = guard.body_of(request)
    if not Seat.objects.filter(table_id=table_id, user_id=token.user_id).exists():
        raise ApiRefusal("not_seated")
    said = body.get("phrase")
    if not isinstance(said, str):
        raise ApiRefusal("malformed")
    try:
        chat_line_post(table_id=table_id, user_id=token.user_id, phrase=said)
    except ChatRefusal as refusal:
        raise chat_refusal(refusal) from None
    return JsonResponse({"ok": True})


def chat_refusal(refusal: ChatRefusal) -> ApiRefusal:
    """The chat's refusal as the API says it: a line too fast is a rate limit like the API's
    own (429, Retry-After: the seconds until a line may be said); a mute says until when."""
    if refusal.code == "chat_too_fast" and refusal.until is not None:
        wait = (refusal.until - timezone.now()).total_seconds()
        return ApiRefusal(refusal.code, retry_after=max(1, math.ceil(wait)))
    if refusal.code == "chat_muted" and refusal.until is not None:
        return ApiRefusal(refusal.code, str(MUTED) % {"until": refusal.until.isoformat()})
    return ApiRefusal(refusal.code)


@endpoint("POST")
def ready(request: HttpRequest, table_id: int) -> HttpResponseBase:
    """The last deal's result is read: the next deal need not wait for this seat (issue 22)."""
    token = guard.play_token(request)
    if not Seat.objects.filter(table_id=table_id, user_id=token.user_id).exists():
        raise ApiRefusal("not_seated")
    changed = table_services.table_ready(table_id=table_id, user_id=token.user_id)
    return JsonResponse({"ok": True, "changed": changed})


@endpoint("POST")
def leave(request: HttpRequest, table_id: int) -> HttpResponseBase:
    """Before the match the seat is freed; during it the seat is given up for good (a house
    bot plays it on, or in rummy's Points and Pool it drops: ``table_match_leave``). Leaving
    is repeatable: a match left already, or over, answers ok and changes nothing (a program
    that leaves as its match ends got table_not_playing)."""
    token = guard.play_token(request)
    table = Table.objects.filter(pk=table_id).only("status").first()
    if table is None:
        raise ApiRefusal("no_table")
    if table.status == TableStatus.OPEN:
        table_services.table_seat_leave(table_id=table_id, user_id=token.user_id)
    elif table.status == TableStatus.PLAYING:
        table_services.table_match_leave(table_id=table_id, user_id=token.user_id)
    elif not Seat.objects.filter(table_id=table_id, user_id=token.user_id).exists():
        raise ApiRefusal("not_seated")
    return JsonResponse({"ok": True})


@endpoint("POST")
def invitation_accept(request: HttpRequest, invitation_id: int) -> HttpResponseBase:
    token = guard.play_token(request)
    invitation = services.invitation_answer(
        bot_id=token.user_id, invitation_id=invitation_id, accept=True
    )
    return JsonResponse({"ok": True, "table": invitation.table_id, "seat": invitation.seat})


@endpoint("POST")
def invitation_decline(request: HttpRequest, invitation_id: int) -> HttpResponseBase:
    token = guard.play_token(request)
    services.invitation_answer(bot_id=token.user_id, invitation_id=invitation_id, accept=False)
    return JsonResponse({"ok": True})


@csrf_exempt
def no_endpoint(request: HttpRequest, rest: str = "") -> HttpResponseBase:
    """Any other path under /api/: a JSON 404, never the site's HTML page."""
    return refusal_response(ApiRefusal("no_endpoint"))


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
