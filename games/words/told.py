"""What a table tells its readers of things done to it from outside the match (issue 30): each
entry of ``Table.told`` (``games.tables.services.locked.LockedTable.tell``) in the reader's
words, said differently to the seat it is about and to everyone else. Every sentence says
what happened, why where a person gave a reason, and what happens now. None names a card.
"""

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from django.utils.translation import get_language, override
from django.utils.translation import gettext as _

from games.words.labels import isolated


class ToldLine(TypedDict):
    kind: str
    version: int
    mine: bool  # about the reader's own seat
    text: str


# The kinds a table tells: the codes of ``games.tables.models.ToldKind`` (this package may
# not import the tables; a test holds the two lists equal).
REMOVED, BANNED, ENDED, CANCELLED, DAILY_ROTATED = (
    "removed",
    "banned",
    "ended",
    "cancelled",
    "daily_rotated",
)


def _the_seat_now(params: Mapping[str, Any], mine: bool) -> str:
    """What becomes of a seat taken off the match: a bot plays it, or (where no bot may sit,
    a tournament's table) it is dropped as an absent player's is; in a ranked match its
    member counts last."""
    if params.get("bot", True):
        words = (
            _("A bot plays your seat to the end.")
            if mine
            else _("A bot plays their seat to the end.")
        )
    else:
        words = (
            _("Your seat is dropped from the match, as an absent player's is.")
            if mine
            else _("Their seat is dropped from the match, as an absent player's is.")
        )
    if params.get("ranked"):
        words += " " + (
            _("You are counted last in this ranked match.")
            if mine
            else _("They are counted last in this ranked match; your own result counts.")
        )
    return words


def _removed(params: Mapping[str, Any], mine: bool) -> str:
    if mine:
        said = _("A moderator removed you from this match. The reason: “%(reason)s”.") % {
            "reason": params.get("reason", "")
        }
        closed = _(
            "Your hand and the players' chat are closed to you: you may watch on, or go back "
            "to the lobby."
        )
        return f"{said} {_the_seat_now(params, mine)} {closed}"
    said = _("A moderator removed %(name)s from the match.") % {
        "name": isolated(params.get("name", ""))
    }
    return f"{said} {_the_seat_now(params, mine)}"


def _banned(params: Mapping[str, Any], mine: bool) -> str:
    said = _("%(name)s can no longer play here: their account was banned.") % {
        "name": isolated(params.get("name", ""))
    }
    return f"{said} {_the_seat_now(params, mine)}"


def _ended(params: Mapping[str, Any], mine: bool) -> str:
    return _(
        "A moderator ended this table. The reason: “%(reason)s”. The match stops here: no "
        "result and no rating change."
    ) % {"reason": params.get("reason", "")}


def _cancelled(params: Mapping[str, Any], mine: bool) -> str:
    return _(
        "This table's tournament was cancelled, so the match stops here: no result counts. "
        "The reason: “%(reason)s”."
    ) % {"reason": params.get("reason", "")}


def _daily_rotated(params: Mapping[str, Any], mine: bool) -> str:
    return _(
        "Staff replaced today's deal while you were playing it. Play this one to its end: "
        "your score counts on the board of the deal you began, kept apart from the new one's."
    )


SENTENCES = {
    REMOVED: _removed,
    BANNED: _banned,
    ENDED: _ended,
    CANCELLED: _cancelled,
    DAILY_ROTATED: _daily_rotated,
}


def told_lines(
    told: Sequence[Mapping[str, Any]], seat: int | None, *, language: str | None = None
) -> list[ToldLine]:
    """What the table tells the reader at ``seat`` (None: a spectator), oldest first, in
    ``language`` (None: the active one). An entry about one seat that only its own reader is
    to hear (a daily deal's rotation) is left out for the others."""
    if not told:
        return []
    with override(language or get_language()):
        return _lines(told, seat)


def _lines(told: Sequence[Mapping[str, Any]], seat: int | None) -> list[ToldLine]:
    lines: list[ToldLine] = []
    for entry in told:
        about = entry.get("seat")
        mine = about is not None and about == seat
        if entry["kind"] == DAILY_ROTATED and not mine:
            continue
        sentence = SENTENCES.get(entry["kind"])
        if sentence is None:
            continue
        lines.append(
            {
                "kind": entry["kind"],
                "version": entry.get("version", 0),
                "mine": mine,
                "text": sentence(entry.get("params", {}), mine),
            }
        )
    return lines
