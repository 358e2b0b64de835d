"""An independent audit of Hidden Unders against RULES.md HU-1 .. HU-11 and the seed, through the
public contract only (``new_match``, or ``UndersMatch.from_deal`` by way of ``table``;
``legal_actions``, ``apply``, ``default_action``, ``view``, ``result``, ``to_json`` /
``from_json``)."""

from __future__ import annotations

import json
import random
from collections import Counter
from math import comb

import pytest

from games.engine import GAMES, IllegalAction
from games.engine.base import leaked_cards
from games.engine.cards import is_card_code
from tests.games.engine.conformance import snapshot
from tests.games.engine.unders_support import (
    DONE,
    TAKE,
    moves,
    overs,
    play,
    refusal,
    table,
    under,
)

RULES = GAMES["unders"]
FAR_UNDERS = [["AC"], ["AD"], ["AH"]]
"""Unders nobody reaches in these scenarios: a seat with one left is not out."""


def sets(match, seat):
    return [action["cards"] for action in match.legal_actions(seat)]


def kinds(events):
    return [event["type"] for event in events]


# -- HU-1, HU-2: the table, the deal, the first turn -----------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_hu2_each_seat_starts_with_eight_in_hand_four_unders_and_no_overs(players):
    match = RULES.new_match("classic", players, seed=f"deal-{players}")
    view = match.view(None)
    assert view["seats"] == [{"hand_size": 8, "overs": None, "unders_left": 4}] * players
    decks = 1 if players <= 4 else 2
    assert view["deck_size"] == 52 * decks - 12 * players
    assert (view["pile"], view["burned"], match.to_move()) == ({"top": [], "size": 0}, 0, [0])


def test_hu2_the_first_turn_offers_only_every_distinct_choice_of_four_overs():
    match = RULES.new_match("classic", 2, seed="first-turn")
    hand = match.view(0)["hand"]
    offered = [action["cards"] for action in match.legal_actions(0)]
    assert {action["type"] for action in match.legal_actions(0)} == {"overs"}
    assert len(offered) == comb(8, 4) == len({tuple(cards) for cards in offered})
    assert all(len(cards) == 4 and set(cards) <= set(hand) for cards in offered)
    for action in (play(hand[0]), TAKE, DONE, under(0)):
        assert refusal(match, 0, action) == "lay_overs_first"


def test_hu2_a_first_turn_lays_overs_plays_and_draws_back_to_four():
    match = RULES.new_match("classic", 2, seed="first-turn")
    hand = match.view(0)["hand"]
    deck = match.view(None)["deck_size"]
    assert moves(match, (0, overs(*hand[:4]))) == [{"type": "overs", "seat": 0}]
    assert match.view(1)["seats"][0]["overs"] == hand[:4]
    assert match.view(0)["hand"] == hand[4:]
    events = moves(match, (0, play(hand[4])), (0, DONE))
    assert events[-1] == {"type": "done", "seat": 0, "drew": 1}
    assert len(match.view(0)["hand"]) == 4 and match.view(None)["deck_size"] == deck - 1
    assert match.to_move() == [1] and match.view(1)["step"] == "overs"


def test_hu2_twins_from_two_decks_make_one_choice_of_overs():
    hand = ["3S", "3S", "4H", "5D", "6C"]
    match = table([hand, ["3H"], ["3D"], ["3C"], ["4C"]], overs=[None] * 5)
    offered = sets(match, 0)
    assert len(offered) == 4  # drop one of 3S, 4H, 5D, 6C: the two 3S are one card's choice
    assert offered[0] == ["3S", "3S", "4H", "5D"]
    moves(match, (0, overs("3S", "3S", "4H", "5D")))
    assert match.view(0)["hand"] == ["6C"]


