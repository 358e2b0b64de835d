"""Court Piece, Hidden trump (chhupa rang): CP-8 .. CP-14, each reveal case from a fixed deal.

In ``HIDDEN_HEART`` seat 0 chooses and leads; play goes 0, 3, 2, 1. Seats 3 and 2 hold no
spades; seat 3 holds one heart (KH), seat 2 five; seat 1 can follow spades.
"""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from games.engine.base import leaked_cards
from tests.games.engine.courtpiece_deals import (
    HIDDEN_HEART,
    ONE_SUIT_EACH,
    act,
    kinds,
    play_out,
    start,
)


def hidden_heart():
    """Seat 0 has laid 2H face down."""
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H")
    return match


def refusal(match, move):
    with pytest.raises(IllegalAction) as refused:
        act(match, move)
    return refused.value.code


# -- CP-8 ------------------------------------------------------------------------------------


def test_the_caller_lays_one_of_the_first_five_face_down_known_only_to_them_CP_8():
    match = start("hidden", HIDDEN_HEART)
    assert refusal(match, "hide QS") == "not_in_hand"  # QS is not among the first five
    events = act(match, "hide 2H")
    assert events == [{"type": "hide", "seat": 0}]
    assert match.view(0)["face_down"] == {"seat": 0, "card": "2H", "suit": "H", "face_up": False}
    for other in (1, 2, 3, None):
        assert match.view(other)["face_down"] == {
            "seat": 0,
            "card": None,
            "suit": None,
            "face_up": False,
        }
        assert "2H" in match.cards_hidden_from(other)
    assert "2H" not in match.cards_hidden_from(0)
    assert match.view(0)["trump"] is None
    assert match.view(0)["hand_sizes"] == [12, 13, 13, 13] and "2H" not in match.view(0)["hand"]


def test_the_face_down_card_cannot_be_played_while_it_is_down_CP_8():
    match = hidden_heart()
    assert {"type": "play", "card": "2H"} not in match.legal_actions(0)
    assert refusal(match, "play 2H") == "face_down"


# -- CP-9 ------------------------------------------------------------------------------------


def test_a_player_void_in_the_led_suit_may_ask_and_must_then_play_a_trump_CP_9():
    match = hidden_heart()
    act(match, "play AS")
    assert {"type": "ask_trump"} in match.legal_actions(3)
    events = act(match, "ask_trump")
    assert events == [
        {"type": "ask_trump", "seat": 3},
        {"type": "trump_shown", "seat": 0, "card": "2H", "suit": "H"},
    ]
    assert match.view(3)["trump"] == "H" and match.view(3)["must_play_trump"]
    assert match.legal_actions(3) == [{"type": "play", "card": "KH"}]
    assert refusal(match, "play 10D") == "must_play_trump"


def test_a_player_who_can_follow_suit_or_who_leads_may_not_ask_for_the_trump_CP_9():
    match = hidden_heart()
    assert refusal(match, "ask_trump") == "cannot_ask_trump"  # seat 0 leads
    act(match, "play AS", "play 10D", "play 5D")
    assert {"type": "ask_trump"} not in match.legal_actions(1)
    assert refusal(match, "ask_trump") == "cannot_ask_trump"  # seat 1 holds spades


def test_a_player_void_in_the_led_suit_need_not_ask_and_may_play_any_card_CP_9():
    match = hidden_heart()
    act(match, "play AS")
    assert len(match.legal_actions(3)) == 13 + 1  # every card, and asking


def test_in_the_open_games_playing_trump_is_never_compulsory_CP_9():
    match = start("single_sar", HIDDEN_HEART)
    act(match, "call H", "play AS")
    plays = [a["card"] for a in match.legal_actions(3) if a["type"] == "play"]
    assert len(plays) == 13 and "KH" in plays


# -- CP-10 -----------------------------------------------------------------------------------


def test_the_caller_may_show_the_trump_when_leading_and_must_then_lead_one_CP_10():
    match = hidden_heart()
    assert {"type": "reveal"} in match.legal_actions(0)
    events = act(match, "reveal")
    assert kinds(events) == ["trump_shown"] and match.view(1)["trump"] == "H"
    assert match.legal_actions(0) == [{"type": "play", "card": "2H"}]
    assert refusal(match, "play AS") == "must_play_trump"


def test_only_the_caller_may_show_the_trump_and_only_on_their_lead_CP_10():
    match = hidden_heart()
    act(match, "play AS")
    assert {"type": "reveal"} not in match.legal_actions(3)
    assert refusal(match, "reveal") == "cannot_reveal"


