"""Which cards may be played (PI-4, PI-5)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.errors import IllegalAction
from games.engine.pitch.seats import card_order, suit
from games.engine.tricks import Play

SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


def led_suit(trick: Sequence[Play]) -> str | None:
    return suit(trick[0].card) if trick else None


def playable_cards(hand: Sequence[str], trick: Sequence[Play], trump: str | None) -> list[str]:
    """PI-5: holding the led suit, play it or a trump; void in it, play anything. A lead,
    the pitcher's first included (PI-4), may be any card."""
    led = led_suit(trick)
    if led is None or all(suit(card) != led for card in hand):
        return list(hand)
    return [card for card in hand if suit(card) in (led, trump)]


def unplayable(trick: Sequence[Play]) -> IllegalAction:
    """Why a held card that does not follow ``trick`` is refused (a lead never is)."""
    led = led_suit(trick)
    assert led is not None
    return IllegalAction(
        "must_follow_suit",
        f"You must follow suit or play a trump: you hold a {SUIT_NAMES[led]}.",
    )


def lowest_card(cards: Sequence[str]) -> str:
    """The lowest by rank, ties broken by suit order: what a timed-out player plays."""
    return min(cards, key=card_order)
