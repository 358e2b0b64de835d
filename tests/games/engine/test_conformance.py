"""The engine contract (DESIGN.md) checked the same way for every game in GAMES.

A game joins by registering itself; nothing here names a game.
"""

from __future__ import annotations

import functools
import json
import random
import types
import typing

import pytest

from games.engine import GAMES, AbsentSeat, HandLabel, IllegalAction, actions, events
from games.engine.base import Action, Event, Match, MatchResult, leaked_cards
from tests.games.engine.conformance import (
    every_table,
    offered_actions,
    open_hands_problems,
    play_randomly,
    snapshot,
    spoiled_cards,
)

TABLES = list(every_table())
SEEDS = [1, 2, 3]


def _id(table: tuple[str, str, int]) -> str:
    return "-".join(map(str, table))


def random_play_match(table: tuple[str, str, int], seed: object):
    """A match of ``table`` under the options its game names for random play (Pitch's back
    door: PI-8 alone lets reckless bids run on for ever)."""
    game, variant, players = table
    rules = GAMES[game]
    return rules.new_match(variant, players, seed=seed, options=rules.random_play_options)


def test_all_four_games_are_registered():
    assert set(GAMES) == {"rummy", "courtpiece", "pitch", "unders"}


@pytest.mark.parametrize("table", TABLES, ids=_id)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_legal_play_ends_with_a_result(table, seed):
    players = table[2]
    match = random_play_match(table, seed)
    play_randomly(match, random.Random(seed))
    assert match.is_over() and match.to_move() == []
    result = match.result()
    assert len(result["ranks"]) == players and len(result["scores"]) == players
    assert result["winners"] and all(result["ranks"][seat] == 1 for seat in result["winners"])
    json.dumps(result)


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_a_result_holds_exactly_the_keys_its_declared_type_names(table):
    """The Django side types a result by the TypedDict ``result()`` declares."""
    match = random_play_match(table, 4)
    play_randomly(match, random.Random(4))
    declared = typing.get_type_hints(type(match).result)["return"]
    assert set(MatchResult.__required_keys__) <= set(declared.__required_keys__)
    assert set(match.result()) == set(declared.__required_keys__)


@functools.cache
def _played(table: tuple[str, str, int]) -> tuple[Match, list[Action]]:
    """One random match per table, played to its end, and every action offered on the way
    (shared, read only, by the tests of the rules' answers below)."""
    match = random_play_match(table, 21)
    offered = offered_actions(match, random.Random(21))
    return match, offered


GAME_ACTIONS = {
    "rummy": (actions.RummyAction, actions.RUMMY_TYPES, actions.is_rummy),
    "courtpiece": (actions.CourtPieceAction, actions.COURT_PIECE_TYPES, actions.is_court_piece),
    "pitch": (actions.PitchAction, actions.PITCH_TYPES, actions.is_pitch),
    "unders": (actions.UndersAction, actions.UNDERS_TYPES, actions.is_unders),
}


def _fits(value: object, hint: object) -> bool:
    """Whether a JSON ``value`` has the type ``hint`` names (the hints the action and event
    types use)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return any(value == arg and type(value) is type(arg) for arg in args)
    if origin is list:
        return isinstance(value, list) and all(_fits(item, args[0]) for item in value)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, arg) for arg in args)
    if typing.is_typeddict(hint):
        return isinstance(value, dict) and _fits_shape(value, hint)
    return type(value) is hint


def _fits_shape(item: dict[str, object], shape: object) -> bool:
    """Whether ``item`` has every key ``shape`` requires, no key it does not name, and each
    value of the type it names."""
    hints = typing.get_type_hints(shape)
    required = set(shape.__required_keys__)  # type: ignore[attr-defined]
    return required <= set(item) <= set(hints) and all(_fits(item[key], hints[key]) for key in item)


def _shapes_fitted(item: dict[str, object], union: object) -> list[str]:
    """The names of the TypedDicts of ``union`` that ``item`` fits, key for key."""
    return [shape.__name__ for shape in typing.get_args(union) if _fits_shape(item, shape)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_action_types_are_the_ones_it_reads(game):
    """Issue 29, point 5: the action types ``games.engine.actions`` gives a game (by which a
    bot reads a table's legal actions back as its game's) are those its ``action_fields``
    name, and every type its ``apply`` knows."""
    union, types, _own = GAME_ACTIONS[game]
    rules = GAMES[game]
    match = rules.new_match(rules.variants[0], rules.min_players, seed=1)
    assert set(type(match).action_fields) == types
    declared = {
        arg
        for shape in typing.get_args(union)
        for arg in typing.get_args(typing.get_type_hints(shape)["type"])
    }
    assert declared == types


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_every_action_offered_has_exactly_one_shape_its_games_action_type_declares(table):
    """Issue 29, point 5: the typed actions are what the engine really offers, key for key
    and value for value, and each is its own game's."""
    union, _types, own = GAME_ACTIONS[table[0]]
    _match, offered = _played(table)
    for action in offered:
        assert len(_shapes_fitted(action, union)) == 1, action
        assert own(action)


