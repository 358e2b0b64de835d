"""Cards, moves and events on the table pages.

A card is drawn here and nowhere else: ``card_svg`` draws it for the page, and
``card_templates`` draws every face (and its small chip, ``card_chip``) once per table page,
in ``<template>`` elements that the page's script clones (``static/js/table_cards.js``).
Moves and events are told by ``games.words.moves``, the same words the frames carry.
"""

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, Protocol

from django import template
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django_stubs_ext import StrPromise

from games.engine.cards import PRINTED_JOKER, Suit, is_card_code, rank_of, standard_deck, suit_of
from games.words import moves
from games.words.labels import (
    CARD_NAME,
    FACE_DOWN,
    JOKER,
    JOKER_ART,
    RANK_NAMES,
    SUIT_NAMES,
    variant_name,
)

register = template.Library()

FACE_DOWN_ID = "face-down"
"""The ``<template>`` id of a card's back; a face's is ``face-<code>``, a suit's
``suit-mark-<letter>``."""


@register.filter
def card_svg(code: object) -> SafeString:
    """A card drawn in SVG from the page's sprite (``table/_card_sprite.html``), named for
    screen readers; anything that is no card code is drawn face down."""
    if code == PRINTED_JOKER:
        return format_html(
            '<svg class="card-svg joker" viewBox="0 0 60 84" role="img" aria-label="{}">'
            '<rect class="face" x="1" y="1" width="58" height="82" rx="5"/>'
            '<use href="#joker-star" x="12" y="18" width="36" height="36"/>'
            '<text class="joker-word" x="30" y="72" text-anchor="middle">{}</text></svg>',
            JOKER,
            JOKER_ART,
        )
    if not is_card_code(code):
        return format_html(
            '<svg class="card-svg back" viewBox="0 0 60 84" role="img" aria-label="{}">'
            '<use href="#card-back" width="60" height="84"/></svg>',
            FACE_DOWN,
        )
    assert isinstance(code, str)
    rank, suit = rank_of(code), suit_of(code)
    assert suit is not None  # the printed joker was drawn above
    name = CARD_NAME % {"rank": RANK_NAMES[rank], "suit": SUIT_NAMES[suit]}
    return format_html(
        '<svg class="card-svg suit-{}" viewBox="0 0 60 84" role="img" aria-label="{}">'
        '<rect class="face" x="1" y="1" width="58" height="82" rx="5"/>'
        '<text class="rank" x="5" y="17">{}</text>'
        '<use href="#suit-{}" x="5" y="21" width="11" height="11"/>'
        '<use href="#suit-{}" x="18" y="34" width="34" height="34"/></svg>',
        suit,
        name,
        rank,
        suit,
        suit,
    )


def card_chip(code: object) -> SafeString:
    """A card written small but readable, for lines of text (a move's label, a replay's open
    hands): its rank in letters the size of the text and its suit, named for screen readers.
    A drawn card that small would shrink its rank to a few pixels (issue 22)."""
    name: str | StrPromise
    if code == PRINTED_JOKER:
        rank, suit, name = "", None, JOKER
    elif is_card_code(code):
        assert isinstance(code, str)
        rank, suit = rank_of(code), suit_of(code)
        assert suit is not None  # the printed joker is the branch above
        name = CARD_NAME % {"rank": RANK_NAMES[rank], "suit": SUIT_NAMES[suit]}
    else:
        return format_html(
            '<span class="card-chip back" role="img" aria-label="{}"></span>', FACE_DOWN
        )
    mark = f"suit-{suit}" if suit else "joker-star"
    return format_html(
        '<span class="card-chip {}" role="img" aria-label="{}"><span class="chip-rank"'
        ' aria-hidden="true">{}</span><svg class="chip-suit" viewBox="0 0 100 100"'
        ' aria-hidden="true"><use href="#{}" width="100" height="100"/></svg></span>',
        f"suit-{suit}" if suit else "joker",
        name,
        rank,
        mark,
    )


@register.filter
def cards_svg(codes: Iterable[object]) -> SafeString:
    return format_html_join("", "{}", ((card_svg(code),) for code in codes))


def suit_svg(letter: str) -> SafeString:
    """A suit alone, for trump marks and suit buttons."""
    return format_html(
        '<svg class="suit-svg suit-{}" viewBox="0 0 100 100" role="img" aria-label="{}">'
        '<use href="#suit-{}" width="100" height="100"/></svg>',
        letter,
        SUIT_NAMES[letter],
        letter,
    )


@register.simple_tag
def card_templates() -> SafeString:
    """Every card face, the back and the four suits, each drawn once in a ``<template>`` for
    the page's script to clone: the same in every page of a language, so drawn once per
    language and process (a quarter of a table page's time on the server: ~330 names)."""
    return _card_templates(translation.get_language())


@lru_cache(maxsize=8)
def _card_templates(language: str) -> SafeString:
    faces = [(f"face-{code}", card_svg(code)) for code in [*standard_deck(), PRINTED_JOKER]]
    faces.append((FACE_DOWN_ID, card_svg(None)))
    faces += [(f"chip-{code}", card_chip(code)) for code in [*standard_deck(), PRINTED_JOKER]]
    faces.append((f"chip-{FACE_DOWN_ID}", card_chip(None)))
    faces += [(f"suit-mark-{suit.value}", suit_svg(suit.value)) for suit in Suit]
    return format_html_join("", '<template id="{}">{}</template>', faces)


class Playable(Protocol):
    """A table, a lobby's row of one, or a ranked queue: what names its variant."""

    @property
    def game(self) -> str: ...
    @property
    def variant(self) -> str: ...


@register.filter
def variant_label(table: Playable) -> str:
    # A table, or a ranked queue (which has no options).
    return variant_name(table.game, table.variant, getattr(table, "options", None))


@register.filter
def move_text(move: Mapping[str, Any], game: str) -> str:
    """A public move (``version``, ``seat``, ``by``, ``events``) in words."""
    return moves.move_text(move["events"], game)


@register.filter
def signed(value: object) -> str:
    """A score as the pages write it: a true minus sign, and the number kept left to right
    (an isolate) so that Urdu's right-to-left line shows "−37", never "37-" (table_cards.js
    writes it the same way)."""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"\u2066\u2212{-value}\u2069"
    return str(value)
