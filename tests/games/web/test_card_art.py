"""The card art speaks the reader's language (issue 33, point 4): the word across a printed
joker's face is Hindi or Urdu on their pages, as its accessible name is."""

import pytest
from django.utils import translation

from games.engine.cards import PRINTED_JOKER
from games.web.templatetags.table_tags import card_svg


@pytest.mark.parametrize(
    ("language", "word", "name"),
    [
        ("en", ">JOKER<", "printed joker"),
        ("hi", ">जोकर<", "छपा जोकर"),
        ("ur", ">جوکر<", "چھپا جوکر"),
    ],
)
def test_the_jokers_printed_word_is_in_the_readers_language(language, word, name):
    with translation.override(language):
        art = str(card_svg(PRINTED_JOKER))
    assert word in art
    assert name in art
