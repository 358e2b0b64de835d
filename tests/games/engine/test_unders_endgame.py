"""Hidden Unders: overs, blind unders, and the end of the round (HU-9 .. HU-11)."""

import pytest

from games.engine import GAMES
from tests.games.engine.unders_support import DONE, TAKE, moves, play, refusal, table, under


def test_hu9_overs_are_played_once_the_hand_is_empty():
    match = table([[], ["3H"]], overs=[["9S", "9H", "QS"], []], unders=[["3D"], ["AD"]],
                  pile=["8C"])  # fmt: skip
    assert [action["cards"] for action in match.legal_actions(0)] == [
        ["9S"], ["9H"], ["9S", "9H"], ["QS"],
    ]  # fmt: skip
    events = match.apply(0, play("9H", "9S"))
    assert events == [{"type": "play", "seat": 0, "rank": "9", "count": 2, "from": "overs"}]
    assert match.view(1)["seats"][0]["overs"] == ["QS"]
    assert match.legal_actions(0) == [DONE]


def test_hu9_overs_wait_while_the_hand_holds_a_card():
    match = table([["3C"], ["3H"]], overs=[["9S"], []], unders=[["3D"], ["AD"]])
    assert refusal(match, 0, play("9S")) == "not_held"
    assert refusal(match, 0, under(0)) == "unders_last"


def test_hu9_unders_are_played_blind_one_at_a_time_and_the_turn_passes_after_each():
    match = table([[], ["3H"]], unders=[["9D", "4D"], ["AD"]], pile=["8C"])
    assert match.legal_actions(0) == [under(0), under(1)]
    assert refusal(match, 0, play("9D")) == "play_blind"
    assert refusal(match, 0, TAKE) == "turn_an_under"
    assert match.apply(0, under(0)) == [{"type": "under", "seat": 0, "rank": "9", "playable": True}]
    assert match.view(0)["pile"]["top"] == ["8C", "9D"]
    assert match.to_move() == [1]


def test_hu9_an_unplayable_under_goes_on_the_pile_and_its_player_takes_the_pile():
    match = table([[], ["3H"]], unders=[["4D", "9D"], ["AD"]], pile=["8C", "KC"])
    assert match.apply(0, under(0)) == [
        {"type": "under", "seat": 0, "rank": "4", "playable": False},
        {"type": "take", "seat": 0, "cards": 3},
    ]
    assert match.view(0)["hand"] == ["4D", "8C", "KC"]
    assert match.view(1)["seats"][0] == {"hand_size": 3, "overs": [], "unders_left": 1}
    assert match.view(1)["pile"]["size"] == 0
    assert match.to_move() == [1]


def test_hu9_an_under_that_burns_the_pile_still_passes_the_turn():
    """HU-9: unders go one a turn, so a burn by an under earns no replay (HU-5's replay starts
    a new pile "with any card from the hand"); the next seat starts the new pile."""
    match = table([[], ["3H"]], unders=[["10D", "5D"], ["AD"]], pile=["KC"])
    events = match.apply(0, under(0))
    assert events[1] == {"type": "burn", "seat": 0, "why": "ten", "cards": 2, "drew": 0}
    assert match.to_move() == [1]
    assert match.legal_actions(1) == [play("3H")]


def test_hu10_after_taking_the_pile_in_the_overs_stage_the_hand_is_emptied_first():
    match = table([[], ["5H", "6H", "7H"]], overs=[["3S", "4S"], []], unders=[["9D"], ["AD"]],
                  pile=["KC"])  # fmt: skip
    moves(match, (0, TAKE), (0, DONE), (1, play("5H")), (1, DONE))
    assert match.legal_actions(0) == [play("KC")]
    assert refusal(match, 0, play("4S")) == "not_held"
    moves(match, (0, play("KC")), (0, DONE), (1, TAKE), (1, DONE))
    assert match.legal_actions(0) == [play("3S"), play("4S")]


def test_hu10_after_an_unplayable_under_the_hand_is_emptied_before_the_next_under():
    match = table([[], ["3H", "4H"]], unders=[["4D", "9D"], ["AD"]], pile=["KC"])
    moves(match, (0, under(0)), (1, play("3H")), (1, DONE))
    assert [action["type"] for action in match.legal_actions(0)] == ["play", "play"]
    assert refusal(match, 0, under(0)) == "unders_last"


def test_hu11_the_player_who_plays_the_last_under_wins_and_the_round_ends():
    match = table([[], ["3H", "4H"]], unders=[["9D"], ["AD"]], pile=["8C"])
    assert match.apply(0, under(0))[-1] == {"type": "out", "seat": 0}
    assert match.is_over() and match.to_move() == []
    assert match.result() == {"ranks": [1, 2], "scores": [0, 3], "winners": [0]}
    assert match.view(1)["result"] == match.result()
    assert refusal(match, 1, play("3H")) == "match_over"


def test_hu11_a_last_card_that_burns_ends_the_round_without_a_replay():
    match = table([["10S"], ["3H"]], unders=[[], ["AD"]], pile=["QC"])
    events = match.apply(0, play("10S"))
    assert [event["type"] for event in events] == ["play", "burn", "out"]
    assert match.is_over()


@pytest.mark.parametrize(
    ("held", "ranks"),
    [
        ([["3H", "4H", "5H"], ["3D", "4D", "5D"], ["3C"]], [1, 3, 3, 2]),
        ([["3H"], ["3D", "4D"], ["3C", "4C", "5C"]], [1, 2, 3, 4]),
    ],
)
def test_hu11_the_others_rank_by_the_cards_they_hold_and_equal_counts_share_a_place(held, ranks):
    """[open] Fewer cards left (hand, overs and unders) ranks higher."""
    match = table([[], *held], unders=[["9D"], ["AD"], ["AS"], ["AH"]], pile=["8C"])
    moves(match, (0, under(0)))
    result = match.result()
    assert result["ranks"] == ranks
    assert result["scores"] == [0, *(len(cards) + 1 for cards in held)]
    assert result["winners"] == [0]


def test_hu11_a_round_in_progress_has_no_result_yet():
    match = GAMES["unders"].new_match("classic", 2, seed=1)
    with pytest.raises(ValueError):
        match.result()
