"""Court Piece audited through the public contract only: chosen deals (``match_from_hands``)
and seeded matches (``GAMES["courtpiece"].new_match``), then ``legal_actions``, ``apply``,
``default_action``, ``view``, ``result``, ``to_json`` and ``from_json``. Each test names the
rule it checks (RULES.md CP-1 .. CP-20, the seed page winning where they differ).

The deals of ``courtpiece_deals`` are dealt by seat 1: seat 0 chooses trump and leads, seat 2
is its partner, and play goes 0, 3, 2, 1 (CP-1). At the end a referee written from the rules
alone follows random matches of every variant and checks each legal-action list, each trick,
each deal's result, the next dealer and the score against the engine.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.engine import GAMES, IllegalAction
from games.engine.base import leaked_cards
from games.engine.cards import is_card_code, rank_of, standard_deck, suit_of
from tests.games.engine.conformance import snapshot
from tests.games.engine.courtpiece_deals import (
    HIDDEN_HEART,
    ONE_SUIT_EACH,
    WEAK_CALL,
    act,
    hands,
    kinds,
    play_out,
    start,
)

RULES = GAMES["courtpiece"]
VIEWERS = (None, 0, 1, 2, 3)

RANKS = {code: index for index, code in enumerate([*"23456789", "10", *"JQKA"], 2)}

ALTERNATING = hands(
    "AH KH QH 2C 3C  4C 5C 6C 2S 3S 4S 5S 6S",
    "5H 6H 7H 8H 9H  10H JH JS QS KS AS KD AD",
    "AC KC QC JC 10C  9C 9S 10S 8D 9D 10D JD QD",
    "2H 3H 4H 7C 8C  7S 8S 2D 3D 4D 5D 6D 7D",
)
"""Seat 0 leads hearts from the top and low clubs; seat 2, its partner, holds the top clubs;
seat 1 holds no clubs and seat 2 no hearts."""


def refused(match, seat, move) -> str:
    """The refusal code for ``move``, having checked that it changed nothing."""
    before = snapshot(match)
    with pytest.raises(IllegalAction) as refusal:
        match.apply(seat, move)
    assert snapshot(match) == before
    return refusal.value.code


def cards(actions) -> list[str]:
    return [action["card"] for action in actions if action["type"] == "play"]


def others(actions) -> list[dict[str, Any]]:
    """The actions that are not a card: asking, showing, passing, changing."""
    return [action for action in actions if action["type"] not in ("play", "hide")]


def no_leaks(match) -> None:
    for viewer in VIEWERS:
        assert leaked_cards(match.view(viewer), match, viewer) == []


# -- CP-1 ------------------------------------------------------------------------------------


def test_play_goes_to_the_right_from_whoever_leads_and_the_winner_leads_next_CP_1_CP_4():
    match = start("single_sar", HIDDEN_HEART)
    act(match, "call H")
    movers = []
    for card in ("2C", "QC", "6C", "2S"):  # 0 leads; 3 wins with QC
        movers.append(match.to_move()[0])
        act(match, f"play {card}")
    assert movers == [0, 3, 2, 1] and match.to_move() == [3]
    movers = []
    for card in ("KH", "3H", "7H", "2H"):
        movers.append(match.to_move()[0])
        act(match, f"play {card}")
    assert movers == [3, 2, 1, 0] and match.to_move() == [3]  # KH wins, 3 leads again
    assert match.view(None)["leader"] == 3 and match.view(None)["tricks"] == [0, 2]


def test_only_the_seat_to_move_has_legal_actions_and_others_are_refused_CP_1():
    match = start("hidden", HIDDEN_HEART)
    for seat in (1, 2, 3):
        assert match.legal_actions(seat) == []
        assert refused(match, seat, {"type": "pass"}) == "not_your_turn"
    with pytest.raises(IllegalAction):
        match.default_action(2)


# -- CP-2 ------------------------------------------------------------------------------------


def test_the_same_seed_deals_the_same_cards_and_the_draw_names_no_card_CP_2():
    first = RULES.new_match("hidden", 4, seed="audit")
    second = RULES.new_match("hidden", ["a", "b", "c", "d"], seed="audit")
    assert first.to_json() == second.to_json()
    draw = first.history[0]
    assert draw["type"] == "draw"
    assert not any(
        is_card_code(value) for rnd in draw["rounds"] for p in rnd for value in p.values()
    )
    no_leaks(first)


@pytest.mark.parametrize(
    ("deal", "call", "kind", "team", "next_dealer"),
    [
        (ONE_SUIT_EACH, "S", "kot", 0, 3),  # the opponents of dealer 1 swept: the partner deals
        (WEAK_CALL, "H", "goon_kot", 1, 0),  # the dealer's own team swept: the right deals
        (HIDDEN_HEART, "C", "win", 0, 1),  # the dealer's team lost: the same dealer again
        (HIDDEN_HEART, "S", "win", 1, 0),  # the dealer's team won: the right deals
    ],
)
def test_who_deals_next_is_played_out_through_the_contract_CP_2(
    deal, call, kind, team, next_dealer
):
    match = start("single_sar", deal)
    act(match, f"call {call}")
    play_out(match)
    assert (match.last_deal["kind"], match.last_deal["team"]) == (kind, team)
    assert match.to_move() == [next_dealer]
    assert match.legal_actions(next_dealer) == [{"type": "next_deal"}]
    assert match.default_action(next_dealer) == {"type": "next_deal"}
    for seat in set(range(4)) - {next_dealer}:
        assert refused(match, seat, {"type": "next_deal"}) == "not_your_turn"
    assert act(match, "next_deal") == [
        {"type": "deal", "deal": 2, "dealer": next_dealer, "chooser": (next_dealer - 1) % 4}
    ]
    view = match.view(None)
    assert (view["phase"], view["dealer"], view["chooser"]) == (
        "choose",
        next_dealer,
        (next_dealer - 1) % 4,
    )
    assert view["hand_sizes"] == [5, 5, 5, 5] and view["trump"] is None and view["caller"] is None
    assert match.to_move() == [(next_dealer - 1) % 4]


def test_the_choosers_team_calls_even_when_the_partner_names_trump_CP_7():
    """Seat 0 passes; its partner seat 2 calls. Seat 0's team is still the calling team: its
    sweep is a kot, not a goon kot."""
    match = start("single_sar", ONE_SUIT_EACH)
    act(match, "pass", "call D")
    assert match.view(None)["caller"] == 2
    play_out(match)
    assert match.last_deal["team"] == 0 and match.last_deal["kind"] == "kot"


def test_the_match_ends_at_the_target_and_a_plain_win_counts_one_CP_2():
    match = start("single_sar", HIDDEN_HEART, target=1)
    act(match, "call C")
    play_out(match)
    assert match.last_deal["kind"] == "win" and match.last_deal["points"] == 1
    assert match.is_over() and match.to_move() == []
    result = match.result()
    assert result["winners"] == [0, 2] and result["team_scores"] == [1, 0]
    assert result["ranks"] == [1, 2, 1, 2] and result["scores"] == [1, 0, 1, 0]
    for seat in range(4):
        assert match.legal_actions(seat) == []
        assert refused(match, seat, {"type": "next_deal"}) == "match_over"
        with pytest.raises(IllegalAction):
            match.default_action(seat)
    assert match.view(None)["over"] and match.view(None)["result"] == result


# -- CP-3 ------------------------------------------------------------------------------------


def test_only_the_first_five_are_seen_before_trump_and_all_13_after_CP_3():
    match = start("hidden", HIDDEN_HEART)
    for seat in range(4):
        assert match.view(seat)["hand"] == sorted_five(HIDDEN_HEART[seat])
    no_leaks(match)
    act(match, "hide 2H")
    assert match.view(1)["hand_sizes"] == [12, 13, 13, 13]
    assert sorted(match.view(1)["hand"]) == sorted(HIDDEN_HEART[1])


def sorted_five(hand: list[str]) -> list[str]:
    order = "SHDC"
    return sorted(hand[:5], key=lambda card: (order.index(card[-1]), RANKS[card[:-1]]))


# -- CP-5 ------------------------------------------------------------------------------------


def test_the_exact_choices_on_the_first_five_in_an_open_game_CP_5():
    match = start("single_sar", HIDDEN_HEART)
    assert match.legal_actions(0) == [
        {"type": "call", "suit": "S"},
        {"type": "call", "suit": "H"},
        {"type": "call", "suit": "C"},
        {"type": "pass"},
    ]
    assert refused(match, 0, {"type": "luck"}) == "cannot_take_luck"
    act(match, "pass")
    assert match.legal_actions(2) == [
        {"type": "call", "suit": "H"},
        {"type": "call", "suit": "D"},
        {"type": "luck"},
    ]
    assert refused(match, 2, {"type": "pass"}) == "cannot_pass"
    assert refused(match, 2, {"type": "call", "suit": "S"}) == "suit_not_held"
    assert refused(match, 0, {"type": "call", "suit": "S"}) == "not_your_turn"


def test_the_exact_choices_on_the_first_five_in_hidden_trump_CP_5_CP_8():
    match = start("hidden", HIDDEN_HEART)
    assert match.legal_actions(0) == [
        *({"type": "hide", "card": card} for card in ["KS", "AS", "2H", "8C", "9C"]),
        {"type": "pass"},
    ]
    assert refused(match, 0, {"type": "call", "suit": "S"}) == "not_in_this_game"
    act(match, "pass")
    assert match.legal_actions(2) == [
        *({"type": "hide", "card": card} for card in ["3H", "4H", "5H", "6H", "5D"]),
        {"type": "luck"},
    ]
    assert refused(match, 2, {"type": "hide", "card": "AH"}) == "not_in_hand"  # not of the five


def test_the_chooser_has_20_seconds_and_10_only_in_their_own_first_game_CP_5():
    assert start("hidden", HIDDEN_HEART).decision_seconds() == 20
    match = start("hidden", HIDDEN_HEART, first_game_seats=[0, 2])
    assert match.decision_seconds() == 10
    assert [match.view(seat)["decision_seconds"] for seat in VIEWERS] == [10] * 5
    act(match, "pass")
    assert match.decision_seconds() == 20  # the partner has 20 seconds, first game or not
    act(match, "hide 3H")
    assert match.decision_seconds() is None
    match = start("single_sar", HIDDEN_HEART, first_game_seats=[2])
    assert match.decision_seconds() == 20
    act(match, "pass")
    assert match.decision_seconds() == 20


def test_a_timeout_passes_once_and_then_turns_the_luck_card_CP_5():
    match = start("hidden", HIDDEN_HEART)
    assert match.default_action(0) == {"type": "pass"}
    act(match, "pass")
    assert match.to_move() == [2]
    assert match.default_action(2) == {"type": "luck"}
    events = match.apply(2, match.default_action(2))
    assert events == [{"type": "luck", "seat": 1, "caller": 0}]
    assert match.view(None)["phase"] == "play" and match.to_move() == [0]


def test_the_luck_card_of_an_open_game_is_one_of_the_first_choosers_13_face_up_CP_5_CP_17():
    """HIDDEN_HEART: seat 0's last card, 5C, is the one the luck card takes."""
    match = start("single_sar", HIDDEN_HEART)
    events = act(match, "pass", "luck")
    assert events[-1] == {"type": "luck", "seat": 1, "caller": 0, "card": "5C", "suit": "C"}
    for viewer in VIEWERS:
        view = match.view(viewer)
        assert (view["caller"], view["trump"], view["trump_card"]) == (0, "C", "5C")
        assert view["hand_sizes"] == [13, 13, 13, 13]
    assert sorted(match.view(0)["hand"]) == sorted(HIDDEN_HEART[0])
    assert "5C" not in match.cards_hidden_from(3)  # face up: everyone knows where it is
    no_leaks(match)
    assert match.to_move() == [0]  # the chooser leads, as always


