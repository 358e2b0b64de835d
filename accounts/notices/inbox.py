"""Notices: what the site tells one member, in the words of whoever reads it.

A feature names its kinds of notice once, in its words module (config/words.py lists them all),
each with a translatable sentence whose ``%(name)s`` fields the notice's values fill;
``notice_send`` keeps one for a member in the transaction of the act that calls for it, and
publishes ``MemberNoticed`` (``games.news``; who hears it:
``config/subscribers.py``). The words are made when the notice is read, in the reader's
language and time zone then: a moment is kept as ISO text under a key ``until`` or ``…_at``
and shown as its reader reads it.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import import_module
from types import ModuleType
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.functional import Promise

from accounts.notices.models import Notice
from accounts.profiles.formats import local_datetime
from games.news import News, publish

# A kind's words: a sentence whose %(name)s fields the values fill, or a function of the values
# for words a sentence cannot make alone (the daily deal's day, named as its page names it).
NoticeWords = Promise | Callable[[Mapping[str, Any]], str]


def word_tables() -> ModuleType:
    """The site's tables of words by code (config/words.py, named by ``settings.WORD_TABLES``):
    read, not imported, since accounts may not import the apps whose words it lists."""
    return import_module(settings.WORD_TABLES)


def notice_kinds() -> Mapping[str, NoticeWords]:
    """Every kind of notice, by code, with its words."""
    kinds: Mapping[str, NoticeWords] = word_tables().NOTICE_KINDS
    return kinds


@dataclass(frozen=True)
class MemberNoticed(News):
    """A notice was kept for ``member_id``: their open pages may show it."""

    member_id: int
    notice_id: int


def notice_send(
    *, member_id: int, kind: str, params: Mapping[str, Any] | None = None, link: str = ""
) -> Notice:
    """Keep a notice of ``kind`` for the member. Values are words a person typed (a reason) or
    plain values (a date, a number): the sentence puts them in place, escaped where shown. An
    unregistered kind raises ``LookupError``."""
    if kind not in notice_kinds():
        raise LookupError(f"no such notice kind {kind!r}: name it in config/words.py")
    notice = Notice.objects.create(
        member_id=member_id, kind=kind, params=dict(params or {}), link=link
    )
    publish(MemberNoticed(member_id=member_id, notice_id=notice.pk))
    return notice


def notices_send(*, notices: Sequence[tuple[int, str, Mapping[str, Any], str]]) -> list[Notice]:
    """Keep many notices at once, each ``(member_id, kind, params, link)``, in one insert (a
    tournament's round tells every player where to sit); each is published as ``notice_send``
    does."""
    unknown = {kind for _member, kind, _params, _link in notices} - set(notice_kinds())
    if unknown:
        raise LookupError(f"no such notice kinds {sorted(unknown)}: name them in config/words.py")
    kept = Notice.objects.bulk_create(
        Notice(member_id=member_id, kind=kind, params=dict(params), link=link)
        for member_id, kind, params, link in notices
    )
    for notice in kept:
        publish(MemberNoticed(member_id=notice.member_id, notice_id=notice.pk))
    return kept


def notice_text(notice: Notice) -> str:
    """The notice in the active language and zone."""
    sentence = notice_kinds().get(notice.kind)
    if sentence is None:  # a kind no longer named: say nothing rather than a code
        return ""
    values = _Values({key: _shown(key, value) for key, value in notice.params.items()})
    if isinstance(sentence, Promise):
        return str(sentence) % values
    return sentence(values)


# How notices written before moments were kept as ISO text wrote them: UTC, to the minute.
_OLD_MOMENT = "%Y-%m-%d %H:%M UTC"


def _shown(key: str, value: Any) -> Any:
    """A value as its reader reads it: a moment (a key ``until`` or ``…_at``, kept as ISO
    text) in their zone and language, the zone named; the rest as kept."""
    if not value or not isinstance(value, str) or not (key == "until" or key.endswith("_at")):
        return value
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        try:
            moment = datetime.strptime(value, _OLD_MOMENT).replace(tzinfo=UTC)
        except ValueError:
            return value
    return local_datetime(moment)


class _Values(dict[str, Any]):
    """A missing value reads as nothing rather than breaking the sentence."""

    def __missing__(self, key: str) -> str:
        return ""


def notices_of(member: User, *, limit: int = 50) -> QuerySet[Notice]:
    return Notice.objects.filter(member=member).order_by("-id")[:limit]


def notices_unread_count(member: User) -> int:
    return Notice.objects.filter(member=member, read_at__isnull=True).count()


def notices_mark_read(*, member: User) -> int:
    """Every unread notice of the member read now; returns how many. The member's own rows
    only, one request at a time: no lock."""
    return Notice.objects.filter(member=member, read_at__isnull=True).update(read_at=timezone.now())
