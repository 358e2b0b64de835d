"""Every bot, of every game and level: legal moves only, from the view and the legal actions
alone, reproducibly, and with a memory that is plain JSON."""

from __future__ import annotations

import ast
import copy
import dataclasses
import gc
import inspect
import json
import random
import time
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any

import pytest

from games.engine import GAMES
from games.engine.base import Match
from games.engine.bots import GAME_BOTS, LEVELS, Bot, Turn, bot_for
from tests.games.engine.bots.support import TABLES, bots_for, new_match, play_match

BOTS_DIR = Path(__file__).resolve().parents[4] / "games" / "engine" / "bots"


def _id(table: tuple[str, str, int, dict[str, Any]]) -> str:
    return f"{table[0]}-{table[1]}"


def test_every_game_has_bots():
    assert set(GAME_BOTS) == set(GAMES)
    assert LEVELS == ("easy", "medium", "hard")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_a_table_of_one_level_plays_a_whole_match_with_legal_moves(table, level):
    game, variant, players, options = table
    match = new_match(game, variant, players, options, seed=level)
    play_match(match, bots_for(game, [level] * players))
    assert match.is_over()


@pytest.mark.parametrize("table", TABLES[:1] + TABLES[6:8], ids=_id)
def test_levels_play_together_at_one_table(table):
    game, variant, players, options = table
    match = new_match(game, variant, players, options, seed="mixed")
    levels = [LEVELS[seat % len(LEVELS)] for seat in range(players)]
    play_match(match, bots_for(game, levels))
    assert match.is_over()


POSITIONS = 12
"""Positions asked per table and level: random play in between, so they are varied."""


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_every_level_returns_a_legal_action_in_seeded_random_positions(table, level):
    """Random legal play (seeded) leads to the positions; a bot that watched the match from
    its seat is asked for a move there, which must be legal, and random play goes on."""
    game, variant, players, options = table
    rng = random.Random(f"{game}-{variant}-{level}")
    asked = 0
    for seed in range(20):
        match = new_match(game, variant, players, options, seed=f"random-{level}-{seed}")
        bots = [
            bot_for(game, level, seed=seat, budget_seconds=60.0, samples=3)
            for seat in range(players)
        ]
        while match.to_move() and asked < POSITIONS:
            seat = match.to_move()[0]
            legal = match.legal_actions(seat)
            for other in range(players):
                bots[other].observe(match.view(other))
            if len(legal) > 1 and rng.random() < 0.3:
                assert bots[seat].choose(match.view(seat), legal) in legal
                asked += 1
            match.apply(seat, rng.choice(legal))
        if asked == POSITIONS:
            return
    raise AssertionError(f"only {asked} positions reached")


