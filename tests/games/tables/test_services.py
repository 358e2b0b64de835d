"""The table services in process: seats, starting, the one write path, clocks and bots."""

import threading
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.utils import timezone

from games import tasks
from games.engine import IllegalAction
from games.tables import services
from games.tables.models import AppendOnly, Move, MoveBy, Seat, Table, TableStatus
from games.tables.refusals import TableRefusal
from tests.games.table_support import (
    SHORT_MATCHES,
    bots_play,
    match_of,
    members,
    refused,
    replayed_state,
    table_new,
)

pytestmark = pytest.mark.django_db


def seat_users(table: Table) -> list:
    return [seat.user_id for seat in Seat.objects.filter(table=table).order_by("number")]


def snapshot(table: Table) -> tuple:
    table.refresh_from_db()
    return table.version, table.revision, table.state, Move.objects.filter(table=table).count()


# -- seats and starting ------------------------------------------------------------------------


def test_creator_takes_the_first_seat_left_for_a_person_and_the_table_waits():
    (asha,) = members(1)
    table = table_new(asha, "pitch", ["medium", "", "", "easy"])
    assert table.status == TableStatus.OPEN
    assert seat_users(table) == [None, asha.pk, None, None]
    assert table.state is None


def test_match_starts_when_the_last_empty_seat_is_taken():
    asha, bilal = members(2)
    table = table_new(asha, "pitch", ["", "", "medium", "medium"])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    assert table.state == table.initial_state
    assert table.version == 0
    assert table.deadline is not None


def test_taking_another_seat_leaves_the_first_one():
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", "", ""])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=2)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    assert seat_users(table) == [asha.pk, bilal.pk, None]


def test_a_taken_seat_cannot_be_taken():
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", "", ""])
    with refused("seat_taken"):
        services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=0)
    with refused("no_such_seat"):
        services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=7)


def test_a_private_table_seats_only_those_with_its_invite():
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", "", ""], private=True)
    with refused("private_table"):
        services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    services.table_seat_take(
        table_id=table.pk, user_id=bilal.pk, number=1, invite=table.invite_token
    )
    assert seat_users(table) == [asha.pk, bilal.pk, None]


def test_the_creator_may_start_with_bots_in_the_empty_seats_and_nobody_else_may():
    asha, bilal = members(2)
    table = table_new(asha, "courtpiece", ["", "", "", ""])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=2)
    with refused("not_creator"):
        services.table_start(table_id=table.pk, user_id=bilal.pk)
    services.table_start(table_id=table.pk, user_id=asha.pk, bot_level="hard")
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    levels = list(table.seats.order_by("number").values_list("bot_level", flat=True))
    assert levels == ["", "hard", "", "hard"]
    with refused("not_open"):
        services.table_seat_leave(table_id=table.pk, user_id=bilal.pk)


def test_a_table_everyone_left_is_abandoned():
    (asha,) = members(1)
    table = table_new(asha, "rummy", ["", ""])
    services.table_seat_leave(table_id=table.pk, user_id=asha.pk)
    table.refresh_from_db()
    assert table.status == TableStatus.ABANDONED


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"variant": "triple_sar"}, "variant"),
        ({"levels": ["", "", ""]}, "seat_count"),
        ({"levels": ["", "", "", "genius"]}, "bot_levels"),
        ({"options": {"jokers": 4}}, "options"),
        ({"options": {"target": 0}}, "options"),
        ({"turn_seconds": 0}, "turn_seconds"),
        ({"max_timeouts": 99}, "max_timeouts"),
    ],
)
def test_bad_settings_are_refused_and_nothing_is_made(change, field):
    (asha,) = members(1)
    levels = change.pop("levels", ["", "", "", ""])
    with pytest.raises(ValidationError) as error:
        table_new(asha, "pitch", levels, **change)
    assert field in error.value.message_dict
    assert not Table.objects.exists()


# -- the write path ----------------------------------------------------------------------------


def test_a_move_is_applied_logged_and_versioned(pitch_table):
    table, asha = pitch_table
    action = match_of(table).legal_actions(0)[0]
    version = services.table_move_apply(
        table_id=table.pk, user_id=asha.pk, action=action, version=table.version
    )
    move = Move.objects.get(table=table, version=version)
    assert (move.seat, move.action, move.by) == (0, action, MoveBy.PLAYER)
    assert version == table.version + 1


def test_a_move_at_an_old_version_is_refused_and_changes_nothing(pitch_table):
    table, asha = pitch_table
    before = snapshot(table)
    action = match_of(table).legal_actions(0)[0]
    with refused("stale_version"):
        services.table_move_apply(
            table_id=table.pk, user_id=asha.pk, action=action, version=table.version - 1
        )
    assert snapshot(table) == before


