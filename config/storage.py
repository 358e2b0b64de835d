"""Static files under hashed names, kept by browsers for a year (WhiteNoise), the table's ES
module imports included: ``import ... from "./table/state.js"`` is rewritten to the hashed name,
so a module that changes is fetched again by the pages whose imports lead to it. The modules'
imports must not form a cycle: hashes that depend on each other never settle (collectstatic
stops with "Max post-process passes exceeded").

The site's own style sheets are minified as they are collected (rcssmin, pinned in
requirements.txt), before they are hashed and compressed: the lobby's site.css is 30 % smaller,
the table's sheets 40 % (issue 30, Figures: Lighthouse's unminified-css). Scripts are left as
written: the import rewriting above reads their text."""

from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import rcssmin  # type: ignore[import-untyped]
from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Django's patterns for JavaScript imports (Django 5.2 names them only privately; its stubs do
# not declare them).
_, _IMPORT_PATTERNS = ManifestStaticFilesStorage._js_module_import_aggregation_patterns  # type: ignore[attr-defined]


class HashedStaticFilesStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    support_js_module_import_aggregation = True
    # Our own scripts only: Django's patterns read any ``import("...")``, such as a JSDoc type
    # in a package's script (django_htmx's ``import("../htmx")``), as a file to hash.
    _js_module_import_aggregation_patterns = ("js/*.js", _IMPORT_PATTERNS)

    def post_process(
        self, paths: dict[str, Any], dry_run: bool = False, **options: Any
    ) -> Iterator[Any]:
        if not dry_run:
            # The collected copy is minified, and hashed from there: Django reads each file's
            # text for its hash from where it was found (the source folder) unless told.
            paths = dict(paths)
            for name in paths:
                if is_minified(name):
                    minify_css(Path(self.path(name)))
                    paths[name] = (self, name)
        yield from super().post_process(paths, dry_run, **options)


# Our own sheets under css/; a package's (admin's, a vendor's .min.css) come as they are.
MINIFIED = "css/*.css"


def is_minified(name: str) -> bool:
    return fnmatch(name, MINIFIED) and not name.endswith(".min.css")


def minify_css(path: Path) -> None:
    """The collected copy of a sheet, minified in place (again on a sheet collectstatic left as
    it was: minifying a minified sheet changes nothing)."""
    text = path.read_text(encoding="utf-8")
    path.write_text(rcssmin.cssmin(text), encoding="utf-8")
