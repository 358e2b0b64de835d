"""A visitor's key: how a seat knows the person who is not signed in (issue 21, a daily deal's
unranked try).

The key is a random value kept in the visitor's session (``VISITOR_SESSION_KEY``), made the
first time they sit down; their pages and their sockets read it from the same session, so a
reload or a dropped connection finds the same seat, and another browser (another session) is
another visitor. It is never the session's own key: a seat's key read from the database opens
no session, and signing in (which gives the session a new key) keeps it.
"""

import re
import secrets
from collections.abc import MutableMapping
from typing import Any

VISITOR_SESSION_KEY = "table_visitor"
_KEY = re.compile(r"[0-9A-Za-z_-]{22}")


def visitor_key_of(session: MutableMapping[str, Any] | None) -> str:
    """The visitor's key this session holds, or "" (none yet, or not one we made)."""
    key = session.get(VISITOR_SESSION_KEY, "") if session is not None else ""
    return key if isinstance(key, str) and _KEY.fullmatch(key) else ""


def visitor_key_given(session: MutableMapping[str, Any]) -> str:
    """The session's visitor key, made now if it has none (the session is saved with it)."""
    key = visitor_key_of(session)
    if not key:
        key = session[VISITOR_SESSION_KEY] = secrets.token_urlsafe(16)
    return key


def holds_seat(
    seat_user_id: int | None, seat_visitor: str, *, user_id: int | None, visitor: str = ""
) -> bool:
    """Whether a seat (its member's id, its visitor's key) is this person's: a member's by
    their id; a visitor (no user id) by their key, which an empty seat's "" never matches."""
    if user_id is not None:
        return seat_user_id == user_id
    return bool(visitor) and seat_visitor == visitor