@pytest.mark.parametrize(
    "bad",
    [
        overs("3S", "4S", "5S"),
        overs("3S", "4S", "5S", "6S", "7S"),
        overs("3S", "4S", "5S", "KD"),
        overs("3S", "3S", "4S", "5S"),
        {"type": "overs"},
        {"type": "overs", "cards": "3S4S5S6S"},
        {"type": "overs", "cards": ["3S", "4S", "5S", None]},
    ],
)
def test_hu2_overs_that_are_not_four_cards_of_the_hand_are_refused(bad):
    match = table([["3S", "4S", "5S", "6S", "7S"], ["3H"]], overs=[None, None])
    assert refusal(match, 0, bad) in {"four_overs", "not_held", "bad_cards", "bad_card"}


# -- HU-3: what may go on the pile -------------------------------------------------------------


def test_hu3_anything_starts_a_pile_and_sets_of_one_rank_go_together():
    match = table([["4S", "4H", "9D", "KC"], ["3H"]], unders=FAR_UNDERS[:2])
    assert sets(match, 0) == [["4S"], ["4H"], ["4S", "4H"], ["9D"], ["KC"]]


def test_hu3_exactly_the_matching_higher_and_special_cards_play_on_a_9():
    hand = ["2D", "5S", "8C", "9S", "10H", "JD", "JC", "AS"]
    match = table([hand, ["3H"]], unders=FAR_UNDERS[:2], pile=["9H"])
    assert sets(match, 0) == [
        ["2D"], ["9S"], ["10H"], ["JD"], ["JC"], ["JD", "JC"], ["AS"],
    ]  # fmt: skip
    for low in ("5S", "8C"):
        assert refusal(match, 0, play(low)) == "too_low"
    assert refusal(match, 0, play("9S", "JD")) == "one_rank"
    assert refusal(match, 0, play("9C")) == "not_held"


def test_hu3_a_set_lands_whole_and_the_turn_then_waits_for_draw_done():
    match = table([["JD", "JC", "4S"], ["3H"]], unders=FAR_UNDERS[:2], pile=["9H"])
    events = match.apply(0, play("JC", "JD"))
    assert events == [{"type": "play", "seat": 0, "rank": "J", "count": 2, "from": "hand"}]
    assert match.view(1)["pile"] == {"top": ["9H", "JC", "JD"], "size": 3}
    assert match.legal_actions(0) == [DONE]
    for action in (play("4S"), TAKE, under(0)):
        assert refusal(match, 0, action) == "end_your_turn"


# -- HU-4: four of a rank in a row --------------------------------------------------------------


def test_hu4_the_fourth_card_of_a_rank_on_top_of_three_burns_and_its_player_plays_again():
    match = table(
        [["6C", "KS"], ["3H"]], unders=FAR_UNDERS[:2], pile=["4D", "6S", "6H", "6D"],
        deck=["7S", "8S", "9S"],
    )  # fmt: skip
    burned = match.view(None)["burned"]
    events = match.apply(0, play("6C"))
    assert events[1] == {
        "type": "burn", "seat": 0, "why": "four_of_a_kind", "cards": 5, "drew": 3,
    }  # fmt: skip
    assert match.view(0)["hand"] == ["7S", "8S", "9S", "KS"]
    assert match.to_move() == [0] and match.view(0)["burned"] == burned + 5
    assert sets(match, 0) == [["7S"], ["8S"], ["9S"], ["KS"]]  # a new pile: any card
    assert refusal(match, 0, DONE) == "play_first"
    assert refusal(match, 0, TAKE) == "can_play"
    events = moves(match, (0, play("KS")), (0, DONE))
    assert events[-1] == {"type": "done", "seat": 0, "drew": 0}  # the deck is empty
    assert match.to_move() == [1]


def test_hu4_four_of_a_rank_laid_at_once_burns():
    match = table([["9S", "9H", "9D", "9C", "3S"], ["3H"]], unders=FAR_UNDERS[:2])
    events = match.apply(0, play("9S", "9H", "9D", "9C"))
    assert kinds(events) == ["play", "burn"] and events[1]["cards"] == 4
    assert match.to_move() == [0] and sets(match, 0) == [["3S"]]


def test_hu4_four_twos_in_a_row_burn_too():
    match = table([["2C", "5S"], ["3H"]], unders=FAR_UNDERS[:2], pile=["KD", "2S", "2H", "2D"])
    events = match.apply(0, play("2C"))
    assert events[1]["why"] == "four_of_a_kind" and match.to_move() == [0]


