"""The moderators' console for tables (issue 20, points 2, 3 and 6): the live tables, filtered
and kept up to date as a live page (``games.live.pages``, kind ``"console"``); one table's
page with its players, chat and reports, where a moderator ends it or removes a player; the
pairs that look like collusion. Watching a table goes through the ordinary spectator door (the
table's own page), which never shows a hand in play; after the match, the replay.

Players' reports from a table or a chat line are filed here too (they attach what they came
from by themselves).
"""

from collections.abc import Callable, Iterable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.moderation.models import ReportReason
from accounts.moderation.reports import ReportRefusal
from accounts.moderation.roles import is_moderator, moderator_required
from accounts.moderation.words import moderation_refusal_text
from accounts.profiles.requests import MemberRequest, Reader
from games.catalogue import CATALOGUE
from games.converters import row_id_or_none
from games.engine import GAMES
from games.tables.console import KINDS, ConsoleFilter, collusion_pairs, console_tables
from games.tables.models import ENDED_EARLY, ChatLine, ChatRoom, Table, TableStatus
from games.tables.refusals import TableRefusal
from games.tables.selectors import TableSnapshot
from games.tables.services import chat, moderation
from games.words.chat import QUICK_PHRASES
from games.words.labels import variant_name
from games.words.refusals import refusal_text

# -- the list of live tables, a live page ------------------------------------------------------


def console_render(key: str, languages: Iterable[str]) -> dict[str, str]:
    chosen = ConsoleFilter.of_key(key, set(GAMES))
    rows = console_tables(chosen)
    html: dict[str, str] = {}
    for language in languages:
        with translation.override(language):
            html[language] = render_to_string("games/console/_tables.html", {"rows": rows})
    return html


def console_may_watch(user: Reader, key: str, invite: str | None) -> bool:
    ConsoleFilter.of_key(key, set(GAMES))
    return is_moderator(user)


@moderator_required
def console_tables_page(request: MemberRequest) -> HttpResponse:
    chosen = ConsoleFilter(
        game=request.GET.get("game", "") if request.GET.get("game", "") in GAMES else "",
        ranked=request.GET.get("ranked", "") if request.GET.get("ranked") in KINDS else "",
        reported=request.GET.get("reported") == "1",
    )
    context = {
        "rows": console_tables(chosen),
        "chosen": chosen,
        "catalogue": CATALOGUE,
        "console_socket": f"/ws/pages/console/{chosen.key}/",
    }
    return render(request, "games/console/tables.html", context)


# -- one table ---------------------------------------------------------------------------------


