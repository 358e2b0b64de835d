"""The bot API, under /api/ (its page there says every endpoint)."""

from django.urls import path, re_path

import games.converters  # noqa: F401 (registers <id:...>)
from games.botapi import invite, queue, views

# The streams' names: their requests share a few threads (``config.asgi.HttpHandler``).
STREAMS = ("api_event_stream", "api_table_stream")

urlpatterns = [
    path("api/", views.docs, name="api_docs"),
    path("api/account", views.account, name="api_account"),
    path("api/stream/events", views.event_stream, name="api_event_stream"),
    path("api/bot/tables/<id:table_id>/stream", views.table_stream, name="api_table_stream"),
    path("api/bot/tables/<id:table_id>/move", views.move, name="api_move"),
    path("api/bot/tables/<id:table_id>/phrase", views.phrase, name="api_phrase"),
    path("api/bot/tables/<id:table_id>/ready", views.ready, name="api_ready"),
    path("api/bot/tables/<id:table_id>/leave", views.leave, name="api_leave"),
    path(
        "api/bot/invitations/<int:invitation_id>/accept",
        views.invitation_accept,
        name="api_invitation_accept",
    ),
    path(
        "api/bot/invitations/<int:invitation_id>/decline",
        views.invitation_decline,
        name="api_invitation_decline",
    ),
    path("api/bot/queue/join", queue.queue_join, name="api_queue_join"),
    path("api/bot/queue/leave", queue.queue_leave, name="api_queue_leave"),
    path("api/bot/offers/<int:offer_id>/accept", queue.offer_accept, name="api_offer_accept"),
    path("api/bot/offers/<int:offer_id>/decline", queue.offer_decline, name="api_offer_decline"),
    re_path(r"^api/(?P<rest>.*)$", views.no_endpoint),
    path("tables/<id:table_id>/invite-bot/", invite.bot_invite, name="table_bot_invite"),
]
