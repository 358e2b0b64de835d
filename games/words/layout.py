"""A rummy layout in words (RM-28): each group's label, and the status line under the hand.

The engine judges the layout (``games.engine.rummy.judge_layout``); these are its words in the
reader's language.
"""

from django.utils.translation import gettext_lazy, ngettext, pgettext

from games.engine.rummy import GroupKind, LayoutVerdict
from games.frames.shapes import LayoutStatus

KIND_LABELS = {
    GroupKind.PURE_SEQUENCE: gettext_lazy("Pure sequence"),
    GroupKind.IMPURE_SEQUENCE: gettext_lazy("Impure sequence"),
    GroupKind.SET: gettext_lazy("Set"),
    GroupKind.INVALID: gettext_lazy("Invalid"),
}


def kind_labels(verdict: LayoutVerdict) -> list[str]:
    """Each group's label, in the order laid out."""
    return [str(KIND_LABELS[kind]) for kind in verdict.kinds]


# Where the first life's mark goes in the status line: the line is split there, and the page
# draws the mark (CSS) between the two parts. A ✓ or ✗ in the text is in none of the page's
# fonts: the first line showing one made the browser look for a fallback font, a relayout
# of 10-60 ms on a slow phone, often in the first tap at the table (issue 30).
_MARK = "\0"


def layout_status(verdict: LayoutVerdict) -> LayoutStatus:
    """``Pure seq ✓ · Sequences 2/2 · 25 points``: the first life, the sequences that count
    towards the two lives, and what the hand counts as laid out; as the text before the first
    life's mark, the mark in words (for a screen reader) and the text after it."""
    line = ngettext(
        "Pure seq %(mark)s · Sequences %(count)s/2 · %(points)s point",
        "Pure seq %(mark)s · Sequences %(count)s/2 · %(points)s points",
        verdict.points,
    ) % {
        "mark": _MARK,
        "count": min(verdict.sequences, 2),
        "points": verdict.points,
    }
    before, after = line.split(_MARK)
    met = verdict.has_pure_sequence
    if met:
        words = pgettext("the first life of a rummy hand, laid out", "yes")
    else:
        words = pgettext("the first life of a rummy hand, laid out", "missing")
    return {"before": before, "mark": words, "after": after, "met": met}


REFUSALS = {
    "not_rummy": gettext_lazy("Only a rummy hand is arranged."),
    "bad_arrangement": gettext_lazy(
        "An arrangement is a list of groups of the cards in your hand."
    ),
    "not_your_hand": gettext_lazy("Those groups are not the cards in your hand now."),
}
"""Why a layout sent to be judged was refused, by code."""
