"""A rummy layout in words (RM-28): each group's label, and the status line under the hand.

The engine judges the layout (``games.engine.rummy.judge_layout``); these are its words in the
reader's language.
"""

from django.utils.translation import gettext_lazy, ngettext

from games.engine.rummy import GroupKind, LayoutVerdict

KIND_LABELS = {
    GroupKind.PURE_SEQUENCE: gettext_lazy("Pure sequence"),
    GroupKind.IMPURE_SEQUENCE: gettext_lazy("Impure sequence"),
    GroupKind.SET: gettext_lazy("Set"),
    GroupKind.INVALID: gettext_lazy("Invalid"),
}


def kind_labels(verdict: LayoutVerdict) -> list[str]:
    """Each group's label, in the order laid out."""
    return [str(KIND_LABELS[kind]) for kind in verdict.kinds]


def layout_status(verdict: LayoutVerdict) -> str:
    """``Pure seq ✓ · Sequences 2/2 · 25 points``: the first life, the sequences that count
    towards the two lives, and what the hand counts as laid out."""
    return ngettext(
        "Pure seq %(mark)s · Sequences %(count)s/2 · %(points)s point",
        "Pure seq %(mark)s · Sequences %(count)s/2 · %(points)s points",
        verdict.points,
    ) % {
        "mark": "✓" if verdict.has_pure_sequence else "✗",
        "count": min(verdict.sequences, 2),
        "points": verdict.points,
    }


REFUSALS = {
    "not_rummy": gettext_lazy("Only a rummy hand is arranged."),
    "bad_arrangement": gettext_lazy(
        "An arrangement is a list of groups of the cards in your hand."
    ),
    "not_your_hand": gettext_lazy("Those groups are not the cards in your hand now."),
}
"""Why a layout sent to be judged was refused, by code."""
