"""Court Piece tricks and Single Sar's way of winning a deal (CP-4, CP-6, CP-7)."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from tests.games.engine.courtpiece_deals import (
    HIDDEN_HEART,
    ONE_SUIT_EACH,
    WEAK_CALL,
    act,
    play_out,
    start,
)


def test_a_player_must_follow_the_led_suit_if_they_can_CP_4():
    match = start("single_sar", HIDDEN_HEART)
    act(match, "call H", "play AS", "play 10D", "play 5D")
    assert all(a["card"].endswith("S") for a in match.legal_actions(1))
    with pytest.raises(IllegalAction) as refused:
        act(match, "play 9H")
    assert refused.value.code == "must_follow_suit"
    assert refused.value.message == "You must follow suit: you hold a spade."


def test_the_highest_trump_wins_the_trick_and_its_winner_leads_next_CP_4():
    match = start("single_sar", HIDDEN_HEART)
    events = act(match, "call H", "play AS", "play KH", "play 6H", "play 8S")
    assert events[-1] == {"type": "trick", "number": 1, "winner": 3}
    assert match.view(0)["tricks"] == [0, 1] and match.to_move() == [3]


def test_with_no_trump_in_the_trick_the_highest_card_of_the_led_suit_wins_CP_4():
    match = start("single_sar", HIDDEN_HEART)
    events = act(match, "call C", "play KS", "play AD", "play AH", "play 8S")
    assert events[-1]["winner"] == 0


def test_the_first_team_to_7_tricks_wins_the_deal_and_it_stops_there_CP_6():
    match = start("single_sar", HIDDEN_HEART)
    act(match, "call S")
    play_out(match)
    view = match.view(None)
    assert view["phase"] == "deal_over" and max(view["tricks"]) == 7
    assert view["tricks_played"] == sum(view["tricks"]) < 13
    assert match.last_deal["kind"] == "win" and match.last_deal["points"] == 1


def test_the_calling_team_winning_the_first_7_tricks_is_a_kot_and_ends_the_deal_CP_7():
    match = start("single_sar", ONE_SUIT_EACH)
    act(match, "call S")
    events = play_out(match)
    assert events[-1] == {
        "type": "deal_over",
        "deal": 1,
        "dealer": 1,
        "team": 0,
        "kind": "kot",
        "points": 2,
        "tricks": [7, 0],
    }
    assert match.view(0)["tricks_played"] == 7


def test_the_other_team_winning_the_first_7_tricks_is_a_goon_kot_CP_7():
    """Seat 0 calls hearts from five low ones; seat 1 holds the eight top hearts."""
    match = start("single_sar", WEAK_CALL)
    act(match, "call H")
    play_out(match)
    assert match.last_deal["kind"] == "goon_kot" and match.last_deal["tricks"] == [0, 7]
