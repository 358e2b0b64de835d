"""No rummy bot ever wrong-shows (RM-14, RM-15): it declares only what the engine's own
validator finds valid, and it does declare a valid hand."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import games.engine.rummy as engine_rummy
from games.engine.bots import LEVELS
from games.engine.bots import rummy as rummy_bots
from games.engine.rummy import RummyMatch, validate_declaration
from tests.games.engine.bots.support import bots_for, choice, new_match, play_match, rummy_holding

VALID_13 = "3H 4H 5H 6H 10S JS PJ 7C 7D 7S QD QC 9H"
"""RM-16's valid row (9s wild)."""
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
    """Seat 0 holds ``hand`` and has just drawn ``drawn`` (9s wild)."""
    return rummy_holding(hand, drawn, wild_card="9C")


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_declares_a_valid_hand_as_the_engine_validates_it_rm_13_rm_14(level):
    match = _holding(VALID_13, "KD")
    action = choice("rummy", level, match)
    assert action["type"] == "declare"
    assert validate_declaration(action["groups"], "9").valid
    events = match.apply(0, action)
    assert events[0] == {"type": "declare", "seat": 0, "valid": True}


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_does_not_declare_a_hand_one_card_short_rm_14(level):
    assert choice("rummy", level, _holding(ALMOST_13, "KD"))["type"] == "discard"


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
    assert choice("rummy", level, match)["type"] == "discard"
    declare = next(action for action in match.legal_actions(0) if action["type"] == "declare")
    assert asked and all(groups == declare["groups"] for groups in asked)