GAME_EVENTS = {
    "rummy": events.RummyEvent,
    "courtpiece": events.CourtPieceEvent,
    "pitch": events.PitchEvent,
    "unders": events.UndersEvent,
}


def _events_of(table: tuple[str, str, int], seed: int) -> list[Event]:
    """Every event a random match of ``table`` records: those it opens with (Court Piece's
    draw, rummy's first deal) and those each move returns."""
    match = random_play_match(table, seed)
    seen = list(match.history)
    play_randomly(match, random.Random(seed), events=seen)
    return seen


def test_every_games_events_are_in_the_union_of_all():
    """Issue 29, point 5: ``Event``, the contract's name, is every game's events."""
    every = set(typing.get_args(Event))
    for union in GAME_EVENTS.values():
        assert set(typing.get_args(union)) <= every
    assert every == {shape for union in GAME_EVENTS.values() for shape in typing.get_args(union)}


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_every_event_recorded_has_exactly_one_shape_its_games_event_type_declares(table):
    """Issue 29, point 5: the typed events are what the engine really records, key for key
    and value for value (a field marked ``NotRequired`` may be absent), each its own game's
    and JSON as it is."""
    union = GAME_EVENTS[table[0]]
    for seed in (5, 6):
        for event in _events_of(table, seed):
            assert len(_shapes_fitted(event, union)) == 1, event
            assert json.loads(json.dumps(event)) == event


def test_cp2_pi1_partnerships_put_every_seat_on_exactly_one_side():
    for rules in GAMES.values():
        for players in range(rules.min_players, rules.max_players + 1):
            sides = rules.partnerships(players)
            assert sorted(seat for side in sides for seat in side) == list(range(players))
            assert all(side and list(side) == sorted(side) for side in sides)
            assert [side[0] for side in sides] == sorted(side[0] for side in sides)


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_cp2_pi1_partners_share_their_sides_rank_and_score(table):
    game, _variant, players = table
    match, _offered = _played(table)
    result = match.result()
    for side in GAMES[game].partnerships(players):
        assert len({result["ranks"][seat] for seat in side}) == 1, side
        assert len({result["scores"][seat] for seat in side}) == 1, side


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_pi2_the_bid_ladder_is_every_call_that_bid_actions_make(table):
    game, variant, _players = table
    _match, offered = _played(table)
    ladder = GAMES[game].bid_ladder(variant)
    assert len(set(ladder)) == len(ladder)
    assert {action["bid"] for action in offered if action["type"] == "bid"} == set(ladder)


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_rm17_a_drop_is_offered_exactly_where_the_game_has_drops_and_drops_an_absent_seat(table):
    game, variant, players = table
    rules = GAMES[game]
    match, offered = _played(table)
    has_drops = rules.has_drops(variant)
    assert ({"type": "drop"} in offered) is has_drops
    policy = AbsentSeat.DROP if has_drops else AbsentSeat.STAND_IN
    assert rules.new_match(variant, players, seed=1).absent_seat_policy() is policy
    assert match.absent_seat_policy() is policy


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_open_hands_label_every_seats_cards_by_the_contract_at_every_step(table):
    match = random_play_match(table, 23)

    def check(match, _seat, _action):
        assert open_hands_problems(match) == []

    play_randomly(match, random.Random(23), on_step=check)
    assert open_hands_problems(match) == []
    json.loads(json.dumps(match.open_hands()))
    assert any(group["label"] is HandLabel.DEALT for hand in match.open_hands() for group in hand)


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_open_hands_change_nothing_and_answer_the_same_after_a_json_round_trip(table):
    game, _variant, _players = table
    match, _offered = _played(table)
    before = snapshot(match)
    hands = match.open_hands()
    hands[0].clear()
    assert snapshot(match) == before
    assert GAMES[game].from_json(json.loads(json.dumps(match.to_json()))).open_hands() == (
        match.open_hands()
    )


