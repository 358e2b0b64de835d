"""No rummy bot ever wrong-shows (RM-14, RM-15): it declares only what the engine's own
validator finds valid, and it does declare a valid hand."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import games.engine.rummy as engine_rummy
from games.engine.bots import LEVELS, bot_for
from games.engine.bots import rummy as rummy_bots
from games.engine.rummy import RummyMatch, validate_declaration
from tests.games.engine.bots.support import bots_for, new_match, play_match

VALID_13 = "3H 4H 5H 6H 10S JS PJ 7C 7D 7S QD QC 9H"
"""RM-16's valid row (9s wild)."""
OTHER_13 = "2C 4C 6C 8C 10C QC 2D 4D 6D 8D 10D QD 3S"
"""Thirteen cards that group with nothing (9s wild), for the other seat."""
ALMOST_13 = "3H 4H 6H 7H 10S JS PJ 7C 7D 7S QD QC 2H"
"""Two sequences in the making, neither pure (9s wild): no card but 5H makes it valid."""


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", range(4))
def test_a_bot_never_wrong_shows_rm_15(level, seed):
    players = 2 + seed % 3
    match = new_match("rummy", "points", players, {}, seed=f"shows-{seed}")
    events = play_match(match, bots_for("rummy", [level] * players, seed=seed))
    declared = [event for event in events if event["type"] == "declare"]
    assert declared  # the deal ended on a show, not on drops
    assert all(event["valid"] for event in declared)


def _holding(hand: str, drawn: str) -> RummyMatch:
    """Seat 0 holds ``hand`` and has just drawn ``drawn`` from the closed deck (9s wild)."""
    match = RummyMatch.with_deal(
        "points",
        [hand.split(), OTHER_13.split()],
        wild_card="9C",
        open_pile=["KS"],
        closed=["8S", drawn],
        dealer=1,
    )
    match.apply(0, {"type": "draw", "source": "closed"})
    return match


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_declares_a_valid_hand_as_the_engine_validates_it_rm_13_rm_14(level):
    match = _holding(VALID_13, "KD")
    bot = bot_for("rummy", level, seed=0, budget_seconds=60.0, samples=2)
    action = bot.choose(match.view(0), match.legal_actions(0))
    assert action["type"] == "declare"
    assert validate_declaration(action["groups"], "9").valid
    events = match.apply(0, action)
    assert events[0] == {"type": "declare", "seat": 0, "valid": True}


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_does_not_declare_a_hand_one_card_short_rm_14(level):
    match = _holding(ALMOST_13, "KD")
    bot = bot_for("rummy", level, seed=0, budget_seconds=60.0, samples=2)
    action = bot.choose(match.view(0), match.legal_actions(0))
    assert action["type"] == "discard"


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_declares_only_what_the_engines_validator_passes_rm_14(level, monkeypatch):
    """The bots' verdict is the engine's ``validate_declaration`` itself: when it refuses, even
    RM-16's valid hand is not declared, and it was asked about the engine's own groups."""
    assert rummy_bots.validate_declaration is engine_rummy.validate_declaration
    asked: list[list[list[str]]] = []

    def refuses(groups: list[list[str]], wild_rank: str) -> SimpleNamespace:
        asked.append(groups)
        return SimpleNamespace(valid=False, reason="refused by the test")

    monkeypatch.setattr(rummy_bots, "validate_declaration", refuses)
    match = _holding(VALID_13, "KD")
    legal = match.legal_actions(0)
    bot = bot_for("rummy", level, seed=0, budget_seconds=60.0, samples=2)
    assert bot.choose(match.view(0), legal)["type"] == "discard"
    declare = next(action for action in legal if action["type"] == "declare")
    assert asked and all(groups == declare["groups"] for groups in asked)
