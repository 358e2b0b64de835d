"""The rules engine: a pure library (no Django, Channels, Celery or asgiref).

from games.engine import GAMES, AbsentSeat, HandGroup, HandLabel, IllegalAction, MatchResult
"""

# Importing a game registers it in GAMES.
from games.engine import courtpiece, pitch, rummy, unders  # noqa: F401
from games.engine.base import AbsentSeat, HandGroup, HandLabel, MatchResult
from games.engine.errors import IllegalAction
from games.engine.registry import GAMES

__all__ = ["GAMES", "AbsentSeat", "HandGroup", "HandLabel", "IllegalAction", "MatchResult"]
