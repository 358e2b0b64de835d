"""The ASGI entry point for Daphne: HTTP goes to Django, WebSockets to the Channels consumers.

HTTP is Django's own handler but for the bot API's streams, which share their threads
(``HttpHandler``).
"""

import gc
import itertools
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Django must be set up before the consumers (and the models they import) are loaded, as
# ``django.core.asgi.get_asgi_application`` does it.
django.setup(set_prefix=False)

from asgiref.sync import ThreadSensitiveContext  # noqa: E402
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.core.handlers.asgi import ASGIHandler  # noqa: E402
from django.urls import Resolver404, resolve  # noqa: E402

import config.subscribers  # noqa: E402, F401
from games.botapi.urls import STREAMS  # noqa: E402
from games.live.guards import SameOriginValidator  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402

# Threads for the sync work of every bot API stream's request in this process.
STREAM_THREADS = 2


class HttpHandler(ASGIHandler):
    """Django's handler, with the bot API's streams sharing ``STREAM_THREADS`` threads.

    Django runs a request's sync work (most of our middleware, every sync view) on a thread
    made for that request and kept until its response ends. A stream's response lasts as long
    as its bot plays, so each open stream held an idle thread: most of the 170 KiB a stream
    cost Daphne (issue 35, ``bench.bench_botapi``). A stream's request runs its sync work on
    one of the shared threads instead: opening the stream takes them a few milliseconds, its
    life after that almost nothing (its place's renewal at each keep-alive, its end).

    What ran on a request's own thread runs on a shared one here, one call at a time, as
    Channels' consumers share theirs: no transaction spans two calls, and a stream's view
    gives its database connection back before its lines begin (``games.botapi.views``).
    """

    def __init__(self) -> None:
        super().__init__()
        threads = [ThreadPoolExecutor(1, "streams") for _ in range(STREAM_THREADS)]
        self._stream_threads = itertools.cycle(threads)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and is_stream(scope["path"]):
            async with ThreadSensitiveContext(executor=next(self._stream_threads)):
                await self.handle(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


def is_stream(path: str) -> bool:
    """Whether ``path`` is one of the bot API's streams (``games.botapi.urls.STREAMS``)."""
    if not path.startswith("/api/"):
        return False
    try:
        return resolve(path).url_name in STREAMS
    except Resolver404:
        return False


django_http = HttpHandler()

# The news subscribers (every app: ``games.news`` imports them at the first event) are loaded
# here, not in the first move of a table: that import took the first moves' CPU (issue 34).
# Everything loaded so far lives as long as the process: keep the collector from walking it,
# and let it run less often, so that its full passes do not stall every table's frames.
gc.freeze()
gc.set_threshold(50_000, 50, 100)

application = ProtocolTypeRouter(
    {
        "http": django_http,
        # types-channels asks for its private _ExtendedURLPattern, which Django's path() that
        # Channels' own docs use never gives.
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))  # type: ignore[arg-type]
        ),
    }
)
