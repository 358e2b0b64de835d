"""An independent audit of Pitch against RULES.md PI-1 .. PI-10 and the seed, through the public
contract only (``new_match`` or ``match_from_deal``; ``legal_actions``, ``apply``,
``default_action``, ``view``, ``result``, ``to_json`` / ``from_json``).

Seat 3 deals unless a test says otherwise, so seats 0, 1, 2, 3 bid in that order; seats 0 and 2
are team 0, seats 1 and 3 team 1.
"""

from __future__ import annotations

import json

import pytest

from games.engine import GAMES, IllegalAction
from games.engine.base import leaked_cards
from games.engine.pitch import match_from_deal
from tests.games.engine.conformance import snapshot
from tests.games.engine.pitch_helpers import (
    DEFENDERS_SWEEP,
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

RULES = GAMES["pitch"]

# Seat 0 pitches the 2H; seat 1's QH takes it with seat 2's JH and seat 3's 3H: the trumps in
# play are 2H 3H JH QH, so High (QH), Low (2H, won by team 1), Jack (captured) and Game (QH 2
# and JH 1 against nothing: no other card of the deal counts) all go to team 1.
JACK_CAUGHT = [
    ["2H", "5C", "6C", "7C", "8C", "9C"],
    ["QH", "2S", "3S", "4S", "5S", "6S"],
    ["JH", "2D", "3D", "4D", "5D", "6D"],
    ["3H", "7S", "8S", "9S", "7D", "8D"],
]

# Seat 0 leads the 6H (trump hearts) and wins the first trick; then its AS is trumped by seat 1's
# 3H: a low trump beats the Ace of the led suit.
TRUMP_CUT = [
    ["6H", "AS", "3C", "4C", "5C", "6C"],
    ["4H", "3H", "7C", "8C", "9C", "2D"],
    ["5H", "KS", "3D", "4D", "5D", "6D"],
    ["2H", "QS", "7D", "8D", "9D", "10D"],
]

# FOUR_TRUMPS_TWO_LOSERS turned so that the dealer, seat 3, holds AH KH QH JH 2C 3C.
DEALER_HOLDS_THE_TRUMPS = [
    FOUR_TRUMPS_TWO_LOSERS[1],
    FOUR_TRUMPS_TWO_LOSERS[2],
    FOUR_TRUMPS_TWO_LOSERS[3],
    FOUR_TRUMPS_TWO_LOSERS[0],
]
DEALER_HOLDS_THE_TRUMPS_PLAY = [
    *("AH", "2S", "6S", "4D"),  # seat 3 leads and wins the four heart tricks
    *("KH", "3S", "7S", "5D"),
    *("QH", "4S", "8S", "6D"),
    *("JH", "5S", "9S", "7D"),
    *("2C", "AC", "2D", "KC"),  # seat 0
    *("10C", "3D", "10D", "3C"),  # seat 0: Game to team 0, 27 to 10
]


def calls(match):
    return [action["bid"] for action in match.legal_actions(match.to_move()[0])]


def cards(match):
    return [action["card"] for action in match.legal_actions(match.to_move()[0])]


def refused(match, seat, action):
    """The refusal's code, having checked that nothing changed."""
    before = snapshot(match)
    with pytest.raises(IllegalAction) as refusal:
        match.apply(seat, action)
    assert snapshot(match) == before
    assert refusal.value.message
    return refusal.value.code


def summary_of(hands, bids, plays, **kwargs):
    match = match_from_deal(hands, **kwargs)
    bid_round(match, *bids)
    return match, hand_over_event(play_cards(match, *plays))


# -- PI-1 ------------------------------------------------------------------------------------


def test_pi1_only_four_players_sit_at_a_pitch_table():
    assert RULES.variants == ("standard",)
    for players in (2, 3, 5, 6):
        with pytest.raises(ValueError):
            RULES.new_match("standard", players)
    assert RULES.new_match("standard", ["a", "b", "c", "d"], seed=1).players == 4


def test_pi1_a_chosen_deal_must_be_six_different_cards_for_each_of_four_seats():
    for hands in [
        DEFENDERS_SWEEP[:3],
        [*DEFENDERS_SWEEP[:3], DEFENDERS_SWEEP[3][:5]],
        [*DEFENDERS_SWEEP[:3], [*DEFENDERS_SWEEP[3][:5], "2H"]],
        [*DEFENDERS_SWEEP[:3], [*DEFENDERS_SWEEP[3][:5], "PJ"]],
    ]:
        with pytest.raises(ValueError):
            match_from_deal(hands)


def test_pi1_partners_share_the_result_and_the_score():
    match, _ = summary_of(
        FOUR_TRUMPS_TWO_LOSERS, [2, "pass", "pass", "pass"], FOUR_TRUMPS_TWO_LOSERS_PLAY,
        scores=(20, 3),
    )  # fmt: skip
    result = match.result()
    assert result["winners"] == [0, 2] and result["ranks"] == [1, 2, 1, 2]
    assert result["scores"] == [23, 4, 23, 4] and result["team_scores"] == [23, 4]


# -- PI-2 and PI-3: the exact calls each seat may make ----------------------------------------


@pytest.mark.parametrize(
    ("before", "allowed"),
    [
        ([], ["pass", 2, 3, 4, "kot"]),
        (["pass"], ["pass", 2, 3, 4, "kot"]),
        ([2], ["pass", 3, 4, "kot"]),
        ([3], ["pass", 4, "kot"]),
        ([4], ["pass", "kot"]),
        (["kot"], ["pass"]),
        ([2, "pass"], ["pass", 3, 4, "kot"]),
        ([2, 3], ["pass", 4, "kot"]),
        (["pass", "pass"], ["pass", 2, 3, 4, "kot"]),
        # The dealer (seat 3): may match (steal), outbid or pass; must bid when all passed.
        (["pass", "pass", "pass"], [2, 3, 4, "kot"]),
        ([2, "pass", "pass"], ["pass", 2, 3, 4, "kot"]),
        (["pass", 3, "pass"], ["pass", 3, 4, "kot"]),
        ([2, 3, 4], ["pass", 4, "kot"]),
        (["pass", "pass", "kot"], ["pass", "kot"]),  # PI-3: a kot may be matched too
    ],
)
def test_pi2_pi3_each_seat_may_make_exactly_these_calls(before, allowed):
    match = match_from_deal(DEFENDERS_SWEEP)
    bid_round(match, *before)
    assert calls(match) == allowed
    seat = match.to_move()[0]
    assert match.view(seat)["legal_actions"] == [{"type": "bid", "bid": bid} for bid in allowed]
    for bid in ["pass", 2, 3, 4, "kot"]:
        if bid not in allowed:
            assert refused(match, seat, {"type": "bid", "bid": bid}) in {
                "bid_too_low",
                "dealer_must_bid",
                "kot_cannot_be_matched",
            }


def test_pi2_bidding_starts_left_of_whichever_seat_deals():
    for dealer in range(4):
        match = match_from_deal(DEFENDERS_SWEEP, dealer=dealer)
        order = []
        for _ in range(4):
            order.append(match.to_move()[0])
            match.apply(order[-1], {"type": "bid", "bid": 2 if len(order) == 1 else "pass"})
        assert order == [(dealer + k) % 4 for k in (1, 2, 3, 4)]
        assert match.view(None)["dealer"] == dealer


def test_pi2_a_seat_calls_once_and_only_in_its_turn():
    match = match_from_deal(DEFENDERS_SWEEP)
    for seat in (1, 2, 3):
        assert refused(match, seat, {"type": "bid", "bid": 2}) == "not_your_turn"
    bid_round(match, 2)
    assert refused(match, 0, {"type": "bid", "bid": 3}) == "not_your_turn"


def test_pi2_pi4_the_last_seat_to_bid_is_the_pitcher_even_when_the_dealer_passes():
    match = match_from_deal(DEFENDERS_SWEEP)
    events = bid_round(match, 2, 3, "pass", "pass")
    assert events[-1] == {"type": "pitcher", "seat": 1, "bid": 3, "dealer_steal": False}
    view = match.view(None)
    assert (view["pitcher"], view["bid"], view["phase"]) == (1, 3, "playing")
    assert match.to_move() == [1] and view["bids"] == [2, 3, "pass", "pass"]


@pytest.mark.parametrize("bid", [2, 3, 4])
def test_pi3_a_dealer_steal_at_any_level_makes_the_dealer_pitch_and_lead(bid):
    match = match_from_deal(DEFENDERS_SWEEP)
    earlier = {2: [2, "pass", "pass"], 3: [2, 3, "pass"], 4: ["pass", "pass", 4]}[bid]
    events = bid_round(match, *earlier, bid)
    assert events[-1] == {"type": "pitcher", "seat": 3, "bid": bid, "dealer_steal": True}
    assert match.to_move() == [3] and match.view(1)["bid"] == bid


def test_pi3_the_forced_dealer_may_bid_anything_up_to_kot():
    match = match_from_deal(SIX_TRUMPS, dealer=0)  # seat 0 deals: it bids last
    bid_round(match, "pass", "pass", "pass")
    assert refused(match, 0, {"type": "bid", "bid": "pass"}) == "dealer_must_bid"
    events = bid_round(match, "kot")
    assert events[-1] == {"type": "pitcher", "seat": 0, "bid": "kot", "dealer_steal": False}


def test_pi3_pi7_a_dealer_steal_scores_for_the_dealers_team_when_made():
    match, summary = summary_of(
        DEALER_HOLDS_THE_TRUMPS, [3, "pass", "pass", 3], DEALER_HOLDS_THE_TRUMPS_PLAY
    )
    assert (summary["pitcher"], summary["pitcher_team"], summary["bid"]) == (3, 1, 3)
    assert (summary["high"], summary["low"], summary["jack"], summary["game"]) == (1, 1, 1, 0)
    assert summary["card_points"] == [27, 10]
    assert summary["made"] is True and summary["scored"] == [1, 3]
    assert match.view(0)["scores"] == [1, 3]


def test_pi3_pi7_a_dealer_who_steals_a_4_and_takes_3_is_set_back_4():
    _, summary = summary_of(
        DEALER_HOLDS_THE_TRUMPS, [4, "pass", "pass", 4], DEALER_HOLDS_THE_TRUMPS_PLAY
    )
    assert summary["points_taken"] == [1, 3] and summary["made"] is False
    assert summary["scored"] == [1, -4] and summary["scores"] == [1, -4]


# -- PI-4 and PI-5: leading and following ------------------------------------------------------


def test_pi4_trump_is_unset_until_the_pitcher_leads_then_every_seat_sees_it():
    match = match_from_deal(JACK_CAUGHT)
    bid_round(match, 2, "pass", "pass", "pass")
    assert [match.view(seat)["trump"] for seat in (None, 0, 1, 2, 3)] == [None] * 5
    assert cards(match) == JACK_CAUGHT[0]  # the pitcher may lead any card
    play_cards(match, "2H")
    assert [match.view(seat)["trump"] for seat in (None, 0, 1, 2, 3)] == ["H"] * 5


def test_pi5_when_trump_is_led_a_seat_holding_trump_must_play_trump():
    match = match_from_deal(JACK_CAUGHT)
    bid_round(match, 2, "pass", "pass", "pass")
    play_cards(match, "2H")
    assert cards(match) == ["QH"]
    assert refused(match, 1, {"type": "play", "card": "2S"}) == "must_follow_suit"
    play_cards(match, "QH")
    assert cards(match) == ["JH"]  # the jack must fall to the Queen
    play_cards(match, "JH")
    assert cards(match) == ["3H"]


def test_pi5_following_a_plain_suit_and_playing_anything_when_void():
    match = match_from_deal(JACK_CAUGHT)
    bid_round(match, 2, "pass", "pass", "pass")
    play_cards(match, "2H", "QH", "JH", "3H")  # seat 1 wins and leads
    play_cards(match, "2S")
    assert cards(match) == ["2D", "3D", "4D", "5D", "6D"]  # seat 2: void in spades and trump
    play_cards(match, "2D")
    assert cards(match) == ["7S", "8S", "9S"]  # seat 3 must follow spades
    assert refused(match, 3, {"type": "play", "card": "7D"}) == "must_follow_suit"


def test_pi5_a_low_trump_beats_the_ace_of_the_led_suit_and_its_player_leads_next():
    match = match_from_deal(TRUMP_CUT)
    bid_round(match, 2, "pass", "pass", "pass")
    play_cards(match, "6H")
    assert cards(match) == ["3H", "4H"]
    assert play_cards(match, "4H", "5H", "2H")[-1] == {"type": "trick", "winner": 0}
    play_cards(match, "AS")
    assert cards(match) == ["3H", "2D", "7C", "8C", "9C"]  # seat 1 is void in spades
    play_cards(match, "3H")
    assert cards(match) == ["KS"]  # seat 2 holds a spade and no trump left
    assert play_cards(match, "KS", "QS")[-1] == {"type": "trick", "winner": 1}
    assert match.to_move() == [1] and match.view(0)["tricks_taken"] == [1, 1]


def test_pi5_a_high_card_of_another_plain_suit_never_wins():
    match = match_from_deal(TRUMP_CUT)
    bid_round(match, 2, "pass", "pass", "pass")
    play_cards(match, "6H", "4H", "5H", "2H", "AS", "3H", "KS", "QS")
    play_cards(match, "2D")  # seat 1 leads its only diamond
    assert play_cards(match, "3D", "10D", "3C")[-1] == {"type": "trick", "winner": 3}


# -- PI-6 and PI-7: the four points and the settlement ----------------------------------------


def test_pi6_the_jack_scores_for_the_team_that_captures_it_not_the_one_dealt_it():
    match = match_from_deal(JACK_CAUGHT)
    bid_round(match, 2, "pass", "pass", "pass")
    play_cards(match, "2H", "QH", "JH", "3H")
    summary = hand_over_event(finish_hand_by_default(match))
    assert (summary["high"], summary["low"], summary["jack"], summary["game"]) == (1, 1, 1, 1)
    assert summary["card_points"] == [0, 3]
    assert summary["made"] is False and summary["scored"] == [-2, 4]


def test_pi6_open_low_dealt_rule_gives_the_captured_2_back_to_the_team_dealt_it():
    match = match_from_deal(JACK_CAUGHT, options={"low_rule": "dealt"})
    bid_round(match, 2, "pass", "pass", "pass")
    play_cards(match, "2H", "QH", "JH", "3H")
    summary = hand_over_event(finish_hand_by_default(match))
    assert (summary["high"], summary["low"], summary["jack"], summary["game"]) == (1, 0, 1, 1)
    assert summary["points_taken"] == [1, 3]
    assert summary["made"] is False and summary["scored"] == [-2, 3]  # 1 short of 2


def test_pi6_the_jack_is_scored_when_it_is_the_lowest_trump_too():
    _, summary = summary_of(
        FOUR_TRUMPS_TWO_LOSERS, [2, "pass", "pass", "pass"], FOUR_TRUMPS_TWO_LOSERS_PLAY
    )
    # AH KH QH JH are the only hearts dealt: the JH is Low and Jack, the AH High.
    assert (summary["high"], summary["low"], summary["jack"], summary["game"]) == (0, 0, 0, 1)
    assert summary["card_points"] == [10, 27]


def test_pi7_a_pitcher_that_makes_exactly_its_bid_scores_it():
    match = match_from_deal(NO_HONOURS)
    bid_round(match, 2, "pass", "pass", "pass")
    play_cards(match, "9H", "2H", "3H", "4H")
    summary = hand_over_event(finish_hand_by_default(match))
    assert summary["points_taken"] == [2, 0] and summary["made"] is True
    assert summary["scored"] == [2, 0]


def test_pi7_a_pitcher_one_point_short_loses_the_whole_bid():
    match = match_from_deal(NO_HONOURS)
    bid_round(match, 3, "pass", "pass", "pass")
    play_cards(match, "9H", "2H", "3H", "4H")
    summary = hand_over_event(finish_hand_by_default(match))
    assert summary["points_taken"] == [2, 0] and summary["made"] is False
    assert summary["scored"] == [-3, 0] and summary["scores"] == [-3, 0]


def test_pi7_a_kot_taking_every_point_but_not_every_trick_loses_5():
    match, summary = summary_of(
        DEALER_HOLDS_THE_TRUMPS, ["pass", "pass", "pass", "kot"], DEALER_HOLDS_THE_TRUMPS_PLAY
    )
    assert match.view(0)["tricks_taken"] == [2, 4]
    assert summary["made"] is False and summary["scored"] == [1, -5]


def test_pi7_a_made_kot_scores_5_not_the_4_points_taken():
    _, summary = summary_of(SIX_TRUMPS, ["kot", "pass", "pass", "pass"], SIX_TRUMPS_PLAY)
    assert summary["points_taken"] == [4, 0] and summary["scored"] == [5, 0]


def test_pi7_open_a_made_kot_with_low_dealt_still_gives_the_defenders_their_low():
    _, summary = summary_of(
        SIX_TRUMPS, ["kot", "pass", "pass", "pass"], SIX_TRUMPS_PLAY, options={"low_rule": "dealt"}
    )
    assert summary["made"] is True and summary["scored"] == [5, 1]


# -- PI-8: 21, only on a made bid, the pitcher counted first -----------------------------------


def test_pi8_a_pitcher_behind_the_defenders_still_wins_on_reaching_21_with_a_made_bid():
    match, summary = summary_of(
        FOUR_TRUMPS_TWO_LOSERS, [2, "pass", "pass", "pass"], FOUR_TRUMPS_TWO_LOSERS_PLAY,
        scores=(19, 30),
    )  # fmt: skip
    assert summary["scores"] == [22, 31]
    assert match.is_over() and match.result()["winners"] == [0, 2]
    assert match.result()["ended_by"] == "target"


def test_pi8_a_pitcher_that_makes_its_bid_below_21_plays_on_though_the_defenders_are_past_it():
    match, summary = summary_of(
        FOUR_TRUMPS_TWO_LOSERS, [2, "pass", "pass", "pass"], FOUR_TRUMPS_TWO_LOSERS_PLAY,
        scores=(0, 25),
    )  # fmt: skip
    assert summary["scores"] == [3, 26] and not match.is_over()
    assert match.to_move() == [0] and match.legal_actions(0) == [{"type": "deal"}]


def test_pi8_exactly_21_on_a_made_kot_wins_and_20_does_not():
    won, _ = summary_of(
        SIX_TRUMPS, ["kot", "pass", "pass", "pass"], SIX_TRUMPS_PLAY, scores=(16, 0)
    )
    assert won.is_over() and won.result()["team_scores"] == [21, 0]
    short, _ = summary_of(
        SIX_TRUMPS, ["kot", "pass", "pass", "pass"], SIX_TRUMPS_PLAY, scores=(15, 0)
    )
    assert not short.is_over() and short.view(None)["scores"] == [20, 0]


def test_pi8_a_won_match_refuses_every_move_and_offers_none():
    match, _ = summary_of(
        SIX_TRUMPS, ["kot", "pass", "pass", "pass"], SIX_TRUMPS_PLAY, scores=(16, 0)
    )
    assert match.to_move() == [] and match.view(None)["phase"] == "over"
    for seat in range(4):
        assert match.legal_actions(seat) == [] and match.view(seat)["legal_actions"] == []
        assert refused(match, seat, {"type": "deal"}) == "match_over"
        with pytest.raises(IllegalAction):
            match.default_action(seat)
    assert match.view(2)["result"] == match.result()
    assert match.history[-1]["type"] == "match_over"


def test_pi3_pi7_pi8_defaults_follow_the_seed_low_won_target_21_kot_matched_no_back_door():
    options = match_from_deal(DEFENDERS_SWEEP).view(None)["options"]
    assert options["low_rule"] == "won" and options["target"] == 21
    assert options["dealer_can_match_kot"] is True and options["back_door"] is False


# -- PI-9: the hand's table; PI-10: the daily deal ---------------------------------------------


def test_pi9_the_next_hand_is_dealt_by_the_next_seat_clockwise_and_scores_carry_on():
    match = match_from_deal(JACK_CAUGHT, dealer=1, seed="carry")
    bid_round(match, 2, "pass", "pass", "pass")  # seat 2 pitches
    finish_hand_by_default(match)
    scores = match.view(None)["scores"]
    assert match.to_move() == [2]  # the deal passes from seat 1 to seat 2
    assert match.apply(2, {"type": "deal"}) == [{"type": "deal", "hand": 2, "dealer": 2}]
    view = match.view(None)
    assert (view["phase"], view["hand_number"], view["scores"]) == ("bidding", 2, scores)
    assert (view["bids"], view["pitcher"], view["bid"], view["trump"]) == (
        [None] * 4,
        None,
        None,
        None,
    )
    assert view["tricks_taken"] == [0, 0] and match.to_move() == [3]


def test_pi10_the_days_cards_do_not_depend_on_the_table_options():
    day = "daily-2026-12-01"
    plain = RULES.new_match("standard", 4, seed=day)
    house_rules = {"low_rule": "dealt", "dealer_can_match_kot": False, "back_door": True}
    other = RULES.new_match("standard", 4, seed=day, options=house_rules)
    assert [plain.view(seat)["hand"] for seat in range(4)] == [
        other.view(seat)["hand"] for seat in range(4)
    ]


def test_pi10_a_match_without_a_seed_draws_a_fresh_one():
    first, second = RULES.new_match("standard", 4), RULES.new_match("standard", 4)
    assert [first.view(s)["hand"] for s in range(4)] != [second.view(s)["hand"] for s in range(4)]


# -- views, round trips, the timer, and refused moves ----------------------------------------


def _every_step_of_a_hand(match, check):
    """Drive ``match`` through a whole hand with the timer, calling ``check`` before each move."""
    while True:
        check(match)
        seat = match.to_move()[0]
        match.apply(seat, match.default_action(seat))
        if match.view(None)["phase"] != "playing" and match.view(None)["phase"] != "bidding":
            check(match)
            return


def test_views_show_each_seat_its_own_hand_and_no_other_card_it_may_not_see():
    match = match_from_deal(JACK_CAUGHT)

    def check(match):
        state = match.to_json()
        for viewer in (None, 0, 1, 2, 3):
            view = match.view(viewer)
            assert leaked_cards(view, match, viewer) == []
            assert view["hand"] == ([] if viewer is None else state["hands"][viewer])
            text = json.dumps(view)
            for other, hand in enumerate(state["hands"]):
                if other != viewer:
                    assert not [card for card in hand if f'"{card}"' in text]
        assert match.view(None)["legal_actions"] == []

    _every_step_of_a_hand(match, check)


@pytest.mark.parametrize("seat", [-1, 4, True, "0", 1.0])
def test_a_view_for_a_seat_that_does_not_exist_is_refused(seat):
    match = match_from_deal(DEFENDERS_SWEEP)
    with pytest.raises(IllegalAction):
        match.view(seat)


def test_a_forged_seat_is_offered_no_moves_even_where_it_equals_the_seat_to_move():
    match = match_from_deal(JACK_CAUGHT)
    bid_round(match, "pass", 2, "pass", "pass")  # seat 1 pitches and leads
    assert match.to_move() == [1] and match.legal_actions(1)
    for forged in (True, 1.0, "1", None, -3):
        assert match.legal_actions(forged) == []
        with pytest.raises(IllegalAction):
            match.default_action(forged)


def test_a_match_restored_from_json_at_any_step_of_a_hand_plays_on_identically():
    kept = match_from_deal(DEALER_HOLDS_THE_TRUMPS)
    actions = [{"type": "bid", "bid": bid} for bid in (3, "pass", "pass", 3)]
    actions += [{"type": "play", "card": card} for card in DEALER_HOLDS_THE_TRUMPS_PLAY]
    actions.append({"type": "deal"})
    for action in actions:
        stored = RULES.from_json(json.loads(json.dumps(kept.to_json())))
        assert snapshot(stored) == snapshot(kept)
        seat = kept.to_move()[0]
        assert stored.to_move() == kept.to_move()
        for viewer in (None, 0, 1, 2, 3):
            assert stored.view(viewer) == kept.view(viewer)
        assert stored.legal_actions(seat) == kept.legal_actions(seat)
        assert stored.default_action(seat) == kept.default_action(seat)
        assert stored.apply(seat, action) == kept.apply(seat, action)
        assert snapshot(stored) == snapshot(kept)


def test_a_finished_match_round_trips_with_its_result():
    match, _ = summary_of(
        SIX_TRUMPS, ["kot", "pass", "pass", "pass"], SIX_TRUMPS_PLAY, scores=(16, 0)
    )
    restored = RULES.from_json(json.loads(json.dumps(match.to_json())))
    assert restored.is_over() and restored.result() == match.result()
    assert restored.view(1) == match.view(1)


def test_the_timer_has_a_legal_move_in_every_phase():
    match = match_from_deal(JACK_CAUGHT, dealer=3)
    assert match.default_action(0) == {"type": "bid", "bid": "pass"}
    bid_round(match, "pass", "pass", "pass")
    assert match.default_action(3) == {"type": "bid", "bid": 2}  # the forced dealer
    bid_round(match, 2)
    # Seat 3 leads its lowest card; the others follow with their lowest legal card.
    assert match.default_action(3) == {"type": "play", "card": "3H"}
    play_cards(match, "3H")
    assert match.default_action(0) == {"type": "play", "card": "2H"}  # must play trump
    play_cards(match, "2H")
    assert match.default_action(1) == {"type": "play", "card": "QH"}
    while match.view(None)["phase"] == "playing":
        seat = match.to_move()[0]
        action = match.default_action(seat)
        assert action in match.legal_actions(seat)
        match.apply(seat, action)
    seat = match.to_move()[0]
    assert match.default_action(seat) == {"type": "deal"} == match.legal_actions(seat)[0]
    for other in {0, 1, 2, 3} - {seat}:
        with pytest.raises(IllegalAction):
            match.default_action(other)


MALFORMED = [
    None,
    "bid",
    42,
    [],
    ["bid", 2],
    {},
    {"bid": 2},
    {"type": None},
    {"type": 7},
    {"type": ["bid"]},
    {"type": "BID", "bid": 2},
    {"type": "no-such"},
    {"type": "bid"},
    {"type": "bid", "bid": None},
    {"type": "bid", "bid": [2]},
    {"type": "bid", "bid": {"value": 2}},
    {"type": "bid", "bid": 1},
    {"type": "bid", "bid": 6},
    {"type": "bid", "bid": 2.5},
    {"type": "bid", "bid": True},
    {"type": "bid", "bid": "double"},
    {"type": "play"},
    {"type": "play", "card": None},
    {"type": "play", "card": 10},
    {"type": "play", "card": ""},
    {"type": "play", "card": "1H"},
    {"type": "play", "card": "10X"},
    {"type": "play", "card": "PJ"},
    {"type": "play", "card": ["2H"]},
    {"type": "play", "cards": ["2H"]},
]


@pytest.mark.parametrize("phase", ["bidding", "playing", "hand_over"])
def test_every_malformed_or_out_of_phase_action_is_refused_and_changes_nothing(phase):
    match = match_from_deal(JACK_CAUGHT)
    if phase != "bidding":
        bid_round(match, 2, "pass", "pass", "pass")
    if phase == "hand_over":
        finish_hand_by_default(match)
    assert match.view(None)["phase"] == phase
    seat = match.to_move()[0]
    out_of_phase = {
        "bidding": [{"type": "play", "card": "2H"}, {"type": "deal"}],
        "playing": [{"type": "bid", "bid": "pass"}, {"type": "deal"}],
        "hand_over": [{"type": "bid", "bid": 2}, {"type": "play", "card": "2H"}],
    }[phase]
    for action in [*MALFORMED, *out_of_phase]:
        refused(match, seat, action)
    for forged in (-1, 4, None, True, "0", 0.0):
        refused(match, forged, match.legal_actions(seat)[0])
    for other in {0, 1, 2, 3} - {seat}:
        assert refused(match, other, match.legal_actions(seat)[0]) == "not_your_turn"


def test_a_card_played_is_refused_for_a_seat_that_holds_it_but_is_not_to_move():
    match = match_from_deal(JACK_CAUGHT)
    bid_round(match, 2, "pass", "pass", "pass")
    assert refused(match, 1, {"type": "play", "card": "QH"}) == "not_your_turn"
    assert refused(match, 0, {"type": "play", "card": "QH"}) == "not_in_hand"
