"""A rummy player's arrangement of their own hand, judged by the engine (RM-28).

The arrangement is the player's private layout on the page, never a move: the table page sends
it as the player drags or taps cards into groups, and gets back each group's kind (the colour of
its label), the points the hand counts as laid out and the status line. The Sort button asks for
the engine's cheapest layout instead. Nothing here changes the match.
"""

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import GAMES
from games.engine.rummy import GroupKind, arrange, best_show, classify_group
from games.engine.rummy.ranks import FULL_COUNT, card_points

# A hand holds at most 14 cards; a layout of more groups than cards, or of longer groups, is no
# layout of a hand.
MOST_CARDS = 14

KIND_LABELS = {
    GroupKind.PURE_SEQUENCE: gettext_lazy("Pure sequence"),
    GroupKind.IMPURE_SEQUENCE: gettext_lazy("Impure sequence"),
    GroupKind.SET: gettext_lazy("Set"),
    GroupKind.INVALID: gettext_lazy("Invalid"),
}


class ArrangementRefusal(Exception):
    """A layout that is not the sender's hand, or not a list of lists of cards."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Judged:
    groups: list[list[str]]
    kinds: list[GroupKind]
    points: int

    def to_frame(self, *, sorted_: bool, drop_cost: int | None) -> dict[str, Any]:
        sequences = sum(kind.is_sequence for kind in self.kinds)
        pure = GroupKind.PURE_SEQUENCE in self.kinds
        status = _("Pure seq %(mark)s · Sequences %(count)s/2 · %(points)s points") % {
            "mark": "✓" if pure else "✗",
            "count": min(sequences, 2),
            "points": self.points,
        }
        return {
            "type": "arrangement",
            "groups": self.groups,
            "kinds": [kind.value for kind in self.kinds],
            "labels": [str(KIND_LABELS[kind]) for kind in self.kinds],
            "points": self.points,
            "status": status,
            "sorted": sorted_,
            "drop_cost": drop_cost,
        }


def arrangement_frame(match, seat: int, message: dict) -> dict[str, Any]:
    """The answer to ``{"type": "arrange", "groups": [[card, ...], ...]}`` (the player's own
    layout) or ``{"type": "arrange", "sort": true}`` (the engine's best one)."""
    view = match.view(seat) if match is not None else {}
    if view.get("game") != "rummy":
        raise ArrangementRefusal("not_rummy", _("Only a rummy hand is arranged."))
    hand, wild_rank = view["hand"], view["wild_rank"]
    if message.get("sort") is True:
        groups = _best_layout(hand, wild_rank)
    else:
        groups = _groups_of(message.get("groups"), hand)
    judged = _judge(groups, wild_rank)
    return judged.to_frame(sorted_=message.get("sort") is True, drop_cost=drop_cost(match, seat))


def drop_cost(match, seat: int) -> int | None:
    """What dropping now would cost this seat (RM-17), as the engine itself would charge it:
    the drop is tried on a copy of the match. ``None`` when a drop is not one of its moves."""
    if {"type": "drop"} not in match.legal_actions(seat):
        return None
    trial = GAMES["rummy"].from_json(match.to_json())
    events = trial.apply(seat, {"type": "drop"})
    return next(event["points"] for event in events if event["type"] == "drop")


def _best_layout(hand: list[str], wild_rank: str) -> list[list[str]]:
    """13 cards: the cheapest arrangement. 14: the best declaration, the card put aside last."""
    if not hand:
        return []
    if len(hand) > 13:
        show = best_show(hand, wild_rank)
        return [*show.arrangement.as_declared(), [show.aside]]
    return arrange(hand, wild_rank).as_declared()


def _groups_of(value: object, hand: list[str]) -> list[list[str]]:
    malformed = ArrangementRefusal(
        "bad_arrangement", _("An arrangement is a list of groups of the cards in your hand.")
    )
    if not isinstance(value, list) or len(value) > MOST_CARDS:
        raise malformed
    groups = []
    for group in value:
        if not isinstance(group, list) or len(group) > MOST_CARDS:
            raise malformed
        if not all(isinstance(card, str) and len(card) <= 3 for card in group):
            raise malformed
        if group:
            groups.append(list(group))
    if Counter(card for group in groups for card in group) != Counter(hand):
        raise ArrangementRefusal(
            "not_your_hand", _("Those groups are not the cards in your hand now.")
        )
    return groups


def _judge(groups: list[list[str]], wild_rank: str) -> Judged:
    """Each group's kind, and the points the hand counts as laid out (RM-19, RM-20): with no
    pure sequence every card counts; with a pure one but no second sequence everything else
    counts; with both lives only the cards outside valid groups count."""
    kinds = [classify_group(group, wild_rank) for group in groups]
    sequences = sum(kind.is_sequence for kind in kinds)
    if GroupKind.PURE_SEQUENCE not in kinds:
        counted = groups
    elif sequences < 2:
        counted = [g for g, k in zip(groups, kinds, strict=True) if k != GroupKind.PURE_SEQUENCE]
    else:
        counted = [g for g, k in zip(groups, kinds, strict=True) if k == GroupKind.INVALID]
    points = sum(card_points(card, wild_rank) for group in counted for card in group)
    return Judged(groups, kinds, min(points, FULL_COUNT))
