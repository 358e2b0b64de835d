"""The table's script in pieces (issue 29, point 4): static/js/table.js is an ES module that
imports its parts from static/js/table/, each under 250 lines, and the offline cache (the
service worker's list) holds every part the module imports, by the plain name it imports."""

import re
from pathlib import Path

from django.conf import settings

from games.web.offline import TABLE_MODULES, offline_urls

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
    assert all(f"{settings.STATIC_URL}{name}" in cached for name in TABLE_MODULES)
