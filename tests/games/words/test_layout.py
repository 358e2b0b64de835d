"""A rummy layout in words (RM-28): the group labels and the status line, in each language."""

from django.utils import translation

from games.engine.rummy import judge_layout
from games.words.layout import kind_labels, layout_status

RM22_FIRST = [["4H", "5H", "6H"], ["10S", "JS", "9D"], ["7C", "7D", "7S"], ["KC", "KD", "2S", "3D"]]


def test_rm28_rm22_the_status_line_says_both_lives_and_the_points_as_laid_out():
    with translation.override("en"):
        verdict = judge_layout(RM22_FIRST, "9")
        assert layout_status(verdict) == {
            "before": "Pure seq ",
            "mark": "yes",
            "after": " · Sequences 2/2 · 25 points",
            "met": True,
        }
        assert kind_labels(verdict) == ["Pure sequence", "Impure sequence", "Set", "Invalid"]


def test_rm28_without_a_pure_sequence_the_status_line_marks_the_first_life_missing():
    verdict = judge_layout([["10S", "JS", "9D"], ["KH", "KC", "KS"], ["QD", "QC", "PJ"]], "9")
    with translation.override("en"):
        assert layout_status(verdict) == {
            "before": "Pure seq ",
            "mark": "missing",
            "after": " · Sequences 1/2 · 70 points",
            "met": False,
        }


def test_rm28_labels_and_status_line_are_in_the_readers_language():
    verdict = judge_layout(RM22_FIRST, "9")
    for language in ("hi", "ur"):
        with translation.override(language):
            status = layout_status(verdict)
            words = [status["before"], status["mark"], status["after"], *kind_labels(verdict)]
        assert not any("seq" in text.lower() or "Set" in text or "yes" in text for text in words)
        assert "25" in status["after"]


def test_rm28_the_status_line_counts_points_through_the_plural_forms():
    """Issue 22: plurals through gettext's plural forms; no single card counts 1 (RM-19), so
    the one form is ngettext's, checked here by the many form."""
    with translation.override("en"):
        status = layout_status(judge_layout([["AH", "2H", "3H"], ["2S"]], "5"))
    assert status["after"].endswith("· 2 points")


def test_rm28_issue30_the_first_lifes_mark_is_no_glyph_outside_the_pages_fonts():
    """A ✓ or ✗ in the line made a slow phone's browser look for a fallback font in the middle
    of the first tap (issue 30): the page draws the mark, the line carries only words."""
    for language in ("en", "hi", "ur"):
        for groups in (RM22_FIRST, [["10S", "JS", "9D"], ["KH", "KC", "KS"]]):
            with translation.override(language):
                status = layout_status(judge_layout(groups, "9"))
            text = status["before"] + status["mark"] + status["after"]
            assert not set(text) & {"✓", "✗", "✔", "✘"}, text
