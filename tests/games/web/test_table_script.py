"""The table's script in pieces (issue 29, point 4): static/js/table.js is an ES module that
imports its parts from static/js/table/, and each game's own script (table_rummy.js,
table_tricks.js, table_unders.js) an ES module that imports its parts from a folder of its own;
every file under 250 lines, and the offline cache (the service worker's list) holds every part
a script imports, by the name static() gives it (the hashed one once collected: config.storage
rewrites the imports to it)."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.templatetags.static import static

from games.web.offline import offline_urls
from games.web.tables import GAME_MODULES, GAME_SCRIPTS, TABLE_MODULES, script_modules
from tests.games.table_support import members, table_new

SCRIPTS = Path(settings.BASE_DIR) / "static" / "js"
IMPORT = re.compile(r'^import [^;]*? from "\./([^"]+)";', re.MULTILINE)


def imported(entry: Path) -> set[Path]:
    """Every module the entry imports, through its parts' own imports (they import each other)."""
    found: set[Path] = set()
    todo = [entry]
    while todo:
        path = todo.pop()
        for name in IMPORT.findall(path.read_text()):
            part = (path.parent / name).resolve()
            if part not in found:
                found.add(part)
                todo.append(part)
    return found


def test_every_part_of_the_table_script_is_a_module_under_250_lines_and_cached_offline():
    parts = imported(SCRIPTS / "table.js")
    assert parts == {path.resolve() for path in (SCRIPTS / "table").glob("*.js")}
    assert {f"js/table/{path.name}" for path in parts} == set(TABLE_MODULES)
    for path in [SCRIPTS / "table.js", *parts]:
        assert len(path.read_text().splitlines()) < 250, path
    cached = offline_urls()
    assert all(static(name) in cached for name in TABLE_MODULES)


@pytest.mark.parametrize("game", sorted(GAME_SCRIPTS))
def test_every_part_of_a_games_script_is_a_module_under_250_lines_and_cached_offline(game):
    entry = SCRIPTS / GAME_SCRIPTS[game].removeprefix("js/")
    parts = imported(entry)
    assert {f"js/{path.relative_to(SCRIPTS)}" for path in parts} == set(GAME_MODULES[game])
    for path in [entry, *parts]:
        assert len(path.read_text().splitlines()) < 250, path
    cached = offline_urls()
    assert all(static(name) in cached for name in [GAME_SCRIPTS[game], *GAME_MODULES[game]])


@pytest.mark.django_db
def test_the_table_page_preloads_every_part_of_its_script(client):
    """The parts are fetched beside table.js, not once it is read (a round trip of a phone's
    network less before the table is drawn)."""
    (member,) = members(1, prefix="preload")
    table = table_new(member, "pitch", ["", "easy", "easy", "easy"])
    client.force_login(member)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    assert preloaded == [static(name) for name in script_modules("pitch")]
    assert set(GAME_MODULES["pitch"]) < set(script_modules("pitch"))
    assert f'<script src="{static(GAME_SCRIPTS["pitch"])}" type="module">' in page
