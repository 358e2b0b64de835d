"""The engine packed for the browser (games.offline.build): built from the source, the same
bytes for the same source, and its stand-in for Django's translation tells the moves in the
very words the server does: run here by a Python with no Django at all (``-I -S``)."""

import json
import subprocess
import sys
import zipfile

from django.utils import translation

from games.offline import build as offline_build
from games.offline.table import OfflineTable
from games.words.labels import EVENT_TEMPLATES, JOKER_ART
from games.words.moves import move_text
from tests.games.offline.test_table import played

PROBE = """
import json, sys
sys.path.insert(0, ".")
from games.offline.table import OfflineTable
record = json.loads(sys.stdin.read())
table = OfflineTable.restore(record)
from django.utils.translation import override
from games.words.labels import EVENT_TEMPLATES, JOKER_ART
told = {lang: table.frame(lang)["last_move"]["text"] for lang in ("en", "hi", "ur")}
for lang in ("en", "hi", "ur"):
    with override(lang):
        told[lang + "-plural"] = [EVENT_TEMPLATES["drop"] % {"points": n} for n in (1, 5)]
        told[lang + "-in-context"] = str(JOKER_ART)
print(json.dumps(told))
"""


def test_the_archive_is_built_from_the_source_alone(tmp_path):
    first = offline_build.build().read_bytes()
    assert offline_build.build().read_bytes() == first
    names = zipfile.ZipFile(offline_build.ARCHIVE).namelist()
    assert "games/engine/bots/__init__.py" in names
    assert "django/utils/translation/__init__.py" in names
    assert "locale/ur/LC_MESSAGES/django.mo" in names
    assert not any(name.startswith("games/tables") or "__pycache__" in name for name in names)
    assert "games/offline/build.py" not in names


def test_the_packed_words_are_the_servers_words(tmp_path):
    zipfile.ZipFile(offline_build.build()).extractall(tmp_path)
    table = OfflineTable.new(
        {"game": "courtpiece", "variant": "single_sar", "levels": ["", "easy", "easy", "easy"]}
    )
    played(table, 5)
    told = subprocess.run(
        [sys.executable, "-I", "-S", "-c", PROBE],
        cwd=tmp_path,
        input=json.dumps(table.record()),
        capture_output=True,
        text=True,
        check=True,
    )
    events = table.record()["moves"][-1]["events"]
    expected = {}
    for language in ("en", "hi", "ur"):
        with translation.override(language):
            expected[language] = move_text(events, "courtpiece")
            # A plural's form picked by its count (RM-17's drop), as Django picks it.
            drop = EVENT_TEMPLATES["drop"]
            expected[language + "-plural"] = [drop % {"points": n} for n in (1, 5)]
            # A message with a context (pgettext), as the joker's card art has.
            expected[language + "-in-context"] = str(JOKER_ART)
    assert json.loads(told.stdout) == expected
    assert expected["hi"] != expected["en"]
