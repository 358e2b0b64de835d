"""Pitch's auction: PI-2, PI-3, and the dealer and the kot (PI-3, and PI-7's house rule)."""

from __future__ import annotations

import json

import pytest

from games.engine import GAMES, IllegalAction
from games.engine.pitch import match_from_deal
from tests.games.engine.conformance import snapshot
from tests.games.engine.pitch_helpers import (
    DEFENDERS_SWEEP,
    bid_round,
    finish_hand_by_default,
    hand_over_event,
)


def calls_allowed(match):
    return [action["bid"] for action in match.legal_actions(match.to_move()[0])]


def refused(match, call):
    before = snapshot(match)
    with pytest.raises(IllegalAction) as refusal:
        match.apply(match.to_move()[0], {"type": "bid", "bid": call})
    assert snapshot(match) == before
    return refusal.value


def test_pi2_the_bid_ladder_is_pass_2_3_4_and_kot_and_each_rung_is_a_call_the_auction_takes():
    ladder = GAMES["pitch"].bid_ladder("standard")
    assert ladder == ["pass", 2, 3, 4, "kot"]
    first = match_from_deal(DEFENDERS_SWEEP)
    assert calls_allowed(first) == ladder  # the first bidder may make any call


def test_pi2_bidding_starts_left_of_the_dealer_and_each_seat_calls_once():
    match = match_from_deal(DEFENDERS_SWEEP, dealer=1)
    seats = []
    for call in [2, "pass", "pass", "pass"]:
        seats.append(match.to_move()[0])
        match.apply(seats[-1], {"type": "bid", "bid": call})
    assert seats == [2, 3, 0, 1]
    assert match.view(None)["phase"] == "playing" and match.to_move() == [2]


def test_pi2_the_first_bidder_may_pass_or_bid_2_3_4_or_kot():
    assert calls_allowed(match_from_deal(DEFENDERS_SWEEP)) == ["pass", 2, 3, 4, "kot"]


def test_pi2_each_bid_must_top_the_last_so_lower_ones_are_greyed_and_refused():
    match = match_from_deal(DEFENDERS_SWEEP)
    bid_round(match, 3)
    assert calls_allowed(match) == ["pass", 4, "kot"]
    assert refused(match, 3).code == "bid_too_low"
    assert refused(match, 2).message == "Your bid must be higher than 3."


def test_pi2_after_a_kot_the_others_may_only_pass():
    match = match_from_deal(DEFENDERS_SWEEP)
    bid_round(match, "kot")
    assert calls_allowed(match) == ["pass"]


def test_pi2_a_bid_that_is_no_bid_is_refused():
    match = match_from_deal(DEFENDERS_SWEEP)
    for garbage in [1, 5, "five", None, True, 2.0, [2]]:
        assert refused(match, garbage).code == "bad_bid"


def test_pi3_the_dealer_steals_the_contract_by_matching_the_highest_bid():
    match = match_from_deal(DEFENDERS_SWEEP)
    bid_round(match, 2, 3, "pass")
    assert calls_allowed(match) == ["pass", 3, 4, "kot"]
    events = bid_round(match, 3)
    assert events[-1] == {"type": "pitcher", "seat": 3, "bid": 3, "dealer_steal": True}
    assert match.to_move() == [3]
    assert match.view(0)["pitcher"] == 3 and match.view(0)["bid"] == 3


def test_pi3_the_dealer_may_also_outbid_or_pass_and_leave_the_contract():
    outbid = match_from_deal(DEFENDERS_SWEEP)
    assert bid_round(outbid, 2, "pass", "pass", 4)[-1]["dealer_steal"] is False
    passed = match_from_deal(DEFENDERS_SWEEP)
    last = bid_round(passed, "pass", 2, 3, "pass")[-1]
    assert last == {"type": "pitcher", "seat": 2, "bid": 3, "dealer_steal": False}


