"""An independent check of 13-card Indian Rummy against RULES.md (RM-1 .. RM-31) and its seed.

Everything goes through the public contract (``GAMES["rummy"]``, ``RummyMatch.with_deal`` for a
chosen deal, ``legal_actions``, ``apply``, ``view``, ``result``, ``to_json``) and the two
documented functions ``validate_declaration`` and ``hand_points``. Points are compared with a
brute-force scorer written here from the rules alone: it tries every subset of the hand as a
group and every way of packing groups, so it shares no code or shortcut with the engine.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import GAMES, IllegalAction
from games.engine.base import leaked_cards
from games.engine.rummy import RummyMatch, hand_points, validate_declaration
from games.engine.rummy.deal import full_deck
from tests.games.engine.conformance import snapshot
from tests.games.engine.rummy_support import (
    DEAL,
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
DECK = full_deck()
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
HAND_25 = "4H 5H 6H 10S JS 9D 7C 7D 7S KC KD 2S 3D"
"""RM-22's first example (9s wild): 25 points as a loser."""
VALID_SHOW = declare("5C", "3H 4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC 9H")
"""RM-16's valid row (9s wild), with 5C (the top of the default closed deck) put aside."""


# -- an independent scorer, from RM-9 .. RM-12 and RM-18 .. RM-20 alone ---------------------

_FACE = {rank: 10 if rank in ("10", "J", "Q", "K", "A") else int(rank) for rank in RANKS}
_PLACE = {rank: index + 2 for index, rank in enumerate(RANKS)}  # 2..13, A 14 (and 1)


def _rank(card: str) -> str:
    return card[:-1]


def _is_joker(card: str, wild: str) -> bool:
    return card == "PJ" or _rank(card) == wild


def _value(card: str, wild: str) -> int:
    return 0 if _is_joker(card, wild) else _FACE[_rank(card)]


def _fits(naturals: list[str], start: int, length: int) -> bool:
    """The cards take different places of the run ``start .. start + length - 1``; an Ace
    takes place 1 or 14, so a run of 13 places or fewer has room for one Ace at most."""
    end = start + length
    fixed = [_PLACE[_rank(card)] for card in naturals if _rank(card) != "A"]
    aces = len(naturals) - len(fixed)
    if len(set(fixed)) < len(fixed) or any(not start <= place < end for place in fixed):
        return False
    return aces <= sum(start <= place < end for place in (1, 14))


def _run(naturals: list[str], length: int) -> bool:
    if len({card[-1] for card in naturals}) > 1:
        return False
    return any(_fits(naturals, start, length) for start in range(1, 16 - length))


def brute_kind(group: list[str], wild: str) -> str:
    size = len(group)
    if not 3 <= size <= 13:
        return "invalid"
    if "PJ" not in group and _run(group, size):
        return "pure_sequence"  # RM-9: every card in its own place, wild cards included
    naturals = [card for card in group if not _is_joker(card, wild)]
    if _run(naturals, size):
        return "impure_sequence"  # RM-10 (jokers alone too: the engine's documented choice)
    one_rank = len({_rank(card) for card in naturals}) == 1
    if size <= 4 and one_rank and len({card[-1] for card in naturals}) == len(naturals):
        return "set"  # RM-12
    return "invalid"


def brute_points(hand: list[str], wild: str) -> int:
    """RM-19 .. RM-21 by exhaustion: every subset that is a group, every packing of groups."""
    count = len(hand)
    total = sum(_value(card, wild) for card in hand)
    suit_bit = [0 if _is_joker(c, wild) else 1 << "SHDC".index(c[-1]) for c in hand]
    suits = [0] * (1 << count)
    sizes = [0] * (1 << count)
    by_lowest: dict[int, list[tuple[int, int, bool, bool]]] = {}
    best_pure = -1
    for mask in range(1, 1 << count):
        lowest = mask & -mask
        rest = mask ^ lowest
        suits[mask] = suits[rest] | suit_bit[lowest.bit_length() - 1]
        sizes[mask] = sizes[rest] + 1
        if sizes[mask] < 3 or (sizes[mask] > 4 and suits[mask] & (suits[mask] - 1)):
            continue  # too small, or too big for a set and not of one suit
        group = [hand[i] for i in range(count) if mask >> i & 1]
        kind = brute_kind(group, wild)
        if kind == "invalid":
            continue
        worth = sum(_value(card, wild) for card in group)
        pure = kind == "pure_sequence"
        by_lowest.setdefault(lowest, []).append((mask, worth, pure, kind != "set"))
        if pure:
            best_pure = max(best_pure, worth)
    if best_pure < 0:
        return min(80, total)  # no pure sequence: every card counts
    cheapest = total - best_pure  # a pure sequence alone: all the rest counts

    @cache
    def cover(mask: int, pure: bool, sequences: int) -> int:
        if not mask:
            return 0 if pure and sequences >= 2 else -(10**6)
        lowest = mask & -mask
        best = cover(mask ^ lowest, pure, sequences)  # the lowest card stays ungrouped
        for group, worth, is_pure, is_sequence in by_lowest.get(lowest, ()):
            if group & mask == group:
                later = cover(mask ^ group, pure or is_pure, min(2, sequences + is_sequence))
                best = max(best, worth + later)
        return best

    both_lives = cover((1 << count) - 1, False, 0)
    if both_lives >= 0:
        cheapest = min(cheapest, total - both_lives)
    return min(80, cheapest)


def test_the_brute_force_scorer_agrees_with_the_seeds_worked_examples():
    """RM-22, so that the scorer below is itself checked against the rules' own numbers."""
    assert brute_points(cards("4H 5H 6H 10S JS 9D 7C 7D 7S KC KD 2S 3D"), "9") == 25
    assert brute_points(cards("3S 4S 5S 8H 8C 8D QH KH 4C 6D 2C 2H 5D"), "9") == 63
    assert brute_points(cards("3S 4S 5S 8H 8C 8D QH KH 4C 6D 2C 2H PJ"), "9") == 14
    assert brute_points(cards("10S JS 9D KH KC KS QD QC PJ AH 8C 6D 5S"), "9") == 80
    assert brute_points(cards("5C 6C AD 9H 10H JH 4S 4D AS KC QS 2D 3H"), "A") == 25


# -- RM-9 .. RM-12: every kind of group ------------------------------------------------------


def verdict(text: str, wild: str = "9"):
    return validate_declaration([cards(group) for group in text.split("·")], wild)


def kinds_of(text: str, wild: str = "9") -> list[str]:
    return [kind.value for kind in verdict(text, wild).kinds]


