"""Live pages: parts of a page pushed as HTML for htmx's ws extension, whenever what they show
changes, at most once a second.

A page that updates itself opens ``/ws/pages/<kind>/<key>/`` (``templates/includes/htmx.html``)
and htmx swaps in each element the socket sends by its id: the very includes the page was
rendered with, so the first load and every push are one template. No script of ours runs on the
page. Every kind of page (the lobby of a game, a tournament, the moderators' list of tables, a
day's boards) is listed in one table, ``config/pages.py`` (``settings.LIVE_PAGES`` names it),
with two functions of the app that owns it, which run in a worker thread and know nothing of
sockets:

- ``render(key, languages)``: the page's parts read once and rendered in each language, as
  ``{language: html}``; ``LookupError`` if ``key`` names no such page;
- ``may_watch(user, key, invite)``: whether this reader may see it (the lobby: anyone; a private
  tournament: its entrants and whoever has its invite, from the address's ``?invite=``; the
  console: moderators).

A write says that a page changed by publishing ``games.news.PageChanged(kind, key)`` after its
commit (or the fan-out does it for a table change a lobby shows); only that crosses Redis.

An event loop (a server process) keeps one ``PageBoard`` per open page:

- It listens on one channel of its own in the page's group (``groups.page_group``): one delivery
  per process, where a group of the sockets themselves would cost one per socket.
- It pushes at most once every ``PUSH_SECONDS`` (lichess' rule for its lobby and tournaments):
  the first change after a quiet second at once, any more in the next second together. A push
  reads once per time zone and renders once per language its sockets read (a socket's
  reading: its language and its zone, issue 33); a socket is sent its reading's
  HTML only when it differs from what it was sent last, so a change that shows nowhere costs
  no frame.
- A socket is sent the page as soon as it connects (the board's last push when it has one of
  the socket's language), so a page that reconnects after missing news is up to date again.
- Redis pub/sub delivers at most once (what is published while a server reconnects to Redis
  is lost): every ``SWEEP_SECONDS`` the board pushes anyway, which costs no frame when nothing
  was missed.
"""

import asyncio
import logging
import math
import weakref
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any, Protocol

from channels.db import database_sync_to_async
from channels.layers import BaseChannelLayer, get_channel_layer
from django.conf import settings

from accounts.profiles.formats import reading_as
from accounts.profiles.requests import Reader
from games.live.dispatch import LoopDispatch
from games.live.groups import page_group
from games.live.guards import GuardedJsonConsumer, scope_invite, scope_reader
from games.live.heard import group_heard
from games.live.hub import hub

logger = logging.getLogger(__name__)

PUSH_SECONDS = 1.0
SWEEP_SECONDS = 30.0

Render = Callable[[str, Iterable[str]], dict[str, str]]
MayWatch = Callable[[Any, str, str | None], bool]


@dataclass(frozen=True)
class PageKind:
    render: Render
    may_watch: MayWatch
    # The key whose news a page of this kind hears: its own, or one shared by pages that
    # show one thing through different filters (the console's list of tables).
    news_key: Callable[[str], str] = str
    # The kind whose news it hears, when it shows another page's facts another way (a
    # tournament's bracket hears its tournament's news): its own when left empty.
    news_kind: str = ""


@cache
def _table() -> ModuleType:
    """``config.pages``, imported at the first page socket (it imports the apps' pages)."""
    return import_module(settings.LIVE_PAGES)


def page_kinds() -> Mapping[str, PageKind]:
    """Every kind of live page, by the name in its address."""
    kinds: Mapping[str, PageKind] = _table().PAGE_KINDS
    return kinds


# How a socket reads its page: its language, and the time zone its times are shown in (issue
# 33: a member in Karachi reads PKT on a pushed fragment as on the page it came from).
Reading = tuple[str, str | None]


def _rendered(kind: str, key: str, readings: Iterable[Reading]) -> dict[Reading, str]:
    """Each reading's HTML: the page read once per zone and rendered in each language."""
    render = page_kinds()[kind].render
    by_zone: defaultdict[str | None, list[str]] = defaultdict(list)
    for language, zone in readings:
        by_zone[zone].append(language)
    html: dict[Reading, str] = {}
    for zone, languages in by_zone.items():
        with reading_as(language=None, zone=zone):
            html |= {(language, zone): part for language, part in render(key, languages).items()}
    return html


def _allowed(kind: str, user: Reader, key: str, invite: str | None) -> bool:
    """Whether ``user`` may watch the page (``invite``: the address's ``?invite=``, for a
    private page); no such page is no page to watch."""
    try:
        return page_kinds()[kind].may_watch(user, key, invite)
    except LookupError:
        return False


# Off the event loop, and off its one thread-sensitive thread: a render at 50 open tables takes
# milliseconds (bench.bench_lobby), which the table sockets' frames must not wait for.
_render = database_sync_to_async(_rendered, thread_sensitive=False)
_may_watch = database_sync_to_async(_allowed, thread_sensitive=False)


class PageSocket(Protocol):
    async def page_html(self, html: str) -> None: ...


async def _heard(layer: BaseChannelLayer, group: str, channel: str) -> None:
    """Wait until ``group`` is heard on ``channel`` (``heard``): a change told before would
    wait for the sweep. A change that comes before the probe is dropped: the board reads
    everything after this."""

    async def came_back() -> None:
        while (await layer.receive(channel)).get("probe") != channel:
            pass

    await group_heard(layer, group, channel, came_back(), "a live page")