def nested(depth: int) -> list:
    value: list = []
    for _level in range(depth):
        value = [value]
    return value


def test_a_legal_move_is_stored_as_the_engine_reads_it_without_what_the_client_added(pitch_table):
    """Issue 17: extra fields, 2.8 kB of them or nested 200 levels deep, are neither applied
    nor stored; the log keeps the engine's own action."""
    table, asha = pitch_table
    action = match_of(table).legal_actions(0)[0]
    sent = {**action, "note": "x" * 2800, "deep": nested(200)}
    version = services.table_move_apply(
        table_id=table.pk, user_id=asha.pk, action=sent, version=table.version
    )
    assert Move.objects.get(table=table, version=version).action == action


def test_a_card_named_in_another_spelling_is_stored_in_the_engines_own(pitch_table):
    table, asha = pitch_table
    bid = next(
        a for a in match_of(table).legal_actions(0) if a["type"] == "bid" and a["bid"] != "pass"
    )
    services.table_move_apply(table_id=table.pk, user_id=asha.pk, action=bid, version=table.version)
    table = bots_play(table)
    match = match_of(table)
    play = next(a for a in match.legal_actions(0) if a["type"] == "play")
    spelt = {"type": "play", "card": " " + play["card"].lower()}
    version = services.table_move_apply(
        table_id=table.pk, user_id=asha.pk, action=spelt, version=table.version
    )
    assert Move.objects.get(table=table, version=version).action == play


@pytest.mark.parametrize(
    "action", [{"type": "play", "card": "AS"}, {"type": "fly"}, {"card": "2H"}, {"type": 3}]
)
def test_an_illegal_move_is_refused_and_changes_nothing(pitch_table, action):
    table, asha = pitch_table
    before = snapshot(table)
    with pytest.raises(IllegalAction):
        services.table_move_apply(
            table_id=table.pk, user_id=asha.pk, action=action, version=table.version
        )
    assert snapshot(table) == before


def test_nobody_moves_for_a_seat_that_is_not_theirs(pitch_table):
    table, asha = pitch_table
    (stranger,) = members(1, prefix="stranger")
    before = snapshot(table)
    action = match_of(table).legal_actions(0)[0]
    with refused("bad_seat"):
        services.table_move_apply(
            table_id=table.pk, user_id=asha.pk, action=action, version=table.version, seat=1
        )
    with refused("not_seated"):
        services.table_move_apply(
            table_id=table.pk, user_id=stranger.pk, action=action, version=table.version
        )
    assert snapshot(table) == before


def test_a_bot_job_for_an_old_version_does_nothing(pitch_table):
    table, _asha = pitch_table
    before = snapshot(table)
    assert not services.table_bot_turn_play(table_id=table.pk, version=table.version - 1)
    assert not services.table_bot_turn_play(table_id=table.pk, version=table.version)  # hers
    assert snapshot(table) == before


def test_the_move_log_is_append_only(pitch_table):
    table, asha = pitch_table
    action = match_of(table).legal_actions(0)[0]
    services.table_move_apply(
        table_id=table.pk, user_id=asha.pk, action=action, version=table.version
    )
    move = Move.objects.get(table=table)
    move.seat = 3
    with pytest.raises(AppendOnly):
        move.save()


# -- turn clocks -------------------------------------------------------------------------------


def after_deadline(table: Table):
    table.refresh_from_db()
    return table.deadline + timedelta(seconds=1)


def test_a_timeout_early_or_for_an_old_version_does_nothing(pitch_table):
    table, _asha = pitch_table
    before = snapshot(table)
    assert not services.table_timeout_apply(table_id=table.pk, version=table.version)
    late = after_deadline(table)
    assert not services.table_timeout_apply(table_id=table.pk, version=table.version - 1, now=late)
    assert snapshot(table) == before


def test_a_timeout_plays_the_engines_default_action(pitch_table):
    table, _asha = pitch_table
    expected = match_of(table).default_action(0)
    assert services.table_timeout_apply(
        table_id=table.pk, version=table.version, now=after_deadline(table)
    )
    move = Move.objects.get(table=table, version=table.version + 1)
    assert (move.seat, move.action, move.by) == (0, expected, MoveBy.TIMEOUT)


def clock_set(table: Table, seconds_from_now: float) -> Table:
    Table.objects.filter(pk=table.pk).update(
        deadline=timezone.now() + timedelta(seconds=seconds_from_now)
    )
    table.refresh_from_db()
    return table


