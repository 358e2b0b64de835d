"""``{% place_chat "tournament" t.pk invite %}``: a place's chat room (a tournament's, issue 31,
point 8) on the place's page, which belongs to an app that may not read the games' words: the
quick phrases in the reader's language and the words its script needs, as the table's chat has
them (``console.chat_context``). Its lines come over ``/ws/chat/<kind>/<key>/``."""

from typing import Any
from urllib.parse import urlencode

from django import template

from games.web.console import chat_context_words

register = template.Library()


@register.inclusion_tag("games/_chat.html", takes_context=True)
def place_chat(
    context: template.Context, kind: str, key: object, invite: str | None = None
) -> dict[str, Any]:
    query = f"?{urlencode({'invite': invite})}" if invite else ""
    return {
        "user": context.get("user"),
        "request": context.get("request"),
        "invite": invite,
        "room": "place",
        "socket_path": f"/ws/chat/{kind}/{key}/{query}",
        "chat": chat_context_words(),
    }
