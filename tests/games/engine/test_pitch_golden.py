"""Recorded Pitch matches (seed, options, every action) replayed to the same hands and the same
final score (PI-6 .. PI-8). The scores were checked against the rules by a separate scorer
written from RULES.md, hand by hand, before the files were accepted."""

from __future__ import annotations

import json
import pathlib

import pytest

from games.engine import GAMES

GOLDEN = sorted((pathlib.Path(__file__).parent / "golden" / "pitch").glob("*.json"))
SUMMARY_KEYS = ("pitcher", "bid", "trump", "high", "low", "jack", "game", "card_points", "scored")


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_a_recorded_match_replays_to_its_recorded_hands_and_score(path):
    recorded = json.loads(path.read_text())
    match = GAMES["pitch"].new_match("standard", 4, recorded["seed"], recorded["options"])
    hands = []
    for seat, action in recorded["actions"]:
        for event in match.apply(seat, action):
            if event["type"] == "hand_over":
                hands.append({key: event[key] for key in SUMMARY_KEYS})
    assert hands == recorded["hands"]
    result = match.result()
    assert result["team_scores"] == recorded["team_scores"]
    assert result["winners"] == recorded["winners"]
    assert result["ended_by"] == recorded["ended_by"]