def test_hu4_with_two_decks_a_fifth_card_of_the_rank_on_top_still_burns():
    hands = [["7H", "7D", "5S"], ["3H"], ["3D"], ["3C"], ["4C"]]
    match = table(hands, unders=[["AC"], ["AD"], ["AH"], ["AS"], ["KC"]], pile=["7S", "7S", "7H"])
    events = match.apply(0, play("7H", "7D"))
    assert events[1] == {"type": "burn", "seat": 0, "why": "four_of_a_kind", "cards": 5, "drew": 0}


def test_hu4_three_of_a_rank_then_another_rank_does_not_burn():
    match = table([["8S", "9S"], ["8C", "3H"]], unders=FAR_UNDERS[:2], pile=["8H", "8D"])
    moves(match, (0, play("9S")), (0, DONE))
    assert refusal(match, 1, play("8C")) == "too_low"
    assert match.view(1)["pile"]["size"] == 3


def test_hu4_a_burn_from_the_overs_is_followed_by_another_play_from_the_overs():
    match = table(
        [[], ["3H"]], overs=[["5C", "8S", "QS"], []], unders=FAR_UNDERS[:2],
        pile=["5S", "5H", "5D"],
    )  # fmt: skip
    events = match.apply(0, play("5C"))
    assert kinds(events) == ["play", "burn"] and events[0]["from"] == "overs"
    assert match.to_move() == [0] and sets(match, 0) == [["8S"], ["QS"]]


# -- HU-5: 2 and 10 ----------------------------------------------------------------------------


def test_hu5_only_a_2_or_a_10_plays_on_an_ace():
    match = table([["2H", "5S", "10S", "KD"], ["3H"]], unders=FAR_UNDERS[:2], pile=["AS"])
    assert sets(match, 0) == [["2H"], ["10S"]]
    assert refusal(match, 0, TAKE) == "can_play"


def test_hu5_a_2_resets_the_pile_without_clearing_it():
    match = table([["2H", "5S"], ["3H", "4H"]], unders=FAR_UNDERS[:2], pile=["QS", "AS"])
    events = moves(match, (0, play("2H")), (0, DONE))
    assert "burn" not in kinds(events)
    assert match.view(1)["pile"] == {"top": ["QS", "AS", "2H"], "size": 3}
    assert sets(match, 1) == [["3H"], ["4H"]]


def test_hu5_a_10_burns_even_an_empty_pile_and_its_player_draws_and_plays_again():
    match = table([["10S", "10H", "5S"], ["3H"]], unders=FAR_UNDERS[:2], deck=["6D", "7D"])
    events = match.apply(0, play("10S", "10H"))
    assert events[1] == {"type": "burn", "seat": 0, "why": "ten", "cards": 2, "drew": 2}
    assert match.view(0)["hand"] == ["5S", "6D", "7D"] and match.to_move() == [0]
    assert sets(match, 0) == [["5S"], ["6D"], ["7D"]]


def test_hu5_a_2_is_no_burn_and_anything_may_follow_it_even_a_lower_card():
    match = table([["2S"], ["3H", "KH"]], unders=FAR_UNDERS[:2], pile=["KS"])
    moves(match, (0, play("2S")), (0, DONE))
    assert sets(match, 1) == [["3H"], ["KH"]]


# -- HU-6: taking the pile ---------------------------------------------------------------------


def test_hu6_the_pile_is_taken_only_with_nothing_playable_and_the_next_seat_starts_afresh():
    match = table([["4C", "5C"], ["3H", "KH"], ["6D"]], unders=FAR_UNDERS, pile=["7S", "9S"])
    assert match.legal_actions(0) == [TAKE] == [match.default_action(0)]
    assert match.apply(0, TAKE) == [{"type": "take", "seat": 0, "cards": 2}]
    assert match.legal_actions(0) == [DONE]
    assert refusal(match, 0, play("9S")) == "end_your_turn"
    moves(match, (0, DONE))
    assert match.view(0)["hand"] == ["4C", "5C", "7S", "9S"]
    assert match.view(1)["pile"] == {"top": [], "size": 0}
    assert sets(match, 1) == [["3H"], ["KH"]]  # any card starts the new pile


