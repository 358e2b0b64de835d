"""Every kind of place with a chat of its own beside the tables (``games.tables.services.chat``):
the name in its lines' ``place`` and its sockets' address, who may see it (and so read and say
lines there), and its page.

Here beside the URLs, for the reason ``config/pages.py`` gives: the tournaments sit above the
tables, which keep the chat. ``settings.CHAT_PLACES`` names this module.
"""

from games.tables.services.chat import ChatPlace
from tournaments.web.page import tournament_may_watch

CHAT_PLACES: dict[str, ChatPlace] = {
    # A tournament's one room (issue 31, point 8): its entrants and spectators together, that
    # is whoever may follow its page (a private one: its entrants and holders of its invite).
    "tournament": ChatPlace(tournament_may_watch, lambda key: f"/tournaments/{key}/"),
}
