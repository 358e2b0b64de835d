"""The table page's word list: a line with a count comes in both its plural forms, picked in
the script by ``n === 1`` (static/js/table_cards.js), which holds while every catalogue's
``Plural-Forms`` is ``n != 1`` (issue 22: "1 points", "1 cards")."""

from pathlib import Path

from django.conf import settings
from django.utils import translation

from games.tables.models import BotLevel, TableStatus
from games.words.table_page import table_page_words


def test_every_catalogue_has_the_plural_rule_the_script_follows():
    for language, _name in settings.LANGUAGES:
        po = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"
        if po.exists():
            assert "plural=(n != 1);" in po.read_text(), language


def test_counted_lines_come_in_both_forms_in_each_language():
    for language in ("en", "hi", "ur"):
        with translation.override(language):
            words = table_page_words(
                bot_levels=BotLevel.choices, table_statuses=TableStatus.choices
            )
        for key in ("cards_count", "drop_cost", "points", "team_tricks", "confirm_wrong_show"):
            entry = words[key]
            assert set(entry) == {"one", "other", "count"}, key
            field = f"%({entry['count']})s"
            assert field in entry["one"] and field in entry["other"]
    with translation.override("en"):
        words = table_page_words(bot_levels=BotLevel.choices, table_statuses=TableStatus.choices)
    for language in ("hi", "ur"):  # the catalogues hold them (written out for extraction)
        with translation.override(language):
            told = table_page_words(bot_levels=BotLevel.choices, table_statuses=TableStatus.choices)
        assert told["cards_count"]["other"] != words["cards_count"]["other"], language
        assert told["team_tricks"]["one"] != words["team_tricks"]["one"], language
    assert words["cards_count"]["one"] == "%(count)s card"
    assert words["cards_count"]["other"] == "%(count)s cards"