@pytest.mark.parametrize(
    ("group", "wild", "kind"),
    [
        # RM-9 pure: consecutive, one suit, wild cards only in their own place
        ("4H 5H 6H", "9", "pure_sequence"),
        ("6H 4H 5H", "9", "pure_sequence"),  # the order laid out does not matter
        ("6H 7H 8H", "7", "pure_sequence"),
        ("7H 8H 9H 10H", "7", "pure_sequence"),  # 7H in its own place
        ("AH 2H 3H", "A", "pure_sequence"),  # Aces wild (PJ turned), AH as itself
        ("QH KH AH", "A", "pure_sequence"),
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "5", "pure_sequence"),
        ("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", "5", "pure_sequence"),
        # RM-10 impure: a joker stands in for a card
        ("10S JS 9D", "9", "impure_sequence"),
        ("10S JS PJ", "9", "impure_sequence"),
        ("4H 5H 7H PJ", "9", "impure_sequence"),
        ("4H 9H 6H", "9", "impure_sequence"),  # 9H stands for 5H
        ("6H 7H 9H", "7", "invalid"),  # 7H is itself or 8H, not both
        ("QH KH PJ", "9", "impure_sequence"),  # J Q K or Q K A
        ("AH KH PJ", "9", "impure_sequence"),  # Q K A
        ("AH 3H PJ", "9", "impure_sequence"),  # A 2 3
        ("5C 6C AD", "A", "impure_sequence"),  # RM-22 example 4
        ("PJ 9D 9S", "9", "impure_sequence"),  # jokers alone: the documented choice
        ("2H PJ PJ 9S 9C 9D 9H 9D", "9", "impure_sequence"),
        # RM-11: an Ace ends a run, never sits inside one
        ("KS AS 2S", "9", "invalid"),
        ("KS AS PJ", "9", "impure_sequence"),  # Q K A with the joker as Q
        ("KS AS 2S PJ", "9", "invalid"),
        ("QS KS AS 2S 3S", "9", "invalid"),
        ("AS 2S 3S AS", "9", "invalid"),
        # RM-12 sets: one rank, different suits, three or four cards, jokers may stand in
        ("7C 7D 7S", "9", "set"),
        ("7C 7D 7S 7H", "9", "set"),
        ("7C 7D PJ", "9", "set"),
        ("7C 7D 9C", "9", "set"),  # the joker's own suit does not matter
        ("7C 7D PJ 9H", "9", "set"),
        ("7C 7C 7D", "9", "invalid"),  # one 7C from each deck
        ("7C 7C PJ", "9", "invalid"),
        ("7C 7D 7S 7H 7C", "9", "invalid"),  # five cards
        ("7C 7D 7S 7H PJ", "9", "invalid"),
        ("AS AH AD", "9", "set"),
        # neither
        ("7C 7D", "9", "invalid"),
        ("7C", "9", "invalid"),
        ("7C 8D 9S", "K", "invalid"),
        ("4H 5H 6S", "9", "invalid"),
        ("4H 5H 5H", "9", "invalid"),
        ("4H 4H 5H PJ", "9", "invalid"),
        ("2H 4H 6H", "9", "invalid"),
        ("2H 4H 6H PJ", "9", "invalid"),  # one joker fills one gap, not two
    ],
)
def test_rm9_to_rm12_every_kind_of_group(group, wild, kind):
    (found,) = kinds_of(group, wild)
    assert found == kind == brute_kind(cards(group), wild)


def test_rm9_a_wild_card_in_its_own_place_keeps_the_pure_sequence_a_first_life():
    """With 7s wild the whole hand needs 6H 7H 8H to be pure: valid."""
    assert verdict("6H 7H 8H · 10S JS PJ · 2C 2D 2S · KD KS KH KC", "7").valid
    # but the same cards with a printed joker for the 7H are both impure
    show = verdict("6H PJ 8H · 10S JS 7C · 2C 2D 2S · KD KS KH KC", "7")
    assert (show.valid, show.reason_code) == (False, "no_pure_sequence")


def test_rm3_a_turned_printed_joker_makes_every_ace_a_joker_in_groups():
    assert verdict("9H 10H JH · 5C 6C AD · 4S 4D AS · KC KS KH KD", "A").valid
    # with 9s wild the same Aces are plain cards: 5C 6C AD is no group
    assert verdict("9H 10H JH · 5C 6C AD · 4S 4D AS · KC KS KH KD", "9").reason_code == (
        "invalid_group"
    )


def picks(length: int, count: int) -> st.SearchStrategy[list[int]]:
    """``count`` different places in a list of ``length`` cards."""
    return st.lists(st.integers(0, length - 1), min_size=count, max_size=count, unique=True)


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(RANKS),
    st.sampled_from(["S", "HS", "SHDC"]),
    st.integers(1, 6),
    st.data(),
)
def test_rm9_to_rm12_groups_read_as_the_rules_read_them(wild, suits, size, data):
    pool = [c for c in DECK if c == "PJ" or c[-1] in suits or _rank(c) in (wild, "A")]
    group = [pool[i] for i in data.draw(picks(len(pool), size))]
    (found,) = validate_declaration([group], wild).kinds
    assert found.value == brute_kind(group, wild), group


# -- RM-13 .. RM-16: declarations ------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "valid", "reason_code", "words"),
    [
        ("3H 4H 5H 6H · 10S JS PJ · 7C 7D 7S · QD QC 9H", True, "valid", "valid"),
        ("3H 4H PJ 6H · 10S JS 9D · 7C 7D 7S · QD QC QH", False, "no_pure_sequence", "pure"),
        ("3H 4H 5H · 10S JS PJ · 7C 7C 7D · KD KS KH KC", False, "invalid_group", "7C twice"),
        ("3H 4H 5H · 7C 7D 7S · QD QC QH · 2S 2D 2C 9H", False, "one_sequence", "set cannot"),
    ],
)
def test_rm16_the_reference_table_with_reasons(hand, valid, reason_code, words):
    result = verdict(hand)
    assert (result.valid, result.reason_code) == (valid, reason_code)
    assert words in result.reason


@pytest.mark.parametrize(
    ("hand", "wild", "reason_code"),
    [
        # RM-14: two sequences, one of them pure, every card grouped
        ("AH 2H 3H · 4H 5H 6H · 7H 8H 9H · 10H JH QH KH", "5", "valid"),  # four pure runs
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "5", "one_sequence"),  # one run of 13
        ("AH 2H 3H · PJ PJ 9S · 7C 7D 7S · QD QC QH 9H", "9", "valid"),  # joker-only second
        ("AH 2H 3H · 5S 6S PJ · 7C 7D 7S · QD QC QH KD", "9", "invalid_group"),
        ("AH 2H 3H · 5S 6S PJ · 7C 7D 7S · QD QC QH", "9", "not_13_cards"),
        ("AH 2H 3H · 5S 6S PJ · 7C 7D 7S · QD QC QH 9H 9D", "9", "not_13_cards"),
        ("4H 5H PJ · 5S 6S 9C · 7C 7D 7S · QD QC QH 9H", "9", "no_pure_sequence"),
        ("KH AH 2H · 5S 6S 7S · 7C 7D PJ · QD QC QH 9H", "9", "invalid_group"),
        ("QH KH AH · 5S 6S 7S · 7C 7D PJ · QD QC QH 9H", "9", "valid"),
        ("QH KH AH · 7C 7D PJ · 5C 5D 5S · QD QC QH 9H", "9", "one_sequence"),
        ("QH KH AH · 7C 7D PJ 9S · 5C 5D 5S · QD QC QH", "9", "one_sequence"),
    ],
)
def test_rm14_what_a_valid_declaration_needs(hand, wild, reason_code):
    assert verdict(hand, wild).reason_code == reason_code


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("3H 4H PJ 6H · 10S JS 9D · 7C 7D 7S · QD QC QH", "no joker standing in for a card"),
        ("KS AS 2S · 7C 7D 7S · QD QC QH · 2S 2D 2C 9H", "never between K and 2"),
        ("3H 4H 6H · 10S JS PJ · 7C 7D 7S · KD KS KH QC", "3H 4H 6H is not a sequence or a set"),
        ("3H 4H 6H · 10S JS PJ · 7C 7D 7S · KD KS KH QC", "not consecutive"),
        ("2H 4H 6H PJ · 10S JS PJ · 7C 7D 7S · KD KS KH", "jokers cannot fill the gaps"),
        ("3H 4H 4H 5H · 10S JS PJ · 7C 7D 7S · KD KS KH", "a sequence cannot hold 4H twice"),
        ("3H 4H 5H · 10S JS PJ · 7C 7C 7D · KD KS KH KC", "a set cannot hold 7C twice"),
        ("3H 4H 5H · 10S JS PJ · 7C 7D 7S 7H PJ · KD KS", "a set has at most four cards"),
        ("3H 4H 5H · 10S JS PJ · 7C 7D · KD KS KH KC 2C", "at least three cards"),
        ("3H 4H 5H · 10S JS PJ · 7C 8D 9S QC · KD KS KH", "neither of one suit"),
        ("3H 4H 5H · 10S JS PJ · 7C 7D 7S · KD KS KH", "all 13 cards, not 12"),
    ],
)
def test_rm14_every_wrong_show_says_why_in_plain_words(hand, words):
    result = verdict(hand)
    assert not result.valid and words in result.reason