@pytest.fixture
def queued_timeouts(monkeypatch) -> list:
    """The timeout jobs the sweep queues, as (args, eta), instead of sent to a broker."""
    queued = []
    monkeypatch.setattr(
        tasks.table_timeout, "apply_async", lambda args, eta: queued.append((args, eta))
    )
    return queued


def test_the_sweep_queues_a_clock_due_before_the_sweep_after_next_for_its_deadline(
    pitch_table, queued_timeouts
):
    table, _asha = pitch_table
    clock_set(table, 3)
    before = snapshot(table)
    tasks.tables_sweep()
    assert queued_timeouts == [((table.pk, table.version), table.deadline)]
    assert snapshot(table) == before


def test_the_sweep_leaves_a_clock_far_off_alone(pitch_table, queued_timeouts):
    table, _asha = pitch_table
    clock_set(table, 30)
    before = snapshot(table)
    tasks.tables_sweep()
    assert queued_timeouts == []
    assert snapshot(table) == before


def test_the_sweep_acts_at_once_on_a_clock_that_ran_out_unseen(pitch_table, queued_timeouts):
    """Its job came late or was lost with a worker: the default action is played now."""
    table, _asha = pitch_table
    expected = match_of(table).default_action(0)
    clock_set(table, -1)
    tasks.tables_sweep()
    move = Move.objects.get(table=table, version=table.version + 1)
    assert (move.seat, move.action, move.by) == (0, expected, MoveBy.TIMEOUT)
    assert queued_timeouts == []


def test_the_sweep_queues_each_clock_once(pitch_table, queued_timeouts):
    """Issue 17: every sweep used to queue the job of every clock within its horizon again."""
    table, _asha = pitch_table
    clock_set(table, 3)
    tasks.tables_sweep()
    tasks.tables_sweep()
    assert queued_timeouts == [((table.pk, table.version), table.deadline)]


def test_the_sweep_acts_on_a_queued_clock_whose_job_never_came(pitch_table, queued_timeouts):
    table, _asha = pitch_table
    clock_set(table, 3)
    tasks.tables_sweep()
    expected = match_of(table).default_action(0)
    clock_set(table, -3)  # its job should have acted by now
    tasks.tables_sweep()
    move = Move.objects.get(table=table, version=table.version + 1)
    assert (move.seat, move.action, move.by) == (0, expected, MoveBy.TIMEOUT)


def test_a_position_only_bots_are_to_move_in_keeps_no_clock_and_queues_one_bot_job(
    queued_bot_jobs, queued_timeouts
):
    """Issue 17: a bot's clock made the sweep queue a timeout job for it, and that job queued
    the bot's turn a second time. A bot beats any clock: it has none."""
    (asha,) = members(1)
    table = table_new(asha, "pitch", ["medium", "medium", "medium", "medium"])
    assert table.deadline is None
    assert table.bot_due is not None
    assert queued_bot_jobs == [(table.pk, 0, 0)]
    tasks.tables_sweep()
    assert queued_timeouts == []
    assert queued_bot_jobs == [(table.pk, 0, 0)]


def test_a_rummy_seat_left_on_its_turn_is_dropped_and_the_next_bots_turn_is_queued(
    queued_bot_jobs,
):
    """RM-17: a member who leaves a rummy deal on their turn is dropped, and the turn goes on to
    a bot, whose job is queued and owed. Once the turn had moved on, the leave asked whether it
    was the seat's turn, found not, kept the old clock and queued nothing: the table stood
    still (a bot API test's match, stuck at its fourth move)."""
    (asha,) = members(1)
    # One deal, fixed: in a fresh one an easy bot may hold a valid hand after its first draw and
    # declare it (RM-13, RM-14), ending the match before the person moves; 39 of 3,000 seeds did
    # (a CI run of 778dd3a met one).
    seeds = {"server_seed": "5eed" * 16, "bot_seeds": ["", "left-1", "left-2"]}
    table = bots_play(table_new(asha, "rummy", ["", "easy", "easy"], **seeds))
    assert match_of(table).to_move() == [0]
    services.table_match_leave(table_id=table.pk, user_id=asha.pk)
    table.refresh_from_db()
    assert 0 not in match_of(table).to_move()
    assert (table.deadline, table.bot_due is not None) == (None, True)
    assert queued_bot_jobs[-1][:2] == (table.pk, table.version)


def test_an_overdue_bot_gets_its_job_again_once(queued_bot_jobs):
    """A bot job lost with its worker: the sweep queues it again, and waits for that one."""
    (asha,) = members(1)
    table = table_new(asha, "pitch", ["medium"] * 4)
    Table.objects.filter(pk=table.pk).update(bot_due=timezone.now() - timedelta(seconds=1))
    tasks.tables_sweep()
    tasks.tables_sweep()
    assert queued_bot_jobs == [(table.pk, 0, 0), (table.pk, 0, 0)]
    assert services.table_bot_turn_play(table_id=table.pk, version=0)
    table.refresh_from_db()
    assert table.version == 1


