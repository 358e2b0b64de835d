"""From a write's news to the sockets: each function here is listed for its event in
``config/subscribers.py`` (after the commit), and tells every table socket of every server
process, each sending its own seat's view, or a live page, a chat room, a member's sockets.

Only the table's id, version and revision cross the channel layer: every socket renders its own
seat's view from a snapshot of that revision (DESIGN.md, "A move"), so no card ever crosses
Redis. ``table_changed_send`` (and ``tables_dealt_send``, the tables a tournament's round deals
in one write, told in one pass) runs in the thread that committed the write:

- In a server process, whose sockets' event loop runs, the news is handed to that loop and the
  writing thread goes on at once (a socket's move in the thread pool, a page's seat taken). On
  the loop (``table_news_deliver``) the hub keeps the snapshot the write left, tells this
  process's sockets of the table at once, and sends the numbers to the table's group, where
  each other process's hub hears them once (``hub.Hub``); the copy that comes back here carries
  this hub's origin and is dropped.
- Elsewhere (a Celery worker, a command) the numbers go to the group from the process's one
  sending loop (``sendloop``), over the connection it keeps, and the thread waits until Redis
  has them.

A change the game's lobby shows (``lobby_shows``) also goes to the lobby page's group, and only
that way, even in this process, as does every ``PageChanged`` a write publishes: a live page is
told at most once a second (``games.live.pages``), so Redis's millisecond costs it nothing, and
one path is simpler.
"""

import asyncio
import logging
from collections.abc import Coroutine, Sequence
from typing import Any

from channels.layers import get_channel_layer

from accounts.moderation.models import SanctionKind
from accounts.moderation.sanctions import MemberSanctioned
from games.live.chat import chat_news_deliver, member_shut_out_deliver
from games.live.groups import page_group, table_group
from games.live.hub import Hub, TableChangedEvent, running_hubs
from games.live.sendloop import send_loop_run
from games.news import CONSOLE_TABLES_KEY, PageChanged
from games.tables.models import TableStatus
from games.tables.news import ChatDeleted, ChatPosted, TableChanged, TablesDealt

logger = logging.getLogger(__name__)


def lobby_shows(news: TableChanged) -> bool:
    """Whether a game's lobby lists what changed: a public table's seats while it waits for
    players, and its status moving on (made, started, finished, abandoned); never a move of a
    match in play, which no list shows."""
    return news.public and (
        news.status_before == TableStatus.OPEN or news.status != news.status_before
    )


def console_shows(news: TableChanged) -> bool:
    """The moderators' list shows every table, private ones too, but no move: a seat or a
    status that changed."""
    return news.status_before == TableStatus.OPEN or news.status != news.status_before


def table_changed_send(news: TableChanged) -> None:
    """Tell every socket of the table (and the lists that show the change) its new revision."""
    _changes_send((news,))


def tables_dealt_send(news: TablesDealt) -> None:
    """A round's tables, told in one pass (``tables_news_deliver``)."""
    _changes_send(news.changes)


def _changes_send(changes: Sequence[TableChanged]) -> None:
    hubs = running_hubs()
    for number, hub in enumerate(hubs):
        # One copy to the channel layer, from the first; in a server there is only one loop.
        remote = number == 0
        try:
            hub.loop.call_soon_threadsafe(_deliver_in_loop, hub, changes, remote)
        except RuntimeError:  # the loop closed since it was seen running (tests)
            hubs = hubs[:number]
            break
    if not hubs:
        send_loop_run(tables_news_deliver(None, changes))


def chat_news_send(news: ChatPosted | ChatDeleted) -> None:
    """Tell the readers of the chat's room the line said or deleted."""
    send_from_here(chat_news_deliver(news))


def member_banned_shut_out(news: MemberSanctioned) -> None:
    """A ban closes every socket of the member, in every server process."""
    if news.kind == SanctionKind.BAN:
        send_from_here(member_shut_out_deliver(news.member_id))


def page_changed_send(news: PageChanged) -> None:
    """Tell the sockets of the live page ``news`` names that it changed."""
    send_from_here(page_changed_deliver(news))


def send_from_here(sending: Coroutine[Any, Any, None]) -> None:
    """Run ``sending`` on this process's sockets' loop without waiting for it, or, in a process
    with none, on its sending loop until it is done."""
    for hub in running_hubs():
        try:
            hub.loop.call_soon_threadsafe(_run_in_loop, sending)
            return
        except RuntimeError:  # closed since it was seen running (tests)
            continue
    send_loop_run(sending)


def _run_in_loop(sending: Coroutine[Any, Any, None]) -> None:
    asyncio.ensure_future(sending).add_done_callback(_log_failure)


async def page_changed_deliver(news: PageChanged) -> None:
    layer = get_channel_layer()
    assert layer is not None  # settings.CHANNEL_LAYERS has one
    await layer.group_send(page_group(news.kind, news.key), {"type": "page.changed"})


def _deliver_in_loop(hub: Hub, changes: Sequence[TableChanged], remote: bool) -> None:
    task = asyncio.ensure_future(tables_news_deliver(hub, changes, remote=remote))
    task.add_done_callback(_log_failure)


def _log_failure(task: asyncio.Future[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        logger.error("news was not delivered", exc_info=task.exception())


async def table_news_deliver(hub: Hub | None, news: TableChanged, *, remote: bool = True) -> None:
    """Tell the sockets of ``hub`` (this process's, if it has any) and, with ``remote``, the
    table's group in every server process."""
    await tables_news_deliver(hub, (news,), remote=remote)


async def tables_news_deliver(
    hub: Hub | None, changes: Sequence[TableChanged], *, remote: bool = True
) -> None:
    """``table_news_deliver`` for each of ``changes`` at once; a live list that shows some of
    them is told once (it draws itself again whole)."""
    sends = []
    pages: dict[PageChanged, None] = {}
    layer = get_channel_layer()
    assert layer is not None  # settings.CHANNEL_LAYERS has one
    for news in changes:
        message: TableChangedEvent = {
            "type": "table.changed",
            "table": news.table_id,
            "version": news.version,
            "revision": news.revision,
            "origin": "" if hub is None else hub.origin,
        }
        if hub is not None:
            if news.snapshot is not None:
                hub.snapshots.keep(news.snapshot)
            sends.append(hub.tell(message))
        if remote:
            sends.append(layer.group_send(table_group(news.table_id), dict(message)))
            if lobby_shows(news):
                pages[PageChanged("lobby", news.game)] = None
            if console_shows(news):
                pages[PageChanged("console", CONSOLE_TABLES_KEY)] = None
    sends += [page_changed_deliver(page) for page in pages]
    await asyncio.gather(*sends)