def test_rm3_the_wild_rank_is_read_as_a_rank_and_nothing_else():
    hand = "3H 4H 5H 6H · 10S JS PJ · 7C 7D 7S · QD QC 9H"
    assert verdict(hand, " 9").valid and verdict(hand, "9").valid
    assert not verdict(hand, "10").valid  # 9H is a plain card when the 10s are wild
    assert verdict("AH 2H 3H · 5C 6C AD · 4S 4D AS · KC KS KH KD", "a").valid
    for wrong in ("PJ", "1", "", "9H", 9, None):
        with pytest.raises(ValueError):
            validate_declaration([cards(group) for group in hand.split("·")], wrong)
        with pytest.raises(ValueError):
            hand_points(cards("3H 4H 5H"), wrong)


def test_rm13_the_declaration_is_checked_as_laid_out():
    """The same 13 cards: valid as laid out one way, a wrong show another way."""
    assert verdict("3H 4H 5H · 6H 7H 8H PJ · 7C 7D 7S · QD QC QH").valid
    assert verdict("3H 4H 5H 6H 7H 8H · 7C 7D 7S PJ · QD QC QH").reason_code == "one_sequence"
    assert verdict("3H 4H 5H 6H · 7H 8H PJ · 7C 7D 7S · QD QC QH").valid


def test_rm13_validation_takes_suit_symbols_and_refuses_what_is_no_card():
    assert verdict("3♥ 4♥ 5♥ 6♥ · 10♠ J♠ PJ · 7♣ 7♦ 7♠ · Q♦ Q♣ 9♥").valid
    with pytest.raises(ValueError):
        validate_declaration([["1H", "2H", "3H"]], "9")


# -- RM-18 .. RM-22: points of a losing hand -------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "wild", "expected"),
    [
        # RM-22, exactly as the seed writes them
        ("4H 5H 6H 10S JS 9D 7C 7D 7S KC KD 2S 3D", "9", 25),
        ("3S 4S 5S 8H 8C 8D QH KH 4C 6D 2C 2H 5D", "9", 63),
        ("3S 4S 5S 8H 8C 8D QH KH 4C 6D 2C 2H 9C", "9", 14),
        ("10S JS 9D KH KC KS QD QC PJ AH 8C 6D 5S", "9", 80),
        ("5C 6C AD 9H 10H JH 4S 4D AS KC QS 2D 3H", "A", 25),
        # RM-19 case 1: groups without a pure sequence save nothing
        ("10S JS 9D KH KC KS 2D 3D 4C 5C 6S 7S 2H", "9", 79),
        # RM-19 case 2: a pure sequence alone saves itself only, sets count
        ("2H 3H 4H KH KC KS QD QC QS 5D 6C 7S 8D", "9", 80),  # 95 - 9 = 86, capped
        ("2H 3H 4H KH KC KS 2D 3C 4S 5D 6C 7S 8D", "9", 65),
        # RM-19 case 3: both lives, only what is left over counts; 4S 5S 6S (pure) beats
        # 5S 6S PJ, leaving 2D 3C 8D and the joker: 13, not 17
        ("2H 3H 4H 5S 6S PJ KH KC KS 2D 3C 4S 8D", "9", 13),
        # jokers and wild-rank cards count nothing anywhere (RM-18)
        ("PJ PJ 9S 9C 9H 9D 2C 4D 6S 8H 10C QD KS", "9", 50),
        ("AS AH AD AC PJ 2C 4D 6S 8H 10C QD KS 3H", "A", 53),
        # a longer run, jokers placed at its ends
        ("10H JH QH KH AH 5S 6S 7S 8S PJ 2C 2D 3D", "4", 2),  # PJ 2D 3D: only 2C
        # two pure sequences of the same cards from the two decks
        ("5H 6H 7H 5H 6H 7H 2C 2D 2S KC KD QH 3D", "9", 33),
    ],
)
def test_rm18_to_rm22_points(hand, wild, expected):
    assert hand_points(cards(hand), wild) == expected == brute_points(cards(hand), wild)


def test_rm20_the_cap_is_80_for_any_hand():
    assert hand_points(cards("KS KS QS QS JD JD 10C 10C AH AH KD KD QH"), "2") == 80
    assert hand_points(cards("KS QH JD 10C"), "2") == 40  # fewer cards: the plain sum


def test_rm21_points_accept_suit_symbols_and_refuse_what_is_no_card():
    assert hand_points(["4♥", "5♥", "6♥", "K♣"], "9") == 10
    with pytest.raises(ValueError):
        hand_points(["ZZ"], "9")


@st.composite
def loose_hands(draw, low: int, high: int):
    """Hands from the 106 cards, duplicates and jokers welcome, often crowded in few suits."""
    wild = draw(st.sampled_from(RANKS))
    suits = draw(st.sampled_from(["SHDC", "SH", "H", "DC"]))
    jokers = [card for card in DECK if _is_joker(card, wild)]
    others = [card for card in DECK if card not in jokers and card[-1] in suits]
    size = draw(st.integers(low, high))
    spare = draw(st.integers(0, min(size, 5)))
    hand = [jokers[i] for i in draw(picks(len(jokers), spare))]
    hand += [others[i] for i in draw(picks(len(others), size - spare))]
    return hand, wild


@settings(max_examples=200, deadline=None)
@given(loose_hands(3, 9))
def test_rm21_small_hands_cost_what_exhaustion_finds(hand_and_wild):
    hand, wild = hand_and_wild
    assert hand_points(hand, wild) == brute_points(hand, wild), hand_and_wild


@settings(max_examples=25, deadline=None)
@given(loose_hands(13, 13))
def test_rm21_full_hands_cost_what_exhaustion_finds(hand_and_wild):
    hand, wild = hand_and_wild
    assert hand_points(hand, wild) == brute_points(hand, wild), hand_and_wild


# -- RM-1 .. RM-5: the deal ------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["points", "pool101", "pool201", "deals2", "deals3"])
def test_rm1_rm2_every_format_seats_2_to_6_and_deals_13_from_106(variant):
    for players in (2, 6):
        match = RULES.new_match(variant, players, seed=players)
        assert isinstance(match, RummyMatch)
        deal = match.deal
        table_cards = [*deal.closed, *deal.open_pile, deal.wild_card]
        table_cards += [card for hand in deal.hands for card in hand]
        assert Counter(table_cards) == Counter(DECK) and len(DECK) == 106
        assert Counter(DECK)["PJ"] == 2 and Counter(DECK)["7C"] == 2
        assert all(len(match.view(seat)["hand"]) == 13 for seat in range(players))
        assert match.to_move() == [1]  # seat 0 deals, the next seat plays first


