"""Cards, moves and events as the table pages show them before (and without) their script."""

import re

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.labels import ACTION_NAMES, ACTION_WORDS, EVENT_NAMES, variant_name

register = template.Library()

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CARD = re.compile(r"(10|[2-9JQKA])([SHDC])")


@register.filter
def card(code: str) -> SafeString:
    """``10H`` as a red ``10♥``; the printed joker as 🃏."""
    parts = CARD.fullmatch(code)
    if parts is None:
        return format_html('<span class="card">🃏</span>')
    rank, suit = parts.groups()
    colour = " red" if suit in "HD" else ""
    return format_html('<span class="card{}">{}{}</span>', colour, rank, SUITS[suit])


@register.filter
def variant_label(table) -> str:
    return variant_name(table.game, table.variant)


@register.filter
def cards(codes) -> SafeString:
    return format_html_join(" ", "{}", ((card(code),) for code in codes))


@register.filter
def action_text(action: dict) -> SafeString:
    return _described(action, ACTION_NAMES)


@register.filter
def event_text(event: dict) -> SafeString:
    return _described(event, EVENT_NAMES)


# Keys of a view that the pages show elsewhere, or that only the engine needs.
_NOT_DETAILS = {"game", "variant", "players", "seat", "hand", "history", "legal_actions"}
_NOT_DETAILS |= {"to_move", "decision_seconds", "over"}


@register.filter
def view_details(view: dict) -> list[tuple[str, SafeString]]:
    """The rest of a view as (name, value) rows: trump, trick, pile, scores ..."""
    return [
        (key.replace("_", " "), _value(value))
        for key, value in view.items()
        if key not in _NOT_DETAILS and value is not None
    ]


def _described(item: dict, names: dict) -> SafeString:
    """A type's name, then its other fields (the seat is shown by whoever lists it)."""
    parts = [format_html("{}", names.get(item.get("type"), item.get("type")))]
    parts += [_value(value) for key, value in item.items() if key not in ("type", "seat")]
    return format_html_join(" ", "{}", ((part,) for part in parts if part))


def _value(value) -> SafeString:
    if isinstance(value, list):
        return format_html_join(" ", "{}", ((_value(inner),) for inner in value))
    if isinstance(value, dict):
        return format_html_join(
            " ", "{}: {}", ((key.replace("_", " "), _value(inner)) for key, inner in value.items())
        )
    if value is None:
        return SafeString()
    if isinstance(value, str) and (CARD.fullmatch(value) or value == "PJ"):
        return card(value)
    return format_html("{}", ACTION_WORDS.get(value, value) if isinstance(value, str) else value)
