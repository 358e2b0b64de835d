"""Court Piece through the contract: views, refusals, options, and random play with every
table option on (the shared conformance test plays the defaults only)."""

from __future__ import annotations

import json
import random

import pytest

from games.engine import GAMES, IllegalAction
from games.engine.base import leaked_cards
from games.engine.cards import is_card_code
from games.engine.courtpiece import match_from_hands
from tests.games.engine.conformance import play_randomly, snapshot
from tests.games.engine.courtpiece_deals import HIDDEN_HEART, ONE_SUIT_EACH, act, play_out, start

RULES = GAMES["courtpiece"]
EVERY_OPTION = {
    "target": 2,
    "first_game_seats": [0, 3],
    "change_cards": True,
    "change_trump": True,
    "first_pair_not_tricks_1_2": True,
    "ace_pair_does_not_collect": True,
    "last_trick_takes_rest": True,
    "hidden_trump": True,
}


def test_every_view_carries_the_contract_fields_and_the_state_of_the_deal():
    match = start("double_sar", HIDDEN_HEART)
    act(match, "call H", "play AS", "play KH")
    view = match.view(2)
    assert {"game", "variant", "players", "seat", "hand", "to_move", "history", "over"} <= set(view)
    assert (view["game"], view["variant"], view["seat"], view["to_move"]) == (
        "courtpiece",
        "double_sar",
        2,
        [2],
    )
    assert view["trick"] == [
        {"seat": 0, "card": "AS", "trump": False},
        {"seat": 3, "card": "KH", "trump": True},
    ]
    assert (view["tricks"], view["pile"], view["trump"], view["decision_seconds"]) == (
        [0, 0],
        0,
        "H",
        None,
    )
    assert view["result"] is None and not view["over"]


def test_a_spectator_sees_no_hand_and_no_face_down_card_CP_8():
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H")
    view = match.view(None)
    assert view["hand"] == [] and view["face_down"]["card"] is None
    assert len(match.cards_hidden_from(None)) == 52
    assert leaked_cards(view, match, None) == []


def test_each_deal_starts_a_fresh_history_and_last_deal_sums_up_the_one_before_CP_2():
    match = start("single_sar", ONE_SUIT_EACH)
    act(match, "call S")
    play_out(match)
    act(match, "next_deal")
    view = match.view(0)
    assert [event["type"] for event in view["history"]] == ["deal"]
    assert view["last_deal"]["kind"] == "kot" and view["scores"] == [2, 0]
    assert not any(is_card_code(value) for value in view["last_deal"].values())


@pytest.mark.parametrize(
    ("seat", "move", "code"),
    [
        (0, {"type": "shuffle"}, "unknown_action"),
        (0, {"kind": "play"}, "malformed"),
        (0, {"type": "play", "card": "1X"}, "bad_card"),
        (0, {"type": "call", "suit": "hearts"}, "bad_suit"),
        (0, {"type": "call"}, "bad_suit"),
        (0, {"type": "play", "card": "AS"}, "not_now"),
        (0, {"type": "hide", "card": "AS"}, "not_in_this_game"),
        (2, {"type": "call", "suit": "H"}, "not_your_turn"),
        (4, {"type": "call", "suit": "H"}, "bad_seat"),
    ],
)
def test_a_refused_action_says_why_and_changes_nothing(seat, move, code):
    match = start("single_sar", HIDDEN_HEART)
    before = snapshot(match)
    with pytest.raises(IllegalAction) as refused:
        match.apply(seat, move)
    assert refused.value.code == code and refused.value.message
    assert snapshot(match) == before


@pytest.mark.parametrize(
    "options",
    [
        {"target": 0},
        {"kot_value": "2"},
        {"first_game_seats": [4]},
        {"first_game_seats": 0},
        {"change_cards": "yes"},
        {"no_such_option": True},
    ],
)
def test_table_options_are_checked_when_the_match_starts(options):
    with pytest.raises(ValueError):
        RULES.new_match("single_sar", 4, seed=1, options=options)


def test_a_chosen_deal_must_be_one_whole_deck():
    with pytest.raises(ValueError):
        match_from_hands("single_sar", [ONE_SUIT_EACH[0]] * 4)


@pytest.mark.parametrize("variant", RULES.variants)
def test_random_play_with_every_table_option_on_keeps_the_contract(variant):
    match = RULES.new_match(variant, 4, seed=variant, options=EVERY_OPTION)

    def check(match, seat, action):
        before = snapshot(match)
        assert RULES.from_json(json.loads(before)).to_json() == json.loads(before)
        assert match.default_action(seat) in match.legal_actions(seat)
        for viewer in (None, 0, 1, 2, 3):
            assert leaked_cards(match.view(viewer), match, viewer) == []
        for other in set(range(4)) - {seat}:
            with pytest.raises(IllegalAction):
                match.apply(other, action)
        assert snapshot(match) == before

    play_randomly(match, random.Random(variant), on_step=check)
    assert match.is_over() and max(match.result()["team_scores"]) >= 2
