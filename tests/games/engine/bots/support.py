"""Seeded games between bots, and the tables the bot tests use."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.engine import GAMES
from games.engine.base import Action, Event, Match
from games.engine.bots import Bot, bot_for
from games.engine.rummy import RummyMatch

TABLES: list[tuple[str, str, int, dict[str, Any]]] = [
    # (game, variant, players, options): small targets keep whole matches quick.
    ("pitch", "standard", 4, {"target": 7}),
    ("courtpiece", "single_sar", 4, {"target": 1}),
    ("courtpiece", "hidden", 4, {"target": 1}),
    ("courtpiece", "double_sar", 4, {"target": 1}),
    ("courtpiece", "be_ranga", 4, {"target": 1}),
    ("courtpiece", "mendikot", 4, {"target": 1}),
    ("unders", "classic", 3, {}),
    ("rummy", "points", 3, {}),
]

QUICK_HARD = {"budget_seconds": 60.0, "samples": 1}
"""Hard counted in sampled worlds, not seconds: the same move on any machine, and quick."""

MAX_MOVES = 3000


def bots_for(game: str, levels: Sequence[str], seed: object = 0) -> list[Bot]:
    return [
        bot_for(game, level, seed=f"{seed}-{seat}", **(QUICK_HARD if level == "hard" else {}))
        for seat, level in enumerate(levels)
    ]


def play_match(
    match: Match,
    bots: Sequence[Bot],
    *,
    on_move: Callable[[Match, int, Action, list[Event]], None] | None = None,
) -> list[Event]:
    """Every seat's bot chooses from its view and legal actions until the match is over;
    every public event, in order."""
    events: list[Event] = []
    for _ in range(MAX_MOVES):
        if not match.to_move():
            return events
        seat = match.to_move()[0]
        legal = match.legal_actions(seat)
        action = bots[seat].choose(match.view(seat), legal)
        assert action in legal, f"{bots[seat]} chose {action!r}, not a legal action"
        moved = match.apply(seat, action)
        events += moved
        if on_move is not None:
            on_move(match, seat, action, moved)
    raise AssertionError(f"{match.game} did not end in {MAX_MOVES} moves")


def new_match(
    game: str, variant: str, players: int, options: dict[str, Any], seed: object
) -> Match:
    return GAMES[game].new_match(variant, players, seed=f"bots-{seed}", options=options or None)


NOTHING_13 = "2C 4C 6C 8C 10C QC 2D 4D 6D 8D 10D QD 3S"
"""Thirteen cards that group with nothing (Aces or 9s wild), for a rummy seat to sit out with."""


def rummy_holding(hand: str, drawn: str, *, wild_card: str) -> RummyMatch:
    """Seat 0 of two holds ``hand`` and has just drawn ``drawn`` from the closed deck."""
    match = RummyMatch.with_deal(
        "points",
        [hand.split(), NOTHING_13.split()],
        wild_card=wild_card,
        open_pile=["5S"],
        closed=["9S", drawn],
        dealer=1,
    )
    match.apply(0, {"type": "draw", "source": "closed"})
    return match


def choice(game: str, level: str, match: Match) -> Action:
    """What a bot of ``level`` plays for the seat to move (Hard over a few sampled worlds)."""
    seat = match.to_move()[0]
    bot = bot_for(game, level, seed=0, **(QUICK_HARD if level == "hard" else {}))
    return bot.choose(match.view(seat), match.legal_actions(seat))