def test_a_bot_job_where_no_bot_is_owed_a_move_leaves_nothing_for_the_sweep(
    pitch_table, queued_bot_jobs
):
    """A table from before bot_due is marked owed once; a person is to move there, so the
    job clears the mark and no sweep queues it again."""
    table, _asha = pitch_table
    Table.objects.filter(pk=table.pk).update(bot_due=timezone.now() - timedelta(seconds=1))
    tasks.tables_sweep()
    assert not services.table_bot_turn_play(table_id=table.pk, version=table.version)
    table.refresh_from_db()
    assert table.bot_due is None
    tasks.tables_sweep()
    assert queued_bot_jobs == [(table.pk, table.version, 0)]


def test_a_clock_left_on_a_bots_turn_is_cleared_not_played(queued_timeouts):
    """A row from before bot_due kept a clock for a bot: its timeout does nothing but end it."""
    (asha,) = members(1)
    table = table_new(asha, "pitch", ["medium"] * 4)
    before = snapshot(table)
    clock_set(table, -1)
    tasks.tables_sweep()
    table.refresh_from_db()
    assert table.deadline is None
    assert snapshot(table) == before


def time_out(table: Table) -> Table:
    table.refresh_from_db()
    assert services.table_timeout_apply(
        table_id=table.pk, version=table.version, now=after_deadline(table)
    )
    return table


def test_a_team_game_seat_that_times_out_twice_gets_a_stand_in_until_its_player_is_back(
    pitch_table,
):
    table, asha = pitch_table
    time_out(table)
    bots_play(table)
    time_out(table)
    seat = Seat.objects.get(table=table, number=0)
    assert (seat.timeouts_in_row, seat.stand_in) == (2, True)
    while not Move.objects.filter(table=table, seat=0, by=MoveBy.STAND_IN).exists():
        table.refresh_from_db()  # the bots play, and the stand-in plays her turn
        assert services.table_bot_turn_play(table_id=table.pk, version=table.version)
    assert services.table_seat_return(table_id=table.pk, user_id=asha.pk)
    seat.refresh_from_db()
    assert (seat.timeouts_in_row, seat.stand_in) == (0, False)


def test_a_rummy_player_who_times_out_twice_is_dropped_at_the_next_turn():
    """RM-17: two members who never move. The first to play times out twice (draw, discard),
    then the other twice; at the first player's next turn the drop is due: a middle drop.
    Members only, so that no bot can declare and end the deal first."""
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", ""])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    first = match_of(table).to_move()[0]
    for _turn in range(4):  # each player's draw and discard
        time_out(table)
    table.refresh_from_db()
    drop = Move.objects.filter(table=table).last()
    assert (drop.seat, drop.action, drop.by) == (first, {"type": "drop"}, MoveBy.TIMEOUT)
    assert drop.events[0]["points"] == 40
    assert table.status == TableStatus.FINISHED


# -- whole matches -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", SHORT_MATCHES)
def test_a_match_of_bots_runs_to_its_end_and_its_log_replays_to_its_state(game):
    (asha,) = members(1)
    seats = 2 if game in ("rummy", "unders") else 4
    table = bots_play(table_new(asha, game, ["medium"] * seats))
    assert table.status == TableStatus.FINISHED
    versions = list(Move.objects.filter(table=table).values_list("version", flat=True))
    assert versions == list(range(1, table.version + 1))
    assert replayed_state(table) == table.state
    assert table.result.winners == match_of(table).result()["winners"]
    assert table.deadline is None


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("tables_stopped_afterwards")
def test_two_moves_racing_for_one_version_apply_exactly_one():
    """Two threads, each with its own database connection, send a move for the same version at
    the same moment: the row lock (SQLite: the write lock) lets exactly one through."""
    (asha,) = members(1)
    table = bots_play(table_new(asha, "pitch", ["", "medium", "medium", "medium"]))
    first, second = match_of(table).legal_actions(0)[:2]
    barrier = threading.Barrier(2)
    outcomes = []

    def move(action):
        barrier.wait()
        try:
            services.table_move_apply(
                table_id=table.pk, user_id=asha.pk, action=action, version=table.version
            )
            outcomes.append("applied")
        except TableRefusal as refusal:
            outcomes.append(refusal.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=move, args=(action,)) for action in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["applied", "stale_version"]
    assert Move.objects.filter(table=table, by=MoveBy.PLAYER).count() == 1