# -- CP-11 -----------------------------------------------------------------------------------


def test_trump_counts_only_from_the_reveal_even_earlier_in_the_same_trick_CP_11():
    """Seat 3 throws KH before anyone asks: not a trump. Seat 2 then asks, and its 6H, a
    trump, beats it."""
    match = hidden_heart()
    events = act(match, "play AS", "play KH", "ask_trump", "play 6H", "play 8S")
    assert [(p["card"], p["trump"]) for p in match.view(0)["last_trick"]] == [
        ("AS", False),
        ("KH", False),
        ("6H", True),
        ("8S", False),
    ]
    assert events[-1] == {"type": "trick", "number": 1, "winner": 2}
    assert match.to_move() == [2]


def test_after_the_reveal_the_card_goes_back_into_the_callers_hand_CP_11():
    match = hidden_heart()
    act(match, "play AS", "ask_trump")
    assert "2H" in match.view(0)["hand"] and match.view(0)["face_down"] is None
    assert match.view(1)["trump_card"] == "2H"  # everyone saw it turned up
    assert leaked_cards(match.view(1), match, 1) == []
    act(match, "play KH", "play 6H", "play 8S")  # seat 3 asked, so its KH is a trump and wins
    act(match, "play 10D", "play 5D", "play 9H")
    assert {"type": "play", "card": "2H"} in match.legal_actions(0)


# -- CP-12 -----------------------------------------------------------------------------------


def test_when_nobody_calls_the_luck_card_lies_face_down_unseen_by_all_CP_12():
    """The luck card is the last of seat 0's listed cards, 5C; seat 0 counts as the caller."""
    match = start("hidden", HIDDEN_HEART)
    events = act(match, "pass", "luck")
    assert events[-1] == {"type": "luck", "seat": 1, "caller": 0}
    for seat in (0, 1, 2, 3, None):
        assert match.view(seat)["face_down"] == {
            "seat": 0,
            "card": None,
            "suit": None,
            "face_up": False,
        }
        assert "5C" in match.cards_hidden_from(seat)
    assert match.view(0)["hand_sizes"] == [12, 13, 13, 13]


def test_the_unseen_trump_is_shown_when_someone_void_asks_for_it_CP_12():
    match = start("hidden", HIDDEN_HEART)
    act(match, "pass", "luck", "play AS")
    events = act(match, "ask_trump")
    assert events[-1] == {"type": "trump_shown", "seat": 0, "card": "5C", "suit": "C"}
    assert "5C" in match.view(0)["hand"]
    assert [a["card"] for a in match.legal_actions(3)] == ["QC", "KC", "AC"]


def test_the_first_chooser_may_show_the_unseen_card_on_their_lead_CP_12():
    match = start("hidden", HIDDEN_HEART)
    act(match, "pass", "luck", "reveal")
    assert match.view(2)["trump"] == "C"
    assert [a["card"] for a in match.legal_actions(0)] == ["2C", "3C", "4C", "5C", "8C", "9C"]


# -- CP-13 -----------------------------------------------------------------------------------


def test_a_deal_that_ends_before_the_reveal_turns_the_card_face_up_for_everyone_CP_13():
    match = hidden_heart()
    events = play_out(match)
    assert "trump_shown" not in kinds(events)
    assert events[-1]["type"] == "deal_over" and events[-1]["face_down_card"] == "2H"
    for seat in (0, 1, 2, 3, None):
        assert match.view(seat)["face_down"] == {
            "seat": 0,
            "card": "2H",
            "suit": "H",
            "face_up": True,
        }
        assert leaked_cards(match.view(seat), match, seat) == []


def test_an_unseen_luck_card_is_turned_up_too_when_the_deal_ends_first_CP_13():
    match = start("hidden", HIDDEN_HEART)
    act(match, "pass", "luck")
    play_out(match)
    assert match.view(2)["face_down"] == {"seat": 0, "card": "5C", "suit": "C", "face_up": True}


# -- CP-14 -----------------------------------------------------------------------------------


def test_hidden_trump_is_won_exactly_as_single_sar_and_has_no_pile_CP_14():
    """Seat 0 alone holds spades and leads them: the first 7 tricks and a kot, trump unshown."""
    match = start("hidden", ONE_SUIT_EACH)
    act(match, "hide 2S")
    play_out(match)
    assert match.last_deal["kind"] == "kot" and match.last_deal["tricks"] == [7, 0]
    assert match.view(0)["tricks_played"] == 7
    assert "pile" not in match.view(0)