def test_rm4_the_closed_deck_runs_out_and_the_open_pile_but_its_top_is_reshuffled():
    match = table(VALID_13, JUNK_13, open_pile="2H 3S KD", closed="5C")
    play(match, (0, DRAW_CLOSED), (0, discard("5C")))
    assert match.view(1)["closed_count"] == 0
    assert match.legal_actions(1)[0] == DRAW_CLOSED
    events = match.apply(1, DRAW_CLOSED)
    assert events == [
        {"type": "reshuffle", "closed": 3},
        {"type": "draw", "seat": 1, "source": "closed"},
    ]
    view = match.view(1)
    assert (view["open_top"], view["open_count"], view["closed_count"]) == ("5C", 1, 2)
    assert len(view["hand"]) == 14 and view["hand"][-1] in ("2H", "3S", "KD")
    for seat in (None, 0, 1):
        assert leaked_cards(match.view(seat), match, seat) == []


def test_rm4_a_joker_on_the_open_pile_stays_there_through_the_reshuffle_as_its_top():
    match = table(VALID_13, JUNK_13, open_pile="2H", closed="9D")
    play(match, (0, DRAW_CLOSED), (0, discard("9D")))  # a wild card on top: nobody takes it
    assert match.legal_actions(1) == [DRAW_CLOSED, DROP]
    match.apply(1, DRAW_CLOSED)
    assert match.view(1)["open_top"] == "9D" and match.view(1)["hand"][-1] == "2H"


def test_rm5_each_seat_sees_its_hand_and_nobody_sees_another_or_the_closed_deck():
    match = table(VALID_13, JUNK_13, LOOSE_13, closed="KS 8H 5C")
    for seat in (None, 0, 1, 2):
        view = match.view(seat)
        text = json.dumps(view)
        others = [hand for other, hand in enumerate(match.deal.hands) if other != seat]
        private = {card for hand in others for card in hand} | {"KS", "8H", "5C"}
        mine = set(match.deal.hands[seat]) if seat is not None else set()
        public = {"9C", "2H"} | mine
        assert not {card for card in private - public if f'"{card}"' in text}, seat
        assert view["hand"] == (match.deal.hands[seat] if seat is not None else [])
        assert leaked_cards(view, match, seat) == []


def test_rm5_a_drop_and_a_wrong_show_keep_their_cards_face_down_until_the_deal_ends():
    match = table(VALID_13, JUNK_13, LOOSE_13, "2S 3S 4S 5D 6D 8D 8C 9S JH QH KH AD AC")
    match.apply(0, DRAW_CLOSED)
    match.apply(0, {"type": "declare", "discard": "5C", "groups": [cards(VALID_13)]})
    match.apply(1, DROP)
    for seat in (None, 1, 2, 3):
        view = match.view(seat)
        assert view["own_show"] is None and leaked_cards(view, match, seat) == []
        assert '"10S"' not in json.dumps(view) and '"JS"' not in json.dumps(view)  # seat 0's
        if seat != 1:
            assert '"JD"' not in json.dumps(view)  # seat 1's
    assert match.view(0)["own_show"]["aside"] == "5C"  # the declarer sees its own show
    assert [seat["status"] for seat in match.view(None)["seats"]] == [
        "wrong_show",
        "dropped",
        "playing",
        "playing",
    ]


def test_rm5_rm21_at_the_end_every_hand_is_shown_with_its_best_arrangement_and_points():
    match = table(VALID_13, HAND_25, JUNK_13, LOOSE_13)
    match.apply(0, DRAW_CLOSED)
    match.apply(0, {"type": "declare", "discard": "5C", "groups": [cards(VALID_13)]})  # 80
    match.apply(1, DRAW_CLOSED)
    match.apply(1, discard("8H"))
    match.apply(2, DROP)  # 20
    match.apply(3, DRAW_CLOSED)
    match.apply(3, discard("KS"))
    match.apply(1, DRAW_OPEN)
    match.apply(1, declare("2S", "4H 5H 6H", "10S JS 9D", "7C 7D 7S", "KC KD KS", "3D"))
    assert match.view(None)["phase"] == "over"
    # seat 1 declared 13 cards with 3D ungrouped: a wrong show, so seat 3 wins as last one left
    shown = {hand["seat"]: hand for hand in match.view(None)["last_deal"]}
    assert {seat: hand["outcome"] for seat, hand in shown.items()} == {
        0: "wrong_show",
        1: "wrong_show",
        2: "dropped",
        3: "won",
    }
    assert {seat: hand["points"] for seat, hand in shown.items()} == {0: 80, 1: 80, 2: 20, 3: 0}
    assert match.result()["scores"] == [-80, -80, -20, 180]
    for seat, hand in shown.items():
        laid = [card for group in hand["groups"] for card in group] + hand["ungrouped"]
        laid += [hand["aside"]] if hand["aside"] else []
        assert Counter(laid) == Counter(match.deal.hands[seat]), seat
    for seat in (None, 0, 1, 2, 3):
        assert leaked_cards(match.view(seat), match, seat) == []


def test_rm21_a_loser_is_shown_in_the_grouping_that_its_points_come_from():
    match = table(VALID_13, HAND_25)
    match.apply(0, DRAW_CLOSED)
    match.apply(0, VALID_SHOW)
    loser = match.view(1)["last_deal"][1]
    assert loser["points"] == 25 and sorted(loser["ungrouped"]) == sorted(cards("KC KD 2S 3D"))
    assert loser["kinds"] == ["pure_sequence", "impure_sequence", "set"]
    assert match.result()["scores"] == [25, -25]


# -- RM-6 .. RM-8: a turn --------------------------------------------------------------------


def test_rm6_the_exact_choices_before_drawing_in_each_format():
    for variant in ("points", "pool101", "pool201"):
        match = table(VALID_13, JUNK_13, variant=variant)
        assert match.legal_actions(0) == [DRAW_CLOSED, DRAW_OPEN, DROP]
        assert match.legal_actions(1) == []
    for variant in ("deals2", "deals3"):
        assert table(VALID_13, JUNK_13, variant=variant).legal_actions(0) == [
            DRAW_CLOSED,
            DRAW_OPEN,
        ]


def test_rm6_the_exact_choices_holding_14_one_discard_per_card_and_one_show():
    match = table("2S 2S 5S 8S KS 3D 7D JD 4C 6C JC AH 3H", JUNK_13)
    match.apply(0, DRAW_CLOSED)  # 5C
    choices = match.legal_actions(0)
    discards = [action["card"] for action in choices if action["type"] == "discard"]
    assert discards == cards("2S 5S 8S KS 3D 7D JD 4C 6C JC AH 3H 5C")  # 2S once
    (show,) = [action for action in choices if action["type"] == "declare"]
    laid = Counter(card for group in show["groups"] for card in group)
    assert laid + Counter([show["discard"]]) == Counter(match.view(0)["hand"])
    assert choices[-1] is show and len(choices) == len(discards) + 1


