"""The installable site and its offline play (issue 23): the web app manifest in each
language, the service worker (served from the site's root, so its scope covers every page),
the offline page (a game, a variant, bots) and the offline table, which draws the same frames
as a live table's from the engine run in the browser by Pyodide (games.offline).

The only page allowed to compile WebAssembly is the worker that runs Pyodide: its script is
served here with 'wasm-unsafe-eval' added to its own Content-Security-Policy (a dedicated
worker is governed by its script's policy); every other page keeps the site's.
"""

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from csp.constants import WASM_UNSAFE_EVAL
from csp.decorators import csp_update
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from games.catalogue import CATALOGUE, CATALOGUE_BY_SLUG
from games.engine import GAMES
from games.engine.bots import LEVELS
from games.tables.models import BotLevel, TableStatus
from games.web.tables import GAME_MODULES, GAME_SCRIPTS, TABLE_MODULES
from games.words.labels import variant_name
from games.words.table_page import table_page_words

THEME_COLOUR = "#0f5a3c"
BACKGROUND_COLOUR = "#f6f3ea"
ENGINE_ARCHIVE = "offline/engine.zip"
PYODIDE_DIR = "vendor/pyodide/"
# What Pyodide fetches to start with the standard library alone (the engine needs nothing
# else: no package from its lock file is ever loaded).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PAGE_SCRIPTS = (
    "js/table_cards.js",
    "js/chime.js",
    "js/table_cue.js",
    "js/table.js",
    *TABLE_MODULES,
    "js/offline_table.js",
    "js/offline_home.js",
    "js/offline_store.js",
    "js/sw_register.js",
    *GAME_SCRIPTS.values(),
    *(part for parts in GAME_MODULES.values() for part in parts),
)
PAGE_FILES = (
    "css/site.css",
    "css/table.css",
    "css/table_screen.css",
    "favicon.svg",
    "icons/taash-192.png",
    "icons/taash-512.png",
)


def manifest(request: HttpRequest, language: str) -> HttpResponse:
    if language not in dict(settings.LANGUAGES):
        raise Http404
    with translation.override(language):
        body = {
            "id": "/",
            "name": _("Taash: Indian card games"),
            "short_name": _("Taash"),
            "description": _(
                "Rummy, Court Piece, Pitch and Hidden Unders; against bots even offline."
            ),
            "lang": language,
            "dir": "rtl" if translation.get_language_bidi() else "ltr",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "theme_color": THEME_COLOUR,
            "background_color": BACKGROUND_COLOUR,
            "icons": [
                {"src": static("icons/taash-192.png"), "sizes": "192x192", "type": "image/png"},
                {"src": static("icons/taash-512.png"), "sizes": "512x512", "type": "image/png"},
                {
                    "src": static("icons/taash-maskable-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "maskable",
                },
            ],
        }
    return HttpResponse(
        json.dumps(body, ensure_ascii=False), content_type="application/manifest+json"
    )


def offline_urls() -> list[str]:
    """Everything the offline pages need, cached by the service worker when it installs."""
    pages = [
        reverse("offline"),
        *(reverse("offline_table", args=[game.slug]) for game in CATALOGUE),
    ]
    files = [static(name) for name in (*PAGE_SCRIPTS, *PAGE_FILES, ENGINE_ARCHIVE)]
    runtime = list(_pyodide_urls().values())
    # Once each: the cache refuses a list that names a file twice (two games share a script).
    return list(dict.fromkeys([*pages, reverse("offline_worker"), *files, *runtime]))


def _pyodide_urls() -> dict[str, str]:
    """Pyodide's files by their own names, never the hashed ones of collectstatic: Pyodide
    fetches its parts by name beside pyodide.mjs (collectstatic keeps both)."""
    return {name: f"{settings.STATIC_URL}{PYODIDE_DIR}{name}" for name in PYODIDE_FILES}


@lru_cache(maxsize=1)
def _version(archive_mtime: float) -> str:
    """The cache's name changes with the engine and the site's scripts: a new service worker
    then caches everything afresh and drops the old cache."""
    digest = hashlib.sha256()
    roots = [Path(settings.BASE_DIR) / "build" / "offline" / "engine.zip"]
    roots += [Path(settings.BASE_DIR) / "static" / name for name in (*PAGE_SCRIPTS, *PAGE_FILES)]
    roots += [Path(settings.BASE_DIR) / "templates" / "offline" / "worker.js"]
    for path in roots:
        digest.update(path.read_bytes() if path.exists() else b"")
    return digest.hexdigest()[:16]


def _archive_mtime() -> float:
    path = Path(settings.BASE_DIR) / "build" / "offline" / "engine.zip"
    return path.stat().st_mtime if path.exists() else 0.0


@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    context = {
        "settings_json": json.dumps(
            {
                "version": _version(_archive_mtime()),
                "urls": offline_urls(),
                "offline": reverse("offline"),
                # What a pushed reminder shows beside its words (accounts.notices.push).
                "icon": static("icons/taash-192.png"),
            }
        )
    }
    response = render(request, "offline/sw.js", context, content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


@csp_update({"script-src": [WASM_UNSAFE_EVAL]})
def offline_worker(request: HttpRequest) -> HttpResponse:
    urls = _pyodide_urls()
    context = {
        "pyodide": urls["pyodide.mjs"],
        "store": static("js/offline_store.js"),
        "settings_json": json.dumps({"files": urls, "engine": static(ENGINE_ARCHIVE)}),
    }
    return render(request, "offline/worker.js", context, content_type="text/javascript")


def offline(request: HttpRequest) -> HttpResponse:
    games = [
        {
            "slug": game.slug,
            "name": str(game.name),
            "variants": [
                {
                    "code": v,
                    "name": variant_name(game.slug, v),
                    "seats": list(GAMES[game.slug].player_range(v)),
                }
                for v in GAMES[game.slug].variants
            ],
        }
        for game in CATALOGUE
    ]
    levels = [(value, label) for value, label in BotLevel.choices if value in LEVELS]
    context = {
        "games": games,
        "bot_levels": levels,
        "setup": {"games": games},
        "words": {
            "seat": _("Seat %(number)s"),
            "resume": _("Carry on: %(game)s · %(variant)s, move %(version)s"),
        },
    }
    return render(request, "games/offline.html", context)


def offline_table(request: HttpRequest, slug: str) -> HttpResponse:
    game = CATALOGUE_BY_SLUG.get(slug)
    if game is None:
        raise Http404
    context = {
        "game": game,
        "game_partial": f"games/table/_{slug}.html",
        "game_script": GAME_SCRIPTS[slug],
        "direction": GAMES[slug].play_direction,
        "strings": table_page_words(
            bot_levels=BotLevel.choices, table_statuses=TableStatus.choices
        ),
        # Only Pitch bids, and it has one variant.
        "rules": {"bids": GAMES[slug].bid_ladder(GAMES[slug].variants[0])},
        "variants": {v: variant_name(slug, v) for v in GAMES[slug].variants},
        # Drawn before the engine has answered: no seats, no view, nothing to play yet.
        "placeholder_frame": {
            "type": "state",
            "version": -1,
            "revision": -1,
            "status": "playing",
            "seat": 0,
            "view": None,
            "legal": [],
            "deadline": None,
            "seats": [],
            "last_move": None,
        },
        "offline_strings": {
            "starting": _("Starting the game engine on this device…"),
        },
    }
    return render(request, "games/offline_table.html", context)
