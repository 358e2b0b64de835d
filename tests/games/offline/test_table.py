"""The offline table (games.offline): the same engine and bots as the server's tables, frames of
the socket's shape, refusals that change nothing, and a record that resumes a match exactly."""

import copy
import json

import pytest
from django.utils import translation

from games.engine import GAMES
from games.offline import browser
from games.offline.table import PLAYER_SEAT, OfflineTable, SetupRefused
from games.words.moves import move_text

SETUPS = [
    {"game": "rummy", "variant": "points", "levels": ["", "medium"]},
    {"game": "rummy", "variant": "pool101", "levels": ["", "easy", "medium"]},
    {"game": "courtpiece", "variant": "single_sar", "levels": ["", "easy", "medium", "easy"]},
    {"game": "pitch", "variant": "standard", "levels": ["", "easy", "medium", "easy"]},
    {"game": "unders", "variant": "classic", "levels": ["", "easy", "easy"]},
]


def played(table: OfflineTable, moves: int) -> None:
    """``moves`` moves: the player's default action on its turn, the bots' own otherwise."""
    for _move in range(moves):
        if table.match.is_over():
            return
        if table.bot_to_move() is not None:
            table.bot_move()
        else:
            action = table.match.default_action(PLAYER_SEAT)
            assert table.move(action, table.version) is None


@pytest.mark.parametrize("setup", SETUPS, ids=lambda setup: f"{setup['game']}-{setup['variant']}")
def test_a_kept_record_resumes_the_match_exactly(setup):
    """Resume: the record (JSON, as IndexedDB keeps it) restores the same position, and play
    from it goes on exactly as the table that was never closed."""
    table = OfflineTable.new(setup)
    played(table, 12)
    kept = json.loads(json.dumps(table.record()))
    resumed = OfflineTable.restore(kept)
    assert resumed.frame("en") == table.frame("en")
    played(table, 20)
    played(resumed, 20)
    assert resumed.record() == table.record()


def test_every_variant_the_tables_offer_starts_offline():
    for game, rules in GAMES.items():
        for variant in rules.variants:
            low, _high = rules.player_range(variant)
            table = OfflineTable.new(
                {"game": game, "variant": variant, "levels": ["", *["hard"] * (low - 1)]}
            )
            assert table.frame("en")["view"] == table.match.view(PLAYER_SEAT)


def test_the_frame_has_the_sockets_shape_and_tells_the_last_move_in_the_readers_words():
    table = OfflineTable.new(SETUPS[2])
    played(table, 3)
    frame = table.frame("hi")
    last = table.record()["moves"][-1]
    with translation.override("hi"):
        assert frame["last_move"]["text"] == move_text(last["events"], "courtpiece")
    assert frame["legal"] == table.match.legal_actions(PLAYER_SEAT)
    assert [seat["bot"] for seat in frame["seats"]] == [None, "easy", "medium", "easy"]
    # Hidden information stays hidden even here: the frame is the seat's view, never the match.
    assert "hands" not in frame["view"]


def test_a_refused_move_changes_nothing_and_says_why():
    """A move out of turn (CP: the player may not move yet), a stale version and no action at
    all are each refused with a translated message, the record untouched."""
    table = OfflineTable.new(SETUPS[2])
    before = copy.deepcopy(table.record())
    with translation.override("hi"):
        stale = table.move({"type": "play", "card": "AS"}, table.version + 5)
        wrong = table.move({"type": "play", "card": "ZZ"}, table.version)
        junk = table.move("nothing", table.version)
    assert (
        stale["code"] == "stale_version"
        and stale["message"] != "The table moved on: here is where it stands now."
    )
    assert wrong["type"] == junk["type"] == "error"
    assert table.record() == before


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        ({"game": "chess", "variant": "x", "levels": [""]}, "no_game"),
        ({"game": "rummy", "variant": "nope", "levels": ["", "easy"]}, "no_variant"),
        ({"game": "rummy", "variant": "points", "levels": [""]}, "bad_seat_count"),
        (
            {"game": "courtpiece", "variant": "single_sar", "levels": ["", "easy", "easy"]},
            "bad_seat_count",
        ),
        ({"game": "rummy", "variant": "points", "levels": ["", "genius"]}, "bad_levels"),
        ({"game": "rummy", "variant": "points", "levels": ["easy", "easy"]}, "bad_levels"),
        ({"game": "rummy", "variant": "points", "levels": "easy"}, "bad_levels"),
    ],
)
def test_a_setup_the_tables_would_refuse_is_refused(setup, code):
    with pytest.raises(SetupRefused) as refused:
        OfflineTable.new(setup)
    assert refused.value.code == code
    assert json.loads(browser.open_table(json.dumps(setup), "en")) == {"refused": code}


def test_the_worker_interface_answers_in_json():
    opened = json.loads(browser.open_table(json.dumps(SETUPS[0]), "ur"))
    assert opened["frame"]["type"] == "state" and opened["record"]["format"] == 1
    arranged = json.loads(browser.arrange(json.dumps({"type": "arrange", "sort": True}), "ur"))
    assert arranged["reply"]["type"] == "arrangement"
    refused = json.loads(browser.arrange(json.dumps({"type": "arrange", "groups": [["AS"]]}), "ur"))
    assert refused["reply"]["code"] == "not_your_hand"
