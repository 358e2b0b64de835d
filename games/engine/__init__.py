"""The rules engine: a pure library (no Django, Channels, Celery or asgiref).

from games.engine import GAMES, IllegalAction
"""

from games.engine.errors import IllegalAction
from games.engine.registry import GAMES

# Importing a game registers it in GAMES.
# (each game adds its import line below)
from games.engine import pitch  # noqa: F401

__all__ = ["GAMES", "IllegalAction"]
