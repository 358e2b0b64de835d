"""Static files under hashed names, kept by browsers for a year (WhiteNoise), the table's ES
module imports included: ``import ... from "./table/state.js"`` is rewritten to the hashed name,
so a module that changes is fetched again by the pages whose imports lead to it. The modules'
imports must not form a cycle: hashes that depend on each other never settle (collectstatic
stops with "Max post-process passes exceeded")."""

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
