"""How deals add up in each format (RM-23 .. RM-27), and Pool's rejoin option."""

from __future__ import annotations

import json

import pytest

from games.engine import GAMES, AbsentSeat
from games.engine.rummy import RummyMatch
from tests.games.engine.rummy_support import (
    DEAL,
    DRAW_CLOSED,
    DROP,
    JUNK_13,
    LOOSE_13,
    VALID_13,
    declare,
    refused,
    table,
)

VALID_SHOW = declare("5C", "3H 4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC 9H")


def win_first_deal(match: RummyMatch) -> None:
    """Seat 0 (holding VALID_13) draws and shows."""
    match.apply(0, DRAW_CLOSED)
    match.apply(0, VALID_SHOW)


def pass_turn(match: RummyMatch) -> None:
    """The seat to play lets its turn run out: draws from the closed deck and discards."""
    seat = match.to_move()[0]
    match.apply(seat, match.default_action(seat))
    match.apply(seat, match.default_action(seat))


def wrong_show(match: RummyMatch) -> None:
    """The seat to play draws and declares its 14 cards as one group with one put aside."""
    seat = match.to_move()[0]
    match.apply(seat, DRAW_CLOSED)
    hand = match.view(seat)["hand"]
    match.apply(seat, {"type": "declare", "discard": hand[0], "groups": [hand[1:]]})


def test_rm23_points_the_winner_gains_what_each_loser_loses():
    match = table(VALID_13, JUNK_13, LOOSE_13)
    win_first_deal(match)
    result = match.result()
    assert result["scores"] == [160, -80, -80]
    assert result["ranks"] == [1, 2, 2] and result["winners"] == [0]
    assert result["sheet"] == [{"deal": 1, "winner": 0, "points": [0, 80, 80]}]


def test_rm24_pool_101_adds_points_and_eliminates_at_101():
    match = table(VALID_13, JUNK_13, LOOSE_13, variant="pool101", scores=[0, 21, 95])
    win_first_deal(match)
    assert match.standings.scores == [0, 101, 175]
    assert match.is_over() and match.result()["winners"] == [0]
    assert match.result()["ranks"] == [1, 2, 3]  # out in the same deal: the lower score first


def test_rm24_pool_drops_cost_20_and_40_and_the_game_goes_on_to_the_next_deal():
    match = table(VALID_13, JUNK_13, LOOSE_13, variant="pool101")
    events = match.apply(0, DROP)
    assert events[0]["points"] == 20
    match.apply(1, DROP)
    assert match.view(0)["phase"] == "between_deals" and match.standings.scores == [20, 20, 0]
    assert match.to_move() == [0]  # the dealer was seat 2; seat 0 deals next
    match.apply(0, DEAL)
    assert match.view(1)["deal"] == 2 and match.to_move() == [1]
    assert len(match.view(1)["hand"]) == 13 and match.view(1)["last_deal"] is None


def test_rm24_the_last_player_standing_wins_the_pool():
    match = table(VALID_13, JUNK_13, variant="pool101", scores=[90, 0])
    match.apply(0, DROP)
    assert match.is_over()
    assert match.result() | {"sheet": None} == {
        "ranks": [2, 1],
        "scores": [110, 0],
        "winners": [1],
        "scoring": "points",
        "sheet": None,
    }


def test_rm25_pool_201_drops_cost_25_and_50_and_eliminate_at_201():
    match = table(VALID_13, JUNK_13, variant="pool201", scores=[180, 0])
    assert match.view(1)["drop_points"] == {"first": 25, "middle": 50}
    assert match.apply(0, DROP)[0]["points"] == 25
    assert match.standings.scores == [205, 0] and match.result()["winners"] == [1]


def test_rm26_deals_start_everyone_with_80_chips_a_player_and_have_no_drop():
    match = table(VALID_13, JUNK_13, variant="deals2")
    assert match.view(0)["scores"] == [160, 160] and match.view(0)["scoring"] == "chips"
    refused(match, 0, DROP, "no_drop")
    assert {"type": "drop"} not in match.legal_actions(0)


@pytest.mark.parametrize(
    ("variant", "drops"),
    [("points", True), ("pool101", True), ("pool201", True), ("deals2", False), ("deals3", False)],
)
def test_rm17_rm26_points_and_pool_drop_an_absent_player_and_in_deals_a_bot_stands_in(
    variant, drops
):
    assert GAMES["rummy"].has_drops(variant) is drops
    policy = GAMES["rummy"].new_match(variant, 3, seed=2).absent_seat_policy()
    assert policy is (AbsentSeat.DROP if drops else AbsentSeat.STAND_IN)