def test_when_nobody_called_an_open_game_the_first_chooser_may_change_trump_CP_16_CP_17():
    match = start("double_sar", HIDDEN_HEART, change_trump=True)
    act(match, "pass", "luck")
    assert match.to_move() == [0] and match.view(None)["phase"] == "confirm"
    assert match.legal_actions(0) == [
        {"type": "change_trump", "suit": "S"},
        {"type": "change_trump", "suit": "H"},
        {"type": "keep_trump"},
    ]
    assert match.default_action(0) == {"type": "keep_trump"}
    assert match.decision_seconds() is None


# -- CP-8 ------------------------------------------------------------------------------------


def test_the_partner_may_hide_after_a_pass_and_only_they_know_the_card_CP_8():
    match = start("hidden", HIDDEN_HEART)
    events = act(match, "pass", "hide 6H")
    assert events[-1] == {"type": "hide", "seat": 2}
    assert match.view(2)["face_down"] == {"seat": 2, "card": "6H", "suit": "H", "face_up": False}
    for viewer in (None, 0, 1, 3):
        assert match.view(viewer)["face_down"]["card"] is None
        assert "6H" in match.cards_hidden_from(viewer)
    assert match.view(0)["hand_sizes"] == [13, 13, 12, 13]
    assert match.to_move() == [0]  # the chooser leads, whoever called
    assert {"type": "reveal"} not in match.legal_actions(0)  # seat 0 is not the caller
    assert refused(match, 0, {"type": "reveal"}) == "cannot_reveal"
    no_leaks(match)


