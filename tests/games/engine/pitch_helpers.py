"""Chosen deals and short ways to drive a Pitch hand, for the scenario tests.

Seat 3 deals, so seats 0, 1, 2, 3 bid in that order; seats 0 and 2 are team 0.
"""

from __future__ import annotations

from typing import Any

from games.engine.base import Event
from games.engine.pitch import PitchMatch


def bid_round(match: PitchMatch, *calls: Any) -> list[Event]:
    """Every seat's call, in bidding order from the dealer's left."""
    events: list[Event] = []
    for call in calls:
        events += match.apply(match.to_move()[0], {"type": "bid", "bid": call})
    return events


def play_cards(match: PitchMatch, *cards: str) -> list[Event]:
    """Each card played by whoever is to move (refused if that seat does not hold it)."""
    events: list[Event] = []
    for card in cards:
        events += match.apply(match.to_move()[0], {"type": "play", "card": card})
    return events


def finish_hand_by_default(match: PitchMatch) -> list[Event]:
    """Let the turn timer play out the rest of the hand."""
    events: list[Event] = []
    while match.view(None)["phase"] == "playing":
        seat = match.to_move()[0]
        events += match.apply(seat, match.default_action(seat))
    return events


def hand_over_event(events: list[Event]) -> Event:
    return next(event for event in events if event["type"] == "hand_over")


# Seat 0 pitches hearts and team 1 takes every point: High AH, Low 2H (in seat 1's first
# trick), Jack JH, and Game 20 to 0 (AH 4, JH 1, KH 3, QH 2, 10C 10).
DEFENDERS_SWEEP = [
    ["2H", "3H", "4C", "5C", "6C", "7C"],
    ["AH", "KH", "8C", "9C", "10C", "3D"],
    ["4H", "5H", "2D", "4D", "5D", "6D"],
    ["QH", "JH", "2C", "3C", "8D", "9D"],
]
DEFENDERS_SWEEP_PLAY = [
    *("2H", "AH", "4H", "JH"),  # seat 1 wins: High, Low (2H), Jack
    *("KH", "5H", "QH", "3H"),  # seat 1
    *("10C", "2D", "2C", "4C"),  # seat 1: the 10 decides Game
    *("9C", "4D", "3C", "5C"),  # seat 1
    *("8C", "5D", "8D", "6C"),  # seat 1
    *("3D", "6D", "9D", "7C"),  # seat 3
]

# Nothing above a 9 and no jack is dealt, so neither team has a card point (PI-6: no Game).
# Seat 0 leads 9H and takes 2H, 3H and 4H with it: High and Low.
NO_HONOURS = [
    ["9H", "8H", "2C", "3C", "4C", "5C"],
    ["2H", "6C", "7C", "8C", "9C", "2D"],
    ["3H", "3D", "4D", "5D", "6D", "7D"],
    ["4H", "8D", "9D", "2S", "3S", "4S"],
]

# Seat 0 holds the six top hearts but one, and seat 1 the lone low heart 2H: leading hearts,
# seat 0 takes all six tricks (a kot made).
SIX_TRUMPS = [
    ["AH", "KH", "QH", "JH", "10H", "9H"],
    ["2H", "2S", "3S", "4S", "5S", "6S"],
    ["7S", "8S", "9S", "2D", "3D", "4D"],
    ["5D", "6D", "7D", "2C", "3C", "4C"],
]
SIX_TRUMPS_PLAY = [
    *("AH", "2H", "7S", "5D"),
    *("KH", "2S", "8S", "6D"),
    *("QH", "3S", "9S", "7D"),
    *("JH", "4S", "2D", "2C"),
    *("10H", "5S", "3D", "3C"),
    *("9H", "6S", "4D", "4C"),
]

# Seat 0 holds AH KH QH JH and two low clubs: it takes the four heart tricks, then seat 1's
# AC and 10C take the last two, with seat 3's KC and 10D: Game to team 1, 27 to 10.
FOUR_TRUMPS_TWO_LOSERS = [
    ["AH", "KH", "QH", "JH", "2C", "3C"],
    ["AC", "10C", "2S", "3S", "4S", "5S"],
    ["6S", "7S", "8S", "9S", "2D", "3D"],
    ["KC", "10D", "4D", "5D", "6D", "7D"],
]
FOUR_TRUMPS_TWO_LOSERS_PLAY = [
    *("AH", "2S", "6S", "4D"),
    *("KH", "3S", "7S", "5D"),
    *("QH", "4S", "8S", "6D"),
    *("JH", "5S", "9S", "7D"),
    *("2C", "AC", "2D", "KC"),  # seat 1
    *("10C", "3D", "10D", "3C"),  # seat 1
]
