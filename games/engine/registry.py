"""``GAMES``: every game's rules by name. Each game module registers itself on import."""

from __future__ import annotations

from games.engine.base import GameRules

GAMES: dict[str, GameRules] = {}


def register(rules: GameRules) -> GameRules:
    if rules.name in GAMES:
        raise ValueError(f"game {rules.name!r} registered twice")
    GAMES[rules.name] = rules
    return rules