def test_the_face_down_card_is_never_offered_and_is_refused_while_down_CP_8():
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H")
    assert "2H" not in cards(match.legal_actions(0))
    assert refused(match, 0, {"type": "play", "card": "2H"}) == "face_down"
    act(match, "play AS", "play 10D", "play 5D", "play 8S")
    act(match, "play 2C", "play AC", "play 6C")  # seat 1 is void in clubs
    assert refused(match, 1, {"type": "play", "card": "2H"}) == "not_in_hand"  # not its card


def test_an_unseen_luck_card_is_refused_like_any_card_not_held_CP_12():
    """Asking to play the unseen card must not tell the first chooser that it lies there."""
    match = start("hidden", HIDDEN_HEART)
    act(match, "pass", "luck")
    unseen = refused_with_message(match, 0, "5C")
    not_held = refused_with_message(match, 0, "6C")
    assert unseen == ("not_in_hand", "You do not hold 5C.")
    assert not_held == ("not_in_hand", "You do not hold 6C.")


def refused_with_message(match, seat, card) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as refusal:
        match.apply(seat, {"type": "play", "card": card})
    return refusal.value.code, refusal.value.message


# -- CP-9 ------------------------------------------------------------------------------------


def test_a_void_player_is_offered_every_card_and_asking_exactly_CP_9():
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H", "play AS")
    actions = match.legal_actions(3)
    assert cards(actions) == match.view(3)["hand"] and len(cards(actions)) == 13
    assert others(actions) == [{"type": "ask_trump"}]
    assert match.default_action(3) == {"type": "play", "card": "6D"}  # the lowest, not asking


def test_after_asking_the_asker_must_trump_but_the_next_void_player_need_not_CP_9():
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H", "play AS", "ask_trump")
    assert match.legal_actions(3) == [{"type": "play", "card": "KH"}]
    assert match.default_action(3) == {"type": "play", "card": "KH"}
    assert all(match.view(viewer)["must_play_trump"] for viewer in VIEWERS)
    act(match, "play KH")
    assert not match.view(None)["must_play_trump"]
    actions = match.legal_actions(2)  # void in spades, holds hearts: free, and cannot ask again
    assert cards(actions) == match.view(2)["hand"] and others(actions) == []
    assert refused(match, 2, {"type": "ask_trump"}) == "cannot_ask_trump"
    act(match, "play 5D")
    assert others(match.legal_actions(1)) == []


