"""Cards, moves and events as the table pages show them before (and without) their script."""

import re

from django import template
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.words.labels import (
    ACTION_NAMES,
    ACTION_WORDS,
    CARD_NAME,
    EVENT_NAMES,
    EVENT_QUIET,
    EVENT_TEMPLATES,
    FACE_DOWN,
    FLAG_WORDS,
    JOKER,
    NOBODY,
    OUTCOME_NAMES,
    RANK_NAMES,
    SEAT_FIELDS,
    SUIT_NAMES,
    TEAM_FIELDS,
    variant_name,
)

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
def card_svg(code: str) -> SafeString:
    """A card drawn in SVG from the page's sprite (``table/_card_sprite.html``), named for
    screen readers; ``static/js/table_cards.js`` draws the same markup for live frames."""
    parts = CARD.fullmatch(code or "")
    if code == "PJ":
        return format_html(
            '<svg class="card-svg joker" viewBox="0 0 60 84" role="img" aria-label="{}">'
            '<rect class="face" x="1" y="1" width="58" height="82" rx="5"/>'
            '<use href="#joker-star" x="12" y="18" width="36" height="36"/>'
            '<text class="joker-word" x="30" y="72" text-anchor="middle">JOKER</text></svg>',
            JOKER,
        )
    if parts is None:
        return format_html(
            '<svg class="card-svg back" viewBox="0 0 60 84" role="img" aria-label="{}">'
            '<use href="#card-back" width="60" height="84"/></svg>',
            FACE_DOWN,
        )
    rank, suit = parts.groups()
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


@register.filter
def cards_svg(codes) -> SafeString:
    return format_html_join("", "{}", ((card_svg(code),) for code in codes))


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
def event_text(event: dict, game: str = "") -> SafeString:
    """An event in words: its template (``labels.EVENT_TEMPLATES``) filled in, then the fields
    the template leaves out; without a template, its name and its fields."""
    kind = event.get("type")
    template_text = EVENT_TEMPLATES.get(f"{game}:{kind}") or EVENT_TEMPLATES.get(kind)
    if template_text is None:
        return _described(event, EVENT_NAMES)
    template_text = str(template_text)
    used = set(re.findall(r"%\((\w+)\)s", template_text))
    values = {key: conditional_escape(_field(key, event.get(key))) for key in used}
    text = mark_safe(conditional_escape(template_text) % values)  # every part escaped above
    rest = [
        _field(key, value) if key in ("suit", "trump") else _value(value)
        for key, value in event.items()
        if key not in used and key not in EVENT_QUIET and key not in ("type", "seat")
    ]
    return format_html_join(" ", "{}", ((part,) for part in [text, *rest] if part))


def _seat_name(number) -> str:
    return _("Seat %(number)s") % {"number": number + 1}


def _field(key: str, value) -> SafeString | str:
    """One field of an event in words, as ``table.js`` shows it too."""
    if key in FLAG_WORDS:
        yes, no = FLAG_WORDS[key]
        return str(yes if value else no)
    if key in SEAT_FIELDS or key == "winners":
        if value is None:
            return str(NOBODY)
        seats = value if isinstance(value, list) else [value]
        return ", ".join(_seat_name(seat) for seat in seats)
    if key in TEAM_FIELDS:
        return str(NOBODY) if value is None else _("Team %(number)s") % {"number": value + 1}
    if key == "kind":
        return str(OUTCOME_NAMES.get(value, value))
    if isinstance(value, list) and all(isinstance(item, int) for item in value):
        return "–".join(str(item) for item in value)
    if value is None:
        return "—"
    if key in ("suit", "trump") and value in SUIT_NAMES:
        return str(SUIT_NAMES[value])
    return _value(value)


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
    parts += [
        _field(key, value) if key in ("suit", "trump") else _value(value)
        for key, value in item.items()
        if key not in ("type", "seat")
    ]
    return format_html_join(" ", "{}", ((part,) for part in parts if part))


# How deep a shown value may nest: an action or event is a few levels at most, and a stored
# move from before actions were kept canonical may hold anything a client sent (issue 17).
SHOWN_DEPTH = 4


def _value(value, depth: int = 0) -> SafeString:
    if isinstance(value, list | dict) and depth >= SHOWN_DEPTH:
        return format_html("{}", "…")
    if isinstance(value, list):
        return format_html_join(" ", "{}", ((_value(inner, depth + 1),) for inner in value))
    if isinstance(value, dict):
        return format_html_join(
            " ",
            "{}: {}",
            ((key.replace("_", " "), _value(inner, depth + 1)) for key, inner in value.items()),
        )
    if value is None or isinstance(value, bool):
        return SafeString()
    if isinstance(value, str) and (CARD.fullmatch(value) or value == "PJ"):
        return card(value)
    return format_html("{}", ACTION_WORDS.get(value, value) if isinstance(value, str) else value)
