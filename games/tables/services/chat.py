"""A table's chat (issue 20, point 5): its players and its spectators in two rooms apart, typed
lines and quick phrases, refused when muted, too long, too fast, repeated or full of markup;
a moderator deletes a line for everyone. Every line is kept, for reports.

The same chat, its limits, mutes and reports, serves places that are not tables (issue 31,
point 8: a tournament's one room for its entrants and spectators): a line said in a place
carries its name (``"tournament.12"``), and whether a member may see the place is asked of the
app that owns it, through the table ``settings.CHAT_PLACES`` names (``config/chats.py``), as
the live pages are: the tables never learn what a tournament is.

A line is published after its commit (``ChatPosted``): ``games.live`` tells the sockets of the
room, each rendering a quick phrase in its own reader's language. Text is stored as typed and
escaped wherever it is shown (templates escape; the page's script sets ``textContent``).
"""

import difflib
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone

from accounts.moderation.audit import Target, audit_record
from accounts.moderation.models import SanctionKind
from accounts.moderation.roles import NotModerator, is_moderator
from accounts.moderation.sanctions import sanction_in_force
from games.news import publish
from games.tables.models import ChatLine, ChatRoom, Seat, Table, seats_put_off
from games.tables.news import ChatDeleted, ChatPosted
from games.tables.refusals import TableRefusal
from games.tables.selectors import table_may_be_seen

LONGEST = 280
# lichess's flood rule: no sixth line within 10 seconds; nor a line like one of the last few.
LINES_PER_WINDOW = 5
WINDOW = timedelta(seconds=10)
REPEAT_WITHIN = timedelta(minutes=2)
REPEAT_LOOKBACK = 3
NEAR_DUPLICATE = 0.9

# The quick phrases, by the code a client sends (their words: ``games.words.chat``).
QUICK_PHRASES = ("hello", "good_luck", "good_game", "well_played", "your_turn", "sorry", "thanks")

# A tag, a comment or a character reference: a line of markup is refused, not stored escaped.
_MARKUP = re.compile(r"<\s*/?\s*[a-z!?]|&#?[a-z0-9]+;", re.IGNORECASE)


class ChatRefusal(TableRefusal):
    """A chat line refused, having changed nothing; ``until``: a mute's end, or when a line
    too fast may be said."""

    def __init__(self, code: str, until: Any = None) -> None:
        super().__init__(code)
        self.until = until


@dataclass(frozen=True)
class ChatPlace:
    """A kind of place with a chat of its own: who may see it (and so read and say lines there:
    ``may_see(user, key, invite)``, ``LookupError`` for no such place), and its page's path."""

    may_see: Callable[[Any, str, str | None], bool]
    page: Callable[[str], str]


_PLACE = re.compile(r"([a-z]{1,20})\.([0-9]{1,18})")


@cache
def chat_places() -> Mapping[str, ChatPlace]:
    """Every kind of chat place, by its name (``config.chats``, imported at first use)."""
    places: Mapping[str, ChatPlace] = import_module(settings.CHAT_PLACES).CHAT_PLACES
    return places


def place_named(kind: str, key: str) -> str | None:
    """The place's name, ``"tournament.12"``, if ``kind`` is a place's and ``key`` could be one."""
    name = f"{kind}.{key}"
    return name if kind in chat_places() and _PLACE.fullmatch(name) else None


def place_may_be_seen(place: str, *, user: Any, invite: str | None) -> bool:
    """Whether ``user`` may see the place, read its chat and say lines there; no such place is
    no place to see."""
    found = _PLACE.fullmatch(place)
    kind = chat_places().get(found.group(1)) if found else None
    if found is None or kind is None:
        return False
    try:
        return kind.may_see(user, found.group(2), invite)
    except LookupError:
        return False


def chat_place_page(place: str) -> str:
    kind, _dot, key = place.partition(".")
    return chat_places()[kind].page(key)


def chat_room_of(table: Table, user_id: int | None) -> str:
    """A member seated at the table chats with its players; anyone else with its spectators."""
    seated = user_id is not None and Seat.objects.filter(table=table, user_id=user_id).exists()
    return ChatRoom.PLAYERS if seated else ChatRoom.SPECTATORS


def chat_line_may_be_read(
    line: ChatLine, *, user: User | AnonymousUser, invite: str | None
) -> bool:
    """Whether ``user`` could read ``line`` where it was said: at a table they may see, in the
    room they chat in there (a seated member the players', anyone else the spectators', where
    spectators are let in); a line a moderator deleted, nobody but moderators. Moderators read
    every line. Whoever asks of a line they may not read is told what they are told of a line
    that does not exist (issue 28)."""
    if is_moderator(user):
        return True
    if line.deleted_at is not None:
        return False
    if line.table is None:
        # A place's one room: whoever may see the place reads it.
        return place_may_be_seen(line.place, user=user, invite=invite)
    user_id = user.pk if user.is_authenticated else None
    table = line.table
    if not table_may_be_seen(table, user_id=user_id, invite=invite):
        return False
    room = chat_room_of(table, user_id)
    if room == ChatRoom.SPECTATORS and not table.allow_spectators:
        return False
    return line.room == room


def chat_line_post(
    *,
    table_id: int,
    user_id: int,
    text: object = None,
    phrase: object = None,
    invite: str | None = None,
) -> ChatLine:
    """Post ``text`` or the quick ``phrase`` to the member's room at the table. Locks the
    author's user row, so that two sockets of one member are counted one after the other."""
    text, phrase = _parsed(text, phrase)
    table = Table.objects.filter(pk=table_id).first()
    if table is None or not table_may_be_seen(table, user_id=user_id, invite=invite):
        raise ChatRefusal("no_table")
    room = chat_room_of(table, user_id)
    if room == ChatRoom.SPECTATORS and not table.allow_spectators:
        raise ChatRefusal("no_table")
    if room == ChatRoom.PLAYERS and _put_off(table, user_id):
        raise ChatRefusal("chat_put_off")
    return _said(user_id, text, phrase, table=table, room=room)


