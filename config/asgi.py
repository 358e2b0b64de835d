"""The ASGI entry point for Daphne: HTTP goes to Django, WebSockets to the Channels consumers."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Django must be set up before the consumers (and the models they import) are loaded.
django_http = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

import config.subscribers  # noqa: E402, F401
from games.live.guards import SameOriginValidator  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402

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