def test_rm6_after_the_discard_the_next_seat_plays_and_the_discard_is_on_top():
    match = table(VALID_13, JUNK_13, LOOSE_13)
    play(match, (0, DRAW_CLOSED), (0, discard("QD")))
    view = match.view(2)
    assert (view["to_move"], view["turn"], view["open_top"], view["open_count"]) == (
        [1],
        1,
        "QD",
        2,
    )
    assert [seat["cards"] for seat in view["seats"]] == [13, 13, 13]
    play(match, (1, DRAW_OPEN), (1, discard("2S")), (2, DRAW_CLOSED), (2, discard("3S")))
    assert match.to_move() == [0]  # seat order wraps round


@pytest.mark.parametrize(
    ("wild", "top"),
    [("9C", "PJ"), ("9C", "9D"), ("9C", "9C"), ("PJ", "AS"), ("PJ", "PJ"), ("5H", "5H")],
)
def test_rm7_no_joker_is_ever_taken_from_the_open_pile(wild, top):
    match = table(VALID_13, JUNK_13, wild=wild, open_pile=f"2H {top}")
    assert DRAW_OPEN not in match.legal_actions(0)
    refused(match, 0, DRAW_OPEN, "joker_from_open_pile")


def test_rm7_an_ace_is_taken_from_the_open_pile_when_aces_are_not_wild():
    match = table(VALID_13, JUNK_13, wild="9C", open_pile="AS")
    match.apply(0, DRAW_OPEN)
    assert match.view(0)["hand"][-1] == "AS"


def test_rm6_taking_the_only_open_card_empties_the_pile_until_the_discard():
    match = table(VALID_13, JUNK_13, open_pile="KH")
    match.apply(0, DRAW_OPEN)
    assert (match.view(1)["open_top"], match.view(1)["open_count"]) == (None, 0)
    match.apply(0, discard("3H"))
    assert (match.view(1)["open_top"], match.view(1)["open_count"]) == ("3H", 1)


def test_rm8_the_card_from_the_open_pile_stays_this_turn_and_may_go_the_next():
    match = table(VALID_13, JUNK_13, open_pile="KH", closed="8S 4S 5C")
    match.apply(0, DRAW_OPEN)
    assert match.view(0)["taken_this_turn"] == "KH"
    assert match.view(1)["taken_this_turn"] is None
    refused(match, 0, discard("KH"), "taken_from_open_pile")
    refused(match, 0, discard("kh"), "taken_from_open_pile")
    play(match, (0, discard("QD")), (1, DRAW_CLOSED), (1, discard("5C")), (0, DRAW_CLOSED))
    match.apply(0, discard("KH"))  # a later turn: it may go
    assert match.view(1)["open_top"] == "KH"


def test_rm8_a_card_drawn_from_the_closed_deck_may_go_straight_back():
    match = table(VALID_13, JUNK_13, closed="KH")
    match.apply(0, DRAW_CLOSED)
    assert discard("KH") in match.legal_actions(0)
    match.apply(0, discard("KH"))


def test_rm8_holding_a_second_copy_of_the_card_taken_does_not_let_it_go_either():
    """Two decks: taking KH while holding KH, then letting "the other" KH go, leaves the hand
    and the pile exactly as if the taken KH went back, which RM-8 forbids; so the engine
    refuses the code for the whole turn, for a discard and for the card put aside alike."""
    hand = "KH 4H 5H 6H 10S JS PJ 7C 7D 7S QD QC 9H"
    match = table(hand, JUNK_13, open_pile="KH")
    match.apply(0, DRAW_OPEN)
    refused(match, 0, discard("KH"), "taken_from_open_pile")
    assert discard("KH") not in match.legal_actions(0)
    show = declare("KH", "KH 4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC 9H")
    refused(match, 0, show, "taken_from_open_pile")
    (offered,) = [a for a in match.legal_actions(0) if a["type"] == "declare"]
    assert offered["discard"] != "KH"


def test_rm8_the_card_taken_from_the_open_pile_may_be_used_in_a_winning_show():
    match = table("4H 5H 6H 10S JS PJ 7C 7D 7S QD QC 9H 2C", JUNK_13, open_pile="3H")
    match.apply(0, DRAW_OPEN)
    offered = next(a for a in match.legal_actions(0) if a["type"] == "declare")
    assert offered["discard"] == "2C"
    match.apply(0, declare("2C", "3H 4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC 9H"))
    assert match.result()["winners"] == [0]


# -- RM-13 .. RM-15: showing at the table ----------------------------------------------------


def test_rm13_a_show_is_only_made_holding_14_cards():
    match = table(VALID_13, JUNK_13)
    refused(match, 0, VALID_SHOW, "not_now")
    refused(match, 1, VALID_SHOW, "not_your_turn")


def test_rm13_the_engine_never_regroups_a_declarer():
    """The declarer's cards could make a valid show, but not as laid out: a wrong show."""
    match = table(VALID_13, JUNK_13, LOOSE_13)
    match.apply(0, DRAW_CLOSED)
    events = match.apply(0, declare("5C", "3H 4H 5H 6H", "10S JS PJ 7C", "7D 7S QD", "QC 9H"))
    assert events == [
        {
            "type": "declare",
            "seat": 0,
            "valid": False,
            "reason_code": "invalid_group",
            "points": 80,
        }
    ]


def test_rm15_a_wrong_show_is_out_and_the_others_play_on_to_a_valid_show():
    match = table(VALID_13, JUNK_13, VALID_13, closed="KS 8H 5C 5D")
    match.apply(0, DRAW_CLOSED)  # 5D
    match.apply(0, {"type": "declare", "discard": "5D", "groups": [cards(VALID_13)]})
    assert match.to_move() == [1] and match.legal_actions(0) == []
    refused(match, 0, DRAW_CLOSED, "not_your_turn")
    play(match, (1, DRAW_CLOSED), (1, discard("5C")), (2, DRAW_CLOSED))
    assert match.to_move() == [2]
    match.apply(2, declare("8H", "3H 4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC 9H"))
    assert match.result()["scores"] == [-80, -80, 160]
    assert match.result()["sheet"][0]["points"] == [80, 80, 0]


def test_rm15_a_wrong_show_counts_80_however_cheap_the_hand():
    """A hand that would cost nothing as a loser still pays 80 for a wrong show."""
    match = table(VALID_13, JUNK_13)
    match.apply(0, DRAW_CLOSED)
    match.apply(0, declare("5C", "3H 4H 5H 6H 10S JS", "PJ 7C 7D 7S", "QD QC 9H"))
    assert match.result()["scores"] == [-80, 80]


def test_rm15_the_turn_passes_over_seats_that_are_out():
    match = table(JUNK_13, VALID_13, LOOSE_13, JUNK_13, closed="8S 7S 6S 5S 4S 3S 2S")
    match.apply(0, DROP)
    match.apply(1, DRAW_CLOSED)
    match.apply(1, {"type": "declare", "discard": "2S", "groups": [cards(VALID_13)]})
    assert match.to_move() == [2]
    play(match, (2, DRAW_CLOSED), (2, discard("3S")), (3, DRAW_CLOSED), (3, discard("4S")))
    assert match.to_move() == [2]


