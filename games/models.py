"""Django loads an app's models from here: the tables' models live in ``games.tables.models``.

The migrations name the default callables by this module's path, so they are here too.
"""

from games.tables.models import MatchResult, Move, Seat, Table, bot_seed_new, invite_token_new

__all__ = ["MatchResult", "Move", "Seat", "Table", "bot_seed_new", "invite_token_new"]