def test_an_asker_who_holds_no_trump_may_play_any_card_CP_9():
    match = start("hidden", ONE_SUIT_EACH)
    act(match, "hide 2S", "play 3S", "ask_trump")
    assert match.view(None)["trump"] == "S" and match.view(None)["must_play_trump"]
    assert cards(match.legal_actions(3)) == match.view(3)["hand"]  # thirteen clubs


def test_the_caller_void_in_the_led_suit_may_ask_and_the_led_suit_can_be_trump_CP_9_CP_11():
    """Seat 3 leads KH before the reveal; seat 0, whose only heart (2H) lies face down, asks.
    2H comes back to its hand and must follow suit; played after the reveal it is a trump and
    beats the KH, 3H and 7H played before it (CP-11 literally)."""
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H", "play 2C", "play AC", "play 6C", "play 2S")
    act(match, "play KH", "play 3H", "play 7H")
    assert match.to_move() == [0] and {"type": "ask_trump"} in match.legal_actions(0)
    events = act(match, "ask_trump")
    assert events[-1] == {"type": "trump_shown", "seat": 0, "card": "2H", "suit": "H"}
    assert match.legal_actions(0) == [{"type": "play", "card": "2H"}]
    events = act(match, "play 2H")
    assert [(play["card"], play["trump"]) for play in match.view(1)["last_trick"]] == [
        ("KH", False),
        ("3H", False),
        ("7H", False),
        ("2H", True),
    ]
    assert events[-1] == {"type": "trick", "number": 2, "winner": 0}


def test_open_games_offer_neither_asking_nor_showing_CP_9():
    match = start("single_sar", HIDDEN_HEART)
    act(match, "call H", "play AS")
    assert others(match.legal_actions(3)) == []
    assert refused(match, 3, {"type": "ask_trump"}) == "not_in_this_game"
    assert refused(match, 3, {"type": "reveal"}) == "not_in_this_game"


# -- CP-10 -----------------------------------------------------------------------------------


def test_the_caller_shows_on_their_lead_only_and_must_lead_a_trump_CP_10():
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H")
    assert others(match.legal_actions(0)) == [{"type": "reveal"}]
    assert match.default_action(0) == {"type": "play", "card": "2C"}  # a timeout does not show
    events = act(match, "reveal")
    assert events == [{"type": "trump_shown", "seat": 0, "card": "2H", "suit": "H"}]
    assert match.to_move() == [0] and match.legal_actions(0) == [{"type": "play", "card": "2H"}]
    assert refused(match, 0, {"type": "reveal"}) == "cannot_reveal"
    events = act(match, "play 2H")
    assert events[0] == {"type": "play", "seat": 0, "card": "2H", "trump": True}
    assert cards(match.legal_actions(3)) == ["KH"]  # following suit as always (CP-4)


def test_a_caller_following_suit_cannot_show_the_card_CP_10():
    match = start("hidden", HIDDEN_HEART)
    act(match, "pass", "hide 6H", "play AS", "play 10D")
    assert match.to_move() == [2]
    assert others(match.legal_actions(2)) == [{"type": "ask_trump"}]  # void in spades
    assert refused(match, 2, {"type": "reveal"}) == "cannot_reveal"


def test_a_caller_left_with_only_the_face_down_card_must_show_it_CP_8_CP_10():
    """ONE_SUIT_EACH, seat 0 hides 2S and wins twelve spade tricks; its last card is down."""
    match = start("mendikot", ONE_SUIT_EACH)
    act(match, "hide 2S")
    for _ in range(12):
        act(match, f"play {match.legal_actions(0)[0]['card']}")
        while match.to_move() != [0]:
            seat = match.to_move()[0]
            match.apply(seat, match.default_action(seat))
    assert match.view(0)["hand"] == [] and match.legal_actions(0) == [{"type": "reveal"}]
    assert match.default_action(0) == {"type": "reveal"}
    act(match, "reveal")
    assert match.legal_actions(0) == [{"type": "play", "card": "2S"}]


# -- CP-11 -----------------------------------------------------------------------------------


def test_trump_suit_cards_thrown_in_earlier_tricks_were_never_trumps_CP_11():
    """Seat 3, void in spades, throws KH without asking: the AS still wins. Hearts are shown
    later; the KH in the last trick stays a plain card."""
    match = start("hidden", HIDDEN_HEART)
    events = act(match, "hide 2H", "play AS", "play KH", "play 3H", "play 8S")
    assert events[-1] == {"type": "trick", "number": 1, "winner": 0}
    act(match, "play KS", "ask_trump")
    assert [(p["card"], p["trump"]) for p in match.view(None)["last_trick"]][1] == ("KH", False)
    assert match.view(None)["trump"] == "H"


# -- CP-12 -----------------------------------------------------------------------------------


def test_the_unseen_luck_card_comes_from_the_stock_not_from_the_first_five_CP_12():
    match = start("hidden", HIDDEN_HEART)
    act(match, "pass", "luck")
    view = match.view(0)
    assert set(HIDDEN_HEART[0][:5]) <= set(view["hand"]) and len(view["hand"]) == 12
    assert view["caller"] == 0 and view["trump"] is None and view["trump_card"] is None
    for viewer in VIEWERS:
        assert match.view(viewer)["face_down"]["card"] is None
    assert others(match.legal_actions(0)) == [{"type": "reveal"}]
    no_leaks(match)


