"""The Hindi and Urdu catalogues are complete, current, and translate only real msgids."""

import shutil
import subprocess
import sys
from pathlib import Path

import allauth
import django
import pytest

from tests.locale.po import entries

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("hi", "ur")
CATALOGUES = [
    ROOT / directory / language / "LC_MESSAGES" / "django.po"
    for directory in ("locale", "vendor_locale")
    for language in LANGUAGES
]
# The command README.md gives for updating locale/ after a change of strings.
MAKEMESSAGES = [
    *("manage.py", "makemessages", "--add-location=file", "-l", "hi", "-l", "ur"),
    *("--ignore=.venv", "--ignore=var", "--ignore=staticfiles", "--ignore=tests"),
    *("--ignore=bench", "--ignore=games/engine", "--ignore=node_modules"),
]
SOURCE_DIRECTORIES = ("config", "accounts", "games", "tournaments", "templates", "locale")


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda path: "/".join(path.parts[-4:-2]))
def test_every_message_is_translated_and_none_is_fuzzy(catalogue):
    problems = [
        entry.msgid
        for entry in entries(catalogue)
        if not entry.obsolete and ("fuzzy" in entry.flags or not all(entry.msgstr))
    ]
    assert problems == []


def test_makemessages_would_change_no_msgid(tmp_path):
    """Run makemessages on a copy of the sources: it must find exactly the msgids we have."""
    for directory in SOURCE_DIRECTORIES:
        shutil.copytree(
            ROOT / directory, tmp_path / directory, ignore=shutil.ignore_patterns("*.mo")
        )
    shutil.copy(ROOT / "manage.py", tmp_path)
    subprocess.run(
        [sys.executable, *MAKEMESSAGES, "-v0"], cwd=tmp_path, check=True, capture_output=True
    )
    for language in LANGUAGES:
        relative = Path("locale", language, "LC_MESSAGES", "django.po")
        ours = entries(ROOT / relative)
        fresh = entries(tmp_path / relative)
        assert {e.key for e in fresh if not e.obsolete} == {e.key for e in ours}
        assert not any(e.obsolete for e in ours), "obsolete entries: delete them"


def library_msgids() -> set[tuple[str | None, str]]:
    """Every (context, msgid) that Django and allauth translate, read from one complete
    catalogue of each (Django's English ones; allauth ships none in English, German is full)."""
    catalogues = [
        *Path(django.__file__).parent.glob("**/locale/en/LC_MESSAGES/django.po"),
        Path(allauth.__file__).parent / "locale" / "de" / "LC_MESSAGES" / "django.po",
    ]
    return {entry.key for catalogue in catalogues for entry in entries(catalogue)}


def test_vendor_catalogue_translates_only_strings_the_libraries_have():
    known = library_msgids()
    for language in LANGUAGES:
        vendor = entries(ROOT / "vendor_locale" / language / "LC_MESSAGES" / "django.po")
        assert [e.msgid for e in vendor if e.key not in known] == []
