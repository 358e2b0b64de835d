"""A deal turn by turn: dealing, drawing, discarding, dropping and showing (RM-1 .. RM-17,
RM-29, RM-30), from chosen deals."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.engine import GAMES, HandLabel
from games.engine.base import leaked_cards
from games.engine.rummy import RummyMatch
from games.engine.rummy.deal import full_deck
from tests.games.engine.conformance import play_randomly, snapshot
from tests.games.engine.rummy_support import (
    DRAW_CLOSED,
    DRAW_OPEN,
    DROP,
    JUNK_13,
    LOOSE_13,
    VALID_13,
    cards,
    declare,
    discard,
    play,
    refused,
    table,
)

RULES = GAMES["rummy"]


def test_rm1_two_to_six_players_sit_at_a_table():
    for players in range(2, 7):
        assert RULES.new_match("points", players, seed=1).players == players
    for players in (1, 7):
        with pytest.raises(ValueError):
            RULES.new_match("points", players, seed=1)


def test_rm2_every_player_gets_13_of_two_decks_and_two_printed_jokers():
    match = RULES.new_match("points", 6, seed=3)
    assert isinstance(match, RummyMatch)
    deal = match.deal
    assert [len(hand) for hand in deal.hands] == [13] * 6
    on_table = [
        *(c for hand in deal.hands for c in hand),
        *deal.closed,
        *deal.open_pile,
        deal.wild_card,
    ]
    assert Counter(on_table) == Counter(full_deck()) and len(on_table) == 106


def test_rm3_the_turned_card_makes_its_whole_rank_wild():
    view = table(VALID_13, JUNK_13, wild="9C").view(0)
    assert (view["wild_card"], view["wild_rank"]) == ("9C", "9")


def test_rm3_a_turned_printed_joker_makes_the_aces_wild():
    assert table(VALID_13, JUNK_13, wild="PJ").view(0)["wild_rank"] == "A"


def test_rm4_one_card_starts_the_open_pile_and_the_rest_is_the_closed_deck():
    view = RULES.new_match("points", 2, seed=4).view(0)
    assert view["open_count"] == 1 and view["open_top"]
    assert view["closed_count"] == 106 - 2 * 13 - 2


def test_rm4_an_empty_closed_deck_is_refilled_from_the_open_pile_but_its_top():
    match = table(VALID_13, JUNK_13, open_pile="2H", closed="5C")
    play(match, (0, DRAW_CLOSED), (0, discard("5C")))
    events = match.apply(1, DRAW_CLOSED)
    assert [event["type"] for event in events] == ["reshuffle", "draw"]
    assert match.deal.open_pile == ["5C"] and match.deal.closed == []
    assert match.deal.hands[1][-1] == "2H"


def test_rm5_without_a_seed_the_shuffle_comes_from_the_secure_source():
    first, second = (RULES.new_match("points", 2) for _ in range(2))
    assert len(first.rng.seed) == 64 and first.rng.seed != second.rng.seed
    assert first.view(0)["hand"] != second.view(0)["hand"]


def test_rm5_at_the_end_of_the_deal_every_hand_is_shown():
    match = table(VALID_13, JUNK_13)
    play(match, (0, DRAW_CLOSED))
    match.apply(0, declare("5C", "3H 4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC 9H"))
    shown = match.view(1)["last_deal"]
    assert [hand["seat"] for hand in shown] == [0, 1]
    assert shown[0]["groups"][0] == ["3H", "4H", "5H", "6H"] and shown[0]["aside"] == "5C"
    laid_out = [card for group in shown[1]["groups"] for card in group] + shown[1]["ungrouped"]
    assert sorted(laid_out) == sorted(cards(JUNK_13))
    assert match.cards_hidden_from(1) == match.deal.closed


def test_rm5_open_hands_show_each_hand_as_dealt_and_as_held_and_a_declarers_card_put_aside():
    match = table(VALID_13, JUNK_13)
    play(match, (0, DRAW_CLOSED))
    match.apply(0, declare("5C", "3H 4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC 9H"))
    assert match.open_hands() == [
        [
            {"label": HandLabel.DEALT, "cards": cards(VALID_13)},
            {"label": HandLabel.HELD, "cards": cards(VALID_13)},
            {"label": HandLabel.ASIDE, "cards": ["5C"]},
        ],
        [
            {"label": HandLabel.DEALT, "cards": cards(JUNK_13)},
            {"label": HandLabel.HELD, "cards": cards(JUNK_13)},
        ],
    ]


def test_rm6_open_hands_keep_the_hand_as_dealt_while_the_hand_held_draws_and_discards():
    match = table(VALID_13, JUNK_13)
    play(match, (0, DRAW_CLOSED), (0, discard("3H")))
    dealt, held = match.open_hands()[0]
    assert dealt == {"label": HandLabel.DEALT, "cards": cards(VALID_13)}
    assert held == {"label": HandLabel.HELD, "cards": match.view(0)["hand"]}
    assert "5C" in held["cards"] and "3H" not in held["cards"]


def test_rm24_a_seat_not_dealt_in_has_no_open_hand():
    match = table(VALID_13, "", JUNK_13, variant="pool101")
    assert match.open_hands()[1] == []


def test_rm30_a_state_stored_before_the_hands_as_dealt_were_kept_still_shows_the_hands_held():
    match = table(VALID_13, JUNK_13)
    play(match, (0, DRAW_CLOSED), (0, discard("3H")))
    state = json.loads(json.dumps(match.to_json()))
    del state["deal"]["as_dealt"]
    old = RULES.from_json(state)
    assert old.open_hands() == [[hand[1]] for hand in match.open_hands()]
    play(old, (1, DRAW_CLOSED))  # and it plays on


def test_rm6_a_turn_is_a_draw_to_14_then_a_discard_to_13():
    match = table(VALID_13, JUNK_13)
    refused(match, 0, discard("3H"), "not_now")
    match.apply(0, DRAW_CLOSED)
    assert len(match.view(0)["hand"]) == 14
    refused(match, 0, DRAW_CLOSED, "not_now")
    match.apply(0, discard("5C"))
    assert len(match.view(0)["hand"]) == 13 and match.to_move() == [1]
    assert match.view(1)["open_top"] == "5C"


@pytest.mark.parametrize("joker", ["PJ", "9D"])
def test_rm7_a_joker_can_never_be_taken_from_the_open_pile(joker):
    match = table(VALID_13, JUNK_13, open_pile=f"2H {joker}")
    refused(match, 0, DRAW_OPEN, "joker_from_open_pile")
    assert DRAW_OPEN not in match.legal_actions(0)


def test_rm8_the_card_taken_from_the_open_pile_cannot_go_straight_back():
    match = table(VALID_13, JUNK_13, open_pile="KH")
    match.apply(0, DRAW_OPEN)
    refused(match, 0, discard("KH"), "taken_from_open_pile")
    assert discard("KH") not in match.legal_actions(0)


def test_rm8_nor_can_it_be_the_card_put_aside_at_a_show():
    match = table(VALID_13, JUNK_13, open_pile="KH")
    match.apply(0, DRAW_OPEN)
    show = declare("KH", "3H 4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC 9H")
    refused(match, 0, show, "taken_from_open_pile")
    declares = [a for a in match.legal_actions(0) if a["type"] == "declare"]
    assert [a["discard"] for a in declares] != ["KH"]


def test_rm13_a_valid_show_as_laid_out_wins_the_deal():
    match = table(VALID_13, JUNK_13)
    match.apply(0, DRAW_CLOSED)
    events = match.apply(0, declare("5C", "3H 4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC 9H"))
    assert events[0] == {"type": "declare", "seat": 0, "valid": True}
    assert match.is_over() and match.result()["winners"] == [0]


def test_rm13_the_engine_offers_its_best_show_among_the_legal_actions():
    match = table(VALID_13, JUNK_13)
    match.apply(0, DRAW_CLOSED)
    offered = [action for action in match.legal_actions(0) if action["type"] == "declare"]
    assert len(offered) == 1
    match.apply(0, offered[0])
    assert match.result()["winners"] == [0]


def test_a_show_must_lay_out_exactly_the_cards_held():
    match = table(VALID_13, JUNK_13)
    match.apply(0, DRAW_CLOSED)
    refused(
        match, 0, declare("5C", "3H 4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC"), "not_your_cards"
    )
    refused(
        match,
        0,
        declare("5C", "3H 4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC KC"),
        "not_your_cards",
    )
    refused(match, 0, {"type": "declare", "discard": "5C", "groups": "3H 4H"}, "bad_groups")
    refused(match, 0, {"type": "declare", "discard": "5C", "groups": [[]]}, "bad_groups")
    refused(match, 0, {"type": "declare", "discard": "ZZ", "groups": [["3H"]]}, "bad_card")


def test_rm15_a_wrong_show_costs_80_and_the_others_play_on():
    match = table(VALID_13, JUNK_13, LOOSE_13)
    match.apply(0, DRAW_CLOSED)
    events = match.apply(0, declare("5C", "3H 4H 5H 6H 10S JS PJ", "7C 7D 7S", "QD QC 9H"))
    assert events[0]["valid"] is False and events[0]["points"] == 80
    assert match.to_move() == [1] and match.view(0)["seats"][0]["status"] == "wrong_show"
    assert events[0]["reason_code"] == "invalid_group"
    assert "is not a sequence or a set" in match.view(0)["own_show"]["reason"]


def test_rm15_when_only_one_player_is_left_that_player_wins_the_deal():
    match = table(VALID_13, JUNK_13, LOOSE_13)
    match.apply(0, DRAW_CLOSED)
    match.apply(0, declare("5C", "3H 4H 5H 6H 10S JS PJ", "7C 7D 7S", "QD QC 9H"))
    match.apply(1, DROP)
    assert match.is_over()
    assert match.result()["scores"] == [-80, -20, 100]  # RM-23: the winner takes both


def test_rm17_a_drop_before_any_draw_costs_20_and_after_one_costs_40():
    match = table(VALID_13, JUNK_13, LOOSE_13, closed="KS 8H 5C 4S")
    play(match, (0, DRAW_CLOSED), (0, discard("4S")))
    assert match.apply(1, DROP)[0]["points"] == 20  # seat 1 had not drawn yet
    play(match, (2, DRAW_CLOSED), (2, discard("5C")))
    assert match.apply(0, DROP)[0]["points"] == 40  # seat 0 had drawn once


def test_rm17_a_drop_is_only_at_the_start_of_ones_own_turn():
    match = table(VALID_13, JUNK_13)
    refused(match, 1, DROP, "not_your_turn")
    match.apply(0, DRAW_CLOSED)
    refused(match, 0, DROP, "not_now")


def test_rm17_drop_cost_says_20_before_any_draw_40_after_and_nothing_when_a_drop_is_no_move():
    match = table(VALID_13, JUNK_13, LOOSE_13, closed="KS 8H 5C 4S")
    assert [match.drop_cost(seat) for seat in range(3)] == [20, None, None]
    match.apply(0, DRAW_CLOSED)
    assert match.drop_cost(0) is None  # holding 14: discard or declare
    match.apply(0, discard("4S"))
    assert [match.drop_cost(seat) for seat in range(3)] == [None, 20, None]
    play(match, (1, DRAW_CLOSED), (1, discard("5C")), (2, DRAW_CLOSED), (2, discard("8H")))
    assert match.drop_cost(0) == 40
    assert match.apply(0, DROP)[0]["points"] == 40


def test_rm26_deals_rummy_has_no_drop_to_cost():
    assert table(VALID_13, JUNK_13, variant="deals2").drop_cost(0) is None


@pytest.mark.parametrize("variant", ["points", "pool201"])
def test_rm17_drop_cost_is_what_the_drop_would_charge_whenever_a_drop_is_a_move(variant):
    """At every step of random play, for every seat: a cost exactly when a drop is legal, and
    the very points that drop charges, tried on a copy."""
    match = RULES.new_match(variant, 4, seed=variant)

    def check(match, _seat, _action):
        for seat in range(4):
            cost = match.drop_cost(seat)
            assert (cost is not None) is (DROP in match.legal_actions(seat))
            if cost is not None:
                trial = RULES.from_json(match.to_json())
                assert trial.apply(seat, DROP)[0] == {"type": "drop", "seat": seat, "points": cost}

    play_randomly(match, random.Random(variant), on_step=check)


def test_rm29_the_history_says_who_discarded_and_took_what_but_not_what_was_drawn_face_down():
    match = table(VALID_13, JUNK_13, open_pile="KH")
    play(match, (0, DRAW_OPEN), (0, discard("3H")), (1, DRAW_CLOSED), (1, discard("5C")))
    assert match.view(1)["history"][1:] == [
        {"type": "draw", "seat": 0, "source": "open", "card": "KH"},
        {"type": "discard", "seat": 0, "card": "3H"},
        {"type": "draw", "seat": 1, "source": "closed"},
        {"type": "discard", "seat": 1, "card": "5C"},
    ]


def test_rm29_the_history_keeps_the_last_30_moves():
    match = RULES.new_match("deals2", 2, seed=9)
    for _ in range(40):
        seat = match.to_move()[0]
        match.apply(seat, match.default_action(seat))
    assert len(match.view(0)["history"]) == 30


def test_rm30_a_stored_deal_resumes_exactly_where_it_stopped():
    match = table(VALID_13, JUNK_13, open_pile="KH")
    match.apply(0, DRAW_OPEN)
    resumed = RULES.from_json(json.loads(json.dumps(match.to_json())))
    assert snapshot(resumed) == snapshot(match)
    refused(resumed, 0, discard("KH"), "taken_from_open_pile")  # RM-8 survives the reload
    assert resumed.apply(0, discard("3H")) == match.apply(0, discard("3H"))


def test_a_timeout_draws_from_the_closed_deck_then_discards_the_card_drawn():
    match = table(VALID_13, JUNK_13)
    assert match.default_action(0) == DRAW_CLOSED
    match.apply(0, DRAW_CLOSED)
    assert match.default_action(0) == discard("5C")


def test_a_timeout_after_taking_from_the_open_pile_discards_another_card():
    match = table(VALID_13, JUNK_13, open_pile="KH")
    match.apply(0, DRAW_OPEN)
    assert match.default_action(0)["card"] != "KH"
    assert match.default_action(0) in match.legal_actions(0)


def test_a_seat_sees_its_own_hand_and_the_table_but_no_other_hand():
    match = table(VALID_13, JUNK_13)
    view = match.view(0)
    assert view["hand"] == cards(VALID_13)
    assert (view["open_top"], view["closed_count"], view["turn"]) == ("2H", 3, 0)
    assert leaked_cards(view, match, 0) == [] and '"JD"' not in json.dumps(view)
    assert match.view(None)["hand"] == [] and match.view(None)["to_move"] == [0]
