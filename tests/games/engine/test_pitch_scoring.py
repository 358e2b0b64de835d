"""Pitch's scoring: PI-6 (High, Low, Jack, Game), PI-7 (set back, kot), PI-8 (21 only on a
made bid, no back door by default), PI-9 (the summary after each hand), and PI-8's back-door
house rule."""

from __future__ import annotations

import pytest

from games.engine.pitch import match_from_deal
from games.engine.pitch.scoring import card_points
from tests.games.engine.pitch_helpers import (
    DEFENDERS_SWEEP,
    DEFENDERS_SWEEP_PLAY,
    FOUR_TRUMPS_TWO_LOSERS,
    FOUR_TRUMPS_TWO_LOSERS_PLAY,
    NO_HONOURS,
    SIX_TRUMPS,
    SIX_TRUMPS_PLAY,
    bid_round,
    finish_hand_by_default,
    hand_over_event,
    play_cards,
)


def played_hand(hands, calls, plays, **options):
    """A chosen deal bid and played to its end; returns the match and the hand's summary."""
    match = match_from_deal(hands, **options)
    bid_round(match, *calls)
    return match, hand_over_event(play_cards(match, *plays))


def seat_1_holds_the_four_trumps():
    """FOUR_TRUMPS_TWO_LOSERS moved one seat round, dealt by seat 0 so seat 1 bids first."""
    hands = FOUR_TRUMPS_TWO_LOSERS
    return [hands[3], hands[0], hands[1], hands[2]]


# -- PI-6 ------------------------------------------------------------------------------------


def test_pi6_card_points_count_ace_4_king_3_queen_2_jack_1_ten_10():
    assert card_points(["AS", "KH", "QD", "JC", "10S", "9S", "2H"]) == 20


def test_pi6_high_low_jack_and_game_go_to_the_team_that_took_them():
    _, summary = played_hand(DEFENDERS_SWEEP, [3, "pass", "pass", "pass"], DEFENDERS_SWEEP_PLAY)
    assert (summary["high"], summary["low"], summary["jack"], summary["game"]) == (1, 1, 1, 1)
    assert summary["card_points"] == [0, 20] and summary["points_taken"] == [0, 4]


def test_pi6_high_goes_to_the_team_that_held_the_highest_trump_in_play():
    _, summary = played_hand(SIX_TRUMPS, ["kot", "pass", "pass", "pass"], SIX_TRUMPS_PLAY)
    assert summary["high"] == 0  # AH, seat 0's


def test_pi6_low_goes_to_the_team_that_wins_the_trick_holding_the_lowest_trump():
    _, summary = played_hand(SIX_TRUMPS, [2, "pass", "pass", "pass"], SIX_TRUMPS_PLAY)
    assert summary["low"] == 0  # seat 1 was dealt the 2H; seat 0 won it


def test_pi6_open_low_rule_dealt_gives_low_to_the_team_that_was_dealt_it():
    _, summary = played_hand(
        SIX_TRUMPS, [2, "pass", "pass", "pass"], SIX_TRUMPS_PLAY, options={"low_rule": "dealt"}
    )
    assert summary["low"] == 1
    assert summary["scored"] == [3, 1]


def test_pi6_jack_scores_nothing_when_the_jack_of_trump_was_not_dealt():
    match = match_from_deal(DEFENDERS_SWEEP)  # no JC was dealt
    bid_round(match, 2, "pass", "pass", "pass")
    play_cards(match, "4C")
    summary = hand_over_event(finish_hand_by_default(match))
    assert summary["trump"] == "C" and summary["jack"] is None


def test_pi6_no_team_scores_game_when_card_points_tie():
    match = match_from_deal(NO_HONOURS)
    bid_round(match, 2, "pass", "pass", "pass")
    play_cards(match, "9H", "2H", "3H", "4H")
    summary = hand_over_event(finish_hand_by_default(match))
    assert summary["card_points"] == [0, 0] and summary["game"] is None
    assert (summary["high"], summary["low"], summary["scored"]) == (0, 0, [2, 0])


