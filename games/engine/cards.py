"""Cards, suits, ranks and their codes, shared by every game.

A card travels everywhere (state, views, actions, the wire) as its code: rank ``2``..``10``,
``J``, ``Q``, ``K``, ``A`` followed by a suit letter ``S H D C`` (``10S``, ``QH``), and ``PJ``
for a printed joker. Parsers also accept the suit symbols ``♠ ♥ ♦ ♣``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum


class Suit(StrEnum):
    """A suit, valued by its letter in a card code."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SYMBOL_LETTERS = {symbol: suit.value for suit, symbol in _SUIT_SYMBOLS.items()}


class Rank(IntEnum):
    """A rank, valued by its order with the Ace high (games that put it low say so)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        return _RANK_CODES[self]

    @classmethod
    def from_code(cls, code: str) -> Rank:
        try:
            return _CODE_RANKS[code.upper()]
        except KeyError:
            raise ValueError(f"not a rank: {code!r}") from None


_RANK_CODES = {
    rank: {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank.value, str(rank.value)) for rank in Rank
}
_CODE_RANKS = {code: rank for rank, code in _RANK_CODES.items()}

PRINTED_JOKER = "PJ"


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card. ``rank`` and ``suit`` are ``None`` for a printed joker."""

    rank: Rank | None
    suit: Suit | None

    @property
    def is_printed_joker(self) -> bool:
        return self.rank is None

    @property
    def code(self) -> str:
        if self.rank is None or self.suit is None:
            return PRINTED_JOKER
        return self.rank.code + self.suit.value

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card code; raise ``ValueError`` for anything that is not one."""
        return _parse(normalise_code(text))

    def __str__(self) -> str:
        return self.code


def normalise_code(text: object) -> str:
    """The canonical code for ``text`` (``"q♥"`` -> ``"QH"``); ``ValueError`` if it is none."""
    if not isinstance(text, str) or not 2 <= len(text.strip()) <= 3:
        raise ValueError(f"not a card: {text!r}")
    code = text.strip().upper()
    if code and code[-1] in _SYMBOL_LETTERS:
        code = code[:-1] + _SYMBOL_LETTERS[code[-1]]
    _parse(code)
    return code


def _parse(code: str) -> Card:
    if code == PRINTED_JOKER:
        return Card(None, None)
    try:
        return Card(Rank.from_code(code[:-1]), Suit(code[-1]))
    except ValueError:
        raise ValueError(f"not a card: {code!r}") from None


def rank_of(code: str) -> str:
    """The rank part of a code (``"10S"`` -> ``"10"``; ``"PJ"`` -> ``"PJ"``)."""
    return code if code == PRINTED_JOKER else code[:-1]


def suit_of(code: str) -> str | None:
    """The suit letter of a code, ``None`` for a printed joker."""
    return None if code == PRINTED_JOKER else code[-1]


def is_card_code(value: object) -> bool:
    """True for a canonical card code; used to scan views for cards."""
    return isinstance(value, str) and value in ALL_CODES


def standard_deck() -> list[str]:
    """The 52 codes of one deck, in a fixed order (suit by suit, 2 up to A)."""
    return [rank.code + suit.value for suit in Suit for rank in Rank]


def decks(count: int, *, printed_jokers: int = 0) -> list[str]:
    """``count`` standard decks and ``printed_jokers`` jokers, in a fixed order."""
    return standard_deck() * count + [PRINTED_JOKER] * printed_jokers


def codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


ALL_CODES = frozenset([*standard_deck(), PRINTED_JOKER])