def test_the_rules_answers_refuse_an_unknown_variant_or_seat_count():
    for rules in GAMES.values():
        for ask in (rules.bid_ladder, rules.has_drops):
            with pytest.raises(ValueError):
                ask("no-such-variant")
        for players in (rules.min_players - 1, rules.max_players + 1):
            with pytest.raises(ValueError):
                rules.partnerships(players)


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_every_view_and_action_is_json_ready_and_no_view_leaks_a_card(table):
    players = table[2]
    match = random_play_match(table, 7)

    def check(match, seat, action):
        json.dumps(action)
        for viewer in [None, *range(players)]:
            view = match.view(viewer)
            json.loads(json.dumps(view))
            assert leaked_cards(view, match, viewer) == [], (viewer, view)
        assert "hand" in match.view(seat)
        json.dumps(match.default_action(seat))

    play_randomly(match, random.Random(7), on_step=check)
    for viewer in [None, *range(players)]:
        assert leaked_cards(match.view(viewer), match, viewer) == []


def _refusals(match, seat):
    """Actions that must be refused: garbage of every shape, and other seats' moves."""
    bad = [
        None,
        "play",
        42,
        [],
        {},
        {"type": None},
        {"type": "no-such-action"},
        {"type": "play", "card": "ZZ"},
        {"type": "play", "card": 10},
        {"type": "play", "cards": "AS"},
        {"type": "discard", "card": ["AS"]},
    ]
    movers = set(match.to_move())
    for other in range(match.players):
        if other not in movers:
            bad += [(other, action) for action in match.legal_actions(seat)[:5]]
    return bad


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_an_illegal_action_raises_and_changes_nothing(table):
    players = table[2]
    match = random_play_match(table, 11)

    def check(match, seat, _action):
        before = snapshot(match)
        for refusal in _refusals(match, seat):
            actor, action = refusal if isinstance(refusal, tuple) else (seat, refusal)
            with pytest.raises(IllegalAction) as refused:
                match.apply(actor, action)
            assert refused.value.code and refused.value.message
            assert snapshot(match) == before, (actor, action)
        for forged in (-1, players, "0", None, True):
            with pytest.raises(IllegalAction):
                match.apply(forged, match.legal_actions(seat)[0])
            assert snapshot(match) == before

    play_randomly(match, random.Random(11), on_step=check)
    with pytest.raises(IllegalAction):
        match.apply(0, {"type": "play", "card": "AS"})


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_state_round_trips_through_json_at_every_step(table):
    """A match restored from its JSON at every step plays on exactly like one never stored."""
    rules = GAMES[table[0]]
    kept = random_play_match(table, 5)
    stored = random_play_match(table, 5)
    chooser = random.Random(5)
    while kept.to_move():
        stored = rules.from_json(json.loads(json.dumps(stored.to_json())))
        assert snapshot(stored) == snapshot(kept)
        seat = chooser.choice(kept.to_move())
        assert stored.to_move() == kept.to_move()
        assert stored.legal_actions(seat) == kept.legal_actions(seat)
        assert stored.view(seat) == kept.view(seat)
        action = chooser.choice(kept.legal_actions(seat))
        assert stored.apply(seat, action) == kept.apply(seat, action)
    assert stored.is_over() and stored.result() == kept.result()


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_a_stored_state_does_not_change_as_play_goes_on(table):
    """to_json hands over a copy: the database row must not move with the live match."""
    match = random_play_match(table, 17)
    chooser = random.Random(17)
    for _ in range(40):
        if not match.to_move():
            break
        stored = match.to_json()
        frozen = json.dumps(stored, sort_keys=True)
        seat = chooser.choice(match.to_move())
        match.apply(seat, chooser.choice(match.legal_actions(seat)))
        assert json.dumps(stored, sort_keys=True) == frozen


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_the_same_seed_deals_the_same_cards_and_another_seed_does_not(table):
    players = table[2]
    first = random_play_match(table, "2026-11-29")
    again = random_play_match(table, "2026-11-29")
    other = random_play_match(table, "2026-11-30")
    assert snapshot(first) == snapshot(again)
    assert [first.view(s) for s in range(players)] == [again.view(s) for s in range(players)]
    assert [first.view(s) for s in range(players)] != [other.view(s) for s in range(players)]
    play_randomly(first, random.Random(3))
    play_randomly(again, random.Random(3))
    assert snapshot(first) == snapshot(again)


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_the_default_action_is_always_legal(table):
    match = random_play_match(table, 13)
    for _ in range(2_000):
        movers = match.to_move()
        if not movers:
            break
        action = match.default_action(movers[0])
        assert action in match.legal_actions(movers[0])
        match.apply(movers[0], action)