def test_hu6_a_seat_holding_a_2_or_10_may_not_take_the_pile():
    for special in ("2C", "10C"):
        match = table([["4C", special], ["3H"]], unders=FAR_UNDERS[:2], pile=["AS"])
        assert refusal(match, 0, TAKE) == "can_play"


def test_hu6_overs_that_cannot_play_take_the_pile_into_the_hand():
    match = table([[], ["3H"]], overs=[["4C", "5C"], []], unders=FAR_UNDERS[:2], pile=["9S", "KS"])
    assert match.legal_actions(0) == [TAKE]
    moves(match, (0, TAKE), (0, DONE))
    assert match.view(0)["hand"] == ["9S", "KS"]
    assert match.view(1)["seats"][0]["overs"] == ["4C", "5C"]


# -- HU-7, HU-8: Draw/Done ---------------------------------------------------------------------


def test_hu7_done_fills_the_hand_to_four_only_as_far_as_the_deck_goes():
    match = table([["3S", "4S"], ["5H"]], unders=FAR_UNDERS[:2], deck=["9D", "8D", "7D"])
    events = moves(match, (0, play("3S")), (0, DONE))
    assert events[-1]["drew"] == 3 and len(match.view(0)["hand"]) == 4
    events = moves(match, (1, play("5H")), (1, DONE))
    assert events[-1]["drew"] == 0 and match.view(1)["hand"] == []


def test_hu7_the_burner_draws_at_the_burn_and_again_at_done():
    match = table(
        [["6C", "7C"], ["3H"]], unders=FAR_UNDERS[:2], pile=["6S", "6H", "6D"],
        deck=["JD", "QD", "KD", "KS", "9D"],
    )  # fmt: skip
    events = match.apply(0, play("6C"))
    assert events[1]["drew"] == 3 and len(match.view(0)["hand"]) == 4
    events = moves(match, (0, play("7C")), (0, DONE))
    assert events[-1]["drew"] == 1 and len(match.view(0)["hand"]) == 4
    assert match.view(None)["deck_size"] == 1


def test_hu8_with_the_deck_gone_every_turn_still_needs_done():
    match = table([["3S", "4S"], ["5H", "6H"]], unders=FAR_UNDERS[:2])
    moves(match, (0, play("3S")))
    assert match.to_move() == [0] and match.legal_actions(0) == [DONE]
    assert match.apply(0, DONE) == [{"type": "done", "seat": 0, "drew": 0}]


# -- HU-9, HU-10: overs, then blind unders ---------------------------------------------------------


def test_hu9_overs_and_hand_never_mix_in_one_play():
    match = table([["9H"], ["3H"]], overs=[["9S", "9D"], []], unders=FAR_UNDERS[:2])
    assert sets(match, 0) == [["9H"]]
    assert refusal(match, 0, play("9H", "9S")) == "not_held"


def test_hu9_unders_offer_one_blind_choice_per_card_and_nothing_else():
    match = table([[], ["3H"]], unders=[["9D", "4D", "QD"], ["AD"]], pile=["8C"])
    assert match.legal_actions(0) == [under(0), under(1), under(2)]
    assert refusal(match, 0, play("9D")) == "play_blind"
    assert refusal(match, 0, TAKE) == "turn_an_under"
    assert refusal(match, 0, DONE) == "play_first"
    for index in (-1, 3, "0", None, True, 1.0, [0]):
        assert refusal(match, 0, {"type": "under", "index": index}) == "bad_under"
    assert refusal(match, 0, {"type": "under"}) == "bad_under"


