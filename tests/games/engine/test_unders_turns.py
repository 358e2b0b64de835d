"""Hidden Unders: how a turn ends, with Draw/Done (HU-7, HU-8)."""

from tests.games.engine.unders_support import DONE, TAKE, moves, play, refusal, table

UNDERS = [["AC"], ["AD"]]


def test_hu7_done_draws_up_to_four_while_the_deck_lasts():
    match = table([["3S", "4S", "5S", "6S"], ["3H"]], unders=UNDERS, deck=["JD", "9D"])
    moves(match, (0, play("3S")))
    assert match.legal_actions(0) == [DONE]
    assert match.apply(0, DONE) == [{"type": "done", "seat": 0, "drew": 1}]
    assert match.view(0)["hand"] == ["4S", "5S", "6S", "9D"]
    moves(match, (1, play("3H")), (1, DONE))
    assert match.view(1)["hand"] == ["JD"]  # the deck ran out
    assert match.view(1)["deck_size"] == 0


def test_hu7_a_player_who_took_the_pile_draws_none_but_still_ends_with_done():
    match = table([["3S"], ["3H"]], unders=UNDERS, pile=["9S", "JS", "QS", "KS"], deck=["5D"])
    moves(match, (0, TAKE))
    assert match.legal_actions(0) == [DONE]
    assert match.apply(0, DONE) == [{"type": "done", "seat": 0, "drew": 0}]
    assert match.view(1)["deck_size"] == 1
    assert match.to_move() == [1]


def test_hu7_after_a_play_only_draw_done_is_left():
    match = table([["3S", "4S"], ["3H"]], unders=UNDERS)
    moves(match, (0, play("3S")))
    assert refusal(match, 0, play("4S")) == "end_your_turn"
    assert refusal(match, 0, TAKE) == "end_your_turn"
    assert refusal(match, 1, DONE) == "not_your_turn"


def test_hu8_with_the_deck_empty_every_turn_still_ends_with_done():
    match = table([["3S", "4S"], ["5H", "6H"]], unders=UNDERS)
    moves(match, (0, play("3S")), (0, DONE), (1, play("5H")))
    assert match.to_move() == [1]
    assert match.apply(1, DONE) == [{"type": "done", "seat": 1, "drew": 0}]
    assert match.to_move() == [0]