JUNK = {"junk": "x" * 100, "deep": [[[["nested"]]]]}


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_the_canonical_form_of_a_legal_action_is_itself_without_anything_a_client_added(table):
    """Issue 17: a table stores ``canonical_action`` of what a client sent. Every legal action
    is already canonical, its types are all in ``action_fields``, and any field a client adds
    is dropped, so a legal move applies as the engine lists it."""
    match = random_play_match(table, 21)

    def check(match, seat, action):
        assert action["type"] in match.action_fields
        assert match.canonical_action(action) == action
        assert match.canonical_action({**action, **JUNK}) == action

    play_randomly(match, random.Random(21), on_step=check)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_canonical_actions_are_refused_when_they_are_no_action_at_all(game):
    match = GAMES[game].new_match(GAMES[game].variants[0], GAMES[game].min_players, seed=1)
    for sent in [None, [], "play", {"card": "2H"}, {"type": 3}]:
        with pytest.raises(IllegalAction):
            match.canonical_action(sent)
    assert match.canonical_action({"type": "fly", **JUNK}) == {"type": "fly"}


def test_unknown_variants_player_counts_and_options_are_refused():
    for name, rules in GAMES.items():
        with pytest.raises(ValueError):
            rules.new_match("no-such-variant", rules.min_players)
        with pytest.raises(ValueError):
            rules.new_match(rules.variants[0], rules.max_players + 1)
        with pytest.raises(ValueError):
            rules.new_match(rules.variants[0], rules.min_players, options={"no_such": 1})
        assert rules.name == name


def test_the_engine_imports_no_framework():
    """STYLE.md: games/engine is a pure library."""
    import ast
    import pathlib

    engine = pathlib.Path(__file__).parents[3] / "games" / "engine"
    banned = {"django", "channels", "celery", "asgiref", "daphne", "redis"}
    for path in engine.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not {n.split(".")[0] for n in names} & banned, path


@pytest.mark.parametrize("table", TABLES, ids=_id)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_finished_matchs_sealed_view_lays_open_no_card_left_in_another_seats_hand(table, seed):
    """Issue 21 (no spoilers): ``sealed_view`` of a finished match shows no seat (nor a
    spectator) a card that the match leaves in another seat's hand or face down there, unless
    it saw that card before the last move."""
    rules = GAMES[table[0]]
    match = random_play_match(table, seed)
    before: list[Match] = []

    def keep(position: Match, _seat: int, _action: Action) -> None:
        before[:] = [rules.from_json(json.loads(snapshot(position)))]

    play_randomly(match, random.Random(seed), on_step=keep)
    for reader in [*range(table[2]), None]:
        seen = before[0].view(reader)
        sealed = match.sealed_view(reader)
        assert spoiled_cards(sealed, match, reader, seen_before=seen) == [], reader
