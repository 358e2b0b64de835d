"""Each package imports only what its docstring allows (games/__init__.py, accounts/__init__.py,
tournaments/__init__.py): the rules stay a pure library, the write path knows nothing of sockets,
Channels lives in games/live alone, the accounts' packages stand on each other in one order, and
the apps meet on the floor of ``games`` (the catalogue, the news, the SQL builder, row ids).

Read from the source with ``ast``, so nothing is imported to check it; a test of the checker
shows what it finds.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Package -> imports it must never make (a prefix of the module's dotted name).
FORBIDDEN = {
    "games/engine": (
        "django",
        "channels",
        "celery",
        "asgiref",
        "games.tables",
        "games.live",
        "games.web",
        "games.words",
        "accounts",
        "config",
        "tournaments",
    ),
    # The tables know nothing of the daily deal or the tournaments built on them.
    "games/tables": (
        "channels",
        "asgiref",
        "games.botapi",
        "games.live",
        "games.web",
        "games.words",
        "games.daily",
        "games.ranked",
        "tournaments",
    ),
    # The ranked queue drives tables through their services; the tables know nothing of it.
    "games/ranked": (
        "channels",
        "asgiref",
        "games.live",
        "games.web",
        "games.words",
        "games.daily",
        "tournaments",
    ),
    # The bot API: the tables' services and the streams of games.live, never Channels itself.
    "games/botapi": (
        "channels",
        "asgiref",
        "games.web",
        "games.daily",
        "tournaments",
        "accounts.members",
    ),
    "games/daily": ("channels", "asgiref", "games.live", "games.web", "games.words"),
    "games/words": ("channels", "asgiref", "games.tables", "games.live", "games.web"),
    "games/web": ("channels", "asgiref"),
    # One builder of every frame, pure: the engine and the words (the browser runs it too).
    "games/frames": (
        "channels",
        "asgiref",
        "celery",
        "games.tables",
        "games.live",
        "games.web",
        "games.daily",
        "games.ranked",
        "games.offline",
        "accounts",
        "config",
        "tournaments",
    ),
    # Run in the browser by Pyodide (games.offline.build packs it): Django's translation only.
    "games/offline": (
        "channels",
        "asgiref",
        "celery",
        "django.db",
        "django.conf",
        "django.http",
        "games.tables",
        "games.live",
        "games.web",
        "accounts",
        "config",
        "tournaments",
    ),
    # Of games, accounts may read only the engine and the floor (ACCOUNTS_MAY_READ_FROM_GAMES).
    "accounts": ("channels", "asgiref", "config", "tournaments"),
    "games/live": ("games.botapi",),
    # Tournaments drive tables through their services; the tables never know of tournaments.
    "tournaments": ("channels", "asgiref", "games.live.consumers", "games.web", "games.words"),
}
# The floor of the games app, which accounts, games and tournaments all build on: Django and
# the engine at most, nothing of any app's packages.
FLOOR = ("games/catalogue.py", "games/news.py", "games/sql.py", "games/converters.py")
OWN_PACKAGES = ("games", "accounts", "tournaments", "config")
ACCOUNTS_MAY_READ_FROM_GAMES = (
    "games.engine",
    "games.catalogue",
    "games.news",
    "games.sql",
    "games.converters",
)
# The accounts' packages, from the ground up: each imports only those before it
# (accounts/__init__.py says why).
ACCOUNTS_ORDER = ("profiles", "notices", "moderation", "ratings", "bots", "members")
# What the tables read of accounts (games/__init__.py): no page, no sign-in, no words.
TABLES_MAY_READ_FROM_ACCOUNTS = {
    "accounts.bots.models",
    "accounts.profiles.models",
    "accounts.ratings.models",
    "accounts.ratings.skill",
    "accounts.ratings.services",
    "accounts.moderation.models",
    "accounts.moderation.roles",
    "accounts.moderation.sanctions",
    "accounts.moderation.reports",
    "accounts.moderation.audit",
    "accounts.notices.inbox",
}
# The modules of accounts that answer requests; other apps link to their URLs by name instead.
ACCOUNTS_PAGES = ("views", "urls", "middleware", "context_processors", "adapter")
# The one module of games/live that the pages may read: the socket's frame, no Channels in it.
WEB_MAY_READ_FROM_LIVE = {"games.live.frames"}


def imports_of(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(node.module)
    return found


def python_files(place: str) -> list[Path]:
    path = ROOT / place
    files = [path] if path.suffix == ".py" else sorted(path.rglob("*.py"))
    return [file for file in files if "migrations" not in file.parts]


def within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes)


def breaches(place: str, forbidden: tuple[str, ...]) -> list[str]:
    return [
        f"{file.relative_to(ROOT)} imports {module}"
        for file in python_files(place)
        for module in imports_of(file)
        if within(module, forbidden)
    ]


def reads_of(place: str, prefixes: tuple[str, ...]) -> set[str]:
    """The modules within ``prefixes`` that the files of ``place`` import."""
    return {
        module
        for file in python_files(place)
        for module in imports_of(file)
        if within(module, prefixes)
    }


@pytest.mark.parametrize("place", FORBIDDEN)
def test_a_package_imports_nothing_its_docstring_forbids(place):
    assert breaches(place, FORBIDDEN[place]) == []


def test_the_pages_read_only_the_frame_of_the_live_package():
    reads = reads_of("games/web", ("games.live",))
    assert reads <= WEB_MAY_READ_FROM_LIVE


@pytest.mark.parametrize("place", ["games/offline", "games/frames"])
def test_what_runs_in_the_browser_imports_of_django_only_its_translation(place):
    django = reads_of(place, ("django",))
    assert django <= {"django.utils.translation"}


def test_only_the_live_package_and_the_asgi_entry_import_channels_or_asgiref():
    outside = [
        breach
        for place in ("games", "accounts", "config", "tournaments")
        for breach in breaches(place, ("channels", "asgiref"))
        if not breach.startswith(("games/live/", "config/asgi.py"))
    ]
    assert outside == []


@pytest.mark.parametrize("place", FLOOR)
def test_the_floor_of_games_imports_of_the_apps_only_the_engine(place):
    own = reads_of(place, OWN_PACKAGES)
    assert {module for module in own if not within(module, ("games.engine",))} == set()


def test_accounts_reads_of_games_only_the_engine_and_the_floor():
    reads = reads_of("accounts", ("games",))
    assert {module for module in reads if not within(module, ACCOUNTS_MAY_READ_FROM_GAMES)} == set()


@pytest.mark.parametrize("number", range(len(ACCOUNTS_ORDER)))
def test_each_package_of_accounts_imports_only_those_below_it(number):
    above = tuple(f"accounts.{package}" for package in ACCOUNTS_ORDER[number + 1 :])
    assert breaches(f"accounts/{ACCOUNTS_ORDER[number]}", above) == []


def test_code_imports_models_from_their_packages_never_from_the_apps_face():
    # accounts/models.py and games/models.py are where Django finds the models, nothing more.
    faces = ("accounts.models", "games.models")
    assert [
        breach
        for place in OWN_PACKAGES
        for breach in breaches(place, faces)
        if not breach.startswith(("accounts/models.py", "games/models.py"))
    ] == []


def test_the_tables_read_of_accounts_only_what_the_games_docstring_names():
    reads = reads_of("games/tables", ("accounts",))
    assert reads <= TABLES_MAY_READ_FROM_ACCOUNTS


def test_no_other_app_imports_the_pages_or_the_sign_in_of_accounts():
    pages = [
        f"{file.relative_to(ROOT)} imports {module}"
        for place in ("games", "tournaments")
        for file in python_files(place)
        for module in imports_of(file)
        if within(module, ("accounts.members",))
        or (within(module, ("accounts",)) and module.rsplit(".", 1)[-1] in ACCOUNTS_PAGES)
    ]
    assert pages == []


def test_no_product_package_imports_the_tooling_behind_dev():
    # tools/ starts the product's processes (./dev run, ./dev test); the product never needs it.
    assert [breach for place in OWN_PACKAGES for breach in breaches(place, ("tools",))] == []


def test_the_checker_finds_imports_and_matches_submodules_but_not_lookalikes(tmp_path):
    module = tmp_path / "mod.py"
    module.write_text("import channels.layers\nfrom games.live import hub\nfrom . import near\n")
    assert imports_of(module) == ["channels.layers", "games.live"]
    assert within("channels.layers", ("channels",))
    assert within("games.live", ("games.live",))
    assert not within("channelsx", ("channels",))
    assert not within("games.lively", ("games.live",))
