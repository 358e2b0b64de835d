"""Django loads an app's models from here: the tables' models live in ``games.tables.models``,
the daily deal's in ``games.daily.models``, the ranked queue's in ``games.ranked.models``, the
bot API's invitations in ``games.botapi.models``.

The migrations name the default callables by this module's path, so they are here too.
"""

from games.botapi.models import Invitation
from games.daily.models import Attempt, DailyDeal, ScoreCount, VisitorTry
from games.ranked.models import QueueEntry, QueueOffer
from games.tables.models import MatchResult, Move, Seat, Table, bot_seed_new, invite_token_new

__all__ = [
    "Attempt",
    "DailyDeal",
    "Invitation",
    "MatchResult",
    "Move",
    "QueueEntry",
    "QueueOffer",
    "ScoreCount",
    "Seat",
    "Table",
    "VisitorTry",
    "bot_seed_new",
    "invite_token_new",
]
