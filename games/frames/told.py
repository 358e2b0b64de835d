"""A move's public events in the reader's words (``games.words.moves``), the text every frame's
``last_move`` carries.

Every socket of a table in one process is sent the same revision, so its move is told once per
language, not once per socket (Pitch's end of a hand takes 80 us to tell). Each entry holds the
move it tells, so the same revision read afresh (or a table id given again, as the offline
table's are) is told anew.

A revision's move is new, but its events seldom are (a Pitch hand's plays are the same few
hundred events at every table): each event's words are kept by game, language and the event as
written, so a move whose events were all told before is put together from them, with no
translation activated (a Pitch move took 14 us to tell, the move's frames 141 us, issue 34).
The event is known by its ``repr``: events that are equal but not the same (``1`` and
``True``) are told apart, and the same event with its fields in another order (as PostgreSQL's
jsonb gives them back) is merely told once more.
"""

from collections import OrderedDict
from collections.abc import Hashable, Sequence

from django.utils.translation import get_language, override

from games.engine.base import Event
from games.frames.shapes import PublicMove, ToldMove
from games.words.moves import event_text, texts_joined

TOLD_KEPT = 1024
_told: OrderedDict[tuple[Hashable, str], tuple[PublicMove, str]] = OrderedDict()
EVENTS_KEPT = 4096
_event_words: OrderedDict[tuple[str, str, str], str] = OrderedDict()


def told_move(
    move: PublicMove | None, game: str, *, language: str | None, key: Hashable
) -> ToldMove | None:
    """``move``'s public side with its words in ``language`` (``None``: the active one);
    ``key`` names the table's revision the move made."""
    if move is None:
        return None
    language = language or get_language()
    kept = _told.get((key, language))
    if kept is None or kept[0] is not move:
        kept = (move, _move_words(move["events"], game, language))
        _told[(key, language)] = kept
        if len(_told) > TOLD_KEPT:
            _told.popitem(last=False)
    return {**move, "text": kept[1]}


def _move_words(events: Sequence[Event], game: str, language: str) -> str:
    """``move_text(events, game)`` in ``language``, from the events' words kept."""
    keys = [(game, language, repr(event)) for event in events]
    texts = [_event_words.get(key) for key in keys]
    if None in texts:
        with override(language):
            for number, (key, event) in enumerate(zip(keys, events, strict=True)):
                if texts[number] is None:
                    texts[number] = _event_words[key] = event_text(event, game)
        while len(_event_words) > EVENTS_KEPT:
            _event_words.popitem(last=False)
    return texts_joined(text for text in texts if text)