def test_the_unseen_card_shown_on_the_first_choosers_lead_binds_them_to_trump_CP_12_CP_10():
    match = start("mendikot", HIDDEN_HEART)
    act(match, "pass", "luck", "reveal")
    assert match.view(3)["trump"] == "C" and match.view(3)["trump_card"] == "5C"
    assert cards(match.legal_actions(0)) == ["2C", "3C", "4C", "5C", "8C", "9C"]


# -- CP-13 -----------------------------------------------------------------------------------


def test_the_face_down_card_stays_face_up_once_the_match_is_over_CP_13():
    match = start("hidden", HIDDEN_HEART, target=1)
    act(match, "hide 2H")
    events = play_out(match)
    assert "trump_shown" not in kinds(events) and match.is_over()
    for viewer in VIEWERS:
        assert match.view(viewer)["face_down"] == {
            "seat": 0,
            "card": "2H",
            "suit": "H",
            "face_up": True,
        }
    no_leaks(match)


def test_a_shown_trump_leaves_nothing_face_down_at_the_end_CP_13():
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H", "reveal")
    events = play_out(match)
    assert "face_down_card" not in events[-1] and match.view(None)["face_down"] is None


def test_the_next_deal_starts_with_nothing_face_down_CP_13():
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H")
    play_out(match)
    act(match, "next_deal")
    view = match.view(None)
    assert view["face_down"] is None and view["trump"] is None and view["trump_card"] is None
    assert view["must_play_trump"] is False and view["tricks"] == [0, 0]


# -- CP-6, CP-7, CP-14 -------------------------------------------------------------------------


def test_seven_against_one_or_more_is_a_plain_win_in_hidden_trump_CP_14():
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H", "play AS")  # seat 0 takes the first trick; then the lowest cards
    play_out(match)
    assert match.last_deal["tricks"] == [1, 7] and match.last_deal["kind"] == "win"
    assert match.view(None)["tricks_played"] == 8


def test_a_goon_kot_in_hidden_trump_CP_14():
    match = start("hidden", WEAK_CALL)
    act(match, "hide 2H")
    play_out(match)
    assert (match.last_deal["kind"], match.last_deal["tricks"]) == ("goon_kot", [0, 7])


# -- CP-15 -----------------------------------------------------------------------------------


def test_changing_cards_keeps_the_deck_whole_and_the_choice_on_the_clock_CP_15_CP_5():
    match = start("hidden", HIDDEN_HEART, change_cards=True)
    assert others(match.legal_actions(0)) == [{"type": "pass"}, {"type": "change_cards"}]
    act(match, "change_cards")
    assert match.to_move() == [0] and match.decision_seconds() == 20
    assert others(match.legal_actions(0)) == [{"type": "pass"}]
    assert sorted(match.cards_hidden_from(None)) == sorted(standard_deck())
    no_leaks(match)


# -- CP-18 -----------------------------------------------------------------------------------


def test_partners_winning_in_turn_do_not_make_a_pair_only_one_player_does_CP_18():
    match = start("double_sar", ALTERNATING)
    act(match, "call H", "play AH", "play 2H", "play 8D", "play 5H")
    assert match.view(None)["streak"] == {"seat": 0, "tricks": 1}
    act(match, "play 2C", "play 7C", "play AC", "play JS")  # seat 2, the partner, wins
    assert match.view(None)["streak"] == {"seat": 2, "tricks": 1}
    assert (match.view(None)["pile"], match.view(None)["tricks"]) == (2, [0, 0])
    events = act(match, "play KC", "play QS", "play 3C", "play 8C")
    assert events[-1] == {"type": "collect", "seat": 2, "tricks": 3}
    assert (match.view(None)["pile"], match.view(None)["tricks"]) == (0, [3, 0])


# -- CP-19 -----------------------------------------------------------------------------------


def test_in_be_ranga_trump_is_set_once_by_the_first_void_and_counts_from_then_CP_19():
    match = start("be_ranga", ALTERNATING)
    assert match.to_move() == [0] and others(match.legal_actions(0)) == []
    events = act(match, "play AH", "play 2H", "play 8D")
    assert events[-1] == {"type": "trump_set", "seat": 2, "suit": "D"}
    events = act(match, "play 5H")
    assert events[-1] == {"type": "trick", "number": 1, "winner": 2}  # 8D, the first trump
    act(match, "play 9C", "play KD", "play 4C", "play 7C")  # seat 1 trumps a club lead
    assert match.view(None)["last_trick"][1] == {"seat": 1, "card": "KD", "trump": True}
    assert match.to_move() == [1]
    act(match, "play AS", "play 2S", "play 7S", "play 9S")
    act(match, "play KS", "play 3S", "play 8S", "play 10S")
    events = act(match, "play QS", "play 4S", "play 2D", "play 10C")  # 3 is void in spades
    assert "trump_set" not in kinds(events) and match.view(None)["trump"] == "D"
    assert events[-1] == {"type": "trick", "number": 5, "winner": 3}


def test_be_ranga_has_no_trump_call_and_no_clock_CP_19():
    match = start("be_ranga", ALTERNATING)
    assert match.view(None)["phase"] == "play" and match.decision_seconds() is None
    for kind in ("call", "pass", "luck", "ask_trump", "reveal"):
        assert refused(match, 0, {"type": kind, "suit": "H", "card": "AH"}) in (
            "not_now",
            "not_in_this_game",
        )


