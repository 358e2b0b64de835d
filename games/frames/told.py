"""A move's public events in the reader's words (``games.words.moves``), the text every frame's
``last_move`` carries.

Every socket of a table in one process is sent the same revision, so its move is told once per
language, not once per socket (Pitch's end of a hand takes 80 us to tell). Each entry holds the
move it tells, so the same revision read afresh (or a table id given again, as the offline
table's are) is told anew.
"""

from collections import OrderedDict
from collections.abc import Hashable

from django.utils.translation import get_language, override

from games.frames.shapes import PublicMove, ToldMove
from games.words.moves import move_text

TOLD_KEPT = 1024
_told: OrderedDict[tuple[Hashable, str], tuple[PublicMove, str]] = OrderedDict()


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
        with override(language):
            kept = (move, move_text(move["events"], game))
        _told[(key, language)] = kept
        if len(_told) > TOLD_KEPT:
            _told.popitem(last=False)
    return {**move, "text": kept[1]}
