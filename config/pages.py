"""Every kind of live page (``games.live.pages``): the name in its socket's address, and the
functions of the app that owns it that render its parts and say who may watch it.

Here beside the URLs, for the reason ``config/subscribers.py`` gives: the pages of ``games.web``
and ``tournaments.web`` sit above ``games.live``, which serves their sockets.
``settings.LIVE_PAGES`` names this module for ``games.live.pages``.
"""

from games.daily.services import BOARD_PAGE
from games.live.pages import PageKind
from games.news import CONSOLE_TABLES_KEY
from games.web.console import console_may_watch, console_render
from games.web.daily import daily_board_may_watch, daily_board_render
from games.web.lobby import lobby_may_watch, lobby_render
from tournaments.web.page import bracket_render, tournament_may_watch, tournament_render

PAGE_KINDS: dict[str, PageKind] = {
    # A game's lobby, by the game.
    "lobby": PageKind(lobby_render, lobby_may_watch),
    # Every console page, whatever its filters, hears the one key the writes publish.
    "console": PageKind(console_render, console_may_watch, news_key=lambda key: CONSOLE_TABLES_KEY),
    # A game's day of boards, updated as attempts finish.
    BOARD_PAGE: PageKind(daily_board_render, daily_board_may_watch),
    # A tournament's page, by its id.
    "tournament": PageKind(tournament_render, tournament_may_watch),
    # Its bracket: the same facts as boxes, told by the tournament's own news.
    "bracket": PageKind(bracket_render, tournament_may_watch, news_kind="tournament"),
}