def test_pi6_a_lone_trump_in_play_is_both_high_and_low():
    lone_spade = [
        ["5S", *NO_HONOURS[0][1:]],
        *NO_HONOURS[1:3],
        ["4H", "8D", "9D", "5H", "6H", "7H"],
    ]
    match = match_from_deal(lone_spade)
    bid_round(match, 2, "pass", "pass", "pass")
    play_cards(match, "5S")
    summary = hand_over_event(finish_hand_by_default(match))
    assert (summary["high"], summary["low"], summary["made"]) == (0, 0, True)


# -- PI-7 ------------------------------------------------------------------------------------


def test_pi7_a_pitcher_short_of_its_bid_is_set_back_and_the_defenders_score_what_they_took():
    _, summary = played_hand(DEFENDERS_SWEEP, [3, "pass", "pass", "pass"], DEFENDERS_SWEEP_PLAY)
    assert summary["made"] is False and summary["scored"] == [-3, 4]


def test_pi7_a_pitcher_that_makes_its_bid_scores_every_point_it_took():
    _, summary = played_hand(
        FOUR_TRUMPS_TWO_LOSERS, [2, "pass", "pass", "pass"], FOUR_TRUMPS_TWO_LOSERS_PLAY
    )
    assert summary["made"] is True and summary["scored"] == [3, 1]


def test_pi7_a_kot_made_takes_all_six_tricks_and_scores_exactly_5():
    match, summary = played_hand(SIX_TRUMPS, ["kot", "pass", "pass", "pass"], SIX_TRUMPS_PLAY)
    assert summary["points_taken"] == [4, 0] and summary["made"] is True
    assert summary["scored"] == [5, 0] and match.view(0)["tricks_taken"] == [6, 0]


def test_pi7_a_kot_failed_loses_5_though_the_pitcher_took_most_points():
    _, summary = played_hand(
        FOUR_TRUMPS_TWO_LOSERS, ["kot", "pass", "pass", "pass"], FOUR_TRUMPS_TWO_LOSERS_PLAY
    )
    assert summary["points_taken"] == [3, 1] and summary["made"] is False
    assert summary["scored"] == [-5, 1] and summary["scores"] == [-5, 1]


# -- PI-8 ------------------------------------------------------------------------------------


def test_pi8_defenders_who_reach_21_do_not_win_and_play_goes_on():
    match, summary = played_hand(
        DEFENDERS_SWEEP, [3, "pass", "pass", "pass"], DEFENDERS_SWEEP_PLAY, scores=(10, 20)
    )
    assert summary["scores"] == [7, 24]
    assert not match.is_over() and match.to_move() == [0]  # the next dealer deals


def test_pi8_defenders_past_21_win_at_the_end_of_a_hand_they_bid_and_make():
    match, summary = played_hand(
        seat_1_holds_the_four_trumps(),
        [2, "pass", "pass", "pass"],
        FOUR_TRUMPS_TWO_LOSERS_PLAY,
        dealer=0,
        scores=(7, 24),
    )
    assert summary["pitcher"] == 1 and summary["scores"] == [8, 27]
    assert match.is_over() and match.result() == {
        "ranks": [2, 1, 2, 1],
        "scores": [8, 27, 8, 27],
        "winners": [1, 3],
        "team_scores": [8, 27],
        "hands_played": 1,
        "ended_by": "target",
    }


def test_pi8_when_both_teams_pass_21_the_pitchers_points_count_first():
    match, summary = played_hand(
        FOUR_TRUMPS_TWO_LOSERS,
        [2, "pass", "pass", "pass"],
        FOUR_TRUMPS_TWO_LOSERS_PLAY,
        scores=(19, 25),
    )
    assert summary["scores"] == [22, 26]
    assert match.result()["winners"] == [0, 2]


def test_pi8_a_pitcher_below_the_target_plays_on():
    match, _ = played_hand(
        FOUR_TRUMPS_TWO_LOSERS,
        [2, "pass", "pass", "pass"],
        FOUR_TRUMPS_TWO_LOSERS_PLAY,
        scores=(17, 0),
    )
    assert match.view(0)["scores"] == [20, 1] and not match.is_over()


def test_pi8_the_target_is_a_table_option():
    match, _ = played_hand(
        FOUR_TRUMPS_TWO_LOSERS,
        [2, "pass", "pass", "pass"],
        FOUR_TRUMPS_TWO_LOSERS_PLAY,
        options={"target": 3},
    )
    assert match.result()["winners"] == [0, 2]


