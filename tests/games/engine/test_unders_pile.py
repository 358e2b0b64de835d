"""Hidden Unders: playing on the pile, burning it and taking it (HU-3 .. HU-6)."""

from tests.games.engine.unders_support import DONE, TAKE, moves, play, refusal, table

UNDERS = [["AC"], ["AD"], ["AH"]]


def played(match, seat):
    return [action["cards"] for action in match.legal_actions(seat)]


def test_hu3_a_card_must_match_or_beat_the_top_of_the_pile():
    match = table([["8S", "9S", "JS"], ["3H"]], unders=UNDERS[:2], pile=["9H"])
    assert played(match, 0) == [["9S"], ["JS"]]
    assert refusal(match, 0, play("8S")) == "too_low"
    moves(match, (0, play("9S")))
    assert match.view(1)["pile"] == {"top": ["9H", "9S"], "size": 2}


def test_hu3_every_set_of_one_rank_is_listed_once_and_may_be_played_together():
    match = table([["7S", "7H", "7C", "9D"], ["3H"]], unders=UNDERS[:2], pile=["6D"])
    assert played(match, 0) == [
        ["7S"], ["7H"], ["7C"], ["7S", "7H"], ["7S", "7C"], ["7H", "7C"], ["7S", "7H", "7C"],
        ["9D"],
    ]  # fmt: skip
    assert refusal(match, 0, play("7S", "9D")) == "one_rank"
    moves(match, (0, play("7C", "7S", "7H")))
    assert match.view(0)["hand"] == ["9D"]
    assert match.view(0)["pile"]["size"] == 4


def test_hu3_twins_from_two_decks_make_one_choice():
    hands = [["7S", "7S", "7H"], ["3H"], ["3H"], ["3D"], ["3C"]]
    match = table(hands, unders=[["AC"], ["AD"], ["AH"], ["AS"], ["KC"]])
    assert played(match, 0) == [["7S"], ["7H"], ["7S", "7S"], ["7S", "7H"], ["7S", "7S", "7H"]]


def test_hu4_four_of_a_rank_built_over_several_turns_burns_and_the_burner_draws_and_plays_again():
    match = table(
        [["8S", "3C", "4C", "5C", "6C"], ["8H", "8D", "3D", "4D", "5D", "6D"], ["8C", "3S"]],
        unders=UNDERS,
        deck=["JD", "QD", "KD"],
    )
    events = moves(match, (0, play("8S")), (0, DONE), (1, play("8H", "8D")), (1, DONE))
    assert match.view(2)["pile"]["top"] == ["8S", "8H", "8D"]
    assert [event["drew"] for event in events if event["type"] == "done"] == [0, 0]
    events = match.apply(2, play("8C"))
    assert events[1] == {
        "type": "burn", "seat": 2, "why": "four_of_a_kind", "cards": 4, "drew": 3,
    }  # fmt: skip
    view = match.view(2)
    assert view["pile"] == {"top": [], "size": 0}
    assert view["hand"] == ["3S", "JD", "QD", "KD"]
    assert match.to_move() == [2]
    assert played(match, 2) == [["3S"], ["JD"], ["QD"], ["KD"]]
    assert refusal(match, 2, DONE) == "play_first"


def test_hu4_a_run_broken_by_another_rank_does_not_burn():
    match = table([["8C", "9C"], ["3H"]], unders=UNDERS[:2], pile=["8S", "8H", "2C", "8D"])
    events = match.apply(0, play("8C"))
    assert [event["type"] for event in events] == ["play"]
    assert match.view(0)["pile"]["size"] == 5


def test_hu5_a_two_goes_on_anything_and_anything_may_follow_it():
    match = table([["2C", "5D"], ["3H", "KH"]], unders=UNDERS[:2], pile=["AS"])
    assert played(match, 0) == [["2C"]]
    moves(match, (0, play("2C")), (0, DONE))
    assert match.view(1)["pile"]["size"] == 2  # reset to 2, not cleared
    assert played(match, 1) == [["3H"], ["KH"]]


def test_hu5_a_ten_burns_the_pile_and_its_player_draws_and_plays_again():
    match = table(
        [["10D", "4S"], ["3H"]], unders=UNDERS[:2], pile=["KS", "AH"], deck=["6H", "7H", "9H"]
    )
    events = match.apply(0, play("10D"))
    assert events[1] == {"type": "burn", "seat": 0, "why": "ten", "cards": 3, "drew": 3}
    assert match.view(0)["hand"] == ["4S", "6H", "7H", "9H"]
    assert match.to_move() == [0] and match.view(0)["step"] == "play"
    moves(match, (0, play("4S")), (0, DONE))
    assert match.to_move() == [1]


def test_hu6_a_player_with_no_playable_card_takes_the_pile_and_the_next_starts_a_new_one():
    match = table([["5C", "9C"], ["3H", "4H"]], unders=UNDERS[:2], pile=["KS", "AS"])
    assert match.legal_actions(0) == [TAKE]
    assert refusal(match, 0, play("9C")) == "too_low"
    assert match.apply(0, TAKE) == [{"type": "take", "seat": 0, "cards": 2}]
    assert match.view(0)["hand"] == ["5C", "9C", "KS", "AS"]
    moves(match, (0, DONE))
    assert match.view(1)["pile"]["size"] == 0
    assert played(match, 1) == [["3H"], ["4H"]]


def test_hu6_a_player_who_can_play_may_not_take_the_pile():
    match = table([["9C"], ["3H"]], unders=UNDERS[:2], pile=["5S"])
    assert refusal(match, 0, TAKE) == "can_play"