def chat_place_post(
    *, place: str, user: Any, text: object = None, phrase: object = None, invite: str | None = None
) -> ChatLine:
    """Post ``text`` or the quick ``phrase`` to the place's one room, as ``user`` (a member who
    may see the place); refused as a table's line is, for the same reasons."""
    text, phrase = _parsed(text, phrase)
    if not user.is_authenticated:
        raise ChatRefusal("chat_sign_in")
    if not place_may_be_seen(place, user=user, invite=invite):
        raise ChatRefusal("chat_no_place")
    return _said(user.pk, text, phrase, place=place, room=ChatRoom.EVERYONE)


def _said(
    user_id: int, text: str, phrase: str, *, room: str, table: Table | None = None, place: str = ""
) -> ChatLine:
    """The line, unless its author is muted or flooding. Locks the author's user row, so that
    two sockets of one member are counted one after the other."""
    with transaction.atomic():
        author = get_user_model().objects.select_for_update().get(pk=user_id)
        mute = sanction_in_force(user_id, SanctionKind.MUTE)
        if mute is not None:
            raise ChatRefusal("chat_muted", until=mute.until)
        now = timezone.now()
        _not_flooding(user_id, text, phrase, now, table=table, place=place)
        line = ChatLine.objects.create(
            table=table, place=place, author=author, room=room, text=text, phrase=phrase
        )
        publish(ChatPosted.of(line))
    return line


def _put_off(table: Table, user_id: int) -> bool:
    """A moderator or a ban took the member off the match (``Table.told``): the players' chat
    is closed to them."""
    seats = seats_put_off(table.told)
    return (
        bool(seats) and Seat.objects.filter(table=table, user_id=user_id, number__in=seats).exists()
    )


def _parsed(text: object, phrase: object) -> tuple[str, str]:
    if phrase is not None:
        if text is not None or not isinstance(phrase, str) or phrase not in QUICK_PHRASES:
            raise ChatRefusal("chat_bad_phrase")
        return "", phrase
    if not isinstance(text, str):
        raise ChatRefusal("chat_malformed")
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise ChatRefusal("chat_empty")
    if len(text) > LONGEST:
        raise ChatRefusal("chat_too_long")
    if any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") for char in text):
        raise ChatRefusal("chat_invisible")
    if _MARKUP.search(text):
        raise ChatRefusal("chat_markup")
    return text, ""


def _folded(text: str, phrase: str) -> str:
    """A line as the repeat rule compares it: letter case, spacing and punctuation aside."""
    if phrase:
        return f"phrase:{phrase}"
    return " ".join("".join(c for c in text.casefold() if c.isalnum() or c.isspace()).split())


def _not_flooding(
    user_id: int, text: str, phrase: str, now: datetime, *, table: Table | None, place: str
) -> None:
    """No sixth line within ``WINDOW`` (refused ``until`` the oldest of them is out of it), nor
    a line like one of the author's last few. A quick phrase is a repeat only where it was
    said: "Good luck!" at each of a bot's tables is a greeting a table, not a flood (issue 35,
    the judge's point 6); a typed line is compared across every place, as a pasted line
    would be."""
    mine = ChatLine.objects.filter(author_id=user_id)
    window = mine.filter(created_at__gt=now - WINDOW).order_by("-created_at")
    stamps = list(window.values_list("created_at", flat=True)[:LINES_PER_WINDOW])
    if len(stamps) >= LINES_PER_WINDOW:
        raise ChatRefusal("chat_too_fast", until=stamps[-1] + WINDOW)
    folded = _folded(text, phrase)
    recent = mine.filter(created_at__gt=now - REPEAT_WITHIN)
    if phrase:
        recent = recent.filter(table=table, place=place)
    for earlier in recent.order_by("-id")[:REPEAT_LOOKBACK].values_list("text", "phrase"):
        before = _folded(*earlier)
        if before == folded or (
            not phrase
            and not earlier[1]
            and difflib.SequenceMatcher(None, before, folded).ratio() >= NEAR_DUPLICATE
        ):
            raise ChatRefusal("chat_repeated")


@transaction.atomic
def chat_line_delete(
    *, moderator: User | AnonymousUser, line_id: int, reason: str = ""
) -> ChatLine:
    """A moderator hides a line for everyone (kept for the reports that cite it). Locks the
    line's row; deleting twice does nothing the second time."""
    if not is_moderator(moderator):
        raise NotModerator
    line = ChatLine.objects.select_for_update().select_related("author").filter(pk=line_id).first()
    if line is None:
        raise ChatRefusal("chat_no_line")
    if line.deleted_at is not None:
        return line
    line.deleted_at, line.deleted_by = timezone.now(), moderator
    line.save(update_fields=["deleted_at", "deleted_by"])
    audit_record(
        actor=moderator,
        act="chat_line_delete",
        target=Target("chat_line", line.pk, line.author.get_username()),
        reason=reason.strip(),
        details={
            "table": line.table_id,
            "place": line.place,
            "text": line.text,
            "phrase": line.phrase,
        },
    )
    publish(
        ChatDeleted(table_id=line.table_id or 0, line_id=line.pk, room=line.room, place=line.place)
    )
    return line
