"""A move in words, in the reader's language: the one place a move, an event or an action
becomes text. The table page's move list, the frame a socket sends (``last_move["text"]``)
and the replay all read it from here; the page's script shows the text it is given.

A move is told from its public events only (``games.engine.base``: an event never names a
card that is not face up), never from its action: a hidden trump is chosen by an action that
only its player may see. An action is told only where its player, or everyone after the
match (the replay), may read it.

Cards are written short, rank and suit symbol (``10♠``); seats and teams by number, fields
that say yes or no, outcomes and bids in words; lists of numbers as ``7–6``.
"""

from collections.abc import Iterable, Mapping

from django.utils.translation import gettext as _

from games.engine.cards import PRINTED_JOKER, Suit, is_card_code, rank_of, suit_of
from games.words.labels import (
    ACTION_NAMES,
    ACTION_WORDS,
    EVENT_NAMES,
    EVENT_QUIET,
    EVENT_TEMPLATES,
    FLAG_WORDS,
    NOBODY,
    OUTCOME_NAMES,
    POINTS,
    SEAT_FIELDS,
    SHOW_REASONS,
    SUIT_NAMES,
    TEAM_FIELDS,
)

SHOWN_DEPTH = 4
"""How deep a told value may nest: an action or event is a few levels at most, and a stored
move from before actions were kept canonical may hold anything a client sent (issue 17)."""

PRINTED_JOKER_MARK = "🃏"
SUIT_FIELDS = frozenset({"suit", "trump"})
# Fields told in words when a template leaves them out: suits, a wrong show's reason, points.
TOLD_AFTER = SUIT_FIELDS | {"reason_code", "points"}


def move_text(events: Iterable[Mapping[str, object]], game: str) -> str:
    """A move's public events, one after another: the engine's (``games.engine.events``), or
    the JSON a stored move holds."""
    return texts_joined(event_text(event, game) for event in events)


def texts_joined(texts: Iterable[str]) -> str:
    """A move's events' texts one after another, those that say nothing left out."""
    return " ".join(filter(None, texts))


def event_text(event: Mapping[str, object], game: str) -> str:
    """An event in words: its template (``labels.EVENT_TEMPLATES``, the game's own wording
    first) filled in, then the fields the template leaves out; without a template, its name
    and its fields. The seat that made the move is told by whoever lists it."""
    tag = event.get("type")
    kind = tag if isinstance(tag, str) else ""
    template = EVENT_TEMPLATES.get(f"{game}:{kind}") or EVENT_TEMPLATES.get(kind)
    if template is None:
        return _described(event, EVENT_NAMES)
    values = _TemplateFields(event)
    try:
        told = str(template % values)
    except TypeError:
        # A plural template's count that is no number (a stored move may hold anything a
        # client sent, issue 17): told by its name and fields instead.
        return _described(event, EVENT_NAMES)
    rest = [
        _field(key, value) if key in TOLD_AFTER else value_text(value)
        for key, value in sorted(_in_order(event), key=lambda item: item[0] == "points")
        if key not in values.used and key not in EVENT_QUIET and key not in ("type", "seat")
    ]
    return " ".join(part for part in [told, *rest] if part)


def _in_order(item: Mapping[str, object]) -> list[tuple[str, object]]:
    """The fields by name: a move read back from PostgreSQL (jsonb orders an object's keys its
    own way) is told in the same words as the one the write left."""
    return sorted(item.items())


def action_text(action: Mapping[str, object]) -> str:
    """An action in words: its name, then its fields (``Play 10♠``). Only for a reader who
    may see it: its own player, or anyone once the match is over."""
    return _described(action, ACTION_NAMES)


def card_text(code: str) -> str:
    """A card written short: ``10♠``, and a mark for the printed joker."""
    if code == PRINTED_JOKER:
        return PRINTED_JOKER_MARK
    suit = suit_of(code)
    assert suit is not None
    return rank_of(code) + Suit(suit).symbol


def value_text(value: object, depth: int = 0) -> str:
    """A value inside an action, an event or a view: cards written short, known words in the
    reader's language, lists one after another, nothing for ``None`` and yes/no."""
    if isinstance(value, list | tuple | dict) and depth >= SHOWN_DEPTH:
        return "…"
    if isinstance(value, list | tuple):
        return " ".join(filter(None, (value_text(inner, depth + 1) for inner in value)))
    if isinstance(value, dict):
        return " ".join(
            f"{str(key).replace('_', ' ')}: {value_text(inner, depth + 1)}"
            for key, inner in _in_order(value)
        )
    if value is None or isinstance(value, bool):
        return ""
    if is_card_code(value):
        return card_text(str(value))
    if isinstance(value, str):
        return str(ACTION_WORDS.get(value, value))
    return str(value)


class _TemplateFields(dict[str, object]):
    """The values a template asks for (``%(winner)s``), each told as ``_field`` tells it;
    ``used`` keeps which keys it asked for, the others are told after it."""

    def __init__(self, event: Mapping[str, object]) -> None:
        super().__init__()
        self.event = event
        self.used: set[str] = set()

    def __missing__(self, key: str) -> object:
        self.used.add(key)
        value = self.event.get(key)
        # A count stays a number: a plural template (``ngettext_lazy``) picks its form by it.
        if _is_count(key, value):
            return value
        return _field(key, value)


def _is_count(key: str, value: object) -> bool:
    plain = key not in SEAT_FIELDS and key not in TEAM_FIELDS and key not in FLAG_WORDS
    return plain and isinstance(value, int) and not isinstance(value, bool)


def _field(key: str, value: object) -> str:
    """One field of an event in words."""
    if key in FLAG_WORDS:
        yes, no = FLAG_WORDS[key]
        return str(yes if value else no)
    if key in SEAT_FIELDS or key == "winners":
        if value is None:
            return str(NOBODY)
        seats = value if isinstance(value, list) else [value]
        return ", ".join(seat_label(seat) for seat in seats)
    if key in TEAM_FIELDS:
        return str(NOBODY) if value is None else team_label(value)
    if key == "kind":
        return str(OUTCOME_NAMES.get(str(value), value))
    if key == "reason_code":
        return str(SHOW_REASONS.get(str(value), "")) if isinstance(value, str) else ""
    if key == "points" and _is_count(key, value):
        return str(POINTS % {"count": value})
    if isinstance(value, list) and all(isinstance(item, int) for item in value):
        return "–".join(str(item) for item in value)
    if value is None:
        return "—"
    if key in SUIT_FIELDS and value in SUIT_NAMES:
        return str(SUIT_NAMES[value])
    return value_text(value)


def seat_label(number: object) -> str:
    """``Seat 3`` for seat 2 (seats count from 1 for people)."""
    return _("Seat %(number)s") % {"number": number + 1 if isinstance(number, int) else number}


def team_label(number: object) -> str:
    """``Team 1`` for team 0."""
    return _("Team %(number)s") % {"number": number + 1 if isinstance(number, int) else number}


def _described(item: Mapping[str, object], names: Mapping[str, object]) -> str:
    """A type's name, then its other fields (the seat is told by whoever lists it)."""
    kind = item.get("type")
    parts = [str(names.get(kind, kind))] if isinstance(kind, str) else []
    parts += [
        _field(key, value) if key in SUIT_FIELDS else value_text(value)
        for key, value in _in_order(item)
        if key not in ("type", "seat")
    ]
    return " ".join(part for part in parts if part)
