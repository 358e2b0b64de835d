"""Court Piece: the table, the draw, the deal and the trump call (CP-1, CP-2, CP-3, CP-5)."""

from __future__ import annotations

import pytest

from games.engine import GAMES, IllegalAction
from games.engine.base import leaked_cards
from games.engine.courtpiece.outcome import Outcome, OutcomeKind, next_dealer
from games.engine.courtpiece.seats import draw_for_first_chooser, left_of, right_of
from games.engine.rng import MatchRandom
from tests.games.engine.courtpiece_deals import (
    HIDDEN_HEART,
    ONE_SUIT_EACH,
    WEAK_CALL,
    act,
    play_out,
    start,
)

RULES = GAMES["courtpiece"]


# -- CP-1 ------------------------------------------------------------------------------------


def test_four_players_in_two_teams_with_partners_opposite_CP_1():
    assert (RULES.min_players, RULES.max_players) == (4, 4)
    assert start("single_sar", ONE_SUIT_EACH).view(0)["teams"] == [[0, 2], [1, 3]]


def test_seats_0_and_2_partner_against_1_and_3_with_no_auction_and_no_drop_CP_1_CP_2():
    assert RULES.partnerships(4) == ((0, 2), (1, 3))
    for variant in RULES.variants:
        assert RULES.bid_ladder(variant) == [] and not RULES.has_drops(variant)


def test_play_passes_to_the_right_which_is_the_seat_numbered_one_less_CP_1():
    match = start("single_sar", ONE_SUIT_EACH)
    act(match, "call S", "play 2S")
    assert match.to_move() == [3]
    act(match, "play 2C")
    assert match.to_move() == [2]


def test_one_deck_of_52_cards_is_used_CP_1():
    match = RULES.new_match("single_sar", 4, seed=1)
    assert (
        sorted(match.all_cards()) == sorted(set(match.all_cards())) and len(match.all_cards()) == 52
    )


# -- CP-2 ------------------------------------------------------------------------------------


def test_the_highest_card_drawn_chooses_and_the_first_dealer_sits_on_its_left_CP_2():
    match = RULES.new_match("single_sar", 4, seed=3)
    draw, deal = match.history[0], match.history[1]
    assert draw["type"] == "draw" and deal["type"] == "deal"
    assert deal["chooser"] == draw["chooser"] == right_of(deal["dealer"])
    assert deal["dealer"] == left_of(draw["chooser"])
    assert match.to_move() == [draw["chooser"]]


def test_suits_do_not_break_a_tie_in_the_draw_so_only_the_tied_draw_again_CP_2():
    chooser, draw = draw_for_first_chooser(MatchRandom(10))
    first, second = draw["rounds"]
    assert [card["rank"] for card in first] == ["9", "A", "A", "Q"]
    assert [card["seat"] for card in second] == [1, 2]
    assert chooser == 2


def test_later_deals_are_chosen_by_the_player_on_the_dealers_right_CP_2():
    match = start("single_sar", HIDDEN_HEART)
    act(match, "call S")
    play_out(match)
    dealer = match.to_move()[0]
    act(match, "next_deal")
    assert match.view(None)["dealer"] == dealer
    assert match.to_move() == [right_of(dealer)] == [match.view(None)["chooser"]]


@pytest.mark.parametrize(
    ("outcome", "deals_next"),
    [
        (Outcome(1, OutcomeKind.WIN), "the player on the dealer's right"),
        (Outcome(1, OutcomeKind.GOON_KOT), "the player on the dealer's right"),
        (Outcome(0, OutcomeKind.WIN), "the same dealer"),
        (Outcome(0, OutcomeKind.KOT), "the dealer's partner"),
        (Outcome(None, OutcomeKind.DRAWN), "the same dealer"),
    ],
)
def test_who_deals_next_follows_the_result_of_the_deal_CP_2(outcome, deals_next):
    """Dealer 1 is on team 1."""
    seats = {"the player on the dealer's right": 0, "the same dealer": 1, "the dealer's partner": 3}
    assert next_dealer(1, outcome) == seats[deals_next]


def test_after_a_kot_by_the_opponents_the_dealers_partner_deals_CP_2():
    match = start("single_sar", ONE_SUIT_EACH)
    act(match, "call S")
    play_out(match)
    assert match.last_deal["kind"] == "kot" and match.to_move() == [3]


