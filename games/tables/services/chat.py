"""A table's chat (issue 20, point 5): its players and its spectators in two rooms apart, typed
lines and quick phrases, refused when muted, too long, too fast, repeated or full of markup;
a moderator deletes a line for everyone. Every line is kept, for reports.

A line is published after its commit (``ChatPosted``): ``games.live`` tells the sockets of the
room, each rendering a quick phrase in its own reader's language. Text is stored as typed and
escaped wherever it is shown (templates escape; the page's script sets ``textContent``).
"""

import difflib
import re
import unicodedata
from datetime import datetime, timedelta
from typing import Any

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
    """A chat line refused, having changed nothing; ``until`` for a mute."""

    def __init__(self, code: str, until: Any = None) -> None:
        super().__init__(code)
        self.until = until


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
    with transaction.atomic():
        author = get_user_model().objects.select_for_update().get(pk=user_id)
        mute = sanction_in_force(user_id, SanctionKind.MUTE)
        if mute is not None:
            raise ChatRefusal("chat_muted", until=mute.until)
        now = timezone.now()
        _not_flooding(user_id, text, phrase, now)
        line = ChatLine.objects.create(
            table=table, author=author, room=room, text=text, phrase=phrase
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


def _not_flooding(user_id: int, text: str, phrase: str, now: datetime) -> None:
    mine = ChatLine.objects.filter(author_id=user_id)
    if mine.filter(created_at__gt=now - WINDOW).count() >= LINES_PER_WINDOW:
        raise ChatRefusal("chat_too_fast")
    folded = _folded(text, phrase)
    recent = mine.filter(created_at__gt=now - REPEAT_WITHIN).order_by("-id")[:REPEAT_LOOKBACK]
    for earlier in recent.values_list("text", "phrase"):
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
        details={"table": line.table_id, "text": line.text, "phrase": line.phrase},
    )
    publish(ChatDeleted(table_id=line.table_id, line_id=line.pk, room=line.room))
    return line
