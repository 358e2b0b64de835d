from django.conf import settings
from django.urls import path

from games.consumers import EchoConsumer, PresenceConsumer, TableConsumer

websocket_urlpatterns = [
    path("ws/presence/", PresenceConsumer.as_asgi()),
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
]

if settings.BENCH_ECHO:
    websocket_urlpatterns.append(path("ws/echo/", EchoConsumer.as_asgi()))
