"""Hidden Unders golden files: recorded rounds (seed + actions) replay to the same standings.

Each file was recorded once from random legal play, and its final standings checked by hand:
the winner holds nothing, the others' scores are the cards left in hand, overs and unders
(HU-11). The 3-player round has a four-of-a-kind burn (HU-4), 10 burns (HU-5), taken piles
(HU-6) and an unplayable under (HU-9).
"""

import json
from pathlib import Path

import pytest

from games.engine import GAMES

GOLDEN = sorted((Path(__file__).parent / "golden" / "unders").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_a_recorded_round_replays_to_the_recorded_standings(path):
    recorded = json.loads(path.read_text())
    match = GAMES["unders"].new_match(recorded["variant"], recorded["players"], recorded["seed"])
    for seat, action in recorded["actions"]:
        match.apply(seat, action)
    assert match.is_over()
    assert match.result() == recorded["result"]


def test_the_golden_files_are_there():
    assert len(GOLDEN) >= 3
