"""The other Court Piece games: Double Sar (CP-18), Be-Ranga (CP-19), Mendikot (CP-20).

With ``ONE_SUIT_EACH`` seat 0 alone holds spades and leads them, and the default plays (the
lowest legal card) have the others throw their lowest cards: seat 0 wins every trick.
"""

from __future__ import annotations

import random

import pytest

from games.engine import GAMES
from games.engine.courtpiece import CourtPieceMatch
from games.engine.courtpiece.outcome import Outcome, OutcomeKind, pile_outcome, tens_outcome
from tests.games.engine.courtpiece_deals import (
    HIDDEN_HEART,
    ONE_SUIT_EACH,
    act,
    kinds,
    play_out,
    play_tricks,
    start,
)

# -- CP-18 Double Sar ------------------------------------------------------------------------


def double_sar(**options):
    match = start("double_sar", ONE_SUIT_EACH, **options)
    act(match, "call S")
    return match


def test_tricks_pile_up_until_one_player_wins_two_in_a_row_and_takes_the_pile_CP_18():
    """The seed: the pile is taken when one player wins two tricks in a row; tricks 1 and 2
    are no exception."""
    match = double_sar()
    play_tricks(match, 1)
    assert (match.view(0)["pile"], match.view(0)["tricks"]) == (1, [0, 0])
    assert match.view(0)["streak"] == {"seat": 0, "tricks": 1}
    events = play_tricks(match, 1)
    assert events[-1] == {"type": "collect", "seat": 0, "tricks": 2}
    assert (match.view(0)["pile"], match.view(0)["tricks"]) == (0, [2, 0])


@pytest.mark.parametrize("seed", range(40))
def test_whoever_wins_tricks_1_and_2_of_a_random_deal_collects_both_at_once_CP_18(seed):
    """The seed through the public API: a player who wins two tricks in a row takes the pile,
    from the first two tricks on; won by two players, the first two stay in the pile."""
    match = GAMES["courtpiece"].new_match("double_sar", 4, seed=f"pair-{seed}")
    chooser = random.Random(seed)
    events = []
    while not any(event["type"] == "trick" and event["number"] == 2 for event in events):
        seat = match.to_move()[0]
        events += match.apply(seat, chooser.choice(match.legal_actions(seat)))
    first, second = (event["winner"] for event in events if event["type"] == "trick")
    collected = [event for event in events if event["type"] == "collect"]
    if first == second:
        assert collected == [{"type": "collect", "seat": first, "tricks": 2}]
        assert match.view(None)["pile"] == 0
    else:
        assert collected == [] and match.view(None)["pile"] == 2


def test_house_option_the_first_collection_cannot_be_tricks_1_and_2_CP_18():
    match = double_sar(first_pair_not_tricks_1_2=True)
    play_tricks(match, 2)
    assert (match.view(0)["pile"], match.view(0)["tricks"]) == (2, [0, 0])
    events = play_tricks(match, 1)
    assert events[-1] == {"type": "collect", "seat": 0, "tricks": 3}
    play_tricks(match, 1)
    assert match.view(0)["pile"] == 1  # after a collection a new pair is needed
    play_tricks(match, 1)
    assert match.view(0)["tricks"] == [5, 0]


def test_house_option_a_pair_won_with_an_ace_does_not_collect_CP_18():
    match = double_sar(ace_pair_does_not_collect=True)
    play_tricks(match, 1)
    act(match, "play AS")
    play_tricks(match, 1)
    assert (match.view(0)["pile"], match.view(0)["tricks"]) == (2, [0, 0])
    events = play_tricks(match, 1)
    assert events[-1] == {"type": "collect", "seat": 0, "tricks": 3}


def first_deal_won_by_team_0(match: CourtPieceMatch) -> dict:
    """The first deal (seat 1 dealt) played out to its 13th trick, which team 0 won: how it
    ended, but for the deal, dealer and team (checked here)."""
    play_out(match)
    assert match.view(0)["tricks_played"] == 13
    ended = dict(match.last_deal)
    assert (ended.pop("deal"), ended.pop("dealer"), ended.pop("team")) == (1, 1, 0)
    return ended


def test_a_player_who_wins_every_trick_leaves_the_13th_in_the_pile_and_wins_12_to_0_CP_18():
    """By default pairs collect from tricks 1 and 2 on and nothing takes what is left, so the
    last of 13 tricks won in a row, a new pair's first, stays in the pile: no kot."""
    match = double_sar()
    assert first_deal_won_by_team_0(match) == {
        "kind": "win",
        "points": 1,
        "tricks": [12, 0],
        "pile": 1,
        "streak": {"seat": 0, "tricks": 1},
    }


def test_seven_taken_wins_but_the_deal_goes_on_while_a_kot_of_all_13_is_possible_CP_18():
    """With the first pair on tricks 2 and 3 the collections fall on odd tricks, the 13th
    among them."""
    match = double_sar(first_pair_not_tricks_1_2=True)
    assert first_deal_won_by_team_0(match) == {
        "kind": "kot",
        "points": 2,
        "tricks": [13, 0],
        "pile": 0,
        "streak": None,
    }


