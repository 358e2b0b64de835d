"""Static files collected under hashed names (issue 30, Figures): the table's ES modules import
each other by their hashed names, so every script a page loads is kept by the browser for a
year, and a changed module changes the name of every module that leads to it."""

import gzip
import json
import re

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import RequestFactory, override_settings
from whitenoise.middleware import WhiteNoiseMiddleware

HASHED = {"staticfiles": {"BACKEND": "config.storage.HashedStaticFilesStorage"}}
RELATIVE_IMPORT = re.compile(r'(?:import|export)\s[^;]*?\sfrom\s*"(\.[^"]+)";')
A_YEAR = 365 * 24 * 3600


@pytest.fixture(scope="module")
def collected(tmp_path_factory):
    """collectstatic into a folder of this module's own, with the production storage (the
    project's scripts and the apps' own static files; Pyodide left out to keep it quick)."""
    root = tmp_path_factory.mktemp("static")
    with override_settings(
        STATIC_ROOT=root,
        STATICFILES_DIRS=[settings.BASE_DIR / "static"],
        STORAGES={**settings.STORAGES, **HASHED},
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
    manifest = json.loads((root / "staticfiles.json").read_text())["paths"]
    return root, manifest


def test_modules_import_each_other_by_their_hashed_names(collected):
    root, manifest = collected
    hashed_names = set(manifest.values())
    modules = [name for name in manifest if name.startswith("js/table/")]
    assert len(modules) >= 5
    for name in ["js/table.js", "js/offline_home.js", *modules]:
        collected_file = root / manifest[name]
        imports = RELATIVE_IMPORT.findall(collected_file.read_text())
        assert imports or name.startswith("js/table/"), name
        for target in imports:
            # "./table/state.js" as written, "./table/state.0123456789ab.js" as collected.
            found = (collected_file.parent / target).resolve().relative_to(root.resolve())
            assert found.as_posix() in hashed_names, f"{name} imports {target}, not a hashed name"
            assert (root / found).exists(), f"{name} imports {target}, not collected"


def test_a_module_changed_deep_down_renames_the_entry(collected):
    """table.js names state.js's hash in its own text, so its own hash follows state.js's."""
    root, manifest = collected
    entry = (root / manifest["js/table.js"]).read_text()
    assert f'"./{manifest["js/table/state.js"].removeprefix("js/")}"' in entry
    hand = (root / manifest["js/table/hand.js"]).read_text()
    assert f'"./{manifest["js/table/moves.js"].removeprefix("js/table/")}"' in hand


def test_hashed_modules_are_kept_a_year_and_the_plain_ones_a_minute(collected):
    root, manifest = collected
    with override_settings(DEBUG=False, STATIC_ROOT=root, STORAGES={**settings.STORAGES, **HASHED}):
        serve = WhiteNoiseMiddleware(lambda request: None)
        hashed = serve(RequestFactory().get(f"/static/{manifest['js/table/state.js']}"))
        plain = serve(RequestFactory().get("/static/js/table/state.js"))
    assert hashed.status_code == 200
    assert hashed["Cache-Control"] == f"max-age={10 * A_YEAR}, public, immutable"
    assert plain["Cache-Control"] == "max-age=60, public"


def test_the_sites_style_sheets_are_served_minified(collected):
    """Issue 30, Figures (Lighthouse's unminified-css on the lobby): the collected sheets are
    minified before they are hashed and compressed, so the name, the file and its gzip copy
    all hold the minified text; a sheet's rules are all still there."""
    root, manifest = collected
    for name in ["css/site.css", "css/table.css", "css/table_screen.css"]:
        source = (settings.BASE_DIR / "static" / name).read_text()
        served = (root / manifest[name]).read_text()
        assert "/*" in source and "/*" not in served, name
        assert len(served) < 0.8 * len(source), name
        assert served.count("{") == source.count("{"), name  # no rule lost (no comment holds one)
        assert gzip.decompress((root / (manifest[name] + ".gz")).read_bytes()).decode() == served
    # The unhashed copy too (what a page of DEBUG off asks for without the manifest).
    assert "/*" not in (root / "css" / "site.css").read_text()