def test_rm1_each_player_plays_for_themselves_and_there_is_no_auction():
    for players in range(2, 7):
        assert GAMES["rummy"].partnerships(players) == tuple((seat,) for seat in range(players))
    assert all(GAMES["rummy"].bid_ladder(variant) == [] for variant in GAMES["rummy"].variants)


def test_rm26_the_winner_of_a_deal_takes_each_losers_points_in_chips():
    match = table(VALID_13, JUNK_13, variant="deals2")
    win_first_deal(match)
    assert match.standings.scores == [240, 80] and not match.is_over()


def test_rm26_after_the_last_deal_the_most_chips_wins():
    match = table(VALID_13, JUNK_13, variant="deals2")
    win_first_deal(match)
    match.apply(match.to_move()[0], DEAL)
    wrong_show(match)  # seat 1 plays first in deal 2 and pays 80 more
    assert match.is_over()
    assert match.result()["scores"] == [320, 0] and match.result()["winners"] == [0]


def test_rm26_a_tie_for_the_most_chips_brings_a_tie_break_deal():
    match = table(VALID_13, JUNK_13, variant="deals2")
    win_first_deal(match)  # 240, 80
    match.apply(match.to_move()[0], DEAL)
    pass_turn(match)  # seat 1
    wrong_show(match)  # seat 0 pays 80: 160, 160
    assert match.standings.scores == [160, 160] and not match.is_over()
    match.apply(match.to_move()[0], DEAL)
    assert match.view(0)["deal"] == 3
    wrong_show(match)
    assert match.is_over() and len(match.result()["winners"]) == 1


def test_rm26_only_the_players_tied_for_the_most_sit_in_the_tie_break_deal():
    match = table(VALID_13, JUNK_13, LOOSE_13, variant="deals2")
    win_first_deal(match)  # 400, 160, 160
    match.apply(match.to_move()[0], DEAL)  # seat 0 deals, seat 1 plays first
    pass_turn(match)
    wrong_show(match)  # seat 2 pays 80
    wrong_show(match)  # seat 0 pays 80: seat 1, the last one left, wins 160
    assert match.standings.scores == [320, 320, 80]
    match.apply(match.to_move()[0], DEAL)
    assert [seat["status"] for seat in match.view(None)["seats"]] == ["playing", "playing", "out"]


def three_in_pool(scores: list[int], **options) -> RummyMatch:
    """Pool 101 with seats holding VALID_13, JUNK_13 and LOOSE_13 at ``scores``."""
    return table(
        VALID_13, JUNK_13, LOOSE_13, variant="pool101", scores=scores, options=options or None
    )


def test_rejoin_is_offered_in_pool_when_the_table_allows_it():
    match = three_in_pool([95, 30, 40], rejoin=True)
    match.apply(0, DROP)  # 115: out
    match.apply(1, DROP)  # 50
    assert match.to_move() == [0]
    assert match.legal_actions(0) == [{"type": "rejoin"}, {"type": "stay_out"}]
    assert match.default_action(0) == {"type": "stay_out"}
    match.apply(0, {"type": "rejoin"})
    assert match.standings.scores == [51, 50, 40]  # the highest left in plus one
    dealer = match.to_move()[0]
    match.apply(dealer, DEAL)
    assert all(seat["status"] == "playing" for seat in match.view(0)["seats"])


def test_rejoin_is_not_offered_once_someone_left_in_is_above_79():
    match = three_in_pool([95, 70, 40], rejoin=True)
    match.apply(0, DROP)
    match.apply(1, DROP)  # 90
    assert match.view(0)["rejoin"] is None and match.legal_actions(0) == []


def test_without_the_option_nobody_rejoins():
    match = three_in_pool([95, 30, 40])
    match.apply(0, DROP)
    match.apply(1, DROP)
    assert match.to_move() == [1] and match.legal_actions(1) == [{"type": "deal"}]
    match.apply(1, DEAL)
    assert match.view(0)["seats"][0]["status"] == "out" and match.view(0)["hand"] == []


def test_rm27_the_result_is_scores_only():
    match = table(VALID_13, JUNK_13)
    win_first_deal(match)
    result = match.result()
    assert set(result) == {"ranks", "scores", "winners", "scoring", "sheet"}
    assert json.loads(json.dumps(result)) == result


def test_every_variant_is_registered_with_its_table_option():
    rules = GAMES["rummy"]
    assert rules.variants == ("points", "pool101", "pool201", "deals2", "deals3")
    assert (rules.min_players, rules.max_players) == (2, 6)
    assert rules.default_options == {"rejoin": False, "deals": 0, "stand_ins": True}
