"""Who may do what (issue 28, point 2): one table of what each role gets from every URL pattern
the resolver knows and every socket route, for GET and for every method the view accepts.

The objects behind the ids are made here, once for the module (``setUpTestData``): a private
table (two members seated, spectators let in with its invite), another table, a players'-room
line, a spectators' line, a deleted line, a private tournament with an entrant and a removed
one, a cancelled tournament, a case with its report, a mute and a ban. Each request runs in a
savepoint rolled back after it, so one role's POST never changes what the next one meets.

What a role gets, as ``outcome`` reads a response: ``ok`` (200, the page), ``done`` (302, no
error said), ``refused`` (302 with an error message), ``signin`` (302 to sign in), ``403``,
``404``, ``405``; a 500 is never in the table.

``test_every_pattern_is_in_the_table`` walks the resolver: a new view fails it until its row is
written here. Django's admin and allauth's account pages are two families (their own access
rules, staff's and anyone's), each pattern of them checked by the family's row.
"""

import os
import re
from dataclasses import dataclass, field
from datetime import time, timedelta

from django.contrib.auth import get_user_model
from django.contrib.messages import ERROR, get_messages
from django.db import transaction
from django.test import Client, TestCase
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from accounts.moderation.models import Case, Sanction
from accounts.moderation.reports import report_file
from accounts.moderation.sanctions import member_ban, member_mute
from accounts.notices.inbox import notice_send
from accounts.ratings.months import month_of, month_written
from games.tables import services as table_services
from games.tables.models import ChatLine, ChatRoom
from tests.moderation_support import PASSWORD, moderator_make
from tests.tournaments.support import settings_changed
from tournaments import services as tournament_services

ROLES = (
    "visitor",
    "stranger",
    "seated",
    "other_player",
    "spectator",
    "muted",
    "banned",
    "entrant",
    "organiser",
    "moderator",
    "staff",
)


@dataclass(frozen=True)
class Row:
    """One URL pattern: the address the test asks (``{name}``: an object made here), and what
    each role gets per method, with the form it posts."""

    url: str
    methods: dict[str, dict[str, str]]
    form: dict[str, str] = field(default_factory=dict)


TABLE: dict[str, list[Row]] = {}


def outcome(response) -> str:
    code = response.status_code
    if code in (301, 302):
        if re.search(r"/(accounts|admin)/login/", response["Location"]):
            return "signin"
        # This request's own messages: those of earlier ones wait, unread, in the session.
        said = get_messages(response.wsgi_request)._queued_messages
        return "refused" if any(message.level >= ERROR for message in said) else "done"
    return str(code) if code != 200 else "ok"


def patterns(resolvers=None, prefix: str = ""):
    """Every URL pattern of the site, as its route reads (``tables/<id:table_id>/``)."""
    for entry in get_resolver().url_patterns if resolvers is None else resolvers:
        if isinstance(entry, URLResolver):
            yield from patterns(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)


def family_of(route: str) -> str:
    if route.startswith("admin/"):
        return "admin/"
    if route.startswith("accounts/") and route not in TABLE:
        return "accounts/ (allauth)"
    return route


def E(default: str, **roles: str) -> dict[str, str]:
    """What every role gets (``default``), but ``roles``, which get something else."""
    return {"*": default, **roles}


def R(route: str, url: str, *, form: dict[str, str] | None = None, **methods) -> None:
    TABLE.setdefault(route, []).append(Row(url, methods, form or {}))