# -- CP-20 -----------------------------------------------------------------------------------


def test_mendikot_plays_on_after_the_tens_are_decided_and_asks_bind_to_trump_CP_20():
    match = start("mendikot", HIDDEN_HEART)
    act(match, "hide 2H", "play AS", "ask_trump")
    assert match.legal_actions(3) == [{"type": "play", "card": "KH"}]  # CP-9 here too
    play_out(match)
    assert match.view(None)["tricks_played"] == 13
    tens, taken = match.last_deal["tens"], match.last_deal["tricks"]
    team = match.last_deal["team"]
    assert tens[team] >= 3 or (tens[team] == 2 and taken[team] >= 7)


# -- the contract: malformed actions, every phase ---------------------------------------------


MALFORMED = [
    (None, "malformed"),
    ("play", "malformed"),
    (["play", "AS"], "malformed"),
    (7, "malformed"),
    ({}, "malformed"),
    ({"type": None}, "malformed"),
    ({"type": 3}, "malformed"),
    ({"type": ["play"]}, "malformed"),
    ({"type": "PLAY", "card": "AS"}, "unknown_action"),
    ({"type": "draw"}, "unknown_action"),
    ({"type": "play"}, "bad_card"),
    ({"type": "play", "card": None}, "bad_card"),
    ({"type": "play", "card": 14}, "bad_card"),
    ({"type": "play", "card": ""}, "bad_card"),
    ({"type": "play", "card": "11S"}, "bad_card"),
    ({"type": "play", "card": ["AS"]}, "bad_card"),
    ({"type": "hide", "card": {"rank": "A"}}, "bad_card"),
    ({"type": "call", "suit": "X"}, "bad_suit"),
    ({"type": "call", "suit": 1}, "bad_suit"),
    ({"type": "call", "suit": None}, "bad_suit"),
    ({"type": "change_trump", "suit": ""}, "bad_suit"),
]


@pytest.mark.parametrize(("action", "code"), MALFORMED)
@pytest.mark.parametrize("variant", ["single_sar", "hidden", "double_sar"])
def test_a_malformed_action_is_refused_with_its_reason_and_changes_nothing(variant, action, code):
    if variant == "hidden" and isinstance(action, dict) and action.get("type") == "change_trump":
        code = "bad_card"  # a hidden trump is changed by a card
    match = start(variant, HIDDEN_HEART)
    assert refused(match, 0, action) == code


@pytest.mark.parametrize("seat", [-1, 4, "0", None, 0.0, True])
def test_a_seat_that_is_not_a_seat_is_refused(seat):
    match = start("single_sar", HIDDEN_HEART)
    assert refused(match, seat, {"type": "pass"}) == "bad_seat"


def test_a_view_for_a_seat_that_is_not_there_is_refused():
    match = start("single_sar", HIDDEN_HEART)
    for seat in (-1, 4, "0"):
        with pytest.raises(ValueError):
            match.view(seat)


def test_actions_of_another_phase_are_refused_in_every_phase():
    match = start("hidden", HIDDEN_HEART, change_trump=True)
    wrong = {
        "choose": [{"type": "play", "card": "AS"}, {"type": "keep_trump"}, {"type": "next_deal"}],
        "confirm": [{"type": "hide", "card": "AS"}, {"type": "play", "card": "AS"}],
        "play": [{"type": "hide", "card": "AS"}, {"type": "keep_trump"}, {"type": "pass"}],
        "deal_over": [{"type": "play", "card": "AS"}, {"type": "luck"}],
    }
    for moves in (["hide 2H"], ["keep_trump"], None, ["next_deal"]):
        phase = match.view(None)["phase"]
        seat = match.to_move()[0]
        for move in wrong[phase]:
            assert refused(match, seat, move) == "not_now"
        if moves is None:
            play_out(match)
        else:
            act(match, *moves)


def test_extra_fields_and_other_spellings_are_read_canonically():
    match = start("single_sar", HIDDEN_HEART)
    events = match.apply(0, {"type": "call", "suit": " h ", "card": "AS", "x": 1})
    assert events == [{"type": "call", "seat": 0, "suit": "H"}]
    events = match.apply(0, {"type": "play", "card": "a♠", "suit": "D"})
    assert events[0] == {"type": "play", "seat": 0, "card": "AS", "trump": False}


# -- the contract: round trips, views, defaults through whole matches -------------------------


SWEEPS = ("kot", "goon_kot", "mendikot", "whitewash")


@dataclass
class RefereeDeal:
    """One deal as the rules tell it, from the public events."""

    dealer: int
    hidden: bool
    caller: int | None = None
    face_down: bool = False
    trump: str | None = None
    must_trump: int | None = None
    trick: list[tuple[int, str, bool]] = field(default_factory=list)
    taken: list[int] = field(default_factory=lambda: [0, 0])
    tens: list[int] = field(default_factory=lambda: [0, 0])
    played: int = 0
    pile: int = 0
    streak: tuple[int | None, int] = (None, 0)
    outcome: tuple[int | None, str] | None = None

    def __post_init__(self) -> None:
        self.chooser = self.leader = (self.dealer - 1) % 4  # CP-2: the dealer's right

    @property
    def led(self) -> str | None:
        return suit_of(self.trick[0][1]) if self.trick else None


