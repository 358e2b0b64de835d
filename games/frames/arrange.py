"""The answer to a rummy player's layout of their own hand (RM-28): the frame, built from the
engine's judgement (``judge_layout``, ``best_layout``, ``RummyMatch.drop_cost``) and its words
(``games.words.layout``).

The layout is the player's private arrangement on the page, never a move: the table page sends
it as the player drags or taps cards into groups, and gets back each group's kind (the colour
of its label), the points the hand counts as laid out and the status line. The Sort button asks
for the engine's best layout instead. Nothing here changes the match.
"""

from collections import Counter
from collections.abc import Mapping

from games.engine.base import Match
from games.engine.rummy import RummyMatch, best_layout, judge_layout, valid_asides
from games.frames.shapes import ArrangementFrame
from games.words.layout import REFUSALS, kind_labels, layout_status

# A hand holds at most 14 cards; a layout of more groups than cards, or of longer groups, is no
# layout of a hand.
MOST_CARDS = 14


class ArrangementRefusal(Exception):
    """A layout that is not the sender's hand, or not a list of lists of cards; its
    ``message`` is in the language active where it was raised (by default the words of
    ``games.words.layout.REFUSALS`` for its code)."""

    def __init__(self, code: str, message: str | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.message = str(REFUSALS[code]) if message is None else message


def arrangement_frame(
    match: Match | None, seat: int, message: Mapping[str, object]
) -> ArrangementFrame:
    """The answer to ``{"type": "arrange", "groups": [[card, ...], ...]}`` (the player's own
    layout) or ``{"type": "arrange", "sort": true}`` (the engine's best one, never putting
    aside the card just taken from the open pile, RM-8)."""
    if not isinstance(match, RummyMatch):
        raise ArrangementRefusal("not_rummy")
    view = match.view(seat)
    hand, wild_rank = view["hand"], view["wild_rank"]
    sort = message.get("sort") is True
    if sort:
        groups = best_layout(hand, wild_rank, keep=view["taken_this_turn"])
    else:
        groups = _groups_of(message.get("groups"), hand)
    verdict = judge_layout(groups, wild_rank)
    return {
        "type": "arrangement",
        "groups": [list(group) for group in verdict.groups],
        "kinds": [kind.value for kind in verdict.kinds],
        "labels": kind_labels(verdict),
        "points": verdict.points,
        "status": layout_status(verdict),
        "sorted": sort,
        "drop_cost": match.drop_cost(seat),
        # The safety net before a declaration (RM-15): the cards that, put aside, leave a
        # valid show; the page asks before any other, naming what a wrong show costs. The
        # card just taken from the open pile may not be put aside (RM-8).
        "valid_asides": [
            [g, p]
            for g, p in valid_asides(verdict.groups, wild_rank)
            if verdict.groups[g][p] != view["taken_this_turn"]
        ],
        "wrong_show_cost": match.wrong_show_cost(),
    }


def _groups_of(value: object, hand: list[str]) -> list[list[str]]:
    """The layout sent, if it is a list of groups holding exactly the cards of ``hand``."""
    if not isinstance(value, list) or len(value) > MOST_CARDS:
        raise ArrangementRefusal("bad_arrangement")
    groups = []
    for group in value:
        if not isinstance(group, list) or len(group) > MOST_CARDS:
            raise ArrangementRefusal("bad_arrangement")
        if not all(isinstance(card, str) and len(card) <= 3 for card in group):
            raise ArrangementRefusal("bad_arrangement")
        if group:
            groups.append(list(group))
    if Counter(card for group in groups for card in group) != Counter(hand):
        raise ArrangementRefusal("not_your_hand")
    return groups