@pytest.mark.parametrize(
    ("taken", "played", "outcome"),
    [
        ([7, 0], 9, None),
        ([7, 1], 9, Outcome(0, OutcomeKind.WIN)),
        ([3, 9], 12, Outcome(1, OutcomeKind.WIN)),
        ([0, 13], 13, Outcome(1, OutcomeKind.GOON_KOT)),
        ([6, 5], 13, Outcome(None, OutcomeKind.DRAWN)),
    ],
)
def test_a_double_sar_deal_is_decided_by_tricks_taken_from_the_pile_CP_18(taken, played, outcome):
    """Team 0 called."""
    assert pile_outcome(taken, played, calling_team=0) == outcome


def hidden_double_sar(**options):
    """Trump laid face down (seat 0's 2S) and never asked for by the default plays."""
    match = start("double_sar", ONE_SUIT_EACH, hidden_trump=True, **options)
    act(match, "hide 2S")
    return match


def test_with_a_hidden_trump_both_tricks_of_a_pair_come_after_the_reveal_CP_18():
    match = hidden_double_sar()
    play_tricks(match, 2)
    assert match.view(0)["streak"] is None
    act(match, "play 5S", "ask_trump", "play 4C", "play 4D", "play 4H")
    assert match.view(0)["streak"] == {"seat": 0, "tricks": 1}
    assert match.view(0)["tricks"] == [0, 0]
    events = play_tricks(match, 1)
    assert events[-1] == {"type": "collect", "seat": 0, "tricks": 4}


def test_house_option_the_winner_of_trick_13_takes_whatever_is_left_CP_18():
    """No pair ever counts before trick 13, where seat 0 must show its last card."""
    match = hidden_double_sar(last_trick_takes_rest=True)
    events = play_out(match)
    assert "trump_shown" in kinds(events)
    assert {"type": "collect", "seat": 0, "tricks": 13} in events
    assert match.last_deal["kind"] == "kot"


def test_an_untaken_pile_after_trick_13_goes_to_nobody_and_can_leave_the_deal_drawn_CP_18():
    match = hidden_double_sar()
    play_out(match)
    assert match.last_deal["kind"] == "drawn" and match.last_deal["pile"] == 13
    assert match.scores == [0, 0] and match.to_move() == [1]  # the same dealer deals again


# -- CP-19 Be-Ranga --------------------------------------------------------------------------


def test_in_be_ranga_nobody_calls_and_play_starts_on_all_13_cards_CP_19():
    match = start("be_ranga", ONE_SUIT_EACH)
    assert match.view(0)["phase"] == "play" and match.view(0)["hand_sizes"] == [13] * 4
    assert match.view(0)["trump"] is None and match.decision_seconds() is None


def test_the_first_player_who_cannot_follow_sets_trump_with_the_card_they_play_CP_19():
    match = start("be_ranga", ONE_SUIT_EACH)
    events = act(match, "play 2S", "play 2C")
    assert events[1:] == [
        {"type": "play", "seat": 3, "card": "2C", "trump": True},
        {"type": "trump_set", "seat": 3, "suit": "C"},
    ]
    events = act(match, "play 2D", "play 2H")
    assert events[-1] == {"type": "trick", "number": 1, "winner": 3}
    assert match.view(1)["trump"] == "C"


# -- CP-20 Mendikot --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tens", "taken", "outcome"),
    [
        ([3, 1], [4, 9], Outcome(0, OutcomeKind.WIN)),
        ([2, 2], [6, 7], Outcome(1, OutcomeKind.WIN)),
        ([2, 2], [8, 5], Outcome(0, OutcomeKind.WIN)),
        ([0, 4], [2, 11], Outcome(1, OutcomeKind.MENDIKOT)),
        ([4, 0], [13, 0], Outcome(0, OutcomeKind.WHITEWASH)),
    ],
)
def test_the_tens_decide_a_mendikot_deal_and_two_each_go_by_tricks_CP_20(tens, taken, outcome):
    assert tens_outcome(tens, taken, tricks_played=13) == outcome


def test_a_mendikot_deal_plays_all_13_tricks_CP_20():
    assert tens_outcome([3, 0], [8, 0], tricks_played=8) is None
    match = start("mendikot", HIDDEN_HEART)
    act(match, "hide 2H")
    play_out(match)
    assert match.view(0)["tricks_played"] == 13
    assert sum(match.view(0)["tens"]) == 4


def test_all_13_tricks_in_mendikot_is_a_whitewash_CP_20():
    """Trump is a face-down card as in CP-8; seat 0 shows it when it is all that is left."""
    match = start("mendikot", ONE_SUIT_EACH)
    act(match, "hide 2S")
    events = play_out(match)
    assert "trump_shown" in kinds(events)
    assert match.last_deal["kind"] == "whitewash" and match.last_deal["tens"] == [4, 0]
    assert match.last_deal["points"] == 2
