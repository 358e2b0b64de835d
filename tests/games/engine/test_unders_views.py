"""Hidden Unders: what each seat sees, and what the turn timer plays for it."""

import pytest

from games.engine import GAMES, IllegalAction
from games.engine.base import leaked_cards
from tests.games.engine.unders_support import DONE, TAKE, moves, overs, play, table, under


def test_a_view_shows_the_own_hand_every_overs_the_counts_the_pile_top_and_the_deck():
    match = table(
        [["3S", "4S"], ["5H", "6H", "7H"]],
        overs=[["JS", "QS"], None],
        unders=[["9D", "8D"], ["AD"]],
        pile=["2C", "3C", "4C", "5C", "6C"],
        deck=["KD"],
    )
    view = match.view(1)
    assert view["hand"] == ["5H", "6H", "7H"]
    assert view["seats"] == [
        {"hand_size": 2, "overs": ["JS", "QS"], "unders_left": 2},
        {"hand_size": 3, "overs": None, "unders_left": 1},
    ]
    assert view["pile"] == {"top": ["3C", "4C", "5C", "6C"], "size": 5}
    assert view["deck_size"] == 1
    assert (view["to_move"], view["step"], view["over"], view["result"]) == (
        [0],
        "play",
        False,
        None,
    )


def test_hu9_nobody_sees_an_under_before_it_is_played_not_even_its_owner():
    match = GAMES["unders"].new_match("classic", 4, seed=9)
    own_unders = match.to_json()["holdings"][0]["unders"]
    assert set(own_unders) <= set(match.cards_hidden_from(0))
    for viewer in [None, 0, 1, 2, 3]:
        assert leaked_cards(match.view(viewer), match, viewer) == []
        assert not set(own_unders) & set(str(match.view(viewer)))


def test_a_spectator_sees_no_hand_and_a_seat_that_does_not_exist_sees_nothing():
    match = GAMES["unders"].new_match("classic", 2, seed=9)
    assert match.view(None)["hand"] == []
    for seat in (-1, 2):
        with pytest.raises(ValueError):
            match.view(seat)


def test_events_name_ranks_not_cards_because_a_taken_pile_goes_out_of_sight():
    match = table([["9S"], ["3H"]], unders=[["AC"], ["AD"]])
    events = moves(match, (0, play("9S")), (0, DONE), (1, TAKE))
    assert events[0] == {"type": "play", "seat": 0, "rank": "9", "count": 1, "from": "hand"}
    assert leaked_cards(match.view(0), match, 0) == []
    assert "9S" in match.view(1)["hand"]


def test_the_timer_lays_the_tens_and_twos_then_the_highest_cards_as_overs():
    match = table([["3S", "4H", "5D", "10C", "2S", "KD", "AH", "6C"], ["3H"]], overs=[None, None])
    assert match.default_action(0) == overs("2S", "10C", "KD", "AH")


@pytest.mark.parametrize(
    ("hand", "pile", "default"),
    [
        (["2S", "7H", "7D", "10C", "QS"], ["5C"], play("7H", "7D")),
        (["2S", "5D", "10C"], ["KC"], play("2S")),
        (["10C", "5D"], ["KC"], play("10C")),
        (["5D", "6D"], ["KC"], TAKE),
    ],
)
def test_the_timer_plays_all_of_the_lowest_rank_that_works_keeping_twos_and_tens(
    hand, pile, default
):
    match = table([hand, ["3H"]], unders=[["AC"], ["AD"]], pile=pile)
    assert match.default_action(0) == default
    assert default in match.legal_actions(0)


def test_the_timer_presses_done_after_a_play_and_turns_the_first_under_over():
    match = table([["5D"], []], unders=[["AC"], ["AD", "KD"]])
    moves(match, (0, play("5D")))
    assert match.default_action(0) == DONE
    moves(match, (0, DONE))
    assert match.default_action(1) == under(0)


def test_only_the_seat_to_move_has_actions_or_a_timer_default():
    match = table([["5D"], ["6D"]], unders=[["AC"], ["AD"]])
    assert match.legal_actions(1) == [] and match.legal_actions(True) == []
    with pytest.raises(IllegalAction):
        match.default_action(1)


@pytest.mark.parametrize("players", [2, 6])
def test_a_round_left_to_the_timer_ends(players):
    """Playing every card of the lowest rank lets four of a kind burn; single cards could
    pass the same piles back and forth for ever between two idle players."""
    for seed in range(20):
        match = GAMES["unders"].new_match("classic", players, seed=seed)
        for _ in range(1_000):
            if not match.to_move():
                break
            seat = match.to_move()[0]
            match.apply(seat, match.default_action(seat))
        assert match.is_over()
