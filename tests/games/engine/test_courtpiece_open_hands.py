"""Court Piece's open hands (``open_hands``, for the result screen and replays): the last deal
as play began, from the state alone, whatever the house features changed before (CP-3, CP-8,
CP-15, CP-16)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.engine import GAMES, HandLabel
from games.engine.cards import standard_deck
from games.engine.courtpiece.deal import sorted_hand
from tests.games.engine.conformance import play_randomly
from tests.games.engine.courtpiece_deals import HIDDEN_HEART, ONE_SUIT_EACH, act, play_tricks, start

RULES = GAMES["courtpiece"]
DEALT, HELD, FACE_DOWN = HandLabel.DEALT, HandLabel.HELD, HandLabel.FACE_DOWN


def groups(match, seat):
    return {group["label"]: group["cards"] for group in match.open_hands()[seat]}


def test_each_seat_shows_its_13_as_play_began_and_the_cards_it_has_not_played_CP_3():
    match = start("single_sar", ONE_SUIT_EACH)
    act(match, "call S")
    play_tricks(match, 2)
    for seat, dealt in enumerate(ONE_SUIT_EACH):
        assert groups(match, seat) == {DEALT: sorted_hand(dealt), HELD: match.view(seat)["hand"]}
        assert len(groups(match, seat)[HELD]) == 11


def test_before_the_first_card_the_hands_as_dealt_are_the_cards_dealt_so_far_CP_3():
    match = start("single_sar", ONE_SUIT_EACH)
    assert groups(match, 0) == {DEALT: ONE_SUIT_EACH[0][:5], HELD: ONE_SUIT_EACH[0][:5]}


def test_the_callers_face_down_card_is_one_of_its_13_and_apart_while_it_lies_face_down_CP_8():
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H")
    caller = groups(match, 0)
    assert caller[DEALT] == sorted_hand(HIDDEN_HEART[0]) and caller[FACE_DOWN] == ["2H"]
    assert "2H" not in caller[HELD] and len(caller[HELD]) == 12
    assert FACE_DOWN not in groups(match, 1)


def test_the_hands_as_dealt_are_the_ones_after_a_change_of_cards_CP_15():
    match = start("single_sar", ONE_SUIT_EACH, change_cards=True)
    act(match, "change_cards")
    match.apply(0, next(call for call in match.legal_actions(0) if call["type"] == "call"))
    assert match.view(0)["phase"] == "play"
    assert groups(match, 0)[DEALT] == match.view(0)["hand"] != sorted_hand(ONE_SUIT_EACH[0])
    dealt = [groups(match, seat)[DEALT] for seat in range(4)]
    assert Counter(card for hand in dealt for card in hand) == Counter(standard_deck())


def test_the_hands_as_dealt_keep_the_swapped_face_down_card_with_its_caller_CP_16():
    match = start("hidden", HIDDEN_HEART, change_trump=True)
    act(match, "hide 2H", "change_trump 9C")
    caller = groups(match, 0)
    assert caller[DEALT] == sorted_hand(HIDDEN_HEART[0]) and caller[FACE_DOWN] == ["9C"]
    assert "2H" in caller[HELD]


@pytest.mark.parametrize("variant", RULES.variants)
def test_each_deal_as_dealt_is_its_52_cards_the_held_ones_and_the_ones_each_seat_played(variant):
    """At the end of every deal of a random match with the house features on: the hands as
    dealt are the whole deck, and each seat's are what it still holds, its face-down card and
    the cards it played in that deal's tricks."""
    options = {"target": 3, "change_cards": True, "change_trump": True, "hidden_trump": True}
    match = RULES.new_match(variant, 4, seed=f"open-{variant}", options=options)
    played: list[list[str]] = [[] for _ in range(4)]
    ends = 0

    def check(match, seat, action):
        nonlocal ends
        if match.view(None)["phase"] == "deal_over":
            ends += 1
            _check_deal(match, played)
        if action["type"] == "next_deal":
            played[:] = [[] for _ in range(4)]
        elif action["type"] == "play":
            played[seat].append(action["card"])

    play_randomly(match, random.Random(variant), on_step=check)
    _check_deal(match, played)
    assert ends >= 2


def _check_deal(match, played):
    dealt = []
    for seat in range(4):
        hand = groups(match, seat)
        now = [*hand.get(HELD, []), *hand.get(FACE_DOWN, []), *played[seat]]
        assert Counter(hand[DEALT]) == Counter(now) and len(hand[DEALT]) == 13
        dealt += hand[DEALT]
    assert Counter(dealt) == Counter(standard_deck())


def test_a_state_stored_before_the_hands_as_dealt_were_kept_loads_and_shows_what_is_held():
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H")
    play_tricks(match, 1)
    state = json.loads(json.dumps(match.to_json()))
    del state["deal"]["as_dealt"]
    old = RULES.from_json(state)
    held = [[group for group in hand if group["label"] is not DEALT] for hand in match.open_hands()]
    assert old.open_hands() == held and all(held)
    seat = old.to_move()[0]
    old.apply(seat, old.default_action(seat))  # and it plays on