def test_hu9_a_playable_under_stays_on_the_pile_and_the_turn_passes_without_done():
    match = table([[], ["3H"]], unders=[["9D", "4D"], ["AD"]], pile=["8C"])
    assert match.apply(0, under(0)) == [{"type": "under", "seat": 0, "rank": "9", "playable": True}]
    assert match.to_move() == [1] and match.view(1)["step"] == "play"
    assert match.view(1)["pile"]["top"] == ["8C", "9D"]
    assert match.view(1)["seats"][0]["unders_left"] == 1


def test_hu9_an_unplayable_under_is_taken_with_the_pile_and_the_next_seat_starts_afresh():
    match = table([[], ["3H", "KH"]], unders=[["4D", "9D"], ["AD"]], pile=["8C", "JC"])
    assert match.apply(0, under(0)) == [
        {"type": "under", "seat": 0, "rank": "4", "playable": False},
        {"type": "take", "seat": 0, "cards": 3},
    ]
    assert match.view(0)["hand"] == ["4D", "8C", "JC"]
    assert match.to_move() == [1] and sets(match, 1) == [["3H"], ["KH"]]


def test_hu9_an_under_ten_burns_the_pile_and_the_next_seat_starts_the_new_one():
    match = table([[], ["3H", "KH"]], unders=[["10D", "5D"], ["AD"]], pile=["QC", "KC"])
    events = match.apply(0, under(0))
    assert events == [
        {"type": "under", "seat": 0, "rank": "10", "playable": True},
        {"type": "burn", "seat": 0, "why": "ten", "cards": 3, "drew": 0},
    ]
    assert match.to_move() == [1] and sets(match, 1) == [["3H"], ["KH"]]
    assert match.view(None)["seats"][0]["unders_left"] == 1


def test_hu9_an_under_that_completes_four_of_a_kind_burns_and_the_turn_passes():
    match = table([[], ["3H"]], unders=[["7C", "5D"], ["AD"]], pile=["7S", "7H", "7D"])
    events = match.apply(0, under(0))
    assert events[1]["why"] == "four_of_a_kind"
    assert match.to_move() == [1] and match.view(1)["pile"]["size"] == 0


def test_hu10_after_an_unplayable_under_the_hand_goes_first_then_the_unders_again():
    match = table([[], ["5H", "6H", "7H"]], unders=[["3D", "QD"], ["AD"]], pile=["9C"])
    moves(match, (0, under(1)))  # QD plays on the 9C
    moves(match, (1, TAKE), (1, DONE))  # nothing of seat 1's beats the QD
    moves(match, (0, under(0)))  # a new pile: the 3D plays, and seat 0 is out of cards
    assert match.is_over() and match.result()["winners"] == [0]


def test_hu10_a_taken_pile_is_played_off_before_the_unders():
    match = table([[], ["5H", "6H"]], unders=[["3D", "QD"], ["AD"]], pile=["9C"])
    moves(match, (0, under(0)))  # 3D cannot play: seat 0 takes 3D and 9C
    assert match.view(0)["hand"] == ["3D", "9C"]
    moves(match, (1, play("5H")), (1, DONE))
    assert sets(match, 0) == [["9C"]] and refusal(match, 0, under(0)) == "unders_last"
    moves(match, (0, play("9C")), (0, DONE), (1, TAKE), (1, DONE))
    assert sets(match, 0) == [["3D"]]
    moves(match, (0, play("3D")), (0, DONE), (1, play("5H")), (1, DONE))
    assert match.legal_actions(0) == [under(0)]  # the hand is empty again


# -- HU-11: the end of the round ----------------------------------------------------------------


def test_hu11_playing_the_last_over_with_no_unders_left_ends_the_round():
    match = table([[], ["3H"], ["4H", "5H"]], overs=[["9S"], [], []], unders=[[], ["AD"], ["AS"]])
    assert match.apply(0, play("9S"))[-1] == {"type": "out", "seat": 0}
    assert match.result() == {"ranks": [1, 2, 3], "scores": [0, 2, 3], "winners": [0]}


def test_hu11_a_hand_emptied_with_overs_or_unders_left_is_not_out():
    match = table([["9S"], ["3H"]], overs=[["JS"], []], unders=[["AD"], ["AS"]])
    assert kinds(match.apply(0, play("9S"))) == ["play"]
    assert not match.is_over() and match.legal_actions(0) == [DONE]