# -- RM-17: drops ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "first", "middle"), [("points", 20, 40), ("pool101", 20, 40), ("pool201", 25, 50)]
)
def test_rm17_first_and_middle_drop_in_each_format(variant, first, middle):
    match = table(VALID_13, JUNK_13, LOOSE_13, variant=variant, closed="KS 8H 5C 4S 3S")
    assert match.view(1)["drop_points"] == {"first": first, "middle": middle}
    play(match, (0, DRAW_CLOSED), (0, discard("3S")))
    assert match.apply(1, DROP) == [{"type": "drop", "seat": 1, "points": first}]
    play(match, (2, DRAW_CLOSED), (2, discard("4S")))
    assert match.apply(0, DROP)[0] == {"type": "drop", "seat": 0, "points": middle}
    assert match.view(None)["sheet"][-1]["points"] == [middle, first, 0]


def test_rm17_drawing_from_the_open_pile_also_makes_a_later_drop_a_middle_drop():
    match = table(VALID_13, JUNK_13, LOOSE_13, open_pile="KH")
    play(match, (0, DRAW_OPEN), (0, discard("QD")), (1, DRAW_CLOSED), (1, discard("5C")))
    play(match, (2, DRAW_CLOSED), (2, discard("8H")))
    assert match.apply(0, DROP)[0]["points"] == 40


def test_rm17_a_drop_only_at_the_start_of_ones_own_turn():
    match = table(VALID_13, JUNK_13)
    refused(match, 1, DROP, "not_your_turn")
    match.apply(0, DRAW_OPEN)
    refused(match, 0, DROP, "not_now")
    assert DROP not in match.legal_actions(0)


def test_rm17_rm26_no_drop_in_deals_not_even_the_first():
    for variant in ("deals2", "deals3"):
        match = table(VALID_13, JUNK_13, variant=variant)
        assert match.view(0)["drop_points"] is None
        refused(match, 0, DROP, "no_drop")


def test_rm17_a_drop_that_leaves_one_player_ends_the_deal_for_that_player():
    match = table(JUNK_13, VALID_13)
    events = match.apply(0, DROP)
    assert [event["type"] for event in events] == ["drop", "deal_over", "game_over"]
    assert match.result()["scores"] == [-20, 20] and match.result()["winners"] == [1]


# -- RM-23 .. RM-26: formats -----------------------------------------------------------------


def test_rm23_points_the_winner_gains_the_sum_of_every_losers_points():
    match = table(VALID_13, HAND_25, JUNK_13, LOOSE_13, closed="8H 6S 4S 3S")
    play(match, (0, DRAW_CLOSED), (0, discard("3S")), (1, DRAW_CLOSED), (1, discard("4S")))
    match.apply(2, DROP)
    play(match, (3, DRAW_CLOSED), (3, discard("6S")), (0, DRAW_CLOSED))
    match.apply(0, VALID_SHOW | {"discard": "8H"})
    result = match.result()
    assert result["sheet"] == [{"deal": 1, "winner": 0, "points": [0, 25, 20, 80]}]
    assert result["scores"] == [125, -25, -20, -80]
    assert result["ranks"] == [1, 3, 2, 4] and result["winners"] == [0]


def test_rm24_pool_101_a_player_at_100_plays_on_and_at_101_is_out():
    match = table(VALID_13, JUNK_13, LOOSE_13, variant="pool101", scores=[0, 20, 21])
    match.apply(0, DRAW_CLOSED)
    match.apply(0, VALID_SHOW)
    assert match.view(None)["scores"] == [0, 100, 101]
    assert not match.is_over() and match.view(None)["phase"] == "between_deals"
    assert match.to_move() == [0]  # seat 2 dealt; the next dealer among those left is seat 0
    match.apply(0, DEAL)
    assert [seat["status"] for seat in match.view(None)["seats"]] == ["playing", "playing", "out"]
    assert match.to_move() == [1] and match.view(2)["hand"] == []


def test_rm24_pool_the_winner_of_a_deal_adds_nothing_and_the_last_one_standing_wins():
    match = table(VALID_13, JUNK_13, variant="pool101", scores=[100, 30])
    match.apply(0, DRAW_CLOSED)
    match.apply(0, VALID_SHOW)
    assert match.is_over()
    assert match.result()["scores"] == [100, 110] and match.result()["winners"] == [0]
    assert match.result()["ranks"] == [1, 2]


def test_rm24_pool_a_wrong_show_adds_80():
    match = table(VALID_13, JUNK_13, LOOSE_13, variant="pool101", scores=[20, 0, 0])
    match.apply(0, DRAW_CLOSED)
    match.apply(0, {"type": "declare", "discard": "5C", "groups": [cards(VALID_13)]})
    assert match.view(None)["scores"] == [20, 0, 0]  # added at the end of the deal
    match.apply(1, DROP)
    assert match.view(None)["scores"] == [100, 20, 0] and not match.is_over()


def test_rm25_pool_201_eliminates_at_201_not_before():
    match = table(VALID_13, JUNK_13, LOOSE_13, variant="pool201", scores=[0, 120, 121])
    match.apply(0, DRAW_CLOSED)
    match.apply(0, VALID_SHOW)
    assert match.view(None)["scores"] == [0, 200, 201] and not match.is_over()
    match.apply(0, DEAL)
    assert [seat["status"] for seat in match.view(None)["seats"]] == ["playing", "playing", "out"]


def test_rm24_a_rejoin_comes_back_at_the_highest_score_left_in_plus_one():
    match = table(
        VALID_13, JUNK_13, LOOSE_13, variant="pool101", scores=[0, 30, 60], options={"rejoin": True}
    )
    match.apply(0, DRAW_CLOSED)
    match.apply(0, VALID_SHOW)  # 110 and 140: nobody else is left in, so no rejoin
    assert match.is_over() and match.view(None)["rejoin"] is None
    match = table(
        VALID_13,
        JUNK_13,
        HAND_25,
        LOOSE_13,
        variant="pool101",
        scores=[0, 30, 0, 0],
        dealer=2,
        options={"rejoin": True},
    )
    match.apply(3, DROP)
    match.apply(0, DRAW_CLOSED)
    match.apply(0, VALID_SHOW)  # 0, 110, 25, 20
    assert match.view(1)["rejoin"] == {"offered": [1], "score": 26}
    assert match.to_move() == [1] and match.legal_actions(1) == [
        {"type": "rejoin"},
        {"type": "stay_out"},
    ]
    refused(match, 0, DEAL, "not_your_turn")
    refused(match, 1, DEAL, "not_now")
    json_round_trip(match)
    match.apply(1, {"type": "rejoin"})
    refused(match, 1, {"type": "rejoin"}, "not_your_turn")
    assert match.view(None)["scores"] == [0, 26, 25, 20] and match.to_move() == [3]


def test_rm24_a_player_rejoins_once_per_game():
    match = table(
        VALID_13, JUNK_13, HAND_25, variant="pool101", scores=[0, 30, 0], options={"rejoin": True}
    )
    match.apply(0, DRAW_CLOSED)
    match.apply(0, VALID_SHOW)  # 0, 110, 25
    match.apply(1, {"type": "rejoin"})  # 26
    match.apply(0, DEAL)  # seat 1 plays first
    match.apply(1, DRAW_CLOSED)
    hand = match.view(1)["hand"]
    match.apply(1, {"type": "declare", "discard": hand[0], "groups": [hand[1:]]})  # 80 more
    match.apply(2, DROP)  # 45; seat 0 is the last one left
    assert match.view(None)["scores"] == [0, 106, 45] and not match.is_over()
    assert match.view(None)["rejoin"] is None and match.to_move() == [2]


