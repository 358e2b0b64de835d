"""How each field of an action is put in canonical form, for ``Match.action_fields``.

``Match.canonical_action`` keeps an action's type and only the fields that type takes, so that
nothing else a client sent is applied, stored or shown (issue 17: a legal move with 2.8 kB of
extra fields, or one nested 200 levels deep, was stored as sent). A value that cannot be read
is passed on as it came: ``apply`` refuses it with its own code and message, and a refused
action is never stored.
"""

from __future__ import annotations

from games.engine.cards import Suit, normalise_code

_SUITS = {suit.symbol: suit.value for suit in Suit} | {suit.value: suit.value for suit in Suit}


def as_is(value: object) -> object:
    return value


def card(value: object) -> object:
    """``"q♥"`` -> ``"QH"``; anything that is not a card, as it came."""
    try:
        return normalise_code(value)
    except ValueError:
        return value


def cards(value: object) -> object:
    """A list of cards, each canonical (not a list: as it came)."""
    return [card(item) for item in value] if isinstance(value, list) else value


def card_groups(value: object) -> object:
    """A list of groups of cards (a rummy declaration)."""
    return [cards(group) for group in value] if isinstance(value, list) else value


def suit(value: object) -> object:
    """``"s"`` or ``"♠"`` -> ``"S"``; anything else, as it came."""
    return _SUITS.get(value.strip().upper(), value) if isinstance(value, str) else value


def bid(value: object) -> object:
    """``"KOT"`` -> ``"kot"``; numbers and anything else, as they came."""
    return value.strip().lower() if isinstance(value, str) else value
