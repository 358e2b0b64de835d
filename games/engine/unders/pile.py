"""The play pile (HU-3 .. HU-5): what may be laid on it, and when it burns.

Ranks run from 2 up to the Ace (HU-2); suits never matter in Hidden Unders.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

from games.engine.cards import Suit, standard_deck
from games.engine.tricks import rank_value

TWO = 2
TEN = 10
BURNING_RUN = 4
"""HU-4: this many cards of one rank in a row on the pile burn it."""

_VALUE = {code: rank_value(code) for code in standard_deck()}
_SUIT_ORDER = {suit.value: order for order, suit in enumerate(Suit)}
_SORT_KEY = {code: (_VALUE[code], _SUIT_ORDER[code[-1]]) for code in standard_deck()}


class Burn(StrEnum):
    """Why a pile was burned (cleared for good)."""

    TEN = "ten"
    """HU-5: a 10 burns whatever it lands on."""
    FOUR_OF_A_KIND = "four_of_a_kind"
    """HU-4: the fourth card of one rank in a row, over one turn or several."""


def value(code: str) -> int:
    """2 .. 14: the order in which cards beat each other (HU-2)."""
    return _VALUE[code]


def is_special(code: str) -> bool:
    """HU-5: a 2 or a 10 may be played on anything."""
    return _VALUE[code] in (TWO, TEN)


def in_order(cards: Iterable[str]) -> list[str]:
    """``cards`` from low to high (then by suit), the order hands are kept and shown in."""
    return sorted(cards, key=_SORT_KEY.__getitem__)


def can_play(code: str, pile: Sequence[str]) -> bool:
    """HU-3, HU-5: anything starts a pile; then match or beat the top card, or play a 2 or a 10.

    A 2 on top lets anything follow (it "resets the pile to 2") because every rank matches or
    beats a 2; a 10 never stays on top because it burns the pile at once.
    """
    return not pile or is_special(code) or _VALUE[code] >= _VALUE[pile[-1]]


def has_play(cards: Iterable[str], pile: Sequence[str]) -> bool:
    """HU-6: whether any of ``cards`` may go on the pile."""
    return any(can_play(code, pile) for code in cards)


def burn_after(pile: Sequence[str]) -> Burn | None:
    """Whether the cards just laid on top of ``pile`` burn it."""
    top = _VALUE[pile[-1]]
    if top == TEN:
        return Burn.TEN
    run = pile[-BURNING_RUN:]
    if len(run) == BURNING_RUN and all(_VALUE[code] == top for code in run):
        return Burn.FOUR_OF_A_KIND
    return None
