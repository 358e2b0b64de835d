"""Recorded Court Piece matches, one per variant, replayed move by move (golden files).

Each file under ``golden/courtpiece`` holds a seed, the table options, every action, the
summary of each deal and the final result. They were recorded once from random legal play and
their deals checked by hand against the rules: each trick's winner (CP-4, with CP-11's
trump-from-the-reveal and CP-19's first void), the tricks, pile or tens that decide the deal
(CP-6, CP-18, CP-20), the dealer for the next deal and the won deals to the target (CP-2).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import GAMES

GOLDEN = sorted((Path(__file__).parent / "golden" / "courtpiece").glob("*.json"))


def test_there_is_a_recorded_match_for_every_variant():
    assert sorted(path.stem for path in GOLDEN) == sorted(GAMES["courtpiece"].variants)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_a_recorded_match_replays_to_the_same_deals_and_result(path):
    recorded = json.loads(path.read_text())
    match = GAMES["courtpiece"].new_match(
        recorded["variant"], 4, seed=recorded["seed"], options=recorded["options"]
    )
    deals = []
    for seat, action in recorded["actions"]:
        if any(event["type"] == "deal_over" for event in match.apply(seat, action)):
            deals.append(match.last_deal)
    assert deals == recorded["deals"]
    assert match.is_over() and match.result() == recorded["result"]
