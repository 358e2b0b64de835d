# Django's stubs type path()'s view as an HTTP view; Channels routes ASGI consumers through it
# (its documented way), so that one check is off for this file alone.
# mypy: disable-error-code="arg-type"
from django.conf import settings
from django.urls import path, re_path

import games.converters  # noqa: F401 (registers <id:...>)
from games.live.chat import PlaceChatConsumer
from games.live.consumers import NoSuchSocket, PresenceConsumer, TableConsumer
from games.live.pages import PageConsumer

websocket_urlpatterns = [
    path("ws/presence/", PresenceConsumer.as_asgi()),
    path("ws/tables/<id:table_id>/", TableConsumer.as_asgi()),
    path("ws/pages/<slug:kind>/<slug:key>/", PageConsumer.as_asgi()),
    path("ws/chat/<slug:kind>/<slug:key>/", PlaceChatConsumer.as_asgi()),
]

if settings.BENCH_ECHO:
    from games.live.floors import EchoConsumer, FanoutFloorConsumer, LockedFloorConsumer
    from games.live.pauses import PausesConsumer

    websocket_urlpatterns += [
        path("ws/echo/", EchoConsumer.as_asgi()),
        path("ws/floor/<id:table_id>/", FanoutFloorConsumer.as_asgi()),
        path("ws/locked/<id:table_id>/", LockedFloorConsumer.as_asgi()),
        path("ws/bench/pauses/", PausesConsumer.as_asgi()),
    ]

# Last: any other path is refused at the handshake (HTTP 403), where Channels' router would
# raise and the server answer 500.
websocket_urlpatterns.append(re_path(r"", NoSuchSocket.as_asgi()))