def test_hu11_once_a_seat_is_out_nothing_more_is_offered_or_accepted():
    match = table([[], ["3H", "4H"], ["5H"]], unders=[["9D"], ["AD"], ["AS"]], pile=["8C"])
    match.apply(0, under(0))
    assert match.to_move() == []
    for seat in range(3):
        assert match.legal_actions(seat) == []
        assert refusal(match, seat, play("3H")) == "match_over"
        with pytest.raises(IllegalAction):
            match.default_action(seat)
        assert match.view(seat)["over"] is True and match.view(seat)["result"] == match.result()
    assert match.result() == {"ranks": [1, 3, 2], "scores": [0, 3, 2], "winners": [0]}


# -- hidden information ------------------------------------------------------------------------


def _visible_counts(match, seat):
    return Counter(match.all_cards()) - Counter(match.cards_hidden_from(seat))


def _codes(node):
    if isinstance(node, dict):
        for value in node.values():
            yield from _codes(value)
    elif isinstance(node, list):
        for value in node:
            yield from _codes(value)
    elif is_card_code(node):
        yield node


@pytest.mark.parametrize("players", [2, 4, 6])
def test_hu9_no_view_ever_shows_an_under_not_even_to_its_owner(players):
    """Counted card by card, so that with two decks a twin in sight cannot hide an under."""
    match = RULES.new_match("classic", players, seed=f"hidden-{players}")
    chooser = random.Random(players)
    for _ in range(400):
        if not match.to_move():
            break
        state = match.to_json()
        for viewer in [None, *range(players)]:
            view = match.view(viewer)
            assert Counter(_codes(view)) - _visible_counts(match, viewer) == Counter()
            assert leaked_cards(view, match, viewer) == []
            own = [] if viewer is None else state["holdings"][viewer]["hand"]
            assert view["hand"] == own
            if players <= 4:  # one deck: an under's code appears nowhere in a view
                text = json.dumps(view)
                for holding in state["holdings"]:
                    assert not [card for card in holding["unders"] if f'"{card}"' in text]
        seat = match.to_move()[0]
        match.apply(seat, chooser.choice(match.legal_actions(seat)))


@pytest.mark.parametrize("seat", [-1, 2, True, 1.0, "0"])
def test_a_view_for_a_seat_that_is_not_at_the_table_is_refused(seat):
    match = RULES.new_match("classic", 2, seed=1)
    with pytest.raises(IllegalAction):
        match.view(seat)


# -- round trips, the timer, refused moves ------------------------------------------------------

SCRIPT_DEAL = {
    "hands": [["6C", "9S", "10H", "KD"], ["3H", "4H", "JH", "AH"]],
    "unders": [["5D", "QC"], ["AD"]],
    "deck": ["8D", "7D"],
    "pile": ["6S", "6H", "6D"],
}
SCRIPT = [
    (0, play("6C")),  # four 6s burn; seat 0 draws the 7D and plays again
    (0, play("KD")),
    (0, DONE),  # draws the 8D: the deck is empty
    (1, play("AH")),
    (1, DONE),
    (0, play("10H")),  # a 10 burns; seat 0 starts the new pile
    (0, play("7D")),
    (0, DONE),
    (1, play("JH")),
    (1, DONE),
    (0, TAKE),  # 8D and 9S cannot beat the JH
    (0, DONE),
    (1, play("3H")),
    (1, DONE),
    (0, play("8D")),
    (0, DONE),
    (1, TAKE),  # 4H cannot beat the 8D
    (1, DONE),
    (0, play("JH")),
    (0, DONE),
    (1, TAKE),
    (1, DONE),
    (0, play("7D")),
    (0, DONE),
    (1, play("8D")),
    (1, DONE),
    (0, play("9S")),  # seat 0's hand is empty, it has no overs: unders next
    (0, DONE),
    (1, play("JH")),
    (1, DONE),
    (0, under(1)),  # the QC beats the JH; the turn passes
    (1, TAKE),
    (1, DONE),
    (0, under(0)),  # the 5D starts a new pile: seat 0 is out
]


