"""The reads about tables: what a game's lobby lists, and a finished match's replay step by step."""

import json
import random

import pytest
from django.utils import timezone

from games.engine import GAMES
from games.tables import selectors
from games.tables.models import Move, MoveBy, Table, TableStatus
from games.tables.selectors import (
    OPEN_SHOWN,
    REPLAY_CHECKPOINT_MOVES,
    lobby_lists,
    table_replay,
    table_replay_step,
)
from tests.games.table_support import members, table_new

pytestmark = pytest.mark.django_db


def ids(tables) -> list[int]:
    return [table.pk for table in tables]


def test_the_lobby_lists_each_public_table_by_its_status_and_no_private_one():
    asha, bilal = members(2)
    waiting = table_new(asha, "pitch", ["", "", "easy", ""])
    playing = table_new(asha, "pitch", ["easy", "easy", "easy", "easy"])
    unwatched = table_new(asha, "pitch", ["easy"] * 4, allow_spectators=False)
    finished = table_new(asha, "pitch", ["easy"] * 4)
    Table.objects.filter(pk=finished.pk).update(status=TableStatus.FINISHED)
    table_new(bilal, "pitch", ["", "", "", ""], private=True)
    table_new(bilal, "rummy", ["", ""])
    lists = lobby_lists("pitch")
    assert ids(lists.open) == [waiting.pk]
    assert (lists.open[0].taken, lists.open[0].free) == (2, 2)
    assert ids(lists.playing) == [playing.pk]
    assert unwatched.pk not in ids(lists.playing)
    assert ids(lists.finished) == [finished.pk]


def test_past_the_open_tables_shown_the_lobby_counts_the_rest(django_assert_num_queries):
    (asha,) = members(1)
    made = [table_new(asha, "rummy", ["", ""]).pk for _ in range(OPEN_SHOWN + 2)]
    with django_assert_num_queries(4):
        lists = lobby_lists("rummy")
    assert ids(lists.open) == made[::-1][:OPEN_SHOWN]
    assert lists.open_more == 2


def test_the_lobby_reads_in_three_queries(django_assert_num_queries):
    (asha,) = members(1)
    table_new(asha, "rummy", ["", ""])
    with django_assert_num_queries(3):
        selectors.lobby_lists("rummy")


def finished_unders_match() -> Table:
    """A finished two-seat Hidden Unders match of 689 moves of random legal play (seed 0),
    stored as the services store one: its initial state and a Move row per move."""
    (asha,) = members(1)
    match = GAMES["unders"].new_match("classic", 2, seed=0)
    initial = json.loads(json.dumps(match.to_json()))
    chooser = random.Random(0)
    moves = []
    while not match.is_over():
        (seat,) = match.to_move()
        action = chooser.choice(match.legal_actions(seat))
        events = match.apply(seat, action)
        moves.append((seat, action, events))
    table = Table.objects.create(
        game="unders",
        variant="classic",
        seat_count=2,
        created_by=asha,
        status=TableStatus.FINISHED,
        state=match.to_json(),
        initial_state=initial,
        version=len(moves),
        finished_at=timezone.now(),
    )
    Move.objects.bulk_create(
        Move(table=table, version=version, seat=seat, action=action, events=events, by=MoveBy.BOT)
        for version, (seat, action, events) in enumerate(moves, start=1)
    )
    return table


@pytest.fixture
def applies(monkeypatch):
    """How many moves the engine applies, counted."""
    match_class = type(GAMES["unders"].new_match("classic", 2, seed=0))
    applied = match_class.apply
    counted = [0]

    def counting(self, seat, action):
        counted[0] += 1
        return applied(self, seat, action)

    monkeypatch.setattr(match_class, "apply", counting)
    return counted


def test_the_next_step_of_a_replay_costs_one_apply_at_move_10_100_and_600(client, applies):
    table = finished_unders_match()
    assert table.version == 689
    for step in (10, 100, 600):
        assert client.get(f"/tables/{table.pk}/replay/?step={step - 1}").status_code == 200
        applies[0] = 0
        page = client.get(f"/tables/{table.pk}/replay/?step={step}")
        assert page.status_code == 200 and f"Move {step} of 689" in page.text
        assert applies[0] == 1, step


def test_a_jump_into_a_replay_applies_fewer_moves_than_a_checkpoints_span(applies):
    """The first look at a match replays it once up to the step looked at, keeping its
    checkpoints; from then on a step anywhere starts from the checkpoint at or before it."""
    table = finished_unders_match()
    applies[0] = 0
    table_replay_step(table, table.version)
    assert applies[0] == table.version
    for step in (5, 333, 650, 687):
        applies[0] = 0
        table_replay_step(table, step)
        assert applies[0] == step % REPLAY_CHECKPOINT_MOVES, step


def test_a_step_rebuilt_from_a_checkpoint_is_the_match_replayed_from_move_0():
    table = finished_unders_match()
    replayed = [(step.move, step.match.to_json()) for step in table_replay(table)]
    table_replay_step(table, 640)  # the checkpoints up to 640 kept
    for step in (0, 1, 17, 320, 639, 640, 641, 689):
        shown = table_replay_step(table, step)
        move, state = replayed[step]
        assert shown.match.to_json() == state, step
        assert (shown.move and shown.move.version) == (move and move.version)
