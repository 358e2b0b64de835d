"""PI-10: the daily deal. A match started from the day's seed deals everyone the same cards,
seat by seat and hand after hand, whatever anyone bids or plays."""

from __future__ import annotations

import random

from games.engine import GAMES
from games.engine.pitch.seats import deal_hand

DAY = "daily-2026-11-29"
HANDS = 40


def deals_of(match, choose, most=HANDS):
    """Play ``match`` with ``choose(match, seat)`` to its end or through ``most`` hands (random
    bids need not end a match: PI-8 has no back door); each hand's (dealer, hands)."""
    deals = []
    while match.to_move():
        view = match.view(None)
        if view["phase"] == "bidding" and view["bids"] == [None] * 4:
            if len(deals) == most:
                break
            deals.append((view["dealer"], [match.view(seat)["hand"] for seat in range(4)]))
        seat = match.to_move()[0]
        match.apply(seat, choose(match, seat))
    return deals


def by_the_timer(match, seat):
    return match.default_action(seat)


def at_random(chooser):
    return lambda match, seat: chooser.choice(match.legal_actions(seat))


def test_pi10_the_days_seed_deals_the_same_hands_however_the_match_is_played():
    timed_out = deals_of(GAMES["pitch"].new_match("standard", 4, seed=DAY), by_the_timer)
    played = deals_of(
        GAMES["pitch"].new_match("standard", 4, seed=DAY), at_random(random.Random(1))
    )
    common = min(len(timed_out), len(played))
    assert common >= 3
    assert timed_out[:common] == played[:common]


def test_pi10_each_hand_comes_from_the_seed_and_the_hand_number_alone():
    deals = deals_of(GAMES["pitch"].new_match("standard", 4, seed=DAY), by_the_timer)
    for number, (_dealer, hands) in enumerate(deals, start=1):
        assert sorted(map(sorted, hands)) == sorted(map(sorted, deal_hand(DAY, number)))
        assert [set(hand) for hand in hands] == [set(hand) for hand in deal_hand(DAY, number)]


def test_pi10_another_day_deals_other_cards():
    assert deal_hand(DAY, 1) != deal_hand("daily-2026-11-30", 1)
    assert deal_hand(DAY, 1) != deal_hand(DAY, 2)


def test_the_deal_passes_clockwise_from_seat_3():
    deals = deals_of(GAMES["pitch"].new_match("standard", 4, seed=DAY), by_the_timer)
    assert [dealer for dealer, _hands in deals[:5]] == [3, 0, 1, 2, 3]