def _scripted():
    return table(
        SCRIPT_DEAL["hands"],
        unders=SCRIPT_DEAL["unders"],
        deck=SCRIPT_DEAL["deck"],
        pile=SCRIPT_DEAL["pile"],
    )


def test_a_round_restored_from_json_at_every_step_plays_on_identically():
    kept = _scripted()
    for seat, action in SCRIPT:
        stored = RULES.from_json(json.loads(json.dumps(kept.to_json())))
        assert snapshot(stored) == snapshot(kept) and stored.to_move() == kept.to_move() == [seat]
        for viewer in (None, 0, 1):
            assert stored.view(viewer) == kept.view(viewer)
        assert stored.legal_actions(seat) == kept.legal_actions(seat)
        assert stored.default_action(seat) == kept.default_action(seat)
        assert stored.apply(seat, action) == kept.apply(seat, action)
    assert kept.is_over() and stored.is_over()
    assert stored.result() == kept.result() == {"ranks": [1, 2], "scores": [0, 8], "winners": [0]}


def test_the_timer_always_has_a_legal_move_overs_hand_overs_unders_and_done():
    laying = table([["3S", "4H", "5D", "10C", "2S", "KD", "AH", "6C"], ["3H"]], overs=[None, None])
    from_overs = table([[], ["3H"]], overs=[["4S", "4D", "9S"], []], unders=FAR_UNDERS[:2])
    blind = table([[], ["3H"]], unders=[["4S", "9S"], ["AD"]], pile=["5C"])
    after_burn = table([["10S", "4S"], ["3H"]], unders=FAR_UNDERS[:2], pile=["9C"])
    after_burn.apply(0, play("10S"))
    ended = table([["4S", "5S"], ["3H"]], unders=FAR_UNDERS[:2])
    ended.apply(0, play("4S"))
    expected = [
        (laying, overs("2S", "10C", "KD", "AH")),
        (from_overs, play("4S", "4D")),
        (blind, under(0)),
        (after_burn, play("4S")),
        (ended, DONE),
    ]
    for match, default in expected:
        assert match.default_action(0) == default
        assert default in match.legal_actions(0)
        match.apply(0, default)


MALFORMED = [
    None,
    "play",
    7,
    [],
    [{"type": "play"}],
    {},
    {"cards": ["4S"]},
    {"type": None},
    {"type": 3},
    {"type": "PLAY", "cards": ["4S"]},
    {"type": "discard", "cards": ["4S"]},
    {"type": "play"},
    {"type": "play", "cards": None},
    {"type": "play", "cards": []},
    {"type": "play", "cards": "4S"},
    {"type": "play", "cards": [4]},
    {"type": "play", "cards": ["4X"]},
    {"type": "play", "cards": ["PJ"]},
    {"type": "play", "cards": [["4S"]]},
    {"type": "play", "card": "4S"},
    {"type": "overs", "cards": ["4S"]},
    {"type": "under", "index": 0},
    {"type": "under", "index": "0"},
]


def _at_step(step):
    """A two-seat round where seat 0 must lay overs, play, turn an under, or press Done."""
    if step == "overs":
        return table([["3S", "4S", "5S", "6S", "7S"], ["3H"]], overs=[None, None])
    if step == "unders":
        return table([[], ["3H"]], unders=[["4S"], ["AD"]], pile=["5C"])
    match = table([["4S", "5S"], ["3H"]], unders=FAR_UNDERS[:2])
    if step == "done":
        match.apply(0, play("4S"))
    return match


@pytest.mark.parametrize("step", ["overs", "play", "unders", "done"])
def test_every_malformed_or_out_of_step_action_is_refused_and_changes_nothing(step):
    match = _at_step(step)
    legal = match.legal_actions(0)
    for action in MALFORMED:
        if action not in legal:
            refusal(match, 0, action)
    for forged in (-1, 2, None, True, "0", 0.0):
        refusal(match, forged, legal[0])
    assert refusal(match, 1, legal[0]) == "not_your_turn"
