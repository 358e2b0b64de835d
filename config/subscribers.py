"""Everything that reacts to what a write did: each event type (``games.news.News``) and the
functions it calls, in the order called, each given the event (``games.news.publish``).

``IN_COMMIT`` runs inside the write's transaction (a reaction that must be written with it,
both or neither); ``AFTER_COMMIT`` once it commits, in the committing thread. An event with no
line here reaches nobody.

The table is here, at the top of the import graph with the URLs, because it names functions of
every app: the tables' writes (``games.tables``) may not know the daily deal, the tournaments
or the sockets (``games.live``) that react to them, and ``accounts`` may know nothing of
``games`` but its floor; ``config`` alone may import them all (tests/games/test_layers.py).
A function listed here is a service, a job's ``delay`` or a delivery to sockets; the few lines
below that adapt an event to one say nothing more than which call it makes.
"""

from accounts.moderation.sanctions import MemberShutOut
from games.daily.news import DailyDealRotated
from games.daily.services import BOARD_PAGE, daily_match_finished
from games.live.fanout import member_sockets_close, page_changed_send
from games.news import PageChanged, Subscribers
from games.tables.news import MatchFinished
from games.tables.services.moderation import tables_of_banned_member
from tournaments.tasks import round_check_queue


def daily_board_refresh(rotated: DailyDealRotated) -> None:
    """The game's day of boards shows the new deal (its live page, ``games.web.daily``)."""
    page_changed_send(PageChanged(BOARD_PAGE, rotated.game))


IN_COMMIT: Subscribers = {
    MatchFinished: (daily_match_finished,),
}

AFTER_COMMIT: Subscribers = {
    # A tournament's round is checked, and the next seated, by a job.
    MatchFinished: (round_check_queue,),
    DailyDealRotated: (daily_board_refresh,),
    # A banned member's pages close first (they reload on the banned page), then their seats
    # are taken off their matches, each table told (issue 30).
    MemberShutOut: (member_sockets_close, tables_of_banned_member),
}
