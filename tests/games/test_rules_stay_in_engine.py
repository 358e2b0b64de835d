"""Game rules live in the engine (issue 18): outside ``games/engine`` nothing reads a key of a
match's stored state, nothing tests a game's name to decide a rule, and no table script holds
a bid ladder. The engine answers instead: ``GameRules.partnerships``, ``bid_ladder`` and
``has_drops``; ``Match.open_hands`` and ``absent_seat_policy``; ``games.engine.rummy``'s
``judge_layout``, ``best_layout`` and ``RummyMatch.drop_cost``.

The checks read the source (Python by its syntax tree, the scripts by their array literals),
like the engine-purity test; the first tests below show what each check finds and what it
lets pass.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from games.engine import GAMES

ROOT = Path(__file__).parents[2]
SCANNED = ("games", "accounts", "tournaments", "config")
"""The Django side, but ``games/engine`` and the migrations."""
SCRIPTS = ROOT / "static" / "js"

GAME_NAMES = frozenset(GAMES)
STATE_NAMES = frozenset({"state", "initial_state"})
"""What the stored state is called where it is kept (``table.state``) or read (``state``)."""

Finding = tuple[int, str]
"""A line number and the source it flags."""


# -- the checks ------------------------------------------------------------------------------


def state_reads(tree: ast.AST) -> list[Finding]:
    """Subscripts and ``.get()`` on a match's stored state: on ``x.to_json()`` itself, on a
    name bound to it in the same scope, or on anything called ``state``."""
    found = []
    for scope in _scopes(tree):
        bound = _names_bound_to_to_json(scope)
        for node in _walk_scope(scope):
            target = _read_target(node)
            if target is not None and _is_state(target, bound):
                found.append((node.lineno, ast.unparse(node)))
    return found


def game_name_tests(tree: ast.AST) -> list[Finding]:
    """Comparisons (``==``, ``!=``, ``in``, ``is``) and ``match`` cases of a game (``x.game``,
    ``game``, ``x["game"]``, ``x.get("game")``) against a game's name."""
    found: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(map(_is_game, operands)) and any(map(_names_a_game, operands)):
                found.append(node)
        elif isinstance(node, ast.Match) and _is_game(node.subject):
            for case in node.cases:
                if any(_case_names_a_game(pattern) for pattern in ast.walk(case.pattern)):
                    found.append(case.pattern)
    found.sort(key=lambda node: (node.lineno, node.col_offset))
    return [(node.lineno, ast.unparse(node)) for node in found]


def bid_ladders_in(script: str) -> list[Finding]:
    """Array literals of plain values holding three or more calls of a game's auction, one
    of them a word (``["pass", 2, 3, 4, "kot"]``)."""
    ladders = [
        set(rules.bid_ladder(variant)) for rules in GAMES.values() for variant in rules.variants
    ]
    found = []
    for literal in re.finditer(r"\[([^\[\]]*)\]", script):
        values = _plain_values(literal.group(1))
        if values is None:
            continue
        for ladder in ladders:
            rungs = values & ladder
            if len(rungs) >= 3 and any(isinstance(rung, str) for rung in rungs):
                line = script.count("\n", 0, literal.start()) + 1
                found.append((line, literal.group(0)))
                break
    return found


# -- what the checks look at -----------------------------------------------------------------


def _scopes(tree: ast.AST) -> Iterator[ast.AST]:
    yield tree
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield node


