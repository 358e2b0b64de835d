"""Django loads an app's models from here: the tables' models live in ``games.tables.models``,
the daily deal's in ``games.daily.models``.

The migrations name the default callables by this module's path, so they are here too.
"""

from games.daily.models import Attempt, DailyDeal, ScoreCount, VisitorTry
from games.tables.models import MatchResult, Move, Seat, Table, bot_seed_new, invite_token_new

__all__ = [
    "Attempt",
    "DailyDeal",
    "MatchResult",
    "Move",
    "ScoreCount",
    "Seat",
    "Table",
    "VisitorTry",
    "bot_seed_new",
    "invite_token_new",
]
