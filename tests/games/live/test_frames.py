"""The state frame (games/live/frames.py): one seat's view of a snapshot, with exactly the keys
its type declares, legal actions only for a seat that acts."""

import pytest

from games.live.frames import StateFrame, state_frame
from games.tables import services
from games.tables.selectors import SeatJson, table_snapshot
from games.tables.sql import PublicMove
from tests.games.table_support import bots_play, match_of, members, table_new

pytestmark = pytest.mark.django_db


@pytest.fixture
def asha_to_move():
    """Asha at seat 0 of a Pitch table with three bots, to move, after a first move of hers."""
    (asha,) = members(1)
    table = bots_play(table_new(asha, "pitch", ["", "medium", "medium", "medium"]))
    services.table_move_apply(
        table_id=table.pk,
        user_id=asha.pk,
        action=match_of(table).legal_actions(0)[0],
        version=table.version,
    )
    return bots_play(table), asha


def test_a_state_frame_has_the_keys_its_types_declare(asha_to_move):
    table, _asha = asha_to_move
    frame = state_frame(table_snapshot(table.pk), 0)
    assert set(frame) == set(StateFrame.__annotations__)
    assert all(set(seat) == set(SeatJson.__annotations__) for seat in frame["seats"])
    assert frame["last_move"] is not None
    assert set(frame["last_move"]) == set(PublicMove.__annotations__)


def test_the_seat_to_move_gets_its_legal_actions_and_a_spectator_none(asha_to_move):
    table, _asha = asha_to_move
    snapshot = table_snapshot(table.pk)
    assert state_frame(snapshot, 0)["legal"] == match_of(table).legal_actions(0)
    assert state_frame(snapshot, 0)["legal"]
    assert state_frame(snapshot, 0)["deadline"] == snapshot.deadline.isoformat()
    assert state_frame(snapshot, None)["legal"] == []
    assert state_frame(snapshot, None)["view"] == match_of(table).view(None)


def test_a_member_who_left_the_match_sees_their_seat_but_gets_no_legal_actions(asha_to_move):
    table, asha = asha_to_move
    services.table_match_leave(table_id=table.pk, user_id=asha.pk)
    frame = state_frame(table_snapshot(table.pk), 0)
    assert frame["legal"] == []
    assert frame["seat"] == 0 and frame["seats"][0]["left"] is True


def test_a_table_not_playing_has_no_legal_actions_and_no_deadline():
    (asha,) = members(1)
    table = table_new(asha, "rummy", ["", ""])
    frame = state_frame(table_snapshot(table.pk), 0)
    assert (frame["status"], frame["legal"], frame["deadline"], frame["view"]) == (
        "open",
        [],
        None,
        None,
    )
