"""The ranked queue for bot accounts (issue 35, point 3): their programs join and leave a
game's queue and accept or decline a table formed for them through the queue's own services
(``games.ranked.services``, exactly as the queue page calls them); here, what their event
streams are told of it (``config/subscribers.py``, after the commit):

- ``{"type": "rankedTableFormed", "offer": id, "game", "variant", "seats", "expires"}``: a
  table formed for the account: accept it (or decline) before ``expires``;
- ``{"type": "seated", "table": id}``: every member accepted and the match is dealt; the stream
  then says ``matchStarted`` as for any table the account sits at.

A bot account is rated as a member is (``accounts.ratings``: a rating per game, changed by
each ranked result), since it is one program whose strength changes as its author changes it;
it is kept off the leaderboards and monthly boards, which list people. The forming pass never
seats it with a member who refuses bots in ranked (``games.ranked.matching``).
"""

from django.core.exceptions import ValidationError
from django.http import HttpRequest, JsonResponse
from django.http.response import HttpResponseBase

from games.botapi import guard
from games.botapi.news import AccountTold
from games.botapi.refusals import ApiRefusal
from games.botapi.views import endpoint, is_int
from games.live.streams import account_told_send
from games.ranked import services as ranked
from games.ranked.news import RankedTableDealt, RankedTablesFormed

# A queue's refusal of what was asked for (a game, format or seat count it does not have),
# rather than of the account as it stands (in another queue, seated at a ranked table).
ASKED_WRONG = {"game", "variant", "seats", "bots_after"}


@endpoint("POST")
def queue_join(request: HttpRequest) -> HttpResponseBase:
    """``{"game": slug, "variant": format, "seats": n}`` (``seats`` optional: the game's usual
    count): the account waits in that ranked queue, as a member who joins on its page."""
    token = guard.play_token(request)
    body = guard.body_of(request)
    game, variant, seats = body.get("game"), body.get("variant"), body.get("seats")
    if not isinstance(game, str) or not isinstance(variant, str):
        raise ApiRefusal("malformed")
    if seats is None:
        seats = ranked.RANKED_SEATS.get(game, 4)
    if not is_int(seats):
        raise ApiRefusal("malformed")
    try:
        entry = ranked.queue_join(user_id=token.user_id, game=game, variant=variant, seats=seats)
    except ValidationError as error:
        raise _refusal(error, "queue_refused") from None
    return JsonResponse(
        {"ok": True, "game": entry.game, "variant": entry.variant, "seats": entry.seats}
    )


@endpoint("POST")
def queue_leave(request: HttpRequest) -> HttpResponseBase:
    """Out of the queue; a table formed for the account and not yet dealt is declined."""
    token = guard.play_token(request)
    return JsonResponse({"ok": True, "left": ranked.queue_leave(user_id=token.user_id)})


@endpoint("POST")
def offer_accept(request: HttpRequest, offer_id: int) -> HttpResponseBase:
    """Accept the table formed for the account: ``table`` is the dealt table's id once every
    member has accepted, else null (the stream says ``seated`` when it is dealt)."""
    token = guard.play_token(request)
    try:
        table_id = ranked.offer_accept(user_id=token.user_id, offer_id=offer_id)
    except ValidationError as error:
        raise _refusal(error, "offer_refused") from None
    return JsonResponse({"ok": True, "table": table_id})


@endpoint("POST")
def offer_decline(request: HttpRequest, offer_id: int) -> HttpResponseBase:
    """Decline it: the account leaves the queue, the others wait on at their places."""
    token = guard.play_token(request)
    try:
        ranked.offer_decline(user_id=token.user_id, offer_id=offer_id)
    except ValidationError as error:
        raise _refusal(error, "offer_refused") from None
    return JsonResponse({"ok": True})


def _refusal(error: ValidationError, code: str) -> ApiRefusal:
    """The queue's refusal, in its own words (the reader's language); an offer there never
    was, or made to others, is none of this account's (404)."""
    fields = error.error_dict if hasattr(error, "error_dict") else {}
    if any(e.code == ranked.NO_OFFER for errors in fields.values() for e in errors):
        return ApiRefusal("no_offer")
    asked_wrong = set(fields) & ASKED_WRONG
    return ApiRefusal("bad_queue" if asked_wrong else code, " ".join(error.messages))


def ranked_formed_told(formed: RankedTablesFormed) -> None:
    for table in formed.tables:
        line: dict[str, object] = {
            "type": "rankedTableFormed",
            "offer": table.offer_id,
            "game": table.game,
            "variant": table.variant,
            "seats": table.seats,
            "expires": table.expires_at,
        }
        for bot in table.bots:
            account_told_send(AccountTold(bot, line))


def ranked_dealt_told(dealt: RankedTableDealt) -> None:
    for bot in dealt.bots:
        account_told_send(AccountTold(bot, {"type": "seated", "table": dealt.table_id}))
