"""config/words.py is the one list of the words kept by code (issue 29, point 1: no registry
filled in ``AppConfig.ready``): every app's words module that names acts, notices or reasons
to reach a member is in it, so a code an app writes is never refused for want of words."""

import importlib
import pkgutil
from pathlib import Path

from config import words
from tests.live import ROOT

# A words module's table, and where config/words.py keeps it.
TABLES = {
    "ACTS": words.ACTS,
    "TARGET_KINDS": words.TARGET_KINDS,
    "CODES": words.CODES,
    "NOTICES": words.NOTICE_KINDS,
    "REASONS": words.REACH_REASONS,
}


def words_modules() -> list[str]:
    """Every module of ours whose name says it holds words, and the reminders (whose words
    stand beside their code)."""
    found = ["tournaments.services.reminders"]
    for path in ROOT.glob("*/**/words*.py"):
        if ".venv" in path.parts or "tests" in path.parts:
            continue
        found.append(".".join(path.relative_to(ROOT).with_suffix("").parts))
    for package in ("games.words",):
        directory = Path(importlib.import_module(package).__file__).parent
        found += [f"{package}.{info.name}" for info in pkgutil.iter_modules([str(directory)])]
    return sorted(set(found) - {"config.words"})


def test_every_apps_acts_notices_and_reasons_are_in_config_words():
    missing = []
    for name in words_modules():
        module = importlib.import_module(name)
        for table, gathered in TABLES.items():
            for code in getattr(module, table, {}):
                if code not in gathered:
                    missing.append(f"{name}.{table}[{code!r}]")
    assert missing == []


def test_no_app_fills_a_table_of_words_when_it_is_ready():
    from django.apps import apps

    for app in ("games", "tournaments"):
        config = apps.get_app_config(app)
        assert "ready" not in type(config).__dict__, f"{app} fills something in ready()"
