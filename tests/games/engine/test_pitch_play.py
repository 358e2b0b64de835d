"""Pitch's deal and tricks: PI-1, PI-4, PI-5, and the turn timer's card."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine import GAMES, AbsentSeat, HandLabel, IllegalAction
from games.engine.pitch import match_from_deal
from games.engine.pitch.seats import display_order
from tests.games.engine.conformance import snapshot
from tests.games.engine.pitch_helpers import (
    DEFENDERS_SWEEP,
    DEFENDERS_SWEEP_PLAY,
    bid_round,
    play_cards,
)


def playable(match):
    return [action["card"] for action in match.legal_actions(match.to_move()[0])]


def pitched(hands=DEFENDERS_SWEEP):
    """Seat 0 has bid 2 and the others passed: seat 0 is to lead."""
    match = match_from_deal(hands)
    bid_round(match, 2, "pass", "pass", "pass")
    return match


def test_pi1_four_seats_get_six_cards_each_and_the_other_28_stay_hidden():
    match = GAMES["pitch"].new_match("standard", 4, seed="pi-1")
    hands = [match.view(seat)["hand"] for seat in range(4)]
    assert [len(hand) for hand in hands] == [6, 6, 6, 6]
    assert len({card for hand in hands for card in hand}) == 24
    assert Counter(match.cards_hidden_from(None)) == Counter(match.all_cards())
    assert len(match.cards_hidden_from(0)) == 52 - 6
    assert GAMES["pitch"].min_players == GAMES["pitch"].max_players == 4


def test_pi1_partners_sit_opposite():
    assert match_from_deal(DEFENDERS_SWEEP).view(0)["teams"] == [[0, 2], [1, 3]]
    assert GAMES["pitch"].partnerships(4) == ((0, 2), (1, 3))


def test_pi1_open_hands_show_the_six_each_seat_was_dealt_and_the_cards_it_has_not_played():
    match = pitched()
    play_cards(match, *DEFENDERS_SWEEP_PLAY[:4])
    dealt = [sorted(hand, key=display_order) for hand in DEFENDERS_SWEEP]
    assert match.open_hands() == [
        [
            {"label": HandLabel.DEALT, "cards": dealt[seat]},
            {"label": HandLabel.HELD, "cards": match.view(seat)["hand"]},
        ]
        for seat in range(4)
    ]
    assert [len(match.view(seat)["hand"]) for seat in range(4)] == [5] * 4
    play_cards(match, *DEFENDERS_SWEEP_PLAY[4:])
    assert match.open_hands() == [[{"label": HandLabel.DEALT, "cards": hand}] for hand in dealt]


def test_pi1_pitch_has_no_drop_and_a_bot_stands_in_for_an_absent_player():
    assert not GAMES["pitch"].has_drops("standard")
    assert match_from_deal(DEFENDERS_SWEEP).absent_seat_policy() is AbsentSeat.STAND_IN


def test_pi4_the_pitcher_leads_any_card_and_its_suit_becomes_trump():
    match = pitched()
    assert match.to_move() == [0]
    assert playable(match) == DEFENDERS_SWEEP[0]
    events = play_cards(match, "4C")
    assert events == [{"type": "play", "seat": 0, "card": "4C"}, {"type": "trump", "suit": "C"}]
    assert match.view(2)["trump"] == "C"


def test_pi5_holding_the_led_suit_and_no_trump_you_must_follow_suit():
    match = pitched()
    play_cards(match, "2H", "AH", "4H", "JH", "KH", "5H", "QH", "3H")  # hearts are trump
    play_cards(match, "10C", "2D")  # seat 1 leads a club
    assert match.to_move() == [3] and playable(match) == ["2C", "3C"]


def test_pi5_a_trump_may_always_be_played_even_holding_the_led_suit():
    match = pitched()
    play_cards(match, "4C", "8C", "2D", "2C")  # clubs are trump; seat 1 wins with the 8C
    play_cards(match, "3D", "4D")  # seat 1 leads a diamond
    assert match.to_move() == [3]
    assert playable(match) == ["8D", "9D", "3C"]  # diamonds, or the 3C trump


def test_pi5_void_in_the_led_suit_you_may_play_anything():
    match = pitched()
    play_cards(match, "2H", "AH", "4H", "JH", "KH", "5H", "QH", "3H", "10C")
    assert playable(match) == ["2D", "4D", "5D", "6D"]  # seat 2: no club, no heart left


def test_pi5_a_card_that_does_not_follow_is_refused_with_a_reason():
    match = pitched()
    play_cards(match, "2H")
    before = snapshot(match)
    with pytest.raises(IllegalAction) as refusal:
        match.apply(1, {"type": "play", "card": "8C"})
    assert refusal.value.code == "must_follow_suit"
    assert refusal.value.message == "You must follow suit or play a trump: you hold a heart."
    assert snapshot(match) == before


def test_pi5_the_highest_trump_wins_the_trick_else_the_highest_of_the_led_suit():
    match = pitched()
    assert play_cards(match, "2H", "AH", "4H", "JH")[-1] == {"type": "trick", "winner": 1}
    play_cards(match, "KH", "5H", "QH", "3H")
    assert play_cards(match, "10C", "2D", "2C", "4C")[-1] == {"type": "trick", "winner": 1}
    assert match.to_move() == [1]  # the winner leads the next trick


def test_a_card_is_refused_when_it_is_not_held_or_not_a_card_or_not_yet_time():
    match = match_from_deal(DEFENDERS_SWEEP)
    with pytest.raises(IllegalAction) as too_soon:
        match.apply(0, {"type": "play", "card": "2H"})
    bid_round(match, 2, "pass", "pass", "pass")
    with pytest.raises(IllegalAction) as not_held:
        match.apply(0, {"type": "play", "card": "AS"})
    with pytest.raises(IllegalAction) as not_a_card:
        match.apply(0, {"type": "play", "card": "1H"})
    codes = [too_soon.value.code, not_held.value.code, not_a_card.value.code]
    assert codes == ["not_playing", "not_in_hand", "bad_card"]


def test_card_symbols_are_accepted():
    match = pitched()
    assert play_cards(match, "2♥")[0]["card"] == "2H"


def test_the_timer_plays_the_lowest_legal_card_breaking_ties_by_suit_order():
    match = pitched([["2H", "2S", "4C", "5C", "6C", "7C"], *DEFENDERS_SWEEP[1:]])
    assert match.default_action(0) == {"type": "play", "card": "2S"}  # spades before hearts
    play_cards(match, "7C")
    assert match.default_action(1) == {"type": "play", "card": "8C"}  # must follow clubs


def test_only_the_seat_to_move_has_legal_actions_or_a_default():
    match = pitched()
    assert [match.legal_actions(seat) == [] for seat in range(4)] == [False, True, True, True]
    with pytest.raises(IllegalAction):
        match.default_action(1)


def test_a_view_shows_the_own_hand_the_trick_and_nothing_hidden():
    match = pitched()
    play_cards(match, "2H", "AH")
    view = match.view(2)
    assert view["hand"] == DEFENDERS_SWEEP[2]
    assert view["trick"] == [
        {"seat": 0, "card": "2H", "trump": True},
        {"seat": 1, "card": "AH", "trump": True},
    ]
    assert view["hand_sizes"] == [5, 5, 6, 6] and view["bids"] == [2, "pass", "pass", "pass"]
    assert match.view(None)["hand"] == [] and match.view(None)["legal_actions"] == []


def test_the_next_dealer_deals_once_a_hand_is_over():
    match = pitched()
    play_cards(match, *DEFENDERS_SWEEP_PLAY)
    assert match.view(None)["phase"] == "hand_over" and match.to_move() == [0]
    assert match.legal_actions(0) == [{"type": "deal"}] == [match.default_action(0)]
    assert match.apply(0, {"type": "deal"}) == [{"type": "deal", "hand": 2, "dealer": 0}]
    assert match.to_move() == [1] and match.view(None)["history"] == [
        {"type": "deal", "hand": 2, "dealer": 0}
    ]


def test_pi9_a_seats_view_lists_exactly_the_calls_or_cards_it_may_choose():
    match = match_from_deal(DEFENDERS_SWEEP)
    bid_round(match, 3)
    calls = [{"type": "bid", "bid": call} for call in ["pass", 4, "kot"]]
    assert match.view(1)["legal_actions"] == calls and match.view(0)["legal_actions"] == []
    bid_round(match, "pass", "pass", "pass")
    play_cards(match, "2H")
    assert match.view(1)["trump"] == "H"
    assert [action["card"] for action in match.view(1)["legal_actions"]] == ["KH", "AH"]


def test_dealing_is_refused_while_a_hand_is_on():
    match = match_from_deal(DEFENDERS_SWEEP)
    with pytest.raises(IllegalAction) as refusal:
        match.apply(0, {"type": "deal"})
    assert refusal.value.code == "not_dealing"
