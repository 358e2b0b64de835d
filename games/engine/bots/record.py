"""A bot's memory: the public events of the current deal, gathered from the views it was shown.

A view carries only the last ``HISTORY_LENGTH`` public events (RM-29), which in Court Piece
or a long rummy deal no longer reaches the first tricks or discards. A person at the table
remembers them, so a bot may too: ``PublicRecord`` keeps every event of the deal that any view
shown to the bot held, and nothing else. It is plain JSON (``to_json``), so a table that
builds a new bot for every move can store it with the seat and hand it back.

Each view's history overlaps the record's tail; the new events are those after the overlap.
A history that opens a deal the record does not open is a new deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.base import HISTORY_LENGTH, Event, View

OPENERS = frozenset({"deal", "draw"})
"""The event types that open a deal's history: ``deal`` in Pitch, Court Piece and rummy, and
Court Piece's ``draw`` for the first chooser, just before its first deal."""


@dataclass
class PublicRecord:
    """The public events of the current deal, oldest first."""

    events: list[Event] = field(default_factory=list)
    complete: bool = False
    """Whether ``events`` reach back to the start of the deal."""

    def observe(self, view: View) -> None:
        """Add what ``view``'s history holds that the record does not."""
        history: list[Event] = list(view.get("history", []))
        whole = len(history) < HISTORY_LENGTH  # nothing has fallen off the view's history
        if history and history[0]["type"] in OPENERS and not self._same_deal(history[0]):
            self.events, self.complete = history, True
            return
        if not self.events:
            # A first look: the whole history, or (for rummy, after the open pile was
            # reshuffled) a fresh one whose earlier part this bot never saw.
            self.events, self.complete = history, whole and _starts_a_deal(view, history)
            return
        overlap = _overlap(self.events, history)
        if overlap == 0 and history and not whole:
            self.complete = False  # events were missed between two looks
        self.events += history[overlap:]

    def _same_deal(self, opening: Event) -> bool:
        return bool(self.events) and self.events[0] == opening

    def to_json(self) -> dict[str, Any]:
        return {"events": self.events, "complete": self.complete}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PublicRecord:
        return cls(list(data["events"]), bool(data["complete"]))


def _starts_a_deal(view: View, history: Sequence[Event]) -> bool:
    """A whole history is the whole deal if it opens it, or if the game has no deal event
    (Hidden Unders: one round, whose history starts empty)."""
    return (bool(history) and history[0]["type"] in OPENERS) or view.get("game") == "unders"


def _overlap(known: Sequence[Event], history: Sequence[Event]) -> int:
    """The longest tail of ``known`` that ``history`` starts with."""
    for size in range(min(len(known), len(history)), 0, -1):
        if known[-size:] == history[:size]:
            return size
    return 0
