"""Pack what the offline table runs in the browser: ``build/offline/engine.zip``, unpacked by
the Web Worker into Pyodide's file system (static/js/offline_worker.js).

It holds the source as it is (never a copy kept in the repository): ``games/engine``,
``games/words``, ``games/frames``, ``games/offline``; the site's compiled catalogues
(``locale/*/LC_MESSAGES/django.mo``, which ``./dev`` compiles first); and
``games/offline/translation.py`` as ``django.utils.translation``, so ``games.words`` tells the
moves in the same words as the server. The archive's bytes depend on the sources alone (fixed
times, sorted names): the service worker's version is its hash.

    python -m games.offline.build      # ./dev run and ./dev test run it
"""

import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "offline"
ARCHIVE = OUT / "engine.zip"
PACKAGES = ("games/engine", "games/words", "games/frames", "games/offline")
FILES = ("games/__init__.py",)
STAND_IN = "games/offline/translation.py"
# This module packs the others and is never run in the browser.
LEFT_OUT = "games/offline/build.py"
LANGUAGES_TRANSLATED = ("hi", "ur")
FIXED_TIME = (2020, 1, 1, 0, 0, 0)


def members() -> dict[str, bytes]:
    """Name in the archive -> content."""
    found = {name: (ROOT / name).read_bytes() for name in FILES}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if path.relative_to(ROOT).as_posix() != LEFT_OUT:
                found[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    stand_in = (ROOT / STAND_IN).read_bytes()
    found["django/__init__.py"] = b'"""Only the translation, for games.words (games.offline)."""\n'
    found["django/utils/__init__.py"] = b""
    found["django/utils/translation/__init__.py"] = stand_in
    for language in LANGUAGES_TRANSLATED:
        name = f"locale/{language}/LC_MESSAGES/django.mo"
        catalogue = ROOT / name
        if not catalogue.exists():
            raise SystemExit(f"{name} is missing: run manage.py compilemessages first")
        found[name] = catalogue.read_bytes()
    return found


def build() -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    # A partial file of this build's own, then one atomic rename: two builds at once (two test
    # workers) each replace the archive whole, and a reader never sees half of one.
    with tempfile.NamedTemporaryFile(dir=OUT, suffix=".zip.partial", delete=False) as file:
        partial = Path(file.name)
        with zipfile.ZipFile(file, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for name, content in sorted(members().items()):
                archive.writestr(zipfile.ZipInfo(name, FIXED_TIME), content, zipfile.ZIP_DEFLATED)
    partial.chmod(0o644)
    partial.replace(ARCHIVE)
    return ARCHIVE


if __name__ == "__main__":
    path = build()
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes", file=sys.stderr)