def test_a_match_is_played_to_the_target_and_a_kot_counts_kot_value_deals_CP_2():
    match = start("single_sar", ONE_SUIT_EACH, target=2, kot_value=2)
    act(match, "call S")
    play_out(match)
    assert match.is_over() and match.to_move() == []
    assert match.result() == {
        "ranks": [1, 2, 1, 2],
        "scores": [2, 0, 2, 0],
        "winners": [0, 2],
        "team_scores": [2, 0],
        "deals": 1,
    }


def test_a_goon_kot_counts_kot_value_and_a_plain_win_one_deal_CP_2():
    match = start("single_sar", WEAK_CALL, target=2)
    act(match, "call H")
    play_out(match)
    assert match.scores == [0, 2]  # a goon kot, at kot_value 2
    match = start("single_sar", HIDDEN_HEART, target=2)
    act(match, "call S")
    play_out(match)
    assert match.last_deal["kind"] == "win" and sorted(match.scores) == [0, 1]
    assert not match.is_over()


# -- CP-3 ------------------------------------------------------------------------------------


def test_five_cards_each_are_dealt_then_trump_then_eight_more_CP_3():
    match = start("single_sar", ONE_SUIT_EACH)
    assert match.view(0)["hand_sizes"] == [5, 5, 5, 5]
    assert match.view(0)["hand"] == ["2S", "3S", "4S", "5S", "6S"]
    act(match, "call S")
    assert match.view(0)["hand_sizes"] == [13, 13, 13, 13]


def test_trump_is_chosen_before_the_other_eight_cards_are_seen_CP_3():
    match = start("single_sar", ONE_SUIT_EACH)
    assert "AS" in match.cards_hidden_from(0)
    assert "AS" not in str(match.view(0))


# -- CP-5 ------------------------------------------------------------------------------------


def test_the_chooser_calls_a_suit_held_among_the_first_five_CP_5():
    match = start("single_sar", HIDDEN_HEART)
    assert [a["suit"] for a in match.legal_actions(0) if a["type"] == "call"] == ["S", "H", "C"]
    with pytest.raises(IllegalAction) as refused:
        act(match, "call D")
    assert refused.value.code == "suit_not_held"
    act(match, "call ♥")
    assert match.view(3)["trump"] == "H" and match.view(3)["caller"] == 0


def test_the_chooser_may_pass_to_the_partner_once_and_the_partner_cannot_pass_CP_5():
    match = start("single_sar", HIDDEN_HEART)
    act(match, "pass")
    assert match.to_move() == [2]
    with pytest.raises(IllegalAction) as refused:
        act(match, "pass")
    assert refused.value.code == "cannot_pass"
    act(match, "call D")
    assert match.view(0)["caller"] == 2 and match.view(0)["trump"] == "D"


def test_running_out_of_time_passes_and_then_turns_the_luck_card_CP_5():
    match = start("single_sar", HIDDEN_HEART)
    assert match.default_action(0) == {"type": "pass"}
    act(match, "pass")
    assert match.default_action(2) == {"type": "luck"}


def test_the_luck_card_comes_from_the_stock_face_up_as_one_of_the_callers_13_CP_5():
    """Nobody called, so the first chooser counts as the caller (CP-17), in open games too."""
    match = start("single_sar", ONE_SUIT_EACH)
    events = act(match, "pass", "luck")
    assert events[-1] == {"type": "luck", "seat": 1, "caller": 0, "card": "AS", "suit": "S"}
    view = match.view(3)
    assert (view["caller"], view["trump"], view["trump_card"]) == (0, "S", "AS")
    assert view["hand_sizes"] == [13, 13, 13, 13] and "AS" in match.view(0)["hand"]
    assert leaked_cards(view, match, 3) == []


def test_the_call_has_20_seconds_or_10_in_a_players_first_game_CP_5():
    match = start("single_sar", HIDDEN_HEART, first_game_seats=[0])
    assert match.decision_seconds() == match.view(1)["decision_seconds"] == 10
    act(match, "pass")
    assert match.decision_seconds() == 20
    act(match, "call H")
    assert match.decision_seconds() is None