class Referee:
    """Court Piece from RULES.md alone, fed the public events; checks the engine move by move."""

    def __init__(self, variant: str, options: dict[str, Any], dealer: int) -> None:
        self.variant, self.options = variant, options
        self.scores = [0, 0]
        self.new_deal(dealer)

    def new_deal(self, dealer: int) -> None:
        hidden = self.variant in ("hidden", "mendikot") or (
            self.variant == "double_sar" and self.options["hidden_trump"]
        )
        self.deal = RefereeDeal(dealer, hidden)

    def expected_play_actions(self, seat: int, hand: list[str]) -> list[dict[str, Any]]:
        """CP-4 follow suit; CP-9, CP-10 trump when asked or shown; CP-8 the face-down card."""
        deal = self.deal
        following = [card for card in hand if suit_of(card) == deal.led]
        trumps = [card for card in hand if suit_of(card) == deal.trump]
        if following:
            plays = following
        elif deal.must_trump == seat and trumps:
            plays = trumps
        else:
            plays = list(hand)
        actions = [{"type": "play", "card": card} for card in plays]
        if deal.face_down and deal.trick and not following:
            actions.append({"type": "ask_trump"})
        elif deal.face_down and not deal.trick and seat == deal.caller:
            actions.append({"type": "reveal"})
        return actions

    def observe(self, match, seat: int, action: dict[str, Any], events: list[dict]) -> None:
        deal, kind = self.deal, action["type"]
        by_type = {event["type"]: event for event in events}
        if kind == "call":
            deal.caller, deal.trump = seat, action["suit"]
        elif kind == "hide":
            deal.caller, deal.face_down = seat, True
        elif kind == "luck":
            deal.caller = deal.chooser  # CP-12, CP-17
            if deal.hidden:
                deal.face_down = True
            else:
                card = by_type["luck"]["card"]
                assert card in match.view(deal.chooser)["hand"]  # CP-5: one of their 13
                deal.trump = suit_of(card)
        elif kind == "change_trump" and not deal.hidden:
            deal.trump = action["suit"]
        elif kind in ("ask_trump", "reveal"):
            shown = by_type["trump_shown"]
            assert shown["seat"] == deal.caller
            assert shown["card"] in match.view(deal.caller)["hand"]  # CP-11: back in the hand
            deal.trump, deal.face_down, deal.must_trump = suit_of(shown["card"]), False, seat
        elif kind == "play":
            self.play(seat, action["card"], events)
        assert match.view(None)["caller"] == deal.caller

    def play(self, seat: int, card: str, events: list[dict]) -> None:
        deal = self.deal
        if (
            self.variant == "be_ranga"
            and deal.trump is None
            and deal.led not in (None, suit_of(card))
        ):
            deal.trump = suit_of(card)  # CP-19
        is_trump = deal.trump is not None and suit_of(card) == deal.trump  # CP-11
        assert events[0] == {"type": "play", "seat": seat, "card": card, "trump": is_trump}
        deal.must_trump = None
        deal.trick.append((seat, card, is_trump))
        if len(deal.trick) < 4:
            return
        trumps = [play for play in deal.trick if play[2]]
        contenders = trumps or [play for play in deal.trick if suit_of(play[1]) == deal.led]
        winner, winning_card, _ = max(contenders, key=lambda play: RANKS[rank_of(play[1])])
        deal.played += 1
        trick_event = next(event for event in events if event["type"] == "trick")
        assert trick_event == {"type": "trick", "number": deal.played, "winner": winner}
        self.score_trick(winner, winning_card)
        deal.trick, deal.leader = [], winner
        deal.outcome = self.deal_outcome()
        over = [event for event in events if event["type"] == "deal_over"]
        if deal.outcome is None:
            assert over == []
            return
        team, kind = deal.outcome
        points = 0 if team is None else self.options["kot_value"] if kind in SWEEPS else 1
        assert (over[0]["team"], over[0]["kind"], over[0]["points"]) == (team, kind, points)
        if team is not None:
            self.scores[team] += points

    def score_trick(self, winner: int, winning_card: str) -> None:
        deal, team = self.deal, winner % 2
        if self.variant == "mendikot":
            deal.tens[team] += sum(1 for play in deal.trick if rank_of(play[1]) == "10")
        if self.variant != "double_sar":
            deal.taken[team] += 1
            return
        options = self.options  # CP-18 and its table options
        deal.pile += 1
        run_seat, run = deal.streak
        if deal.hidden and deal.trump is None:
            deal.streak = (None, 0)  # a pair must come after the reveal
        else:
            deal.streak = (winner, run + 1 if run_seat == winner else 1)
        pair = deal.streak[1] >= 2
        if deal.played == 2 and options["first_pair_not_tricks_1_2"]:
            pair = False
        if options["ace_pair_does_not_collect"] and rank_of(winning_card) == "A":
            pair = False
        last = deal.played == 13 and options["last_trick_takes_rest"]
        if pair or last:
            deal.taken[team] += deal.pile
            deal.pile, deal.streak = 0, (None, 0)

    def deal_outcome(self) -> tuple[int | None, str] | None:
        deal = self.deal
        taken, calling = deal.taken, deal.chooser % 2

        def sweep(team: int) -> str:
            return "kot" if team == calling else "goon_kot"

        if self.variant == "mendikot":  # CP-20
            if deal.played < 13:
                return None
            team = 0 if (deal.tens[0], taken[0]) > (deal.tens[1], taken[1]) else 1
            if taken[team] == 13:
                return team, "whitewash"
            return team, "mendikot" if deal.tens[team] == 4 else "win"
        if self.variant == "double_sar":  # CP-18
            winner = next((team for team in (0, 1) if taken[team] >= 7), None)
            if winner is not None and taken[1 - winner] > 0:
                return winner, "win"
            if deal.played < 13:
                return None
            if winner is None:
                return None, "drawn"
            return winner, sweep(winner) if taken[winner] == 13 else "win"
        for team in (0, 1):  # CP-6, CP-7, CP-14
            if taken[team] == 7:
                return team, sweep(team) if taken[1 - team] == 0 else "win"
        return None

    def next_dealer(self) -> int:
        """CP-2 as the team chose it: won by the dealer's team, the right deals; lost, the same
        dealer; lost to a sweep, the dealer's partner; drawn, the same dealer."""
        deal = self.deal
        assert deal.outcome is not None
        team, kind = deal.outcome
        if team is None:
            return deal.dealer
        if team == deal.dealer % 2:
            return (deal.dealer - 1) % 4
        return (deal.dealer + 2) % 4 if kind in SWEEPS else deal.dealer


