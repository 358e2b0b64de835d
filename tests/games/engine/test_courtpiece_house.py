"""Court Piece house features, off unless the table turns them on (CP-15, CP-16, CP-17)."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from games.engine.cards import standard_deck
from games.engine.courtpiece import HOUSE_FEATURES
from tests.games.engine.courtpiece_deals import HIDDEN_HEART, ONE_SUIT_EACH, act, start

HOUSE = {"change_cards": True, "change_trump": True}


def refusal(match, move):
    with pytest.raises(IllegalAction) as refused:
        act(match, move)
    return refused.value.code


# -- CP-15 -----------------------------------------------------------------------------------


def test_house_features_are_off_by_default_and_labelled_as_such_in_views_CP_15():
    assert HOUSE_FEATURES == ("change_cards", "change_trump")
    match = start("single_sar", HIDDEN_HEART)
    assert match.view(0)["house_features"] == []
    assert refusal(match, "change_cards") == "house_feature_off"
    assert start("single_sar", HIDDEN_HEART, **HOUSE).view(0)["house_features"] == list(HOUSE)


def test_the_chooser_may_change_their_five_cards_once_before_trump_is_set_CP_15():
    match = start("single_sar", HIDDEN_HEART, change_cards=True)
    five = match.view(0)["hand"]
    assert {"type": "change_cards"} in match.legal_actions(0)
    assert act(match, "change_cards") == [{"type": "change_cards", "seat": 0}]
    assert match.view(0)["hand_sizes"] == [5, 5, 5, 5] and match.view(0)["hand"] != five
    assert sorted(match.cards_hidden_from(None)) == sorted(standard_deck())
    assert match.to_move() == [0]
    assert refusal(match, "change_cards") == "cannot_change_cards"


def test_the_partner_may_not_change_cards_after_a_pass_CP_15():
    match = start("single_sar", HIDDEN_HEART, change_cards=True)
    act(match, "pass")
    assert refusal(match, "change_cards") == "cannot_change_cards"


def test_in_be_ranga_the_chooser_keeps_or_changes_the_first_five_CP_15():
    match = start("be_ranga", ONE_SUIT_EACH, change_cards=True)
    assert match.legal_actions(0) == [{"type": "keep_cards"}, {"type": "change_cards"}]
    assert match.default_action(0) == {"type": "keep_cards"}
    act(match, "keep_cards")
    assert match.view(0)["phase"] == "play" and match.view(0)["hand_sizes"] == [13] * 4


# -- CP-16 -----------------------------------------------------------------------------------


def test_the_caller_may_change_trump_once_having_seen_all_13_cards_CP_16():
    match = start("single_sar", HIDDEN_HEART, change_trump=True)
    act(match, "call S")
    assert match.view(0)["phase"] == "confirm" and match.view(0)["hand_sizes"] == [13] * 4
    assert match.legal_actions(0) == [
        {"type": "change_trump", "suit": "H"},
        {"type": "change_trump", "suit": "C"},
        {"type": "keep_trump"},
    ]
    assert act(match, "change_trump C") == [{"type": "change_trump", "seat": 0, "suit": "C"}]
    assert match.view(1)["trump"] == "C" and match.view(1)["phase"] == "play"
    assert refusal(match, "change_trump H") == "not_now"


def test_the_partner_who_called_is_the_one_who_may_change_trump_CP_16():
    match = start("double_sar", HIDDEN_HEART, change_trump=True)
    act(match, "pass", "call H")
    assert match.to_move() == [2] and match.default_action(2) == {"type": "keep_trump"}


def test_in_hidden_trump_changing_swaps_the_face_down_card_for_another_of_the_first_five_CP_16():
    match = start("hidden", HIDDEN_HEART, change_trump=True)
    act(match, "hide 2H")
    assert [a.get("card") for a in match.legal_actions(0)] == ["KS", "AS", "8C", "9C", None]
    assert refusal(match, "change_trump QS") == "cannot_change_trump"  # not of the first five
    assert act(match, "change_trump 9C") == [{"type": "change_trump", "seat": 0}]
    assert match.view(0)["face_down"]["card"] == "9C" and "2H" in match.view(0)["hand"]
    assert match.view(3)["face_down"]["card"] is None and "9C" in match.cards_hidden_from(3)


@pytest.mark.parametrize("variant", ["be_ranga", "mendikot"])
def test_change_trump_is_offered_only_in_single_sar_double_sar_and_hidden_CP_16(variant):
    match = start(variant, ONE_SUIT_EACH, change_trump=True)
    if variant == "mendikot":
        act(match, "hide 2S")
    assert match.view(0)["phase"] == "play"


# -- CP-17 -----------------------------------------------------------------------------------


def test_when_nobody_called_the_first_chooser_may_swap_the_unseen_card_CP_17():
    """The unseen luck card is 5C; seat 0 lays AS face down in its place."""
    match = start("hidden", HIDDEN_HEART, change_trump=True)
    act(match, "pass", "luck")
    assert match.to_move() == [0] and match.view(0)["face_down"]["card"] is None
    act(match, "change_trump AS")
    assert match.view(0)["face_down"] == {"seat": 0, "card": "AS", "suit": "S", "face_up": False}
    assert "5C" in match.view(0)["hand"] and "5C" not in match.cards_hidden_from(0)
