"""The last completed trick in every seat's view (issue 22, point 1: "the last trick on
request"): its cards, who played each and who took it, public as the trick itself was, in
Court Piece (CP-4, and CP-11 for a hidden trump) and Pitch (PI-5)."""

from __future__ import annotations

from games.engine import GAMES
from games.engine.base import leaked_cards
from games.engine.pitch import match_from_deal
from tests.games.engine.courtpiece_deals import HIDDEN_HEART, ONE_SUIT_EACH, act, start
from tests.games.engine.pitch_helpers import (
    DEFENDERS_SWEEP,
    DEFENDERS_SWEEP_PLAY,
    bid_round,
    play_cards,
)

EVERY_VIEWER = (0, 1, 2, 3, None)


def last_trick(view):
    return [(play["seat"], play["card"]) for play in view["last_trick"]], view["last_trick_winner"]


def test_court_piece_shows_no_last_trick_before_the_first_is_taken_CP_4():
    match = start("single_sar", ONE_SUIT_EACH)
    for seat in EVERY_VIEWER:
        assert last_trick(match.view(seat)) == ([], None)


def test_court_piece_shows_every_seat_the_last_trick_and_its_taker_until_the_next_CP_4():
    """Seat 0 leads AS and three voids throw off without a trump: the led suit wins (CP-4)."""
    match = start("hidden", HIDDEN_HEART)
    events = act(match, "hide 2H", "play AS", "play KH", "play 5D", "play 8S")
    assert events[-1] == {"type": "trick", "number": 1, "winner": 0}
    for seat in EVERY_VIEWER:
        view = match.view(seat)
        assert last_trick(view) == ([(0, "AS"), (3, "KH"), (2, "5D"), (1, "8S")], 0)
        assert view["trick"] == []
    # The next card starts a trick in the middle; the last one stays on request.
    act(match, "play KS")
    assert last_trick(match.view(2))[0][0] == (0, "AS")


def test_a_hidden_trump_stays_hidden_behind_the_last_trick_CP_8_CP_11():
    """KH, thrown before anyone asked, is no trump in the last trick (CP-11), and nothing in
    the view gives away the face-down 2H to anyone but the caller (CP-8)."""
    match = start("hidden", HIDDEN_HEART)
    act(match, "hide 2H", "play AS", "play KH", "play 5D", "play 8S")
    for seat in (1, 2, 3, None):
        view = match.view(seat)
        assert all(play["trump"] is False for play in view["last_trick"])
        assert view["face_down"]["card"] is None and view["trump"] is None
        assert leaked_cards(view, match, seat) == []


def test_court_piece_keeps_the_last_trick_through_the_state_it_is_stored_in():
    match = start("single_sar", ONE_SUIT_EACH)
    act(match, "call S", "play AS", "play 2C", "play 2D", "play 2H")
    restored = GAMES["courtpiece"].from_json(match.to_json())
    assert last_trick(restored.view(None)) == last_trick(match.view(None))
    assert last_trick(match.view(None))[1] == 0


def pitched():
    match = match_from_deal(DEFENDERS_SWEEP)
    bid_round(match, 2, "pass", "pass", "pass")
    return match


def test_pitch_shows_every_seat_the_last_trick_and_its_taker_PI_5():
    match = pitched()
    assert last_trick(match.view(None)) == ([], None)
    events = play_cards(match, *DEFENDERS_SWEEP_PLAY[:4])
    assert events[-1] == {"type": "trick", "winner": 1}
    for seat in EVERY_VIEWER:
        view = match.view(seat)
        assert last_trick(view) == ([(0, "2H"), (1, "AH"), (2, "4H"), (3, "JH")], 1)
        assert leaked_cards(view, match, seat) == []
    restored = GAMES["pitch"].from_json(match.to_json())
    assert restored.to_json() == match.to_json()
    assert last_trick(restored.view(0)) == last_trick(match.view(0))


def test_pitch_keeps_the_hands_last_trick_until_the_next_hand_is_dealt_PI_5():
    match = pitched()
    play_cards(match, *DEFENDERS_SWEEP_PLAY)
    assert match.view(None)["phase"] == "hand_over"
    assert last_trick(match.view(2)) == ([(1, "3D"), (2, "6D"), (3, "9D"), (0, "7C")], 3)
    match.apply(match.to_move()[0], {"type": "deal"})
    assert last_trick(match.view(2)) == ([], None)


def test_a_pitch_state_stored_before_the_last_trick_was_kept_still_loads():
    match = pitched()
    play_cards(match, *DEFENDERS_SWEEP_PLAY[:4])
    stored = match.to_json()
    del stored["last_trick"]
    assert last_trick(GAMES["pitch"].from_json(stored).view(0)) == ([], None)