def referee_match(variant: str, seed: int, options: dict[str, Any]) -> None:
    match = RULES.new_match(variant, 4, seed=f"audit-{variant}-{seed}", options=options)
    chooser = random.Random(seed)
    referee = Referee(variant, match.options, match.view(None)["dealer"])
    for _ in range(5000):
        if match.is_over():
            break
        seat = match.to_move()[0]
        view = match.view(seat)
        phase = view["phase"]
        actions = match.legal_actions(seat)
        assert match.default_action(seat) in actions
        for viewer in VIEWERS:
            assert leaked_cards(match.view(viewer), match, viewer) == []
        deal = referee.deal
        if phase == "play":
            assert actions == referee.expected_play_actions(seat, view["hand"])
            assert seat == (deal.leader - len(deal.trick)) % 4  # CP-1: to the right
            assert view["trump"] == deal.trump
        if phase == "choose" and variant != "be_ranga":
            assert seat in (deal.chooser, (deal.chooser + 2) % 4)  # CP-2, CP-5
        if phase == "deal_over":
            assert seat == referee.next_dealer()
            assert match.view(None)["scores"] == referee.scores
        stored = RULES.from_json(json.loads(snapshot(match)))
        assert stored.to_json() == match.to_json()
        assert all(stored.view(viewer) == match.view(viewer) for viewer in VIEWERS)
        action = chooser.choice(actions)
        events = match.apply(seat, action)
        assert stored.apply(seat, action) == events and stored.to_json() == match.to_json()
        if action["type"] == "next_deal":
            referee.new_deal(seat)
        else:
            referee.observe(match, seat, action, events)
    assert match.is_over()
    result = match.result()
    assert result["team_scores"] == referee.scores
    winner = 0 if referee.scores[0] >= match.options["target"] else 1
    assert result["winners"] == [winner, winner + 2]


@pytest.mark.parametrize("variant", RULES.variants)
@pytest.mark.parametrize("seed", range(3))
def test_random_matches_follow_the_rules_move_by_move(variant, seed):
    referee_match(variant, seed, {"target": 3})


@pytest.mark.parametrize(
    "options",
    [
        {"target": 2, "hidden_trump": True},
        {"target": 2, "first_pair_not_tricks_1_2": True, "ace_pair_does_not_collect": True},
        {"target": 2, "last_trick_takes_rest": True, "hidden_trump": True},
        {"target": 2, "change_cards": True, "change_trump": True, "kot_value": 3},
    ],
)
@pytest.mark.parametrize("seed", range(2))
def test_random_double_sar_matches_follow_the_table_options_CP_18(options, seed):
    referee_match("double_sar", seed, options)


@pytest.mark.parametrize("variant", ["single_sar", "hidden", "be_ranga", "mendikot"])
def test_random_matches_with_the_house_features_follow_the_rules_CP_15_CP_16(variant):
    referee_match(variant, 7, {"target": 2, "change_cards": True, "change_trump": True})


@pytest.mark.parametrize("variant", RULES.variants)
def test_a_stored_state_stays_as_it_was_while_play_goes_on(variant):
    """``to_json`` and ``from_json`` share nothing with the match: a state kept as a dict is
    not changed by the match playing on (history included, and across a new deal), nor by
    playing a match restored from it; restoring it again replays the same moves exactly."""
    match = RULES.new_match(variant, 4, seed="stored", options={"target": 9})
    chooser = random.Random(variant)
    for _ in range(120):
        stored = match.to_json()
        frozen = json.loads(json.dumps(stored))
        seat = match.to_move()[0]
        action = chooser.choice(match.legal_actions(seat))
        restored = RULES.from_json(stored)
        events = restored.apply(seat, action)
        assert stored == frozen
        assert match.apply(seat, action) == events and match.to_json() == restored.to_json()
        assert stored == frozen
        again = RULES.from_json(stored)
        assert again.apply(seat, action) == events and again.to_json() == match.to_json()
