"""Hidden Unders: the table, the deal and the first turn (HU-1, HU-2)."""

import json
from collections import Counter

import pytest

from games.engine import GAMES, AbsentSeat, HandLabel
from games.engine.cards import standard_deck
from tests.games.engine.unders_support import DONE, overs, play, refusal, table

RULES = GAMES["unders"]


def test_hu1_the_table_seats_two_to_six_players():
    assert (RULES.min_players, RULES.max_players) == (2, 6)
    for players in (1, 7):
        with pytest.raises(ValueError):
            RULES.new_match("classic", players)


def test_hu1_each_player_plays_alone_with_no_auction_and_no_drop():
    for players in range(2, 7):
        assert RULES.partnerships(players) == tuple((seat,) for seat in range(players))
    assert RULES.bid_ladder("classic") == [] and not RULES.has_drops("classic")
    assert RULES.new_match("classic", 3, seed=1).absent_seat_policy() is AbsentSeat.STAND_IN


def test_hu2_open_hands_show_the_twelve_each_seat_was_dealt_its_unders_among_them():
    match = RULES.new_match("classic", 3, seed=5)
    dealt: Counter[str] = Counter()
    for seat, hand in enumerate(match.open_hands()):
        groups = {group["label"]: group["cards"] for group in hand}
        assert list(groups) == [HandLabel.DEALT, HandLabel.HELD, HandLabel.UNDERS]
        assert groups[HandLabel.HELD] == match.view(seat)["hand"]
        assert len(groups[HandLabel.DEALT]) == 12 and len(groups[HandLabel.UNDERS]) == 4
        assert Counter(groups[HandLabel.DEALT]) == Counter(
            groups[HandLabel.HELD] + groups[HandLabel.UNDERS]
        )
        dealt.update(groups[HandLabel.DEALT])
    assert dealt + Counter(match.deck) == Counter(match.all_cards())  # the rest is the deck


def test_hu2_a_state_stored_before_the_deal_was_kept_shows_the_cards_where_they_lie():
    match = RULES.new_match("classic", 2, seed=5)
    state = json.loads(json.dumps(match.to_json()))
    for holding in state["holdings"]:
        del holding["dealt"]
    old = RULES.from_json(state)
    assert old.open_hands() == [hand[1:] for hand in match.open_hands()]
    old.apply(0, old.default_action(0))  # and it plays on


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 1), (4, 1), (5, 2), (6, 2)])
def test_hu1_one_deck_serves_up_to_four_players_and_two_decks_serve_five_or_six(players, decks):
    match = RULES.new_match("classic", players, seed=1)
    assert Counter(match.all_cards()) == Counter(standard_deck() * decks)
    assert match.view(None)["deck_size"] == 52 * decks - 12 * players


def test_hu2_each_player_gets_four_unders_face_down_and_eight_cards_in_hand():
    match = RULES.new_match("classic", 4, seed=2)
    for seat in range(4):
        view = match.view(seat)
        assert len(view["hand"]) == 8
        assert view["seats"][seat] == {"hand_size": 8, "overs": None, "unders_left": 4}


def test_hu2_a_first_turn_lays_four_overs_face_up_and_then_plays():
    match = RULES.new_match("classic", 3, seed=3)
    assert match.to_move() == [0]
    choices = match.legal_actions(0)
    assert {action["type"] for action in choices} == {"overs"}
    assert len(choices) == 70  # every four of the eight, each once
    hand = match.view(0)["hand"]
    match.apply(0, overs(*hand[4:]))
    assert match.view(0)["hand"] == hand[:4]
    assert match.view(2)["seats"][0]["overs"] == hand[4:]
    assert match.to_move() == [0]
    assert {action["type"] for action in match.legal_actions(0)} == {"play"}


def test_hu2_each_player_lays_overs_when_their_own_first_turn_comes():
    match = RULES.new_match("classic", 3, seed=4)
    match.apply(0, match.default_action(0))
    match.apply(0, match.default_action(0))
    match.apply(0, DONE)
    assert match.to_move() == [1]
    assert {action["type"] for action in match.legal_actions(1)} == {"overs"}
    assert match.view(1)["seats"][2]["overs"] is None


def test_hu2_overs_are_exactly_four_cards_from_the_hand():
    match = table([["3S", "4S", "5S", "6S", "7S"], ["3H"]], overs=[None, None])
    assert refusal(match, 0, overs("3S", "4S", "5S")) == "four_overs"
    assert refusal(match, 0, overs("3S", "4S", "5S", "AS")) == "not_held"
    assert refusal(match, 0, overs("3S", "4S", "5S", "5S")) == "not_held"
    assert refusal(match, 0, play("3S")) == "lay_overs_first"
