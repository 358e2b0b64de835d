"""Hard's sampled worlds are consistent with everything the seat has seen: dealt into the
engine, a world shows the seat the very view it was sampled from."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from games.engine.base import Match
from games.engine.bots import courtpiece, pitch, rummy, unders
from games.engine.bots.base import Turn
from games.engine.rummy import RummyMatch
from games.engine.rummy.deal import full_deck
from tests.games.engine.bots.support import TABLES, bots_for, new_match

IGNORED: dict[str, set[str]] = {
    # What a world rebuilt from one deal cannot know of the match around it.
    "pitch": {"hand_number", "last_hand", "history"},
    "courtpiece": {"deal", "scores", "last_deal", "history"},
    # Hidden Unders' events name only ranks: a world is dealt as the cards lie now.
    "unders": {"history"},
}
OPENERS = ("draw", "deal")
"""The events that open a deal's history, naming its number: a world is always deal one."""
MODULES: dict[str, Any] = {"pitch": pitch, "courtpiece": courtpiece, "unders": unders}
CASES = [table for table in TABLES if table[0] in MODULES] + [("unders", "classic", 6, {})]


def searched_turns(game: str, variant: str, players: int, options: dict[str, Any], seed: int):
    """Every turn of a Medium game at which Hard would sample worlds."""
    match = new_match(game, variant, players, options, seed=seed)
    bots = bots_for(game, ["medium"] * players, seed=seed)
    module = MODULES[game]
    for _ in range(400):
        if not match.to_move():
            return
        seat = match.to_move()[0]
        view, legal = match.view(seat), match.legal_actions(seat)
        bot = bots[seat]
        bot.observe(view)
        turn = Turn(view, legal, bot.memory.events, bot.memory.complete, random.Random(seed))
        if len(legal) > 1 and module.candidates(turn):
            yield match, turn
        match.apply(seat, bot.choose(view, legal))


@pytest.mark.parametrize(("game", "variant", "players", "options"), CASES)
def test_every_sampled_world_shows_the_seat_its_own_view(game, variant, players, options):
    checked = 0
    for match, turn in searched_turns(game, variant, players, options, seed=3):
        world: Match = MODULES[game].sample_world(turn, random.Random(checked))
        seen = world.view(turn.seat)
        for key, value in turn.view.items():
            if key not in IGNORED[game]:
                assert seen[key] == value, (key, seen[key], value)
        history = [event for event in turn.view["history"] if event["type"] not in OPENERS]
        if game != "unders" and history:
            assert seen["history"][-len(history) :] == history
        assert world.legal_actions(turn.seat) == match.legal_actions(turn.seat)
        checked += 1
        if checked == 30:
            return
    assert checked > 10


def test_worlds_differ_where_the_seat_cannot_see():
    _, turn = next(searched_turns("courtpiece", "single_sar", 4, {"target": 1}, 0))
    worlds = [courtpiece.sample_world(turn, random.Random(sample)) for sample in range(6)]
    others = {json_hands(world, turn.seat) for world in worlds}
    assert len(others) > 1


def json_hands(world: Match, seat: int) -> str:
    return repr([world.view(other)["hand"] for other in range(4) if other != seat])


VOIDS = [
    # (game, variant, options, how the bot reads the voids from a turn)
    ("courtpiece", "single_sar", {"target": 1}, lambda turn: courtpiece._memory(turn.record)),
    ("courtpiece", "hidden", {"target": 1}, lambda turn: courtpiece._memory(turn.record)),
    ("pitch", "standard", {"target": 11}, pitch._memory),
]


@pytest.mark.parametrize(("game", "variant", "options", "memory_of"), VOIDS)
def test_a_void_shown_is_respected_in_every_world_cp_4_cp_9_pi_5(game, variant, options, memory_of):
    """CP-4: a seat that did not follow suit holds none of it (CP-9: nor one that asked for
    the trump, nor one that then played no trump); PI-5: in Pitch a trump may always be
    played, so only a card of neither the led suit nor trump shows a void. In every world,
    no other seat holds a suit it showed it lacks."""
    found = 0
    for seed in range(3):
        for _, turn in searched_turns(game, variant, 4, options, seed):
            voids = memory_of(turn).voids
            for world in (MODULES[game].sample_world(turn, random.Random(n)) for n in range(3)):
                for seat, suits in voids.items():
                    if seat != turn.seat:
                        held = world.view(seat)["hand"]
                        assert not [card for card in held if card[-1] in suits]
                        found += 1
    assert found