def test_pi8_at_minus_19_to_0_team_0_bids_4_takes_3_and_the_match_goes_on():
    """The seed: the first team to 21 wins, but only at the end of a hand in which it made
    its bid; nothing else ends the match. Team 0 takes High, Low and Jack, team 1 Game."""
    match, summary = played_hand(
        FOUR_TRUMPS_TWO_LOSERS,
        [4, "pass", "pass", "pass"],
        FOUR_TRUMPS_TWO_LOSERS_PLAY,
        scores=(-19, 0),
    )
    assert summary["points_taken"] == [3, 1] and summary["made"] is False
    assert summary["scores"] == [-23, 1]
    assert not match.is_over() and match.view(None)["phase"] == "hand_over"
    assert match.legal_actions(0) == [{"type": "deal"}]  # seat 0 deals the next hand
    match.apply(0, {"type": "deal"})
    view = match.view(None)
    assert (view["hand_number"], view["scores"], match.to_move()) == (2, [-23, 1], [1])


def test_pi8_a_team_set_back_far_below_minus_21_plays_on():
    match, summary = played_hand(
        DEFENDERS_SWEEP, ["kot", "pass", "pass", "pass"], DEFENDERS_SWEEP_PLAY, scores=(-40, 0)
    )
    assert summary["scores"] == [-45, 4] and not match.is_over()


def test_pi8_house_rule_back_door_a_pitcher_set_back_to_minus_the_target_loses():
    match, _ = played_hand(
        FOUR_TRUMPS_TWO_LOSERS,
        [4, "pass", "pass", "pass"],
        FOUR_TRUMPS_TWO_LOSERS_PLAY,
        scores=(-19, 0),
        options={"back_door": True},
    )
    result = match.result()
    assert result["team_scores"] == [-23, 1] and result["winners"] == [1, 3]
    assert result["ended_by"] == "back_door"


def test_pi8_house_rule_back_door_counts_minus_the_tables_target():
    at_the_line, _ = played_hand(
        DEFENDERS_SWEEP,
        [3, "pass", "pass", "pass"],
        DEFENDERS_SWEEP_PLAY,
        scores=(-7, 0),
        options={"back_door": True, "target": 10},
    )
    assert at_the_line.result()["team_scores"] == [-10, 4]
    above, _ = played_hand(
        DEFENDERS_SWEEP,
        [3, "pass", "pass", "pass"],
        DEFENDERS_SWEEP_PLAY,
        scores=(-6, 0),
        options={"back_door": True, "target": 10},
    )
    assert not above.is_over() and above.view(None)["scores"] == [-9, 4]


def test_pi8_house_rule_back_door_never_ends_a_match_for_the_defenders():
    match, summary = played_hand(
        DEFENDERS_SWEEP,
        [3, "pass", "pass", "pass"],
        DEFENDERS_SWEEP_PLAY,
        scores=(0, -30),
        options={"back_door": True},
    )
    assert summary["scores"] == [-3, -26] and not match.is_over()


def test_bad_option_values_are_refused():
    for options in [{"low_rule": "kept"}, {"target": 0}, {"back_door": "yes"}]:
        with pytest.raises(ValueError):
            match_from_deal(DEFENDERS_SWEEP, options=options)


# -- PI-9 ------------------------------------------------------------------------------------


def test_pi9_every_view_shows_the_last_hands_summary_until_the_next_one():
    match, summary = played_hand(
        DEFENDERS_SWEEP, [3, "pass", "pass", "pass"], DEFENDERS_SWEEP_PLAY, scores=(10, 20)
    )
    table = {key: value for key, value in summary.items() if key != "type"}
    assert table == {
        "hand": 1,
        "pitcher": 0,
        "pitcher_team": 0,
        "bid": 3,
        "trump": "H",
        "high": 1,
        "low": 1,
        "jack": 1,
        "game": 1,
        "card_points": [0, 20],
        "points_taken": [0, 4],
        "made": False,
        "scored": [-3, 4],
        "scores": [7, 24],
    }
    match.apply(0, {"type": "deal"})
    for viewer in [None, 0, 1, 2, 3]:
        assert match.view(viewer)["last_hand"] == table