# A banned member's every request ends their session with a 403 that says why
# (``accounts.moderation.middleware``); a private table's or tournament's stranger gets the 404
# of a missing one, page and acts alike; the moderators' console is a 403 for anyone else.
R("", "/", GET=E("ok", banned="403"), POST=E("ok", banned="403"))
R("sw.js", "/sw.js", GET=E("ok", banned="403"), POST=E("ok", banned="403"))
R(
    "manifest/<slug:language>.webmanifest",
    "/manifest/hi.webmanifest",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
R("offline/", "/offline/", GET=E("ok", banned="403"), POST=E("ok", banned="403"))
R("offline/worker.js", "/offline/worker.js", GET=E("ok", banned="403"), POST=E("ok", banned="403"))
R("offline/<slug:slug>/", "/offline/rummy/", GET=E("ok", banned="403"), POST=E("ok", banned="403"))
R(
    "games/<slug:slug>/rules/",
    "/games/rummy/rules/",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
R(
    "games/<slug:slug>/tables/",
    "/games/rummy/tables/",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
R(
    "games/<slug:slug>/tables/new/",
    "/games/rummy/tables/new/",
    form={"variant": "points"},
    GET=E("ok", visitor="signin", banned="403"),
    POST=E("ok", visitor="signin", banned="403"),
)
R(
    "games/<slug:slug>/queue/",
    "/games/rummy/queue/",
    GET=E("ok", visitor="signin", banned="403"),
    POST=E("ok", visitor="signin", banned="403"),
)
R(
    "games/<slug:slug>/queue/status/",
    "/games/rummy/queue/status/",
    GET=E("ok", visitor="signin", banned="403"),
    POST=E("ok", visitor="signin", banned="403"),
)
R(
    "games/<slug:slug>/queue/join/",
    "/games/rummy/queue/join/",
    form={"variant": "points"},
    GET=E("405", banned="403"),
    POST=E("done", visitor="signin", banned="403"),
)
R(
    "games/<slug:slug>/queue/leave/",
    "/games/rummy/queue/leave/",
    GET=E("405", banned="403"),
    POST=E("done", visitor="signin", banned="403"),
)
R(
    "games/<slug:slug>/queue/answer/",
    "/games/rummy/queue/answer/",
    form={"offer": "1", "answer": "accept"},
    GET=E("405", banned="403"),
    POST=E("refused", visitor="signin", banned="403"),
)
R(
    "games/<slug:slug>/play-now/",
    "/games/rummy/play-now/",
    GET=E("405", banned="403"),
    POST=E("done", visitor="signin", banned="403"),
)
R(
    "tables/<id:table_id>/",
    "/tables/{private}/",
    GET=E("404", seated="ok", spectator="ok", banned="403", moderator="ok"),
    POST=E("404", seated="ok", spectator="ok", banned="403", moderator="ok"),
)
R(
    "tables/<id:table_id>/",
    "/tables/{other}/",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
R(
    "tables/<id:table_id>/seat/",
    "/tables/{private}/seat/",
    form={"seat": "1"},
    GET=E("405", banned="403"),
    POST=E("404", visitor="signin", seated="refused", banned="403"),
)
R(
    "tables/<id:table_id>/seat/",
    "/tables/{other}/seat/",
    form={"seat": "1"},
    GET=E("405", banned="403"),
    POST=E("refused", visitor="signin", banned="403"),
)
R(
    "tables/<id:table_id>/leave/",
    "/tables/{private}/leave/",
    GET=E("405", banned="403"),
    POST=E(
        "404",
        visitor="signin",
        seated="refused",
        spectator="refused",
        banned="403",
        moderator="refused",
    ),
)
R(
    "tables/<id:table_id>/leave/",
    "/tables/{other}/leave/",
    GET=E("405", banned="403"),
    POST=E("refused", visitor="signin", banned="403"),
)
R(
    "tables/<id:table_id>/forfeit/",
    "/tables/{private}/forfeit/",
    GET=E("405", banned="403"),
    POST=E(
        "404",
        visitor="signin",
        seated="done",
        spectator="refused",
        banned="403",
        moderator="refused",
    ),
)
R(
    "tables/<id:table_id>/forfeit/",
    "/tables/{other}/forfeit/",
    GET=E("405", banned="403"),
    POST=E("refused", visitor="signin", other_player="done", banned="403"),
)
R(
    "tables/<id:table_id>/start/",
    "/tables/{private}/start/",
    GET=E("405", banned="403"),
    POST=E(
        "404",
        visitor="signin",
        seated="refused",
        spectator="refused",
        banned="403",
        moderator="refused",
    ),
)
R(
    "tables/<id:table_id>/start/",
    "/tables/{other}/start/",
    GET=E("405", banned="403"),
    POST=E("refused", visitor="signin", banned="403"),
)
R(
    "tables/<id:table_id>/replay/",
    "/tables/{private}/replay/",
    GET=E("404", banned="403"),
    POST=E("404", banned="403"),
)
R(
    "tables/<id:table_id>/replay/",
    "/tables/{other}/replay/",
    GET=E("404", banned="403"),
    POST=E("404", banned="403"),
)
R(
    "tables/<id:table_id>/verify/",
    "/tables/{private}/verify/",
    GET=E("404", seated="ok", spectator="ok", banned="403", moderator="ok"),
    POST=E("404", seated="ok", spectator="ok", banned="403", moderator="ok"),
)
R(
    "tables/<id:table_id>/verify/",
    "/tables/{other}/verify/",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
R(
    "tables/<id:table_id>/again/",
    "/tables/{private}/again/",
    GET=E("405", banned="403"),
    POST=E(
        "404",
        visitor="signin",
        seated="refused",
        spectator="refused",
        banned="403",
        moderator="refused",
    ),
)
R(
    "tables/<id:table_id>/again/",
    "/tables/{other}/again/",
    GET=E("405", banned="403"),
    POST=E("refused", visitor="signin", banned="403"),
)
R(
    "tables/<id:table_id>/report/",
    "/tables/{private}/report/",
    form={"member": "{member}", "reason": "other"},
    GET=E("405", banned="403"),
    POST=E(
        "404", visitor="signin", seated="refused", spectator="done", banned="403", moderator="done"
    ),
)
R(
    "tables/<id:table_id>/report/",
    "/tables/{other}/report/",
    form={"member": "{member}", "reason": "other"},
    GET=E("405", banned="403"),
    POST=E("refused", visitor="signin", banned="403"),
)
R(
    "console/tables/<id:table_id>/",
    "/console/tables/{private}/",
    GET=E("403", moderator="ok"),
    POST=E("403", moderator="ok"),
)
R(
    "console/tables/<id:table_id>/",
    "/console/tables/{other}/",
    GET=E("403", moderator="ok"),
    POST=E("403", moderator="ok"),
)
R(
    "console/tables/<id:table_id>/end/",
    "/console/tables/{private}/end/",
    form={"reason": "stuck"},
    GET=E("405", banned="403"),
    POST=E("403", moderator="done"),
)
R(
    "console/tables/<id:table_id>/end/",
    "/console/tables/{other}/end/",
    form={"reason": "stuck"},
    GET=E("405", banned="403"),
    POST=E("403", moderator="done"),
)
R(
    "console/tables/<id:table_id>/remove/",
    "/console/tables/{private}/remove/",
    form={"member": "{member}", "reason": "x"},
    GET=E("405", banned="403"),
    POST=E("403", moderator="done"),
)
R(
    "console/tables/<id:table_id>/remove/",
    "/console/tables/{other}/remove/",
    form={"member": "{member}", "reason": "x"},
    GET=E("405", banned="403"),
    POST=E("403", moderator="refused"),
)
R(
    "chat/<id:line_id>/report/",
    "/chat/{players_line}/report/",
    form={"reason": "other"},
    GET=E("404", visitor="signin", seated="ok", banned="403", moderator="ok"),
    POST=E("404", visitor="signin", seated="ok", banned="403", moderator="done"),
)
R(
    "chat/<id:line_id>/report/",
    "/chat/{spectators_line}/report/",
    form={"reason": "other"},
    GET=E("404", visitor="signin", spectator="ok", banned="403", moderator="ok"),
    POST=E("404", visitor="signin", spectator="ok", banned="403", moderator="done"),
)
R(
    "chat/<id:line_id>/report/",
    "/chat/{deleted_line}/report/",
    form={"reason": "other"},
    GET=E("404", visitor="signin", banned="403", moderator="ok"),
    POST=E("404", visitor="signin", banned="403", moderator="ok"),
)
R(
    # A private tournament's room (issue 31, point 8): its readers report; its author is
    # shown the form again, told they may not report themselves.
    "chat/<id:line_id>/report/",
    "/chat/{tournament_line}/report/",
    form={"reason": "other"},
    GET=E("404", visitor="signin", entrant="ok", organiser="ok", banned="403", moderator="ok"),
    POST=E(
        "404",
        visitor="signin",
        entrant="ok",
        organiser="done",
        banned="403",
        moderator="done",
    ),
)
R(
    "console/chat/<id:line_id>/delete/",
    "/console/chat/{tournament_line}/delete/",
    form={"reason": "x"},
    GET=E("405", banned="403"),
    POST=E("403", moderator="done"),
)
R(
    "console/chat/<id:line_id>/delete/",
    "/console/chat/{players_line}/delete/",
    form={"reason": "x"},
    GET=E("405", banned="403"),
    POST=E("403", moderator="done"),
)
R(
    "console/chat/<id:line_id>/delete/",
    "/console/chat/{spectators_line}/delete/",
    form={"reason": "x"},
    GET=E("405", banned="403"),
    POST=E("403", moderator="done"),
)
R(
    "console/chat/<id:line_id>/delete/",
    "/console/chat/{deleted_line}/delete/",
    form={"reason": "x"},
    GET=E("405", banned="403"),
    POST=E("403", moderator="done"),
)
R(
    "console/tables/",
    "/console/tables/",
    GET=E("403", moderator="ok"),
    POST=E("403", moderator="ok"),
)
R(
    "console/collusion/",
    "/console/collusion/",
    GET=E("403", moderator="ok"),
    POST=E("403", moderator="ok"),
)
R("daily/", "/daily/", GET=E("ok", banned="403"), POST=E("ok", banned="403"))
R(
    "daily/staff/",
    "/daily/staff/",
    GET=E("403", visitor="signin", staff="ok"),
    POST=E("403", visitor="signin", staff="ok"),
)
R(
    "daily/staff/rotate/",
    "/daily/staff/rotate/",
    form={"game": "rummy", "day": "2099-01-01", "reason": "x"},
    GET=E("405", banned="403"),
    POST=E("403", visitor="signin", staff="done"),
)
R("daily/<slug:slug>/", "/daily/rummy/", GET=E("ok", banned="403"), POST=E("ok", banned="403"))
R(
    "daily/<slug:slug>/play/",
    "/daily/rummy/play/",
    GET=E("405", banned="403"),
    POST=E("done", banned="403"),
)
R(
    "daily/<slug:slug>/<str:day>/",
    "/daily/rummy/{day}/",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
# The house bots' public pages (issue 32, point 4): anyone reads them; no such level, a 404.
R("bots/", "/bots/", GET=E("ok", banned="403"), POST=E("ok", banned="403"))
R("bots/<slug:level>/", "/bots/hard/", GET=E("ok", banned="403"), POST=E("ok", banned="403"))
R("bots/<slug:level>/", "/bots/nobody/", GET=E("404", banned="403"), POST=E("404", banned="403"))
R("ratings/", "/ratings/", GET=E("done", banned="403"), POST=E("done", banned="403"))
R("ratings/<slug:game>/", "/ratings/rummy/", GET=E("ok", banned="403"), POST=E("ok", banned="403"))
# The month's boards (issue 32, point 6): anyone may read them; a month that is not one, or
# has no board, is a 404 that says why.
R(
    "ratings/<slug:game>/month/",
    "/ratings/rummy/month/",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
R(
    "ratings/<slug:game>/month/<str:month>/",
    f"/ratings/rummy/month/{month_written(month_of())}/",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
R(
    "ratings/<slug:game>/month/<str:month>/",
    "/ratings/rummy/month/2026-13/",
    GET=E("404", banned="403"),
    POST=E("404", banned="403"),
)
R(
    "players/<str:username>/",
    "/players/{username}/",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
R(
    "players/<str:username>/report/",
    "/players/{username}/report/",
    form={"reason": "other"},
    GET=E("405", banned="403"),
    POST=E("done", visitor="signin", seated="refused", banned="403"),
)
R(
    "games/<slug:slug>/tournaments/",
    "/games/rummy/tournaments/",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
R(
    "tournaments/new/",
    "/tournaments/new/",
    GET=E("ok", visitor="signin", banned="403"),
    POST=E("ok", visitor="signin", banned="403"),
)
R(
    "tournaments/<id:tournament_id>/",
    "/tournaments/{tournament}/",
    GET=E("404", banned="403", entrant="ok", organiser="ok", staff="ok"),
    POST=E("404", banned="403", entrant="ok", organiser="ok", staff="ok"),
)
R(
    "tournaments/<id:tournament_id>/",
    "/tournaments/{cancelled}/",
    GET=E("404", banned="403", organiser="ok", staff="ok"),
    POST=E("404", banned="403", organiser="ok", staff="ok"),
)
R(
    "tournaments/<id:tournament_id>/bracket/",
    "/tournaments/{tournament}/bracket/",
    GET=E("404", banned="403", entrant="ok", organiser="ok", staff="ok"),
    POST=E("404", banned="403", entrant="ok", organiser="ok", staff="ok"),
)
R(
    "tournaments/<id:tournament_id>/bracket/",
    "/tournaments/{cancelled}/bracket/",
    GET=E("404", banned="403", organiser="ok", staff="ok"),
    POST=E("404", banned="403", organiser="ok", staff="ok"),
)
# Only a tournament with duplicate deals has the page (a private one's: as its page's).
R(
    "tournaments/<id:tournament_id>/deals/",
    "/tournaments/{tournament}/deals/",
    GET=E("404", banned="403"),
    POST=E("404", banned="403"),
)
R(
    "tournaments/<id:tournament_id>/deals/",
    "/tournaments/{duplicate}/deals/",
    GET=E("404", banned="403", organiser="ok", staff="ok"),
    POST=E("404", banned="403", organiser="ok", staff="ok"),
)
R(
    "tournaments/<id:tournament_id>/you/",
    "/tournaments/{tournament}/you/",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
R(
    "tournaments/<id:tournament_id>/you/",
    "/tournaments/{cancelled}/you/",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
SETTINGS_FORM = settings_changed(reason="x", name="Renamed")
ACT_FORM = {"reason": "x", "member": "{member}"}


def tournament_act(tournament: str, act: str, form: dict, **posted: str) -> None:
    """One act on one of the private tournaments: never a GET; a POST is what ``posted`` says
    for those roles, the 404 of a missing tournament for the others."""
    R(
        "tournaments/<id:tournament_id>/<slug:act>/",
        f"/tournaments/{{{tournament}}}/{act}/",
        form=form,
        GET=E("405", visitor="signin", banned="403"),
        POST=E("404", visitor="signin", banned="403", **posted),
    )


# What the entrant, the organiser and staff get from each act on the coming tournament.
ACT_ROLES = ("entrant", "organiser", "staff")
TOURNAMENT_ACTS = {
    "register": ("refused", "done", "refused"),
    "withdraw": ("done", "refused", "refused"),
    "check-in": ("refused", "refused", "refused"),
    "join-late": ("refused", "refused", "refused"),
    "pause": ("refused", "refused", "refused"),
    "resume": ("refused", "refused", "refused"),
    "start-now": ("refused", "done", "done"),
    "cancel": ("refused", "done", "done"),
    "remove": ("refused", "refused", "refused"),
}
for _act, _got in TOURNAMENT_ACTS.items():
    tournament_act("tournament", _act, ACT_FORM, **dict(zip(ACT_ROLES, _got, strict=True)))
tournament_act(
    "tournament", "settings", SETTINGS_FORM, entrant="refused", organiser="done", staff="done"
)
# The cancelled tournament: its organiser and staff are refused every act; its page is theirs
# alone, so everyone else gets the 404.
tournament_act("cancelled", "settings", SETTINGS_FORM, organiser="refused", staff="refused")
for _act in TOURNAMENT_ACTS:
    tournament_act("cancelled", _act, ACT_FORM, organiser="refused", staff="refused")
R(
    "accounts/profile/",
    "/accounts/profile/",
    GET=E("ok", visitor="signin", banned="403"),
    POST=E("ok", visitor="signin", banned="403"),
)
R(
    "accounts/language/",
    "/accounts/language/",
    form={"language": "hi"},
    GET=E("405", banned="403"),
    POST=E("done", banned="403"),
)
R(
    "accounts/notices/",
    "/accounts/notices/",
    GET=E("ok", visitor="signin", banned="403"),
    POST=E("ok", visitor="signin", banned="403"),
)
R(
    "accounts/reminders/",
    "/accounts/reminders/",
    GET=E("ok", visitor="signin", banned="403"),
    POST=E("done", visitor="signin", banned="403"),
)
R(
    "accounts/reminders/push/",
    "/accounts/reminders/push/",
    GET=E("405", visitor="signin", banned="403"),
    POST=E("400", visitor="signin", banned="403"),
)
R(
    "accounts/reminders/push/forget/",
    "/accounts/reminders/push/forget/",
    GET=E("405", visitor="signin", banned="403"),
    POST=E("done", visitor="signin", banned="403"),
)
# A member's bots and tokens (issue 35): a form with no bot's name nor account is answered
# with the page again (400); no role has a token to revoke.
R(
    "accounts/bots/",
    "/accounts/bots/",
    GET=E("ok", visitor="signin", banned="403"),
    POST=E("ok", visitor="signin", banned="403"),
)
R(
    "accounts/bots/new/",
    "/accounts/bots/new/",
    GET=E("405", visitor="signin", banned="403"),
    POST=E("400", visitor="signin", banned="403"),
)
R(
    "accounts/bots/tokens/new/",
    "/accounts/bots/tokens/new/",
    GET=E("405", visitor="signin", banned="403"),
    POST=E("400", visitor="signin", banned="403"),
)
R(
    "accounts/bots/tokens/<int:token_id>/revoke/",
    "/accounts/bots/tokens/1/revoke/",
    GET=E("405", visitor="signin", banned="403"),
    POST=E("refused", visitor="signin", banned="403"),
)
# The bot API: its page for anyone; every endpoint wants a token none of these roles sends
# (401), or another method (405), in JSON; a banned member's session still ends first.
R("api/", "/api/", GET=E("ok", banned="403"), POST=E("ok", banned="403"))
R("api/account", "/api/account", GET=E("401", banned="403"), POST=E("405", banned="403"))
R(
    "api/stream/events",
    "/api/stream/events",
    GET=E("401", banned="403"),
    POST=E("405", banned="403"),
)
R(
    "api/bot/tables/<id:table_id>/stream",
    "/api/bot/tables/{private}/stream",
    GET=E("401", banned="403"),
    POST=E("405", banned="403"),
)
for _act in ("move", "phrase", "ready", "leave"):
    R(
        f"api/bot/tables/<id:table_id>/{_act}",
        f"/api/bot/tables/{{private}}/{_act}",
        GET=E("405", banned="403"),
        POST=E("401", banned="403"),
    )
for _answer in ("accept", "decline"):
    R(
        f"api/bot/invitations/<int:invitation_id>/{_answer}",
        f"/api/bot/invitations/1/{_answer}",
        GET=E("405", banned="403"),
        POST=E("401", banned="403"),
    )
for _queue in ("join", "leave"):
    R(
        f"api/bot/queue/{_queue}",
        f"/api/bot/queue/{_queue}",
        GET=E("405", banned="403"),
        POST=E("401", banned="403"),
    )
for _answer in ("accept", "decline"):
    R(
        f"api/bot/offers/<int:offer_id>/{_answer}",
        f"/api/bot/offers/1/{_answer}",
        GET=E("405", banned="403"),
        POST=E("401", banned="403"),
    )
R(
    "^api/(?P<rest>.*)$",
    "/api/no/such/thing",
    GET=E("404", banned="403"),
    POST=E("404", banned="403"),
)
# Only the table's maker invites a bot by name (the others are told they may not); a private
# table's stranger is told the same, not shown the table.
R(
    "tables/<id:table_id>/invite-bot/",
    "/tables/{private}/invite-bot/",
    form={"name": "nobot", "seat": "2"},
    GET=E("405", visitor="signin", banned="403"),
    POST=E("refused", visitor="signin", banned="403"),
)
R("console/", "/console/", GET=E("403", moderator="ok"), POST=E("403", moderator="ok"))
R("console/cases/", "/console/cases/", GET=E("403", moderator="ok"), POST=E("403", moderator="ok"))
R(
    "console/cases/<id:case_id>/",
    "/console/cases/{case}/",
    GET=E("403", moderator="ok"),
    POST=E("403", moderator="ok"),
)
R(
    "console/cases/<id:case_id>/claim/",
    "/console/cases/{case}/claim/",
    GET=E("405", banned="403"),
    POST=E("403", moderator="done"),
)
R(
    "console/cases/<id:case_id>/close/",
    "/console/cases/{case}/close/",
    form={"outcome": "no action"},
    GET=E("405", banned="403"),
    POST=E("403", moderator="done"),
)
R(
    "console/members/<id:member_id>/",
    "/console/members/{member}/",
    GET=E("403", moderator="ok"),
    POST=E("403", moderator="ok"),
)
R(
    "console/members/<id:member_id>/sanction/",
    "/console/members/{member}/sanction/",
    form={"kind": "mute", "hours": "1", "reason": "x"},
    GET=E("405", banned="403"),
    POST=E("403", moderator="done"),
)
R(
    "console/members/<id:member_id>/sanctions/<id:sanction_id>/lift/",
    "/console/members/{member}/sanctions/{sanction}/lift/",
    form={"reason": "x"},
    GET=E("405", banned="403"),
    POST=E("403", moderator="done"),
)
R("console/audit/", "/console/audit/", GET=E("403", moderator="ok"), POST=E("403", moderator="ok"))
R(
    "admin/",
    "/admin/",
    GET=E("signin", banned="403", staff="ok"),
    POST=E("signin", banned="403", staff="ok"),
)
R(
    "admin/",
    "/admin/games/table/{private}/change/",
    GET=E("signin", banned="403", staff="403"),
    POST=E("signin", banned="403", staff="403"),
)
R(
    "accounts/ (allauth)",
    "/accounts/login/",
    GET=E("done", visitor="ok", banned="403"),
    POST=E("done", visitor="ok", banned="403"),
)
R(
    "accounts/ (allauth)",
    "/accounts/email/",
    GET=E("ok", visitor="signin", banned="403"),
    POST=E("done", visitor="signin", banned="403"),
)

R(
    "tournaments/series/new/",
    "/tournaments/series/new/",
    GET=E("ok", visitor="signin", banned="403"),
    POST=E("ok", visitor="signin", banned="403"),
)
R(
    "tournaments/series/<id:series_id>/",
    "/tournaments/series/{series}/",
    GET=E("404", banned="403", organiser="ok", staff="ok"),
    POST=E("404", banned="403", organiser="ok", staff="ok"),
)
R(
    "tournaments/series/<id:series_id>/<slug:act>/",
    "/tournaments/series/{series}/settings/",
    form=SETTINGS_FORM,
    GET=E("405", visitor="signin", banned="403"),
    POST=E("404", visitor="signin", banned="403", organiser="done", staff="done"),
)
R(
    "tournaments/series/<id:series_id>/<slug:act>/",
    "/tournaments/series/{series}/stop/",
    form={"reason": "x"},
    GET=E("405", visitor="signin", banned="403"),
    POST=E("404", visitor="signin", banned="403", organiser="done", staff="done"),
)

R(
    "tournaments/schedule/",
    "/tournaments/schedule/",
    GET=E("ok", banned="403"),
    POST=E("ok", banned="403"),
)
# A private tournament's or series' calendar feed: the 404 of a missing one to a stranger.
R(
    "tournaments/<id:tournament_id>/calendar.ics",
    "/tournaments/{tournament}/calendar.ics",
    GET=E("404", entrant="ok", organiser="ok", staff="ok", banned="403"),
    POST=E("404", entrant="ok", organiser="ok", staff="ok", banned="403"),
)
R(
    "tournaments/series/<id:series_id>/calendar.ics",
    "/tournaments/series/{series}/calendar.ics",
    GET=E("404", organiser="ok", staff="ok", banned="403"),
    POST=E("404", organiser="ok", staff="ok", banned="403"),
)


# -- sockets: what each role's handshake gets, from the gate each route asks --------------------
# ``seat`` (a seat's view), ``watch`` (a spectator's), ``open`` (the page's or the member's
# line), ``refused``. A banned member's handshake is refused whatever the route (``guards``).
SOCKETS = {
    "ws/presence/": [("presence", E("open", visitor="refused", banned="refused"))],
    "ws/tables/<id:table_id>/": [
        (
            "table {private}",
            E("refused", seated="seat", spectator="watch", moderator="watch"),
        ),
        ("table {other}", E("watch", other_player="seat", banned="refused")),
    ],
    # A place's chat room: whoever may see the place (a private tournament: its entrants, its
    # organiser, holders of its invite); no such place, nobody.
    "ws/chat/<slug:kind>/<slug:key>/": [
        ("chat tournament.{tournament}", E("refused", entrant="open", organiser="open")),
        ("chat tournament.{cancelled}", E("refused", organiser="open")),
        ("chat nowhere.1", E("refused")),
    ],
    "ws/pages/<slug:kind>/<slug:key>/": [
        ("lobby rummy", E("open", banned="refused")),
        ("console all-any-all", E("refused", moderator="open")),
        ("daily rummy", E("open", banned="refused")),
        ("tournament {tournament}", E("refused", entrant="open", organiser="open")),
        ("tournament {cancelled}", E("refused", organiser="open")),
        ("bracket {tournament}", E("refused", entrant="open", organiser="open")),
        ("bracket {cancelled}", E("refused", organiser="open")),
    ],
}


class WhoMayDoWhat(TestCase):
    @classmethod
    def setUpTestData(cls):
        model = get_user_model()

        def member(name: str, **extra):
            return model.objects.create_user(name, f"{name}@example.com", PASSWORD, **extra)

        people = {role: member(role) for role in ROLES if role not in ("visitor", "moderator")}
        people["moderator"] = moderator_make("moderator")
        people["staff"].is_staff = True
        people["staff"].save()
        cls.people = people
        seated, bilal = people["seated"], member("bilal")
        private = table_services.table_create(
            creator_id=seated.pk,
            game="rummy",
            variant="points",
            bot_levels=["", ""],
            private=True,
            allow_spectators=True,
            turn_seconds=300,
        )
        table_services.table_seat_take(
            table_id=private.pk, user_id=bilal.pk, number=1, invite=private.invite_token
        )
        other = table_services.table_create(
            creator_id=people["other_player"].pk,
            game="rummy",
            variant="points",
            bot_levels=["", "medium"],
            turn_seconds=300,
        )
        line = {
            "players_line": ChatLine.objects.create(
                table=private, author=bilal, room=ChatRoom.PLAYERS, text="secret plan"
            ),
            "spectators_line": ChatLine.objects.create(
                table=private, author=people["spectator"], room=ChatRoom.SPECTATORS, text="hm"
            ),
            "deleted_line": ChatLine.objects.create(
                table=private,
                author=bilal,
                room=ChatRoom.PLAYERS,
                text="x",
                deleted_at=timezone.now(),
            ),
        }
        moderator = people["moderator"]
        member_mute(moderator=moderator, member_id=people["muted"].pk, reason="rude", hours=24)
        member_ban(moderator=moderator, member_id=people["banned"].pk, reason="abuse", days=1)
        report_file(reporter=seated, member_id=bilal.pk, reason="other")
        notice_send(member_id=bilal.pk, kind="table_ended", params={"table": 1, "reason": "x"})
        organiser = people["organiser"]

        def tournament(**settings):
            return tournament_services.tournament_create(
                organiser=organiser,
                name="Weekend Pool",
                format="pool101",
                starts_at=timezone.now() + timedelta(hours=2),
                private=True,
                check_in_minutes=0,
                **settings,
            )

        cup = tournament()
        removed = member("removed")
        for entrant in (people["entrant"], removed):
            tournament_services.tournament_register(
                tournament_id=cup.pk, user_id=entrant.pk, invite=cup.invite_token
            )
        tournament_services.tournament_entrant_remove(
            tournament_id=cup.pk, actor=organiser, user_id=removed.pk, reason="no show"
        )
        line["tournament_line"] = ChatLine.objects.create(
            place=f"tournament.{cup.pk}",
            author=people["entrant"],
            room=ChatRoom.EVERYONE,
            text="good luck all",
        )
        duplicate = tournament(duplicate_deals=True)
        cancelled = tournament()
        tournament_services.tournament_cancel(
            tournament_id=cancelled.pk, actor=organiser, reason="rain"
        )
        weekly = tournament_services.series_create(
            organiser=organiser,
            name="Friday Pool",
            weekdays=[4],
            time_of_day=time(20, 0),
            time_zone="Asia/Kolkata",
            first_date=(timezone.now() + timedelta(days=3)).date(),
            private=True,
        )
        cls.ids = {
            "series": weekly.pk,
            "private": private.pk,
            "invite": private.invite_token,
            "other": other.pk,
            **{name: row.pk for name, row in line.items()},
            "tournament": cup.pk,
            "cancelled": cancelled.pk,
            "duplicate": duplicate.pk,
            "case": Case.objects.get().pk,
            "member": bilal.pk,
            "sanction": Sanction.objects.filter(member=people["muted"]).get().pk,
            "username": bilal.username,
            "slug": "rummy",
            "day": (timezone.now() - timedelta(days=2)).date().isoformat(),
        }
        # The private table's spectator holds its invite; the rest of the roles do not.
        private_seat_holders = {"seated"}
        cls.invites = {"spectator": private.invite_token}
        cls.private_seat_holders = private_seat_holders

    def setUp(self):
        self.clients: dict[str, Client] = {}

    def client_of(self, role: str) -> Client:
        """The role's client, signed in once a test; a banned member's every time (the first
        request ends their session)."""
        client = self.clients.get(role)
        if client is None or role == "banned":
            client = self.clients[role] = Client(raise_request_exception=False)
            if role != "visitor":
                client.force_login(self.people[role])
        return client

    def asked(self, role: str, method: str, row: Row) -> str:
        url = row.url.format(**self.ids)
        invite = self.invites.get(role)
        if invite and ("{private}" in row.url or "_line}" in row.url):
            url += ("&" if "?" in url else "?") + f"invite={invite}"
        client = self.client_of(role)
        with transaction.atomic():
            form = {key: str(value).format(**self.ids) for key, value in row.form.items()}
            response = (
                client.generic(method, url, data=_encoded(form), content_type=FORM)
                if (method != "GET")
                else client.get(url)
            )
            transaction.set_rollback(True)
        return outcome(response)

    def socket_gate(self, role: str, what: str) -> str:
        from django.contrib.auth.models import AnonymousUser

        from games.live.guards import _is_banned
        from games.live.pages import page_kinds
        from games.tables.selectors import table_access

        user = self.people[role] if role != "visitor" else AnonymousUser()
        if user.is_authenticated and _is_banned(user.pk):
            return "refused"
        kind, _space, key = what.format(**self.ids).partition(" ")
        invite = self.invites.get(role)
        if kind == "presence":
            return "open" if user.is_authenticated else "refused"
        if kind == "chat":
            from games.tables.services.chat import place_may_be_seen

            return "open" if place_may_be_seen(key, user=user, invite=invite) else "refused"
        if kind == "table":
            access = table_access(table_id=int(key), user_id=user.pk, invite=invite)
            return "refused" if access is None else "seat" if access.seat is not None else "watch"
        try:
            allowed = page_kinds()[kind].may_watch(user, key, None)
        except LookupError:
            allowed = False
        return "open" if allowed else "refused"

    def test_every_socket_route_and_page_kind_is_in_the_table(self):
        from games.live.pages import page_kinds
        from games.live.routing import websocket_urlpatterns

        routes = {str(entry.pattern) for entry in websocket_urlpatterns} - {""}
        assert routes - set(SOCKETS) == set()
        kinds = {what.split()[0] for what, _wanted in SOCKETS["ws/pages/<slug:kind>/<slug:key>/"]}
        assert set(page_kinds()) - kinds == set()

    def test_each_role_gets_what_the_socket_table_says(self):
        wrong = []
        for route, rows in SOCKETS.items():
            for what, wanted in rows:
                for role in ROLES:
                    got = self.socket_gate(role, what)
                    want = wanted.get(role, wanted["*"])
                    if got != want:
                        wrong.append(f"{route} {what} as {role}: {got}, not {want}")
        assert wrong == []

    def test_every_pattern_is_in_the_table(self):
        missing = sorted({family_of(route) for route in patterns()} - set(TABLE))
        assert missing == [], f"URL patterns with no row in the table of roles: {missing}"

    def test_each_role_gets_what_the_table_says_to_get(self):
        self.each_role_gets_what_the_table_says("GET")

    def test_each_role_gets_what_the_table_says_to_post(self):
        self.each_role_gets_what_the_table_says("POST")

    def each_role_gets_what_the_table_says(self, method: str) -> None:
        wrong = []
        seen = {}
        for route, row in ((route, row) for route, rows in TABLE.items() for row in rows):
            wanted = row.methods[method]
            for role in ROLES:
                got = self.asked(role, method, row)
                seen.setdefault((row.url, method), {})[role] = got
                want = wanted.get(role, wanted["*"])
                if got != want:
                    wrong.append(f"{method} {route} ({row.url}) as {role}: {got}, not {want}")
        if wrong and os.environ.get("ACCESS_OBSERVED"):
            with open(f"{os.environ['ACCESS_OBSERVED']}.{method}", "w") as out:
                for key, gots in seen.items():
                    print(key, gots, file=out)
        assert wrong == []


FORM = "application/x-www-form-urlencoded"


def _encoded(form: dict[str, str]) -> str:
    from urllib.parse import urlencode

    return urlencode(form)
