"""Computer players for the four games, at three levels (RM-1, PI-10, PL-2).

    from games.engine.bots import bot_for
    bot = bot_for("pitch", "hard", seed=7)
    action = bot.choose(match.view(seat), match.legal_actions(seat))

A bot is given exactly what a person in its seat is given, the seat's view and its legal
actions, and returns one of those actions. It never receives the match.

- Memory: a view shows only the last 30 public events, which in Court Piece or a long rummy
  deal no longer reach its start. A bot remembers the public events of the deal that its views
  showed (``record.PublicRecord``), nothing else. A table that keeps the bot object between
  moves needs to do nothing; one that builds a fresh bot for each move stores
  ``bot.memory_json()`` with the seat and passes it back as ``memory=``. Without it a bot
  still plays, from what the current view shows (Hard then plays as Medium in a Court Piece or
  rummy deal it cannot rebuild).
- Determinism: the same seed, memory and view give the same move (Hard's, when its budget is
  counted in ``samples``; a budget in seconds depends on the machine's speed).
- Time: Hard thinks for ``budget_seconds`` (default 0.5 s, a setting), and stops sooner when
  one move stands out; with none (0) it plays Medium's move. Easy and Medium answer in a few
  milliseconds.
- A bot never sleeps: a human-like pause before a bot's move is the table's setting.

Levels (``Level``): ``easy`` is legal, plausible and beatable; ``medium`` plays the strategy
the seeds teach; ``hard`` searches (``search``): it samples the cards it cannot see,
consistently with everything its views showed, and plays each candidate move out in every
sampled world with Medium's judgement, choosing the move that does best. Each game's policies
and its determiniser live in ``bots/<game>.py``.
"""

from __future__ import annotations

from typing import Any

from games.engine.actions import CourtPieceAction, PitchAction, RummyAction, UndersAction
from games.engine.bots import courtpiece, pitch, rummy, unders
from games.engine.bots.base import Budget, GameBots, Level, Turn
from games.engine.bots.bot import Bot
from games.engine.bots.record import PublicRecord
from games.engine.views import CourtPieceView, PitchView, RummyView, UndersView

AnyGameBots = (
    GameBots[CourtPieceAction, CourtPieceView]
    | GameBots[PitchAction, PitchView]
    | GameBots[RummyAction, RummyView]
    | GameBots[UndersAction, UndersView]
)
GAME_BOTS: dict[str, AnyGameBots] = {
    "courtpiece": courtpiece.BOTS,
    "pitch": pitch.BOTS,
    "rummy": rummy.BOTS,
    "unders": unders.BOTS,
}

LEVELS = tuple(level.value for level in Level)

DEFAULT_BUDGET_SECONDS = Budget().seconds


def bot_for(
    game: str,
    level: str,
    *,
    seed: str | int | None = None,
    budget_seconds: float = DEFAULT_BUDGET_SECONDS,
    samples: int | None = None,
    memory: dict[str, Any] | None = None,
) -> Bot:
    """A bot for one seat of ``game`` at ``level``. ``seed`` makes it reproducible (``None``:
    a fresh secure one); Hard thinks for at most ``budget_seconds`` and, when given, at most
    ``samples`` sampled worlds a move; ``memory`` is what the bot that held this seat before
    returned from ``memory_json()``."""
    chosen = Level(level)
    policy = GAME_BOTS[game].policy(chosen, Budget(budget_seconds, samples))
    record = None if memory is None else PublicRecord.from_json(memory)
    return Bot(game, chosen, policy, seed=seed, memory=record)


__all__ = ["GAME_BOTS", "LEVELS", "Bot", "Budget", "Level", "Turn", "bot_for"]