class Untouchable:
    """Stands in for the match while a bot decides: any use of it fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a bot reached the match ({name})")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_a_bot_decides_from_the_view_and_the_legal_actions_alone(table, level, monkeypatch):
    """The bot is handed copies (through JSON) of what the seat is given, while every match
    method it could reach fails; what it returns is one of the legal actions."""
    game, variant, players, options = table
    match = new_match(game, variant, players, options, seed="alone")
    for _ in range(25):  # some way into the match, so there is history to read
        seat = match.to_move()[0]
        match.apply(seat, match.default_action(seat))
    seat = match.to_move()[0]
    view = json.loads(json.dumps(match.view(seat)))
    legal = json.loads(json.dumps(match.legal_actions(seat)))
    for name in ("view", "legal_actions", "to_json", "apply", "cards_hidden_from"):
        monkeypatch.setattr(match, name, Untouchable().__getattr__, raising=False)
    bot = bot_for(game, level, seed=1, budget_seconds=60.0, samples=2)
    action = bot.choose(copy.deepcopy(view), copy.deepcopy(legal))
    assert action in legal


def test_a_bot_is_handed_only_the_view_and_the_legal_actions():
    """The one door in: ``Bot.choose(view, legal)``; a policy sees a ``Turn``, which holds the
    view, the legal actions, the public events the bot collected, and its own generator."""
    assert list(inspect.signature(Bot.choose).parameters) == ["self", "view", "legal"]
    assert [field.name for field in dataclasses.fields(Turn)] == [
        "view",
        "legal",
        "record",
        "complete",
        "rng",
    ]
    assert "match" not in inspect.signature(bot_for).parameters


def _reachable_matches(root: object) -> list[Match]:
    """Every ``Match`` reachable from ``root`` through containers and bot objects (not through
    functions, classes or modules, which lead everywhere)."""
    found, seen, queue = [], set(), [root]
    while queue:
        item = queue.pop()
        if id(item) in seen or isinstance(item, type | FunctionType | ModuleType):
            continue
        seen.add(id(item))
        if isinstance(item, Match):
            found.append(item)
            continue
        queue += gc.get_referents(item)
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_holds_no_match_after_playing_one(level):
    match = new_match("courtpiece", "hidden", 4, {"target": 1}, seed="holds")
    bots = bots_for("courtpiece", [level] * 4)
    play_match(match, bots)
    for bot in bots:
        assert not _reachable_matches(bot)


def test_bots_never_look_past_what_they_are_given():
    """Read the bot code: no way to the state of a match the bot was not handed (no frames,
    no garbage collector, no module globals, no match built from a seed or a stored state);
    the only matches in ``bots/`` are worlds a bot dealt itself (parameters named ``world``),
    and the engine's JSON is used only to copy such a world (``search.clone``)."""
    forbidden_modules = {"gc", "inspect", "ctypes", "pickle", "games.engine.registry"}
    forbidden_names = {"_getframe", "globals", "vars", "__dict__", "get_objects", "referrers"}
    forbidden_names |= {"new_match", "restore"}  # a match from a seed or a stored state
    for path in sorted(BOTS_DIR.glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not {alias.name for alias in node.names} & forbidden_modules, path.name
            if isinstance(node, ast.ImportFrom) and path.name != "search.py":
                assert node.module not in forbidden_modules, path.name
            if isinstance(node, ast.Attribute | ast.Name):
                name = node.attr if isinstance(node, ast.Attribute) else node.id
                assert name not in forbidden_names, f"{path.name} uses {name}"
                if isinstance(node, ast.Attribute):
                    assert name != "start", f"{path.name} starts a match"  # RummyMatch.start
                if name in ("to_json", "from_json", "GAMES"):
                    assert path.name in ("search.py", "bot.py", "record.py", "__init__.py"), (
                        f"{path.name} uses {name}"
                    )
            annotation = isinstance(node, ast.arg) and node.annotation
            if annotation and ast.unparse(annotation) == "Match":
                assert node.arg == "world", f"{path.name}: {node.arg} is a Match"


@pytest.mark.parametrize("game", ["pitch", "courtpiece", "unders", "rummy"])
def test_the_same_seed_and_view_give_the_same_move(game):
    table = next(table for table in TABLES if table[0] == game)
    _, variant, players, options = table
    first, second = [], []
    for moves in (first, second):
        match = new_match(game, variant, players, options, seed="again")
        play_match(
            match,
            bots_for(game, ["hard", *["medium"] * (players - 1)], seed="same"),
            on_move=lambda _match, seat, action, _events, moves=moves: moves.append((seat, action)),
        )
    assert first == second


def test_hard_counted_in_samples_plays_the_same_whatever_its_time_budget():
    """A budget in samples fixes Hard's moves on any machine (the seed and the samples
    decide, not how many seconds it was given beyond what they need)."""
    games = []
    for budget in (30.0, 600.0):
        match = new_match("pitch", "standard", 4, {"target": 5}, seed="budget")
        bots = [
            bot_for("pitch", "hard", seed=f"b-{seat}", budget_seconds=budget, samples=4)
            for seat in range(4)
        ]
        games.append(play_match(match, bots))
    assert games[0] == games[1]


def test_a_different_seed_plays_differently():
    """The seed is the bot's only randomness: Easy with two seeds parts ways somewhere."""
    games = []
    for seed in ("one", "two"):
        match = new_match("unders", "classic", 3, {}, seed="seeds")
        games.append(play_match(match, bots_for("unders", ["easy"] * 3, seed=seed)))
    assert games[0] != games[1]


def test_a_bot_rebuilt_from_its_memory_plays_on_as_if_it_had_stayed(monkeypatch):
    """A table may build a fresh bot for each move and hand it the last one's memory."""
    match = new_match("courtpiece", "hidden", 4, {"target": 1}, seed="memory")
    stayed = bots_for("courtpiece", ["medium"] * 4)
    memories: dict[int, dict[str, Any]] = {}
    while match.to_move():
        seat = match.to_move()[0]
        view, legal = match.view(seat), match.legal_actions(seat)
        rebuilt = bot_for("courtpiece", "medium", seed=f"0-{seat}", memory=memories.get(seat))
        action = stayed[seat].choose(view, legal)
        assert rebuilt.choose(view, legal) == action
        memories[seat] = json.loads(json.dumps(rebuilt.memory_json()))
        match.apply(seat, action)


def test_a_bot_remembers_the_whole_deal_though_the_view_shows_only_the_last_moves():
    match = new_match("courtpiece", "single_sar", 4, {"target": 1}, seed="recall")
    bots = bots_for("courtpiece", ["medium"] * 4)
    events = match.view(None)["history"] + play_match(match, bots)
    remembered = bots[0].memory.events
    assert len(remembered) > 30 and bots[0].memory.complete
    assert remembered == events[: len(remembered)]


def test_bots_never_sleep(monkeypatch):
    """A human-like pause before a bot's move is the table's setting, not the bot's."""

    def no_sleep(seconds: float) -> None:
        raise AssertionError("a bot slept")

    monkeypatch.setattr(time, "sleep", no_sleep)
    match = new_match("pitch", "standard", 4, {"target": 5}, seed="awake")
    play_match(match, bots_for("pitch", ["easy", "medium", "hard", "medium"]))


def test_rummy_bots_play_a_pool_game_through_its_deals_and_rejoins():
    """Between deals a bot deals, and answers a rejoin offer (RM-24)."""
    match = new_match("rummy", "pool101", 2, {"rejoin": True}, seed="pool")
    events = play_match(match, bots_for("rummy", ["medium", "easy"]))
    assert match.is_over()
    assert sum(event["type"] == "deal_over" for event in events) > 1