class PageBoard:
    """The sockets of one page in one event loop, and what each reading was sent last."""

    def __init__(self, kind: str, key: str, forget: Callable[[], None]) -> None:
        self.kind, self.key = kind, key
        self._forget = forget
        self._loop = asyncio.get_running_loop()
        # Held weakly, as the hub holds table sockets: a consumer gone without its disconnect.
        self._sockets: defaultdict[Reading, weakref.WeakSet[PageSocket]] = defaultdict(
            weakref.WeakSet
        )
        self._sent: dict[Reading, str] = {}
        self._stale = False
        self._closed = False
        self._last_push = -math.inf
        self._next: asyncio.TimerHandle | None = None
        self._pushing: asyncio.Future[None] | None = None
        self._sweep: asyncio.TimerHandle | None = None
        self._subscribed: asyncio.Future[None] = self._loop.create_future()
        self._listening = asyncio.ensure_future(self._listen())
        self._sweep_later()

    async def join(self, socket: PageSocket, reading: Reading) -> None:
        """Count ``socket`` in and send it the page as it is now."""
        self._sockets[reading].add(socket)
        # Read only once the board hears the group: no change can fall between.
        await asyncio.shield(self._subscribed)
        html = self._sent.get(reading)
        if html is None:
            rendered = (await _render(self.kind, self.key, [reading]))[reading]
            # A push that ended meanwhile rendered it too, maybe from a later read.
            html = self._sent.setdefault(reading, rendered)
        await socket.page_html(html)

    def leave(self, socket: PageSocket, reading: Reading) -> None:
        self._sockets[reading].discard(socket)
        if not any(self._sockets.values()):
            self.close()

    def changed(self) -> None:
        """A change the page may show: pushed now, or a second after the last push."""
        self._stale = True
        if self._next is None and self._pushing is None and not self._closed:
            delay = max(0.0, self._last_push + PUSH_SECONDS - self._loop.time())
            self._next = self._loop.call_later(delay, self._push_now)

    def close(self) -> None:
        """Stop listening and pushing; the next socket of the page makes a new board."""
        if self._closed:
            return
        self._closed = True
        self._forget()
        for pending in (self._next, self._sweep, self._pushing, self._listening):
            if pending is not None:
                pending.cancel()

    # -- inside ------------------------------------------------------------------------------

    async def _listen(self) -> None:
        layer = get_channel_layer()
        assert layer is not None  # settings.CHANNEL_LAYERS has one
        page_kind = page_kinds()[self.kind]
        group = page_group(page_kind.news_kind or self.kind, page_kind.news_key(self.key))
        channel = None
        try:
            channel = await layer.new_channel()
            await layer.group_add(group, channel)
            await _heard(layer, group, channel)
            self._subscribed.set_result(None)
            while True:
                if (await layer.receive(channel)).get("type") != "hub.heard":
                    self.changed()
        except asyncio.CancelledError:
            self._subscribed.cancel()
            raise
        except Exception as error:
            # Redis is out of reach: the sockets waiting to join fail, and their pages retry.
            if not self._subscribed.done():
                self._subscribed.set_exception(error)
            raise
        finally:
            if channel is not None:
                await layer.group_discard(group, channel)

    def _push_now(self) -> None:
        self._next = None
        self._pushing = asyncio.ensure_future(self._push())

    async def _push(self) -> None:
        self._last_push = self._loop.time()
        self._stale = False
        try:
            readings = [reading for reading, sockets in self._sockets.items() if sockets]
            rendered = await _render(self.kind, self.key, readings) if readings else {}
            last, self._sent = self._sent, rendered
            sends = [
                socket.page_html(html)
                for reading, html in rendered.items()
                if last.get(reading) != html
                for socket in list(self._sockets[reading])
            ]
            for outcome in await asyncio.gather(*sends, return_exceptions=True):
                if isinstance(outcome, Exception):
                    logger.error("a page socket was not sent its page", exc_info=outcome)
        except Exception:
            # The database or a template failed: the next change or sweep tries again.
            logger.exception("the page %s %s was not pushed", self.kind, self.key)
        finally:
            self._pushing = None
            self._sweep_later()
            if self._stale:
                self.changed()

    def _sweep_later(self) -> None:
        if self._sweep is not None:
            self._sweep.cancel()
        if self._closed:
            return
        self._sweep = self._loop.call_later(SWEEP_SECONDS, self.changed)


def page_board(kind: str, key: str) -> PageBoard:
    """The running loop's board of the page, made on first use."""
    pages = hub().pages
    board = pages.get((kind, key))
    if board is None:

        def forget() -> None:
            if pages.get((kind, key)) is board:
                del pages[(kind, key)]

        board = pages[(kind, key)] = PageBoard(kind, key, forget=forget)
    return board


class PageConsumer(LoopDispatch, GuardedJsonConsumer):
    """One live page's socket. It sends HTML, never JSON, for htmx to swap in (``PageBoard``);
    the page sends nothing, and a frame it should not send is refused as on every socket
    (``GuardedJsonConsumer``). A page its reader may not see is refused at the handshake."""

    board: PageBoard | None = None

    async def connect(self) -> None:
        kind = self.scope["url_route"]["kwargs"]["kind"]
        key = self.scope["url_route"]["kwargs"]["key"]
        invite = scope_invite(self.scope)
        if kind not in page_kinds() or not await _may_watch(
            kind, scope_reader(self.scope), key, invite
        ):
            await self.close()
            return
        await self.accept()
        self.board = page_board(kind, key)
        await self.board.join(self, (self.language, self.zone_name))

    async def disconnect(self, code: int) -> None:
        if self.board is not None:
            self.board.leave(self, (self.language, self.zone_name))

    async def page_html(self, html: str) -> None:
        await self.send(text_data=html)
