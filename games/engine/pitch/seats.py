"""Seats, partnerships and the deal (PI-1, PI-10).

Seats 0..3 in clockwise order: play passes to ``seat + 1``. Partners sit opposite, so team 0 is
seats 0 and 2 and team 1 is seats 1 and 3. In the daily deal seat 0 is "You", seat 2 "North"
(the computer partner), seats 1 and 3 West and East.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.cards import PRINTED_JOKER, Suit, normalise_code, standard_deck
from games.engine.rng import MatchRandom
from games.engine.tricks import rank_value, seat_after
from games.engine.tricks import suit as suit

SEATS = 4
HAND_SIZE = 6
TEAMS = ((0, 2), (1, 3))
CLOCKWISE = 1
DECK = tuple(standard_deck())

_SUIT_ORDER = {suit.value: index for index, suit in enumerate(Suit)}


def team_of(seat: int) -> int:
    return seat % 2


def next_seat(seat: int) -> int:
    return seat_after(seat, SEATS, CLOCKWISE)


def seats_from_left_of(seat: int) -> list[int]:
    """Every seat once, from the one after ``seat`` round to ``seat`` itself."""
    order = [next_seat(seat)]
    while order[-1] != seat:
        order.append(next_seat(order[-1]))
    return order


def card_order(card: str) -> tuple[int, int]:
    """Rank first, then suit (S H D C): the order of ``default_action``'s lowest card."""
    return rank_value(card), _SUIT_ORDER[suit(card)]


def display_order(card: str) -> tuple[int, int]:
    """Suit by suit, low to high: how a hand is held."""
    return _SUIT_ORDER[suit(card)], rank_value(card)


def deal_hand(seed: str, hand_number: int) -> list[list[str]]:
    """Six cards per seat for hand ``hand_number``; the other 28 stay out of play (PI-1).

    PI-10: each hand is shuffled by its own generator, drawn from the match seed and the hand
    number alone, so the bids and plays of earlier hands cannot shift later deals: everyone
    playing the day's seed gets the same cards, seat by seat, hand after hand.
    """
    deck = MatchRandom(f"{seed}:hand:{hand_number}").shuffled(DECK)
    return [deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(SEATS)]


def checked_deal(hands: Sequence[Sequence[str]]) -> list[list[str]]:
    """A chosen deal (for scenarios), as canonical codes; ``ValueError`` unless it is six
    different cards of one deck for each seat."""
    cards = [[normalise_code(card) for card in hand] for hand in hands]
    every_card = [card for hand in cards for card in hand]
    if len(cards) != SEATS or any(len(hand) != HAND_SIZE for hand in cards):
        raise ValueError(f"Pitch deals {HAND_SIZE} cards to each of {SEATS} seats")
    if len(set(every_card)) != len(every_card) or PRINTED_JOKER in every_card:
        raise ValueError("a deal uses each card of one deck at most once, and no joker")
    return cards
