"""A rummy layout in words (RM-28): the group labels and the status line, in each language."""

from django.utils import translation

from games.engine.rummy import judge_layout
from games.words.layout import kind_labels, layout_status

RM22_FIRST = [["4H", "5H", "6H"], ["10S", "JS", "9D"], ["7C", "7D", "7S"], ["KC", "KD", "2S", "3D"]]


def test_rm28_rm22_the_status_line_says_both_lives_and_the_points_as_laid_out():
    with translation.override("en"):
        verdict = judge_layout(RM22_FIRST, "9")
        assert layout_status(verdict) == "Pure seq ✓ · Sequences 2/2 · 25 points"
        assert kind_labels(verdict) == ["Pure sequence", "Impure sequence", "Set", "Invalid"]


def test_rm28_without_a_pure_sequence_the_status_line_marks_the_first_life_missing():
    verdict = judge_layout([["10S", "JS", "9D"], ["KH", "KC", "KS"], ["QD", "QC", "PJ"]], "9")
    with translation.override("en"):
        assert layout_status(verdict) == "Pure seq ✗ · Sequences 1/2 · 70 points"


def test_rm28_labels_and_status_line_are_in_the_readers_language():
    verdict = judge_layout(RM22_FIRST, "9")
    for language in ("hi", "ur"):
        with translation.override(language):
            words = [layout_status(verdict), *kind_labels(verdict)]
        assert not any("seq" in text.lower() or "Set" in text for text in words), words
        assert "25" in words[0]


def test_rm28_the_status_line_counts_points_through_the_plural_forms():
    """Issue 22: plurals through gettext's plural forms; no single card counts 1 (RM-19), so
    the one form is ngettext's, checked here by the many form."""
    with translation.override("en"):
        status = layout_status(judge_layout([["AH", "2H", "3H"], ["2S"]], "5"))
    assert status.endswith("· 2 points")
