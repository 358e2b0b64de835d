"""Everything that reacts to what a write did: each event type (a ``games.news.News``) and the
functions it calls, in the order listed, each given the event (``games.news.publish``).

``IN_COMMIT`` runs inside the write's transaction: a reaction written with it, both or neither.
``AFTER_COMMIT`` runs once it commits, in the committing thread: deliveries to sockets, jobs.
An event with no line here reaches nobody.

The table is here, at the top of the import graph beside the URLs, because it names functions
of every app: the tables' writes (``games.tables``) may not know the daily deal, the
tournaments, the Celery tasks or the sockets (``games.live``) that react to them, and
``accounts`` may know nothing of ``games`` but its floor; ``config`` alone may import them all
(tests/games/test_layers.py). ``settings.NEWS_SUBSCRIBERS`` names this module for
``games.news``, as ``ROOT_URLCONF`` names the URLs.

From a match's last move to the next round's seats: ``LockedTable.save`` (games.tables.services
.locked) ends the match (``_finish``) and publishes ``MatchFinished``; after the commit
``tournaments.tasks.round_check_queue`` queues ``tournament_round_check``, whose service
(``tournaments.services.rounds``) settles the table and, the round over, seats the next.
"""

from accounts.moderation.sanctions import MemberSanctioned
from accounts.notices.inbox import MemberNoticed
from accounts.profiles.news import RankedBotsRefusalChanged
from games.botapi.news import AccountTold
from games.botapi.queue import ranked_dealt_told, ranked_formed_told
from games.botapi.services import invitations_withdraw_stale
from games.daily.news import DailyDealRotated
from games.daily.services import BOARD_PAGE, daily_match_finished
from games.live.fanout import (
    chat_news_send,
    member_banned_shut_out,
    page_changed_send,
    table_changed_send,
    tables_dealt_send,
)
from games.live.streams import account_told_send
from games.news import PageChanged, Subscribers
from games.ranked.news import RankedTableDealt, RankedTablesFormed
from games.ranked.services import queue_bots_refusal_follow
from games.tables.news import (
    BotTurnDue,
    ChatDeleted,
    ChatPosted,
    MatchFinished,
    TableChanged,
    TablesDealt,
)
from games.tables.services.moderation import tables_of_banned_member
from games.tasks import bot_turn_queue
from tournaments.news import TournamentRoundOver
from tournaments.tasks import round_check_queue


def daily_board_refresh(rotated: DailyDealRotated) -> None:
    """The game's day of boards shows the new deal (its live page, ``games.web.daily``)."""
    page_changed_send(PageChanged(BOARD_PAGE, rotated.game))


IN_COMMIT: Subscribers = {
    # A daily attempt (or a visitor's try) is scored with its match's end.
    MatchFinished: (daily_match_finished,),
    # The job is sent by its task once the write commits (Celery's ``apply_async_on_commit``).
    BotTurnDue: (bot_turn_queue,),
    # A waiting member's queue entry follows their refusal of bots in ranked (issue 32).
    RankedBotsRefusalChanged: (queue_bots_refusal_follow,),
    # A bot's invitation goes with its seat taken by another or its table started or closed
    # (issue 35): its bot is told, and a new stream does not offer it again.
    TableChanged: (invitations_withdraw_stale,),
}

AFTER_COMMIT: Subscribers = {
    # Every socket of the table renders the new revision; the lobby and console lists too.
    TableChanged: (table_changed_send,),
    # A round's tables, told in one pass (issue 31: one delivery a table took seconds).
    TablesDealt: (tables_dealt_send,),
    # A tournament's round is checked, and the next round seated, by a job.
    MatchFinished: (round_check_queue,),
    ChatPosted: (chat_news_send,),
    ChatDeleted: (chat_news_send,),
    # A ban closes the member's sockets everywhere first (their pages reload on the banned
    # page), then takes their seats off their matches, each table told (issue 30).
    MemberSanctioned: (member_banned_shut_out, tables_of_banned_member),
    # A live page (the lobby, the console, a tournament's, a day's boards) draws itself again.
    PageChanged: (page_changed_send,),
    DailyDealRotated: (daily_board_refresh,),
    # Told in its transaction by notices (the notices page reads them); nothing more yet.
    MemberNoticed: (),
    TournamentRoundOver: (),
    # A bot account's event streams hear of an invitation, a seat taken (issue 35).
    AccountTold: (account_told_send,),
    # A bot account's event streams hear of a ranked table formed for it, then dealt.
    RankedTablesFormed: (ranked_formed_told,),
    RankedTableDealt: (ranked_dealt_told,),
}
