"""Hidden Unders under random legal play: the shared contract at every table size, rounds that
end, and no card lost or made."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tests.games.engine.test_conformance as conformance
from games.engine import GAMES, HandLabel
from tests.games.engine.conformance import MAX_STEPS, play_randomly

RULES = GAMES["unders"]
MIDDLE_TABLES = [("unders", "classic", players) for players in (3, 4, 5)]
"""The shared conformance test runs the fewest and the most players (2 and 6)."""


@pytest.mark.parametrize("table", MIDDLE_TABLES, ids=str)
def test_the_engine_contract_holds_for_three_four_and_five_players(table):
    """The shared checks but the refusal walk (some 25 refused moves at every step), which
    the shared test runs at 2 and 6 players and the scenario tests here cover rule by rule."""
    conformance.test_random_legal_play_ends_with_a_result(table, seed=1)
    conformance.test_every_view_and_action_is_json_ready_and_no_view_leaks_a_card(table)
    conformance.test_state_round_trips_through_json_at_every_step(table)
    conformance.test_the_same_seed_deals_the_same_cards_and_another_seed_does_not(table)
    conformance.test_the_default_action_is_always_legal(table)
    conformance.test_open_hands_label_every_seats_cards_by_the_contract_at_every_step(table)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_hu11_random_rounds_of_three_to_six_players_end_with_one_winner(players):
    for seed in range(12):
        match = RULES.new_match("classic", players, seed=seed)
        assert play_randomly(match, random.Random(seed)) < MAX_STEPS
        assert len(match.result()["winners"]) == 1


@pytest.mark.parametrize("players", [2, 4, 6])
def test_hu11_at_the_end_open_hands_show_the_cards_that_make_each_seats_score(players):
    match = RULES.new_match("classic", players, seed=players)
    play_randomly(match, random.Random(players))
    result = match.result()
    for seat, hand in enumerate(match.open_hands()):
        left = [
            card
            for group in hand
            if group["label"] is not HandLabel.DEALT
            for card in group["cards"]
        ]
        assert len(left) == result["scores"][seat]
    assert [group["label"] for group in match.open_hands()[result["winners"][0]]] == [
        HandLabel.DEALT
    ]


def _where_every_card_lies(match):
    state = match.to_json()
    places = Counter([*state["deck"], *state["pile"], *state["burned"]])
    for holding in state["holdings"]:
        places.update([*holding["hand"], *holding["unders"], *(holding["overs"] or ())])
    return places


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 300))
def test_every_card_stays_in_exactly_one_place_whatever_is_played(players, seed, steps):
    match = RULES.new_match("classic", players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if not match.to_move():
            break
        seat = match.to_move()[0]
        match.apply(seat, chooser.choice(match.legal_actions(seat)))
        assert _where_every_card_lies(match) == Counter(match.all_cards())