def test_pi3_when_everyone_else_passed_the_dealer_must_bid_at_least_2():
    match = match_from_deal(DEFENDERS_SWEEP)
    bid_round(match, "pass", "pass", "pass")
    assert calls_allowed(match) == [2, 3, 4, "kot"]
    assert refused(match, "pass").code == "dealer_must_bid"
    assert match.default_action(3) == {"type": "bid", "bid": 2}


def test_pi3_after_a_kot_and_two_passes_the_dealer_is_offered_the_kot():
    """The seed: the dealer bids last and may take the contract by bidding equal to the
    highest bid; a kot is no exception."""
    match = GAMES["pitch"].new_match("standard", 4, seed="kot-matched")
    for seat, call in [(0, "pass"), (1, "kot"), (2, "pass")]:
        match.apply(seat, {"type": "bid", "bid": call})
    assert match.to_move() == [3] and match.view(None)["dealer"] == 3
    assert match.legal_actions(3) == [{"type": "bid", "bid": "pass"}, {"type": "bid", "bid": "kot"}]
    last = match.apply(3, {"type": "bid", "bid": "kot"})[-1]
    assert last == {"type": "pitcher", "seat": 3, "bid": "kot", "dealer_steal": True}
    assert match.view(None)["pitcher"] == 3 and match.view(None)["bid"] == "kot"


def test_pi3_a_dealer_who_matches_a_kot_plays_it_for_5_pi7():
    match = match_from_deal(DEFENDERS_SWEEP)
    bid_round(match, "kot", "pass", "pass", "kot")
    summary = hand_over_event(finish_hand_by_default(match))
    # Seat 3 took the kot from seat 0, and its team lost a trick: set back 5.
    assert (summary["pitcher"], summary["bid"], summary["made"]) == (3, "kot", False)
    assert match.view(None)["tricks_taken"][1] < 6 and summary["scored"][1] == -5


def test_pi7_house_rule_the_dealer_may_not_match_a_kot():
    match = match_from_deal(DEFENDERS_SWEEP, options={"dealer_can_match_kot": False})
    bid_round(match, "pass", "kot", "pass")
    assert calls_allowed(match) == ["pass"]
    refusal = refused(match, "kot")
    assert refusal.code == "kot_cannot_be_matched"
    assert refusal.message == "At this table the dealer may not match a kot."
    assert bid_round(match, "pass")[-1]["seat"] == 1  # the kot stands


def test_pi7_house_rule_leaves_every_other_dealer_steal_alone():
    match = match_from_deal(DEFENDERS_SWEEP, options={"dealer_can_match_kot": False})
    bid_round(match, 2, 4, "pass")
    assert calls_allowed(match) == ["pass", 4, "kot"]


def test_pi7_a_match_stored_under_the_old_defaults_keeps_refusing_the_dealers_kot():
    """A table stores its full options, so one made when no kot could be matched keeps that."""
    then = {"low_rule": "won", "dealer_can_match_kot": False, "target": 21, "back_door": True}
    made = GAMES["pitch"].new_match("standard", 4, seed="stored-then", options=then)
    match = GAMES["pitch"].from_json(json.loads(json.dumps(made.to_json())))
    for seat, call in [(0, "pass"), (1, "kot"), (2, "pass")]:
        match.apply(seat, {"type": "bid", "bid": call})
    assert match.legal_actions(3) == [{"type": "bid", "bid": "pass"}]
    assert match.view(3)["options"] == then


def test_a_bid_is_refused_once_the_bidding_is_over():
    match = match_from_deal(DEFENDERS_SWEEP)
    bid_round(match, 2, "pass", "pass", "pass")
    assert refused(match, "pass").code == "not_bidding"


def test_the_timer_passes_for_a_bidder_who_is_not_forced():
    match = match_from_deal(DEFENDERS_SWEEP)
    assert match.default_action(0) == {"type": "bid", "bid": "pass"}
