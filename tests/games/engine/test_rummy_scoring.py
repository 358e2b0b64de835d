"""Points of a losing hand (RM-18 .. RM-22), the best arrangement and the best show."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.rummy import (
    GroupKind,
    arrange,
    best_show,
    hand_points,
    validate_declaration,
)
from games.engine.rummy.deal import full_deck
from games.engine.rummy.ranks import card_points, rank_at
from tests.games.engine.rummy_support import cards

RANK_CODES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def points(hand: str, wild: str = "9") -> int:
    return hand_points(cards(hand), wild)


def test_rm18_cards_count_their_face_value_picture_cards_and_aces_ten_jokers_nothing():
    assert [card_points(card, "9") for card in cards("AS KS QS JS 10S 9S 8S 2S PJ")] == [
        10,
        10,
        10,
        10,
        10,
        0,
        8,
        2,
        0,
    ]


def test_rm19_without_a_pure_sequence_every_card_counts():
    # a set and an impure sequence, yet every card counts: 20 + 21 + 16 + 10 + 8 = 75
    assert points("10S JS 9D 7C 7D 7S 3H 5H 8H QC 2D 2S 4C") == 75


def test_rm19_a_pure_sequence_alone_spares_only_itself():
    # the set of 8s still counts: 75 - 12 (3S 4S 5S) = 63
    assert points("3S 4S 5S 8H 8C 8D QH KH 4C 6D 2C 2H 5D") == 63


def test_rm19_with_both_lives_only_the_ungrouped_cards_count():
    assert points("4H 5H 6H 10S JS 9D 7C 7D 7S KC KD 2S 3D") == 25


def test_rm20_a_hand_costs_at_most_80():
    assert points("10S JS 9D KH KC KS QD QC PJ AH 8C 6D 5S") == 80


def test_rm21_a_losing_hand_is_scored_in_its_most_favourable_grouping():
    """2H 3H 4H 5H can be one pure run, or leave 5H to 5H 5S 5D: the set spares more.
    (9s wild: 8C 9C 10C is pure, the 9C in its own place.)"""
    assert points("2H 3H 4H 5H 5S 5D 8C 9C 10C KC KD 2S 3D") == 10 + 10 + 2 + 3


@pytest.mark.parametrize(
    ("hand", "wild", "expected"),
    [
        ("4H 5H 6H · 10S JS 9D · 7C 7D 7S · KC KD 2S 3D", "9", 25),
        ("3S 4S 5S · 8H 8C 8D · QH KH · 4C 6D 2C 2H 5D", "9", 63),
        ("3S 4S 5S · 8H 8C 8D · QH KH · 4C 6D 2C 2H PJ", "9", 14),
        ("10S JS 9D · KH KC KS · QD QC PJ · AH 8C 6D 5S", "9", 80),
        ("5C 6C AD · 9H 10H JH · 4S 4D AS · KC QS 2D 3H", "A", 25),
    ],
)
def test_rm22_the_seeds_worked_examples(hand, wild, expected):
    assert points(hand.replace("·", ""), wild) == expected


@pytest.mark.parametrize(
    ("hand", "wild", "expected"),
    [
        # two runs cross over the two copies of 10D: 9D 10D JD and 7D * * 10D
        ("5D 5D AS 9D KC 4H JD 4H 7D 10D 8C AH 10D", "5", 46),
        # the same set twice, from the two decks: 7C 7H * and 7C 7H *
        ("8S 8C 10H JH 9H 7H 10H JH 7H 9H KD 7C 7C", "8", 10),
        ("AS AS 10S JS KS KS QS QS JS 10S KD 2S KD", "A", 2),
    ],
)
def test_rm21_hands_that_need_both_decks_copies_grouped_apart(hand, wild, expected):
    """Found by comparing with an exhaustive search over every grouping."""
    assert points(hand, wild) == expected


def test_a_joker_completes_a_sequence_from_a_single_card():
    # 3S 4S 5S pure, KD + two jokers a second sequence: 2C left
    assert points("3S 4S 5S KD PJ 9H 7C 7D 7S QC QD QH 2C") == 2


def test_the_best_arrangement_lays_out_the_groups_it_counts():
    laid = arrange(cards("4H 5H 6H 10S JS 9D 7C 7D 7S KC KD 2S 3D"), "9")
    assert laid.points == 25
    assert laid.kinds == (GroupKind.PURE_SEQUENCE, GroupKind.IMPURE_SEQUENCE, GroupKind.SET)
    assert sorted(laid.ungrouped) == sorted(cards("KC KD 2S 3D"))


def test_the_best_arrangement_puts_spare_jokers_into_groups_when_both_lives_are_held():
    laid = arrange(cards("3H 4H 5H 6H 10S JS PJ 7C 7D 7S QD QC 9H"), "9")
    assert laid.points == 0 and laid.ungrouped == ()
    assert validate_declaration([list(group) for group in laid.groups], "9").valid


def test_the_best_show_finds_a_valid_declaration_when_there_is_one():
    show = best_show(cards("3H 4H 5H 6H 10S JS PJ 7C 7D 7S QD QC 9H KS"), "9")
    assert show.arrangement.points == 0 and not show.arrangement.ungrouped
    assert validate_declaration(show.arrangement.as_declared(), "9").valid


def test_the_best_show_otherwise_leaves_the_fewest_points():
    show = best_show(cards("3S 4S 5S 8H 8C 8D QH KH 4C 6D 2C 2H 5D AS"), "9")
    assert show.aside in ("AS", "QH", "KH") and show.arrangement.points == 63


def test_rm8_the_best_show_never_puts_aside_the_card_to_keep():
    show = best_show(cards("3H 4H 5H 6H 10S JS PJ 7C 7D 7S QD QC 9H KS"), "9", keep="KS")
    assert show.aside != "KS"


# -- properties ------------------------------------------------------------------------------

DECK = full_deck()

hands = st.tuples(
    st.lists(st.integers(0, len(DECK) - 1), min_size=13, max_size=13, unique=True).map(
        lambda picks: [DECK[pick] for pick in picks]
    ),
    st.sampled_from(RANK_CODES),
)


@st.composite
def joker_heavy_hands(draw):
    wild = draw(st.sampled_from(RANK_CODES))
    jokers = [card for card in DECK if card == "PJ" or card[:-1] == wild]
    others = [card for card in DECK if card not in jokers]
    count = draw(st.integers(2, 4))
    picked = draw(st.permutations(jokers))[:count] + draw(st.permutations(others))[: 13 - count]
    return picked, wild


any_hands = st.one_of(hands, joker_heavy_hands())


@settings(max_examples=100, deadline=None)
@given(any_hands)
def test_rm20_points_are_never_above_80_nor_above_the_plain_sum(hand_and_wild):
    hand, wild = hand_and_wild
    assert 0 <= hand_points(hand, wild) <= min(80, sum(card_points(card, wild) for card in hand))


@settings(max_examples=60, deadline=None)
@given(any_hands, st.randoms(use_true_random=False))
def test_rm21_points_do_not_depend_on_the_order_of_the_cards(hand_and_wild, rng):
    hand, wild = hand_and_wild
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert hand_points(shuffled, wild) == hand_points(hand, wild)


@settings(max_examples=60, deadline=None)
@given(any_hands)
def test_rm21_the_best_arrangement_costs_what_the_hand_costs_and_holds_its_cards(hand_and_wild):
    hand, wild = hand_and_wild
    laid = arrange(hand, wild)
    assert laid.points == hand_points(hand, wild)
    assert Counter(card for group in laid.groups for card in group) + Counter(
        laid.ungrouped
    ) == Counter(hand)
    assert GroupKind.INVALID not in laid.kinds


@st.composite
def valid_declarations(draw):
    """13 cards laid out as two sequences (the first pure) and sets or sequences after."""
    wild = draw(st.sampled_from(RANK_CODES))
    sizes = draw(st.sampled_from([(3, 3, 3, 4), (4, 3, 3, 3), (5, 4, 4), (3, 5, 5), (3, 3, 7)]))
    groups = [_run(draw, wild, sizes[0], jokers=0), _run(draw, wild, sizes[1], jokers=None)]
    for size in sizes[2:]:
        make = _run if size > 4 or draw(st.booleans()) else _set
        groups.append(make(draw, wild, size, jokers=None))
    held = Counter(card for group in groups for card in group)
    return groups, wild, all(count <= DECK.count(card) for card, count in held.items())


def _run(draw, wild, size, *, jokers):
    suit = draw(st.sampled_from("SHDC"))
    start = draw(st.integers(1, 14 - size + 1))
    run = [rank_at(place) + suit for place in range(start, start + size)]
    return _with_jokers(draw, wild, run, size - 2 if jokers is None else jokers)


def _set(draw, wild, size, *, jokers):
    rank = draw(st.sampled_from(RANK_CODES))
    suits = draw(st.permutations("SHDC"))[:size]
    return _with_jokers(draw, wild, [rank + suit for suit in suits], size - 2)


def _with_jokers(draw, wild, group, most):
    for index in draw(st.lists(st.integers(0, len(group) - 1), max_size=most, unique=True)):
        group[index] = draw(st.sampled_from(["PJ", wild + "S", wild + "H", wild + "D", wild + "C"]))
    return group


@settings(max_examples=120, deadline=None)
@given(valid_declarations())
def test_rm14_the_13_cards_of_any_valid_declaration_cost_nothing(declaration):
    groups, wild, dealable = declaration
    if not dealable:
        return  # more copies of a card than two decks hold
    assert validate_declaration(groups, wild).valid
    assert hand_points([card for group in groups for card in group], wild) == 0