def test_rm26_deals_chips_are_80_a_player_and_move_from_each_loser_to_the_winner():
    match = table(VALID_13, "4H 5H 6H 10S JS 9D 7C 7D 7S KC KD 2S 3D", JUNK_13, variant="deals3")
    assert match.view(0)["scores"] == [240, 240, 240]
    match.apply(0, DRAW_CLOSED)
    match.apply(0, VALID_SHOW)
    assert match.view(None)["scores"] == [345, 215, 160]
    assert not match.is_over()
    assert match.view(0)["phase"] == "between_deals" and match.to_move() == [0]


@pytest.mark.parametrize("variant", ["deals2", "deals3"])
def test_rm26_the_deals_game_lasts_its_deals_and_a_tie_brings_one_more(variant):
    """Each deal the seat to play first makes a wrong show: 80 chips to the other seat.
    deals2: 240/80 then 160/160, a tie, so a third deal; deals3: 240/80, 160/160, 240/80."""
    match = RULES.new_match(variant, 2, seed=3)
    while not match.is_over():
        seat = match.to_move()[0]
        action = match.default_action(seat)
        if match.view(seat)["phase"] == "discard":
            hand = match.view(seat)["hand"]
            action = {"type": "declare", "discard": hand[0], "groups": [hand[1:]]}
        match.apply(seat, action)
    result = match.result()
    assert [entry["winner"] for entry in result["sheet"]] == [0, 1, 0]
    assert result["scores"] == [240, 80] and result["winners"] == [0]
    assert result["ranks"] == [1, 2] and result["scoring"] == "chips"


# -- RM-29, RM-30: history and resuming ------------------------------------------------------


def test_rm29_the_history_names_discards_and_open_pile_takes_but_no_closed_card():
    match = table(VALID_13, JUNK_13, open_pile="KH")
    play(match, (0, DRAW_OPEN), (0, discard("QD")), (1, DRAW_CLOSED), (1, discard("2S")))
    history = match.view(None)["history"]
    assert history[0] == {
        "type": "deal",
        "deal": 1,
        "dealer": 1,
        "seats": [0, 1],
        "wild_card": "9C",
        "open_card": "KH",
    }
    assert history[1:] == [
        {"type": "draw", "seat": 0, "source": "open", "card": "KH"},
        {"type": "discard", "seat": 0, "card": "QD"},
        {"type": "draw", "seat": 1, "source": "closed"},
        {"type": "discard", "seat": 1, "card": "2S"},
    ]
    assert all(match.view(seat)["history"] == history for seat in (0, 1))


def test_rm29_the_history_holds_the_last_30_moves_in_order():
    closed = "2C 3C 4C 5C 6C 8C 10C JC QC KC AC 2D 3D 4D 5D 6D 8D 10D AD KD"
    match = table(VALID_13, JUNK_13, closed=closed)
    for _ in range(40):  # 20 turns, each drawing from the closed deck and discarding that card
        seat = match.to_move()[0]
        match.apply(seat, match.default_action(seat))
    history = match.view(0)["history"]
    assert len(history) == 30  # of 41: the deal, then 40 moves
    assert history[0] == {"type": "draw", "seat": 1, "source": "closed"}  # the 12th
    assert history[-1] == {"type": "discard", "seat": 1, "card": "2C"}
    assert [event["card"] for event in history if event["type"] == "discard"] == cards(
        "10D 8D 6D 5D 4D 3D 2D AC KC QC JC 10C 8C 6C 5C 4C 3C 2C"
    )[-15:]


def json_round_trip(match: RummyMatch) -> RummyMatch:
    stored = RULES.from_json(json.loads(json.dumps(match.to_json())))
    assert snapshot(stored) == snapshot(match)
    for seat in (None, *range(match.players)):
        assert stored.view(seat) == match.view(seat)
    for seat in range(match.players):
        assert stored.legal_actions(seat) == match.legal_actions(seat)
    assert isinstance(stored, RummyMatch)
    return stored


def test_rm30_every_phase_of_a_deal_round_trips_and_plays_on_alike():
    match = table(VALID_13, JUNK_13, LOOSE_13, variant="pool101", open_pile="KH", closed="5C")
    steps = [
        (0, DRAW_OPEN),
        (0, discard("QD")),
        (1, DRAW_CLOSED),  # the last closed card
        (1, discard("2S")),
        (2, DRAW_CLOSED),  # reshuffle
        (2, discard("3S")),
        (0, DRAW_CLOSED),  # reshuffle again
        (0, "wrong show"),
        (1, DROP),  # a middle drop; seat 2 is the last one left
    ]
    for seat, action in steps:
        if action == "wrong show":
            hand = [card for card in match.view(seat)["hand"] if card != "KH"]
            action = {"type": "declare", "discard": "KH", "groups": [hand]}
        stored = json_round_trip(match)
        if seat in match.to_move() and match.view(seat)["phase"] != "between_deals":
            assert stored.default_action(seat) == match.default_action(seat)
        assert stored.apply(seat, action) == match.apply(seat, action)
    assert match.view(None)["phase"] == "between_deals"
    assert match.view(None)["scores"] == [80, 40, 0]
    stored = json_round_trip(match)
    assert stored.apply(0, DEAL) == match.apply(0, DEAL)
    assert snapshot(stored) == snapshot(match)


# -- default actions (the turn timer) --------------------------------------------------------


def test_the_timer_before_a_draw_draws_from_the_closed_deck_even_when_dropping_is_allowed():
    match = table(VALID_13, JUNK_13)
    assert match.default_action(0) == DRAW_CLOSED


def test_the_timer_holding_14_discards_the_card_just_drawn():
    match = table(VALID_13, JUNK_13, closed="KS 8H QS")
    match.apply(0, DRAW_CLOSED)
    assert match.default_action(0) == discard("QS")
    match.apply(0, match.default_action(0))
    assert match.view(0)["hand"] == cards(VALID_13)


def test_the_timer_holding_14_after_an_open_take_discards_a_legal_card():
    match = table(VALID_13, JUNK_13, open_pile="KH")
    match.apply(0, DRAW_OPEN)
    action = match.default_action(0)
    assert action["type"] == "discard" and action["card"] != "KH"
    assert action in match.legal_actions(0)


def test_the_timer_between_deals_deals_and_declines_a_rejoin():
    match = table(VALID_13, JUNK_13, LOOSE_13, variant="pool101")
    match.apply(0, DROP)
    match.apply(1, DROP)
    assert match.default_action(0) == DEAL
    match = table(
        VALID_13, JUNK_13, HAND_25, variant="pool101", scores=[0, 30, 0], options={"rejoin": True}
    )
    match.apply(0, DRAW_CLOSED)
    match.apply(0, VALID_SHOW)
    assert match.default_action(1) == {"type": "stay_out"}
    match.apply(1, match.default_action(1))
    assert match.to_move() == [0] and match.default_action(0) == DEAL


def test_the_timer_has_nothing_for_a_seat_that_may_not_act_or_a_finished_game():
    match = table(VALID_13, JUNK_13)
    with pytest.raises(IllegalAction):
        match.default_action(1)
    match.apply(0, DROP)
    with pytest.raises(IllegalAction):
        match.default_action(1)