def _walk_scope(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``scope`` outside the functions nested in it (they are scopes of their
    own)."""
    for child in ast.iter_child_nodes(scope):
        if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield child
            yield from _walk_scope(child)


def _names_bound_to_to_json(scope: ast.AST) -> set[str]:
    bound = set()
    for node in _walk_scope(scope):
        if isinstance(node, ast.Assign | ast.AnnAssign) and _is_to_json(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            bound |= {target.id for target in targets if isinstance(target, ast.Name)}
    return bound


def _read_target(node: ast.AST) -> ast.AST | None:
    """What ``node`` reads a key of: ``x`` in ``x[k]`` or ``x.get(k)``."""
    if isinstance(node, ast.Subscript):
        return node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.value if node.func.attr == "get" else None
    return None


def _is_to_json(node: ast.AST | None) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "to_json"
    )


def _is_state(node: ast.AST, bound: set[str]) -> bool:
    if _is_to_json(node):
        return True
    if isinstance(node, ast.Name):
        return node.id in bound or node.id in STATE_NAMES
    return isinstance(node, ast.Attribute) and node.attr in STATE_NAMES


def _is_game(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id == "game"
    if isinstance(node, ast.Attribute):
        return node.attr == "game"
    if isinstance(node, ast.Subscript):
        return _is_text(node.slice, "game")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "get" and bool(node.args) and _is_text(node.args[0], "game")
    return False


def _names_a_game(node: ast.AST) -> bool:
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(map(_names_a_game, node.elts))
    return isinstance(node, ast.Constant) and node.value in GAME_NAMES


def _case_names_a_game(pattern: ast.AST) -> bool:
    return isinstance(pattern, ast.MatchValue) and _names_a_game(pattern.value)


def _is_text(node: ast.AST, text: str) -> bool:
    return isinstance(node, ast.Constant) and node.value == text


def _plain_values(items: str) -> set[int | str] | None:
    """The values of an array literal's ``items`` when every one is a quoted word or a whole
    number; else ``None``."""
    values: set[int | str] = set()
    for item in filter(None, (part.strip() for part in items.split(","))):
        word = re.fullmatch(r"""(["'])(\w+)\1""", item)
        if word:
            values.add(word.group(2))
        elif item.isdigit():
            values.add(int(item))
        else:
            return None
    return values


def _python_files() -> Iterator[Path]:
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if relative.parts[:2] != ("games", "engine") and "migrations" not in relative.parts:
                yield path


def _scan(check) -> list[str]:
    return [
        f"{path.relative_to(ROOT)}:{line}: {source}"
        for path in _python_files()
        for line, source in check(ast.parse(path.read_text(), filename=str(path)))
    ]


def _flagged(check, source: str) -> list[str]:
    return [text for _line, text in check(ast.parse(source))]


# -- what each check finds and lets pass -----------------------------------------------------


def test_a_read_of_a_key_of_the_stored_state_is_found():
    source = """
def open_hands(match, table):
    state = match.to_json()
    first = state["holdings"]
    second = match.to_json().get("dealt")
    third = table.state["deal"]
    return [holding for holding in match.to_json()["holdings"]]
"""
    assert _flagged(state_reads, source) == [
        "state['holdings']",
        "match.to_json().get('dealt')",
        "table.state['deal']",
        "match.to_json()['holdings']",
    ]


def test_storing_restoring_and_reading_views_are_not_state_reads():
    source = """
def save(table, match, rules, seat):
    table.state = match.to_json()
    replayed = rules.from_json(table.state)
    copy = json.loads(json.dumps(match.to_json()))
    seats = [info.to_json() for info in snapshot.seats]
    return match.view(seat)["hand"], view.get("drop_points"), copy

def elsewhere(data):
    state = match.to_json()
    return data["holdings"]
"""
    assert _flagged(state_reads, source) == []


def test_a_test_of_a_games_name_is_found():
    source = """
def decide(match, table, game, view):
    if match.game == "rummy" or "pitch" != table.game:
        return game in ("courtpiece", "pitch")
    if view.get("game") != "rummy" or view["game"] == "unders":
        return None
    match table.game:
        case "rummy":
            return 1
"""
    assert _flagged(game_name_tests, source) == [
        "match.game == 'rummy'",
        "'pitch' != table.game",
        "game in ('courtpiece', 'pitch')",
        "view.get('game') != 'rummy'",
        "view['game'] == 'unders'",
        "'rummy'",
    ]


def test_lookups_by_game_and_the_catalogues_names_by_slug_are_not_tests_of_a_name():
    source = """
NAMES = {"rummy": _("Rummy"), "courtpiece": _("Court Piece")}
LABELS = {("rummy", "points"): _("Points")}
RANKED_SEATS = {"rummy": 2, "pitch": 4}

def pick(game, slug, table):
    rules = GAMES_BY_SLUG[game]
    if game == slug or table.game == other.game or table.game in GAMES:
        return NAMES["rummy"], LABELS[(game, "points")]
    return variant == "points"
"""
    assert _flagged(game_name_tests, source) == []


def test_a_bid_ladder_in_a_script_is_found_and_other_lists_are_not():
    script = """
  const BIDS = ["pass", 2, 3, 4, "kot"];
  const CP_BUTTONS = ["ask_trump", "reveal", "pass", "luck", "keep_cards"];
  const SIZES = [2, 3, 4];
  const calls = ['pass', 3, 'kot'];
  draw(api, view.bids || [], [api.seat, 2]);
"""
    assert bid_ladders_in(script) == [
        (2, '["pass", 2, 3, 4, "kot"]'),
        (5, "['pass', 3, 'kot']"),
    ]


# -- the code base ---------------------------------------------------------------------------


def test_the_scan_covers_the_django_side_and_leaves_the_engine_out():
    scanned = {path.relative_to(ROOT).as_posix() for path in _python_files()}
    expected = {"games/tables/services/play.py", "accounts/ratings/skill.py", "config/settings.py"}
    assert expected <= scanned
    assert not any(path.startswith("games/engine/") or "/migrations/" in path for path in scanned)
    assert list(SCRIPTS.glob("*.js"))


def test_nothing_outside_the_engine_reads_a_key_of_a_matchs_stored_state():
    assert _scan(state_reads) == []


def test_nothing_outside_the_engine_tests_a_games_name_to_decide_a_rule():
    assert _scan(game_name_tests) == []


def test_no_table_script_hard_codes_a_bid_ladder():
    found = [
        f"{path.relative_to(ROOT)}:{line}: {literal}"
        for path in sorted(SCRIPTS.rglob("*.js"))
        for line, literal in bid_ladders_in(path.read_text())
    ]
    assert found == []
