"""The one frame builder (games.frames): what a seat, a spectator and a replay see of a match,
from the engine alone, with no database; the live tables and the offline table both use it."""

import json

import pytest

from games.engine import GAMES
from games.frames.shapes import SeatJson, StateFrame
from games.frames.state import TableFacts, replay_frame, state_frame

SETUPS = [("rummy", "points", 3), ("courtpiece", "single_sar", 4), ("pitch", "standard", 4)]
SETUPS += [("unders", "classic", 3)]


def facts_of(game: str, variant: str, count: int, **changes) -> TableFacts:
    seat_rows: list[SeatJson] = [
        {
            "seat": number,
            "name": f"p{number}",
            "avatar": "",
            "hue": 0,
            "bot": None,
            "stand_in": False,
            "away": False,
            "left": False,
            "ready": False,
        }
        for number in range(count)
    ]
    base = {
        "table": 7,
        "game": game,
        "variant": variant,
        "version": 3,
        "revision": 4,
        "status": "playing",
        "seats": seat_rows,
        "last_move": None,
        "deadline": "2026-12-04T10:00:00+00:00",
    }
    return TableFacts(**{**base, **changes})


def hands_seen(frame: StateFrame) -> str:
    return json.dumps(frame["view"], sort_keys=True)


@pytest.mark.parametrize("game,variant,seats", SETUPS)
def test_a_seat_sees_its_own_view_and_moves_and_a_spectator_no_moves(game, variant, seats):
    match = GAMES[game].new_match(variant, seats, seed="frames")
    facts = facts_of(game, variant, seats)
    for seat in range(seats):
        frame = state_frame(facts, match, seat)
        assert set(frame) == set(StateFrame.__annotations__)
        assert frame["view"] == match.view(seat)
        assert frame["legal"] == match.legal_actions(seat)
    spectator = state_frame(facts, match, None)
    assert spectator["view"] == match.view(None) and spectator["legal"] == []


@pytest.mark.parametrize("game,variant,seats", SETUPS)
def test_a_sealed_daily_deal_shows_the_sealed_view(game, variant, seats):
    match = GAMES[game].new_match(variant, seats, seed="frames")
    frame = state_frame(facts_of(game, variant, seats, sealed=True), match, 0)
    assert frame["view"] == match.sealed_view(0)


def test_no_moves_during_a_pause_for_a_seat_that_left_or_once_the_table_is_not_played():
    match = GAMES["rummy"].new_match("points", 2, seed="frames")
    to_move = match.to_move()[0]
    facts = facts_of("rummy", "points", 2)
    assert state_frame(facts, match, to_move)["legal"]
    paused = facts_of("rummy", "points", 2, pause={"until": "2026-12-04T10:00:00+00:00"})
    assert state_frame(paused, match, to_move)["legal"] == []
    left = [{**seat, "left": seat["seat"] == to_move} for seat in facts.seats]
    assert state_frame(facts_of("rummy", "points", 2, seats=left), match, to_move)["legal"] == []
    ended = state_frame(facts_of("rummy", "points", 2, status="ended"), match, to_move)
    assert ended["legal"] == [] and ended["deadline"] is None


def test_a_replay_step_is_the_spectators_frame_with_every_hand_open():
    match = GAMES["pitch"].new_match("standard", 4, seed="frames")
    facts = facts_of("pitch", "standard", 4, status="finished", deadline=None)
    frame = replay_frame(facts, match, steps=40)
    assert frame["view"] == match.view(None) and frame["legal"] == []
    assert frame["status"] == "replay" and frame["step"] == 3 and frame["steps"] == 40
    assert frame["open_hands"] == [list(map(dict, groups)) for groups in match.open_hands()]


def test_play_passes_the_way_each_games_rules_say():
    # CP-1: Court Piece counter-clockwise; PI-2 and the house's way for rummy and Unders.
    directions = {name: rules.play_direction for name, rules in GAMES.items()}
    assert directions == {"courtpiece": "right", "pitch": "left", "rummy": "left", "unders": "left"}