def test_pitch_reads_a_void_only_off_both_the_led_suit_and_trump_pi_5():
    """PI-5: following with a trump though holding the led suit is allowed, so it shows no
    void; a card of a third suit does."""
    reader = pitch._recall.reader()
    record = [
        {"type": "play", "seat": 0, "card": "AH"},
        {"type": "trump", "suit": "H"},
        {"type": "play", "seat": 1, "card": "2H"},
        {"type": "play", "seat": 2, "card": "3H"},
        {"type": "play", "seat": 3, "card": "4H"},
        {"type": "trick", "winner": 0},
        {"type": "play", "seat": 0, "card": "KS"},
        {"type": "play", "seat": 1, "card": "5H"},
        {"type": "play", "seat": 2, "card": "2D"},
    ]
    memory = reader.read(record)
    assert memory.voids == {2: {"S"}}


def test_a_card_another_seat_took_from_the_open_pile_is_never_dealt_again_rm_6():
    """RM-6, RM-29: what a seat takes from the open pile is public. Seat 1 takes the 7H whose
    twin seat 0 holds: no world's closed deck holds a 7H."""
    hands = ("7H 2S 5S 9S QS 3D 6D 10D KD 4C 8C JC 3H", "2C 4C 6C 8C 10C QC 2D 4D 6D 8D 10D QD 3S")
    match = RummyMatch.with_deal(
        "points",
        [hand.split() for hand in hands],
        wild_card="AC",
        open_pile=["5D", "7H"],
        closed=[card for card in full_deck()[:60] if card[:-1] not in ("7", "A")],
        dealer=0,  # seat 1 plays first
    )
    match.apply(1, {"type": "draw", "source": "open"})
    match.apply(1, {"type": "discard", "card": "3S"})
    bot = bots_for("rummy", ["medium", "medium"])[0]
    view = match.view(0)
    bot.observe(view)
    turn = Turn(
        view, match.legal_actions(0), bot.memory.events, bot.memory.complete, random.Random(0)
    )
    assert rummy.Table.of(turn).known == {1: ["7H"]}
    for sample in range(30):
        assert "7H" not in rummy.sample_world(turn, random.Random(sample)).closed


@pytest.mark.parametrize("players", [2, 3, 6])
def test_rummy_worlds_deal_only_cards_out_of_sight(players):
    """Rummy's worlds are the closed deck's order: of the view's size, from the 106 cards less
    this hand, the open pile, the cards seen taken into other hands and the wild card."""
    match = new_match("rummy", "points", players, {}, seed="rummy-worlds")
    bots = bots_for("rummy", ["medium"] * players)
    checked = 0
    while match.to_move() and checked < 40:
        seat = match.to_move()[0]
        view, legal = match.view(seat), match.legal_actions(seat)
        bot = bots[seat]
        bot.observe(view)
        turn = Turn(view, legal, bot.memory.events, bot.memory.complete, random.Random(1))
        world = rummy.sample_world(turn, random.Random(checked))
        assert len(world.closed) == view["closed_count"]
        table = rummy.Table.of(turn)
        assert not Counter(world.closed) + Counter(table.out_of_reach()) - Counter(full_deck())
        assert table.open_pile[-1:] == ([view["open_top"]] if view["open_top"] else [])
        # The record reaches back to the deal, so the open pile is known whole: the world's
        # deck holds only cards really out of this seat's sight.
        assert not Counter(world.closed) - Counter(match.cards_hidden_from(seat))
        checked += 1
        match.apply(seat, bot.choose(view, legal))


def test_unders_worlds_keep_the_ranks_a_seat_took_up_with_the_pile():
    """Hidden Unders' events name ranks only, yet those tell what went into a hand when its
    seat took up the pile (HU-6): every world deals that hand those ranks."""
    found = 0
    for _, turn in searched_turns("unders", "classic", 3, {}, seed=5):
        taken = unders.Sightings.of(turn.record).taken
        for world in (unders.sample_world(turn, random.Random(n)) for n in range(2)):
            for seat, ranks in taken.items():
                if seat != turn.seat and len(ranks) <= turn.view["seats"][seat]["hand_size"]:
                    held = Counter(card[:-1] for card in world.view(seat)["hand"])
                    assert not Counter(ranks) - held
                    found += 1
    assert found
