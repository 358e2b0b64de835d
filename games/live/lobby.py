"""The lobby pages, live: each game's lists of tables, pushed as HTML for htmx's ws extension.

A lobby page (``templates/games/lobby.html``) opens ``/ws/lobby/<game>/``, and htmx swaps in
each element the socket sends by its id: the lists (``games/lobby/_lists.html``) and each
variant's ranked queue (``games/lobby/_queue.html``), the very includes the page was rendered
with. No script of ours runs on the page.

An event loop (a server process) keeps one ``LobbyBoard`` per game with a lobby page open here:

- It listens on one channel of its own in the game's group (``fanout.lobby_group``), which
  hears, as a bare table id, every change a lobby shows, made in any process: one delivery per
  process, where a group of the sockets themselves would cost one per socket.
- It pushes at most once every ``PUSH_SECONDS`` (lichess' rule for its lobby): the first
  change after a quiet second at once, any more in the next second together. A push reads the
  lists once and renders them once per language its sockets read, in a worker thread; a socket
  is sent its language's HTML only when that differs from what it was sent last, so a change
  that shows in no list costs no frame.
- A socket is sent the lists as soon as it connects (the board's last push when it has one of
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
from collections.abc import Callable, Iterable
from typing import Protocol

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.template.loader import render_to_string
from django.utils import translation

from games.engine import GAMES
from games.live.consumers import LoopDispatch
from games.live.fanout import lobby_group
from games.live.guards import GuardedJsonConsumer
from games.live.hub import hub
from games.tables.selectors import LobbyLists, lobby_lists

logger = logging.getLogger(__name__)

PUSH_SECONDS = 1.0
SWEEP_SECONDS = 30.0


def lobby_html(lists: LobbyLists, language: str) -> str:
    """What a lobby socket reading ``language`` is sent: the page's own includes, each element
    with the id of the one it replaces."""
    with translation.override(language):
        return render_to_string("games/lobby/_push.html", {"lists": lists})


def lobby_render(game: str, languages: Iterable[str]) -> dict[str, str]:
    """The lobby of ``game`` read once and rendered in each of ``languages``."""
    lists = lobby_lists(game)
    return {language: lobby_html(lists, language) for language in languages}


# Off the event loop, and off its one thread-sensitive thread: a render at 50 open tables takes
# milliseconds (bench.bench_lobby), which the table sockets' frames must not wait for.
_render = database_sync_to_async(lobby_render, thread_sensitive=False)


class LobbySocket(Protocol):
    async def lobby_html(self, html: str) -> None: ...


class LobbyBoard:
    """The lobby sockets of one game in one event loop, and what each language was sent last."""

    def __init__(self, game: str, forget: Callable[[], None]) -> None:
        self.game = game
        self._forget = forget
        self._loop = asyncio.get_running_loop()
        # Held weakly, as the hub holds table sockets: a consumer gone without its disconnect.
        self._sockets: defaultdict[str, weakref.WeakSet[LobbySocket]] = defaultdict(weakref.WeakSet)
        self._sent: dict[str, str] = {}
        self._stale = False
        self._closed = False
        self._last_push = -math.inf
        self._next: asyncio.TimerHandle | None = None
        self._pushing: asyncio.Future | None = None
        self._sweep: asyncio.TimerHandle | None = None
        self._subscribed: asyncio.Future[None] = self._loop.create_future()
        self._listening = asyncio.ensure_future(self._listen())
        self._sweep_later()

    async def join(self, socket: LobbySocket, language: str) -> None:
        """Count ``socket`` in and send it the lists as they are now."""
        self._sockets[language].add(socket)
        # Read only once the board hears the group: no change can fall between.
        await asyncio.shield(self._subscribed)
        html = self._sent.get(language)
        if html is None:
            rendered = (await _render(self.game, [language]))[language]
            # A push that ended meanwhile rendered it too, maybe from a later read.
            html = self._sent.setdefault(language, rendered)
        await socket.lobby_html(html)

    def leave(self, socket: LobbySocket, language: str) -> None:
        self._sockets[language].discard(socket)
        if not any(self._sockets.values()):
            self.close()

    def changed(self) -> None:
        """A change the lists may show: pushed now, or a second after the last push."""
        self._stale = True
        if self._next is None and self._pushing is None and not self._closed:
            delay = max(0.0, self._last_push + PUSH_SECONDS - self._loop.time())
            self._next = self._loop.call_later(delay, self._push_now)

    def close(self) -> None:
        """Stop listening and pushing; the next page to open makes a new board."""
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
        group = lobby_group(self.game)
        channel = None
        try:
            channel = await layer.new_channel()
            await layer.group_add(group, channel)
            self._subscribed.set_result(None)
            while True:
                await layer.receive(channel)
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
            languages = [language for language, sockets in self._sockets.items() if sockets]
            rendered = await _render(self.game, languages) if languages else {}
            last, self._sent = self._sent, rendered
            sends = [
                socket.lobby_html(html)
                for language, html in rendered.items()
                if last.get(language) != html
                for socket in list(self._sockets[language])
            ]
            for outcome in await asyncio.gather(*sends, return_exceptions=True):
                if isinstance(outcome, Exception):
                    logger.error("a lobby socket was not sent its lists", exc_info=outcome)
        except Exception:
            # The database or a template failed: the next change or sweep tries again.
            logger.exception("the lobby of %s was not pushed", self.game)
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


def lobby_board(game: str) -> LobbyBoard:
    """The running loop's board of ``game``'s lobby, made on first use."""
    lobbies = hub().lobbies
    board = lobbies.get(game)
    if board is None:

        def forget() -> None:
            if lobbies.get(game) is board:
                del lobbies[game]

        board = lobbies[game] = LobbyBoard(game, forget=forget)
    return board


class LobbyConsumer(LoopDispatch, GuardedJsonConsumer):
    """One lobby page's socket, for anyone (visitors watch the lobby too). It sends HTML, never
    JSON, for htmx to swap in (``LobbyBoard``); the page sends nothing, and a frame it should
    not send is refused as on every socket (``GuardedJsonConsumer``)."""

    board: LobbyBoard | None = None

    async def connect(self):
        game = self.scope["url_route"]["kwargs"]["game"]
        if game not in GAMES:
            await self.close()
            return
        await self.accept()
        self.board = lobby_board(game)
        await self.board.join(self, self.language)

    async def disconnect(self, code):
        if self.board is not None:
            self.board.leave(self, self.language)

    async def lobby_html(self, html: str) -> None:
        await self.send(text_data=html)
