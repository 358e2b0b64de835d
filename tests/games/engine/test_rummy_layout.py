"""A player's own layout judged as laid out (RM-13, RM-14, RM-19, RM-20, RM-28), and the Sort
button's layout (RM-21)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.engine.rummy import GroupKind, best_layout, hand_points, judge_layout
from games.engine.rummy.deal import full_deck
from games.engine.rummy.ranks import wild_rank_for
from tests.games.engine.rummy_support import VALID_13, cards

RM22_FIRST = [["4H", "5H", "6H"], ["10S", "JS", "9D"], ["7C", "7D", "7S"], ["KC", "KD", "2S", "3D"]]
VALID_GROUPS = [
    ["3H", "4H", "5H", "6H"],
    ["10S", "JS", "PJ"],
    ["7C", "7D", "7S"],
    ["QD", "QC", "9H"],
]
"""VALID_13 laid out (9s wild): a pure sequence, an impure one and two sets."""


def test_rm28_rm22_a_layout_with_both_lives_counts_only_its_loose_cards():
    judged = judge_layout(RM22_FIRST, "9")
    assert judged.kinds == (
        GroupKind.PURE_SEQUENCE,
        GroupKind.IMPURE_SEQUENCE,
        GroupKind.SET,
        GroupKind.INVALID,
    )
    assert judged.points == 25
    assert judged.has_pure_sequence and judged.sequences == 2 and judged.has_two_sequences
    assert not judged.valid_show  # the last group is no group


def test_rm19_rm20_without_a_pure_sequence_every_card_counts_up_to_80():
    judged = judge_layout([["10S", "JS", "9D"], ["KH", "KC", "KS"], ["QD", "QC", "PJ"]], "9")
    assert judged.points == 70  # the 9D is wild: 10 + 10 + 30 + 10 + 10
    assert not judged.has_pure_sequence and not judged.has_two_sequences
    loose = judge_layout([["AH", "KH", "QS", "JD", "10C", "8C", "8D", "8S", "KS"]], "2")
    assert loose.points == 80


def test_rm19_with_a_pure_sequence_but_no_second_all_but_the_pure_sequence_counts():
    judged = judge_layout([["3S", "4S", "5S"], ["8H", "8C", "8D"], ["QH", "KH"]], "9")
    assert judged.points == 8 * 3 + 20
    assert judged.has_pure_sequence and judged.sequences == 1 and not judged.has_two_sequences


def test_rm13_rm14_thirteen_cards_in_valid_groups_with_both_lives_are_a_valid_show():
    judged = judge_layout(VALID_GROUPS, "9")
    assert judged.valid_show and judged.points == 0


def test_rm14_a_set_cannot_stand_for_the_second_sequence():
    groups = [
        ["3H", "4H", "5H", "6H"],
        ["10S", "10D", "PJ"],
        ["7C", "7D", "7S"],
        ["QD", "QC", "9H"],
    ]
    judged = judge_layout(groups, "9")
    assert not judged.valid_show and not judged.has_two_sequences
    assert judged.points == 10 + 10 + 21 + 20  # all but the pure sequence (RM-19)


def test_rm13_from_14_cards_a_valid_show_lays_the_card_put_aside_alone():
    assert judge_layout([*VALID_GROUPS, ["5C"]], "9").valid_show
    assert judge_layout([*VALID_GROUPS, ["5C"]], "9").points == 5  # as laid out, it counts
    two_alone = [*VALID_GROUPS[:3], ["QD", "QC"], ["9H"], ["5C"]]
    assert not judge_layout(two_alone, "9").valid_show
    none_alone = [*VALID_GROUPS[:3], ["QD", "QC", "9H", "QS"]]
    assert not judge_layout(none_alone, "9").valid_show


def test_rm28_a_layout_is_read_in_the_engines_codes_and_anything_else_is_refused():
    judged = judge_layout([["3♥", "4h", "5H"]], "k")
    assert judged.groups == (("3H", "4H", "5H"),) and judged.kinds == (GroupKind.PURE_SEQUENCE,)
    with pytest.raises(ValueError):
        judge_layout([["ZZ", "4H", "5H"]], "9")
    with pytest.raises(ValueError):
        judge_layout([["3H", "4H", "5H"]], "X")


def _random_hand(chooser: random.Random, size: int) -> tuple[list[str], str]:
    deck = chooser.sample(full_deck(), size + 1)
    return deck[:size], wild_rank_for(deck[size])


@pytest.mark.parametrize("seed", range(4))
def test_rm21_the_sort_buttons_layout_of_13_cards_holds_them_and_costs_what_the_hand_costs(seed):
    chooser = random.Random(seed)
    for _ in range(25):
        hand, wild = _random_hand(chooser, 13)
        layout = best_layout(hand, wild)
        assert Counter(card for group in layout for card in group) == Counter(hand)
        assert judge_layout(layout, wild).points == hand_points(hand, wild), (hand, wild)


def test_rm13_the_sort_buttons_layout_of_14_cards_is_the_best_show_with_the_card_aside_last():
    hand = [*cards(VALID_13), "5C"]
    layout = best_layout(hand, "9")
    assert layout[-1] == ["5C"] and judge_layout(layout, "9").valid_show
    kept = best_layout(hand, "9", keep="5C")  # RM-8: just taken from the open pile
    assert len(kept[-1]) == 1 and kept[-1] != ["5C"]
    assert Counter(card for group in kept for card in group) == Counter(hand)


def test_between_deals_an_empty_hand_has_an_empty_layout():
    assert best_layout([], "9") == []
    assert judge_layout([], "9").points == 0 and not judge_layout([], "9").valid_show