@moderator_required
def console_table(request: MemberRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    seats = list(table.seats.select_related("user__profile").order_by("number"))
    lines = list(
        ChatLine.objects.filter(table=table).select_related("author").order_by("-id")[:200]
    )
    watch = reverse("table", args=[table.pk])
    if table.private:
        watch += "?" + urlencode({"invite": table.invite_token})
    context = {
        "table": table,
        "variant": variant_name(table.game, table.variant, table.options),
        "seats": seats,
        "lines": [(line, _line_text(line)) for line in lines],
        "rooms": dict(ChatRoom.choices),
        "watch_url": watch,
        "running": table.status in (TableStatus.OPEN, TableStatus.PLAYING),
        "playing": table.status == TableStatus.PLAYING,
        "replay": table.status in (TableStatus.FINISHED, *ENDED_EARLY) and table.version,
    }
    return render(request, "games/console/table.html", context)


def _line_text(line: ChatLine) -> str:
    return str(QUICK_PHRASES.get(line.phrase, line.phrase)) if line.phrase else line.text


@require_POST
@moderator_required
def console_table_end(request: MemberRequest, table_id: int) -> HttpResponseRedirect:
    return _act(
        request,
        table_id,
        lambda: moderation.table_end(
            moderator=request.user, table_id=table_id, reason=request.POST.get("reason", "")
        ),
        _("The table is ended."),
    )


@require_POST
@moderator_required
def console_player_remove(request: MemberRequest, table_id: int) -> HttpResponseRedirect:
    member = row_id_or_none(request.POST.get("member"))
    return _act(
        request,
        table_id,
        lambda: moderation.table_player_remove(
            moderator=request.user,
            table_id=table_id,
            user_id=member if member is not None else 0,
            reason=request.POST.get("reason", ""),
        ),
        _("The player is removed: a bot plays their seat to the end."),
    )


@require_POST
@moderator_required
def console_chat_delete(request: MemberRequest, line_id: int) -> HttpResponseRedirect:
    line = get_object_or_404(ChatLine, pk=line_id)

    def delete() -> object:
        return chat.chat_line_delete(
            moderator=request.user, line_id=line_id, reason=request.POST.get("reason", "")
        )

    done = _("The line is deleted for everyone.")
    if line.table_id is None:
        # A place's line (a tournament's room): the moderator is taken back to its page.
        delete()
        messages.success(request, done)
        return redirect(chat.chat_place_page(line.place))
    return _act(request, line.table_id, delete, done)


def _act(
    request: HttpRequest, table_id: int, act: Callable[[], object], done: str
) -> HttpResponseRedirect:
    try:
        act()
    except TableRefusal as refusal:
        if refusal.code == "no_table":
            raise Http404 from None
        messages.error(request, refusal_text(refusal.code))
    else:
        messages.success(request, done)
    return redirect("console_table", table_id=table_id)


@moderator_required
def console_collusion(request: MemberRequest) -> HttpResponse:
    return render(request, "games/console/collusion.html", {"pairs": collusion_pairs()})


# -- the table page's chat and reports -------------------------------------------------------


def chat_context(snapshot: TableSnapshot, seat: int | None, user_id: int | None) -> dict[str, Any]:
    """What the table page's chat include shows: its room, the quick phrases in the reader's
    language, the members the reader may report, and the words its script needs."""
    return {
        "room": ChatRoom.PLAYERS if seat is not None else ChatRoom.SPECTATORS,
        # By seat, as the frames name players: the page adds those who sit down later.
        "members": [
            (info.number, info.name)
            for info in snapshot.seats
            if info.user_id is not None and info.user_id != user_id
        ],
        "reasons": ReportReason.choices,
        **chat_context_words(),
    }


def chat_context_words() -> dict[str, Any]:
    """What every chat box shows in the reader's language: the quick phrases, and the words
    its script needs (a table's, and a place's: ``templatetags.chat_tags``)."""
    return {
        "phrases": [(code, str(words)) for code, words in QUICK_PHRASES.items()],
        "strings": {"report": _("Report"), "delete": _("Delete")},
    }


# -- players' reports --------------------------------------------------------------------------


@require_POST
@login_required
def table_report(request: MemberRequest, table_id: int) -> HttpResponseRedirect:
    """A report on a member of the table, with the table and its move then attached; a table
    the reporter may not see answers the 404 of one that does not exist."""
    member = row_id_or_none(request.POST.get("member"))
    seat = request.POST.get("seat", "")
    invite = request.GET.get("invite") or None
    _report(
        request,
        lambda: moderation.report_from_table(
            reporter=request.user,
            table_id=table_id,
            member_id=member if member is not None else 0,
            seat=int(seat) if seat.isascii() and seat.isdigit() and len(seat) < 3 else None,
            reason=request.POST.get("reason", ""),
            note=request.POST.get("note", ""),
            invite=invite,
        ),
    )
    return redirect(_table_path(table_id, invite))


@login_required
def chat_line_report(request: MemberRequest, line_id: int) -> HttpResponse:
    """A report on a chat line's author: the form (GET), then the report (POST). Only for a
    reader of the line where it was said (and moderators); anyone else gets the 404 of a line
    that does not exist, so sequential ids read nothing (issue 28)."""
    line = get_object_or_404(ChatLine.objects.select_related("author", "table"), pk=line_id)
    invite = request.GET.get("invite") or None
    if not chat.chat_line_may_be_read(line, user=request.user, invite=invite):
        raise Http404
    if request.method == "POST" and _report(
        request,
        lambda: moderation.report_from_chat_line(
            reporter=request.user,
            line_id=line.pk,
            reason=request.POST.get("reason", ""),
            note=request.POST.get("note", ""),
            invite=invite,
        ),
    ):
        return redirect(_said_at(line, invite))
    context = {
        "line": line,
        "text": _line_text(line),
        "reasons": ReportReason.choices,
        "table_path": _said_at(line, invite),
    }
    return render(request, "games/console/chat_report.html", context)


def _said_at(line: ChatLine, invite: str | None) -> str:
    """The page where the line was said: its table's, or its place's (a tournament's)."""
    if line.table_id is None:
        path = chat.chat_place_page(line.place)
        return f"{path}?{urlencode({'invite': invite})}" if invite else path
    return _table_path(line.table_id, invite)


def _table_path(table_id: int, invite: str | None) -> str:
    path = reverse("table", args=[table_id])
    return f"{path}?{urlencode({'invite': invite})}" if invite else path


def _report(request: HttpRequest, file: Callable[[], object]) -> bool:
    try:
        file()
    except TableRefusal as refusal:
        if refusal.code == "no_table":
            raise Http404 from None
        messages.error(request, refusal_text(refusal.code))
    except ReportRefusal as refusal:
        messages.error(request, moderation_refusal_text(refusal.code))
    else:
        messages.success(request, _("Thank you: your report is sent to the moderators."))
        return True
    return False