# -- malformed and refused actions -----------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (None, "malformed"),
        ("draw", "malformed"),
        ([], "malformed"),
        ({}, "malformed"),
        ({"type": 3}, "malformed"),
        ({"type": ["draw"]}, "malformed"),
        ({"type": "play", "card": "AS"}, "unknown_action"),
        ({"type": "draw"}, "bad_source"),
        ({"type": "draw", "source": "OPEN"}, "bad_source"),
        ({"type": "draw", "source": ["open"]}, "bad_source"),
        ({"type": "draw", "source": None}, "bad_source"),
        ({"type": "discard", "card": "3H"}, "not_now"),
        (VALID_SHOW, "not_now"),
        (DEAL, "not_now"),
        ({"type": "rejoin"}, "not_now"),
        ({"type": "stay_out"}, "not_now"),
    ],
)
def test_malformed_or_untimely_actions_before_the_draw_change_nothing(action, code):
    refused(table(VALID_13, JUNK_13), 0, action, code)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "discard"}, "bad_card"),
        ({"type": "discard", "card": None}, "bad_card"),
        ({"type": "discard", "card": 5}, "bad_card"),
        ({"type": "discard", "card": ["3H"]}, "bad_card"),
        ({"type": "discard", "card": "1H"}, "bad_card"),
        ({"type": "discard", "card": "ZZ"}, "bad_card"),
        ({"type": "discard", "card": "AS"}, "not_in_hand"),
        ({"type": "declare", "groups": [cards(VALID_13)]}, "bad_card"),
        ({"type": "declare", "discard": "AS", "groups": [cards(VALID_13)]}, "not_in_hand"),
        ({"type": "declare", "discard": "5C"}, "bad_groups"),
        ({"type": "declare", "discard": "5C", "groups": []}, "bad_groups"),
        ({"type": "declare", "discard": "5C", "groups": "3H 4H"}, "bad_groups"),
        ({"type": "declare", "discard": "5C", "groups": [cards(VALID_13), []]}, "bad_groups"),
        ({"type": "declare", "discard": "5C", "groups": [["3H", 4]]}, "bad_card"),
        ({"type": "declare", "discard": "5C", "groups": [[["3H"]]]}, "bad_card"),
        ({"type": "declare", "discard": "5C", "groups": [cards(VALID_13)[:12]]}, "not_your_cards"),
        (
            {"type": "declare", "discard": "5C", "groups": [[*cards(VALID_13), "3H"]]},
            "not_your_cards",
        ),
        (
            {"type": "declare", "discard": "5C", "groups": [[*cards(VALID_13), "5C"]]},
            "not_your_cards",
        ),
        ({"type": "draw", "source": "closed"}, "not_now"),
        (DROP, "not_now"),
    ],
)
def test_malformed_or_untimely_actions_holding_14_change_nothing(action, code):
    match = table(VALID_13, JUNK_13)
    match.apply(0, DRAW_CLOSED)
    refused(match, 0, action, code)


def test_refusals_between_deals_and_after_the_end():
    match = table(VALID_13, JUNK_13, LOOSE_13, variant="pool101")
    play(match, (0, DROP), (1, DROP))
    refused(match, 1, DEAL, "not_your_turn")
    refused(match, 0, DRAW_CLOSED, "not_now")
    refused(match, 0, {"type": "rejoin"}, "not_now")
    match = table(VALID_13, JUNK_13)
    match.apply(0, DROP)
    for seat in (0, 1):
        refused(match, seat, DEAL, "match_over")
        assert match.legal_actions(seat) == []
    assert match.to_move() == []


@pytest.mark.parametrize("seat", [-1, 2, "0", None, True, 0.0])
def test_a_forged_seat_is_refused_and_sees_nothing(seat):
    match = table(VALID_13, JUNK_13)
    refused(match, seat, DRAW_CLOSED, "bad_seat")
    assert match.legal_actions(seat) == []
    if seat is not None:
        with pytest.raises(IllegalAction):
            match.view(seat)


def test_a_refused_show_leaves_no_trace():
    match = table(VALID_13, JUNK_13, open_pile="KH")
    match.apply(0, DRAW_OPEN)
    before = json.dumps(match.to_json(), sort_keys=True)
    for action in (
        declare("KH", "3H 4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC 9H"),
        declare("3H", "4H 5H 6H", "10S JS PJ", "7C 7D 7S", "QD QC 9H"),
    ):
        with pytest.raises(IllegalAction):
            match.apply(0, action)
    assert json.dumps(match.to_json(), sort_keys=True) == before
    assert match.view(0)["own_show"] is None


def test_whole_games_of_random_legal_play_keep_every_card_and_every_view_clean():
    """Every card is somewhere once, at every step; no view shows a card it may not."""
    for variant, players in (("points", 6), ("pool201", 3), ("deals3", 2)):
        match = RULES.new_match(variant, players, seed=f"audit-{variant}")
        chooser = random.Random(variant)
        steps = 0
        while match.to_move() and steps < 3000:
            assert isinstance(match, RummyMatch)
            deal = match.deal
            held = [card for hand in deal.hands for card in hand]
            assert Counter([*held, *deal.closed, *deal.open_pile, deal.wild_card]) == Counter(DECK)
            for viewer in (None, *range(players)):
                assert leaked_cards(match.view(viewer), match, viewer) == []
            seat = chooser.choice(match.to_move())
            choices = match.legal_actions(seat)
            weights = [0.2 if action["type"] in ("declare", "drop") else 1 for action in choices]
            match.apply(seat, chooser.choices(choices, weights)[0])
            steps += 1
        assert match.is_over()
        result = match.result()
        assert len(result["ranks"]) == players and result["winners"]


def test_the_order_of_the_groups_in_a_valid_show_does_not_matter():
    shows = [
        ("10S JS PJ", "3H 4H 5H 6H", "7C 7D 7S", "QD QC 9H"),
        ("QD QC 9H", "7C 7D 7S", "10S JS PJ", "3H 4H 5H 6H"),
    ]
    for groups in shows:
        match = table(VALID_13, JUNK_13)
        match.apply(0, DRAW_CLOSED)
        match.apply(0, declare("5C", *groups))
        assert match.result()["winners"] == [0]


def _scribble(node: object) -> None:
    """Change every list and dict inside ``node`` in place."""
    if isinstance(node, dict):
        for value in node.values():
            _scribble(value)
        node["scribbled"] = True
    elif isinstance(node, list):
        for value in node:
            _scribble(value)
        node.append("scribbled")


def test_rm30_what_the_match_hands_out_is_a_copy_that_callers_may_change():
    """The table code may decorate a view or a result; the match (and its stored JSON) must
    not move with it."""
    match = table(VALID_13, JUNK_13, LOOSE_13, variant="pool101")
    match.apply(0, DRAW_CLOSED)
    match.apply(0, {"type": "declare", "discard": "5C", "groups": [cards(VALID_13)]})
    match.apply(1, DROP)  # the deal is over: every hand is shown
    before = snapshot(match)
    for seat in (None, 0, 1, 2):
        _scribble(match.view(seat))
    _scribble(match.to_json())
    _scribble(match.legal_actions(0))
    assert snapshot(match) == before
    match = table(VALID_13, JUNK_13, LOOSE_13)
    match.apply(0, DRAW_CLOSED)
    match.apply(0, {"type": "declare", "discard": "5C", "groups": [cards(VALID_13)]})
    before = snapshot(match)
    _scribble(match.view(0))  # the wrong show's own view
    data = match.to_json()
    restored = RULES.from_json(data)
    _scribble(data)
    assert snapshot(match) == before == snapshot(restored)
    match.apply(1, DROP)
    before = snapshot(match)
    _scribble(match.result())
    assert snapshot(match) == before
