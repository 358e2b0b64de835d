"""Recorded rummy games replayed move by move (seed + actions + expected result).

The scores were checked by hand against RM-19 .. RM-26 when the files were made: each deal's
points per seat in ``sheet``, and the totals, chips and ranks that follow from them."""

from __future__ import annotations

import json
import pathlib

import pytest

from games.engine import GAMES

GOLDEN = sorted((pathlib.Path(__file__).parent / "golden" / "rummy").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_a_recorded_game_replays_to_its_recorded_result(path):
    game = json.loads(path.read_text())
    match = GAMES["rummy"].new_match(
        game["variant"], game["players"], seed=game["seed"], options=game["options"]
    )
    for seat, action in game["actions"]:
        assert seat in match.to_move()
        match.apply(seat, action)
    assert match.is_over()
    assert match.result() == game["result"]


def test_there_is_a_recorded_game_for_every_variant():
    variants = {json.loads(path.read_text())["variant"] for path in GOLDEN}
    assert variants == set(GAMES["rummy"].variants)
