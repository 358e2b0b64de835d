"""A move's words in a frame (``games.frames.told``): each event's words are kept, so a move
whose events were told before is not told anew, yet reads exactly as ``move_text`` tells it, in
the reader's language, and an event is never told in another's words."""

from collections.abc import Mapping
from typing import cast

from django.utils import translation

from games.frames.shapes import PublicMove
from games.frames.told import told_move
from games.words.moves import move_text

TRICK: list[Mapping[str, object]] = [
    {"type": "play", "seat": 3, "card": "AH"},
    {"type": "trick", "number": 2, "winner": 3},
]


def told(
    events: list[Mapping[str, object]], language: str, revision: int, game: str = "courtpiece"
) -> str:
    move = cast(PublicMove, {"version": revision, "seat": 3, "by": "player", "events": events})
    frame_move = told_move(move, game, language=language, key=("told-test", revision))
    assert frame_move is not None
    return frame_move["text"]


def test_a_move_told_again_at_another_revision_reads_as_move_text_in_each_language() -> None:
    for language in ("en", "hi", "ur"):
        with translation.override(language):
            expected = move_text(TRICK, "courtpiece")
        # Told twice (the second time from the events' words kept), by a reader whose active
        # language is another one.
        assert told(TRICK, language, 1) == told(TRICK, language, 2) == expected


def test_equal_events_of_different_values_are_told_apart() -> None:
    """``1 == True``: a kept event's words are found by the event as written, not by equality
    (a made bid and a hand set back differ only by ``made``)."""
    made: list[Mapping[str, object]] = [{"type": "hand", "made": True, "points": 1}]
    set_back: list[Mapping[str, object]] = [{"type": "hand", "made": 1, "points": 1}]
    with translation.override("en"):
        expected_made, expected_number = move_text(made, "pitch"), move_text(set_back, "pitch")
    assert expected_made != expected_number
    assert told(made, "en", 3, "pitch") == expected_made
    assert told(set_back, "en", 4, "pitch") == expected_number
