"""The table options of Court Piece, with defaults that follow RULES.md.

``HOUSE_FEATURES`` are the platform's own additions (CP-15 .. CP-17): not traditional rules,
off unless the table turns them on, and labelled as such in every view.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from games.engine.courtpiece.seats import SEATS

DEFAULT_OPTIONS: Mapping[str, Any] = MappingProxyType(
    {
        # CP-2: won deals that win the match, and what a kot (any sweep) counts.
        "target": 5,
        "kot_value": 2,
        # CP-5: a chooser playing their very first game has 10 seconds to call, not 20.
        "first_game_seats": [],
        # CP-15, CP-16, CP-17: house features.
        "change_cards": False,
        "change_trump": False,
        # CP-18, Double Sar only: the pile's common house options, off as the seed has none of
        # them (any two tricks in a row collect, tricks 1 and 2 too), and trump by a face-down
        # card.
        "first_pair_not_tricks_1_2": False,
        "ace_pair_does_not_collect": False,
        "last_trick_takes_rest": False,
        "hidden_trump": False,
    }
)

HOUSE_FEATURES = ("change_cards", "change_trump")

_COUNTS = ("target", "kot_value")
_SWITCHES = tuple(name for name, value in DEFAULT_OPTIONS.items() if isinstance(value, bool))


def checked_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` (already overlaid on the defaults) with every value checked; ``ValueError``
    names the first bad one."""
    for name in _COUNTS:
        value = options[name]
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"courtpiece option {name!r} must be a whole number from 1 up")
    for name in _SWITCHES:
        if not isinstance(options[name], bool):
            raise ValueError(f"courtpiece option {name!r} must be true or false")
    seats = options["first_game_seats"]
    if not isinstance(seats, list | tuple) or not all(_is_seat(seat) for seat in seats):
        raise ValueError("courtpiece option 'first_game_seats' must list seats 0..3")
    return {**options, "first_game_seats": sorted(set(seats))}


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in SEATS
