"""Groups and declarations (RM-9 .. RM-16, RM-28), checked as the player lays them out."""

from __future__ import annotations

import pytest

from games.engine.rummy import GroupKind, classify_group, validate_declaration
from tests.games.engine.rummy_support import cards


def kind(group: str, wild: str = "9") -> GroupKind:
    return classify_group(cards(group), wild)


def verdict(text: str, wild: str = "9"):
    return validate_declaration([cards(group) for group in text.split("·")], wild)


def test_rm9_consecutive_cards_of_one_suit_are_a_pure_sequence():
    assert kind("4H 5H 6H") is GroupKind.PURE_SEQUENCE
    assert kind("10S JS QS KS AS") is GroupKind.PURE_SEQUENCE


def test_rm9_a_wild_card_in_its_own_place_keeps_a_sequence_pure():
    assert kind("6H 7H 8H", wild="7") is GroupKind.PURE_SEQUENCE


def test_rm9_a_printed_joker_never_makes_a_sequence_pure():
    assert kind("3H 4H PJ 6H") is GroupKind.IMPURE_SEQUENCE


def test_rm10_a_joker_filling_a_gap_makes_an_impure_sequence():
    assert kind("10S JS 9D") is GroupKind.IMPURE_SEQUENCE  # 9D stands for QS
    assert kind("5C 6C AD", wild="A") is GroupKind.IMPURE_SEQUENCE


def test_rm10_jokers_alone_stand_for_three_cards_in_a_row():
    assert kind("PJ 9D 9S") is GroupKind.IMPURE_SEQUENCE


def test_rm11_an_ace_is_low_or_high_but_never_in_the_middle():
    assert kind("AC 2C 3C") is GroupKind.PURE_SEQUENCE
    assert kind("QD KD AD") is GroupKind.PURE_SEQUENCE
    assert kind("KS AS 2S") is GroupKind.INVALID
    assert kind("KS AS PJ 2S") is GroupKind.INVALID


def test_rm12_a_set_is_three_or_four_of_a_rank_in_different_suits():
    assert kind("7C 7D 7S") is GroupKind.SET
    assert kind("KD KS KH KC") is GroupKind.SET
    assert kind("QD QC 9H") is GroupKind.SET


def test_rm12_a_set_never_holds_the_same_card_twice_nor_five_cards():
    assert kind("7C 7C 7D") is GroupKind.INVALID
    assert kind("KD KS KH KC PJ") is GroupKind.INVALID


def test_rm12_two_cards_are_no_group():
    assert kind("7C 7D") is GroupKind.INVALID


@pytest.mark.parametrize(
    ("hand", "valid", "reason_code"),
    [
        ("3H 4H 5H 6H · 10S JS PJ · 7C 7D 7S · QD QC 9H", True, "valid"),
        ("3H 4H PJ 6H · 10S JS 9D · 7C 7D 7S · QD QC QH", False, "no_pure_sequence"),
        ("3H 4H 5H · 10S JS PJ · 7C 7C 7D · KD KS KH KC", False, "invalid_group"),
        ("3H 4H 5H · 7C 7D 7S · QD QC QH · 2S 2D 2C 9H", False, "one_sequence"),
    ],
)
def test_rm16_the_seeds_declaration_table(hand, valid, reason_code):
    result = verdict(hand)
    assert (result.valid, result.reason_code) == (valid, reason_code)


def test_rm14_reasons_say_what_is_missing_in_plain_words():
    assert "one of them pure" in verdict("3H 4H PJ 6H · 10S JS 9D · 7C 7D 7S · QD QC QH").reason
    assert "7C twice" in verdict("3H 4H 5H · 10S JS PJ · 7C 7C 7D · KD KS KH KC").reason
    assert (
        "a set cannot replace the second"
        in verdict("3H 4H 5H · 7C 7D 7S · QD QC QH · 2S 2D 2C 9H").reason
    )


def test_rm14_every_card_must_be_in_a_valid_group():
    result = verdict("3H 4H 5H · 10S JS PJ · 7C 7D 7S · KD KS · QH 2C")
    assert not result.valid and result.reason_code == "invalid_group"


def test_rm13_a_declaration_is_checked_as_arranged_not_regrouped():
    """The same 13 cards: valid as two runs, a wrong show as one long run."""
    assert verdict("3H 4H 5H · 6H 7H 8H · 7C 7D 7S · QD QC QH 9C").valid
    as_one_run = verdict("3H 4H 5H 6H 7H 8H · 7C 7D 7S · QD QC QH 9C")
    assert not as_one_run.valid and as_one_run.reason_code == "one_sequence"


def test_rm14_two_pure_sequences_are_both_lives():
    assert verdict("3H 4H 5H · 6H 7H 8H · 7C 7D 7S · QD QC QH 9C").valid


def test_validation_reads_suit_symbols():
    assert validate_declaration(
        [["3♥", "4♥", "5♥", "6♥"], *[cards(g) for g in ("10S JS PJ", "7C 7D 7S", "QD QC 9H")]], "9"
    ).valid


def test_rm28_each_kind_of_group_has_its_label_colour():
    colours = {member: member.colour for member in GroupKind}
    assert colours == {
        GroupKind.PURE_SEQUENCE: "green",
        GroupKind.IMPURE_SEQUENCE: "orange",
        GroupKind.SET: "blue",
        GroupKind.INVALID: "red",
    }


def test_rm28_the_verdict_labels_each_group_as_laid_out():
    result = verdict("3H 4H 5H 6H · 10S JS PJ · 7C 7D 7S · QD QC 9H")
    assert [k.value for k in result.kinds] == ["pure_sequence", "impure_sequence", "set", "set"]


def test_rm31_every_verdict_carries_a_stable_key_for_translation():
    keys = {
        verdict(hand).reason_code
        for hand in (
            "3H 4H 5H 6H · 10S JS PJ · 7C 7D 7S · QD QC 9H",
            "3H 4H PJ 6H · 10S JS 9D · 7C 7D 7S · QD QC QH",
            "3H 4H 5H · 10S JS PJ · 7C 7C 7D · KD KS KH KC",
            "3H 4H 5H · 7C 7D 7S · QD QC QH · 2S 2D 2C 9H",
            "3H 4H 5H",
        )
    }
    assert keys == {"valid", "no_pure_sequence", "invalid_group", "one_sequence", "not_13_cards"}
