"""A table socket's frame (``games.live.frames``): one seat's view of a snapshot, with exactly
the keys its type declares, legal actions only for a seat that acts, and the last move told in
the reader's words from its public events only."""

import pytest

from games.frames.shapes import SeatJson, StateFrame, ToldMove
from games.live.frames import state_frame
from games.tables import services
from games.tables.models import MoveBy
from games.tables.selectors import table_snapshot
from games.tables.services.locked import atomic_locked
from games.words.moves import card_text
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
    assert set(frame["last_move"]) == set(ToldMove.__annotations__)


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


def test_cp8_a_hidden_trump_laid_face_down_is_told_without_its_card_in_each_language():
    """The card laid face down is chosen by an action only its player sees; the move list,
    the frames and the text they carry tell the public event alone."""
    (asha,) = members(1)
    table = table_new(asha, "courtpiece", ["", "medium", "medium", "medium"], variant="hidden")
    with atomic_locked(table.pk) as locked:
        (seat,) = locked.match.to_move()
        hide = next(a for a in locked.match.legal_actions(seat) if a["type"] == "hide")
        locked.apply(seat, hide, MoveBy.PLAYER)
        locked.save(clock=False)
    snapshot = table_snapshot(table.pk)
    told = {
        language: state_frame(snapshot, None, language=language)["last_move"]
        for language in ("en", "hi", "ur")
    }
    assert told["en"]["events"] == [{"type": "hide", "seat": seat}]
    assert told["en"]["text"] == "Hide trump"
    for language in ("hi", "ur"):
        assert told[language]["text"] and "Hide" not in told[language]["text"]
    for move in told.values():
        assert "action" not in move
        assert hide["card"] not in str(move) and card_text(hide["card"]) not in move["text"]


def test_a_frame_before_any_move_has_no_last_move():
    (asha,) = members(1)
    table = table_new(asha, "rummy", ["", "easy"])
    assert state_frame(table_snapshot(table.pk), 0, language="hi")["last_move"] is None


def test_a_move_is_told_once_per_language_and_anew_for_a_snapshot_read_afresh():
    """Every socket of a table gets the words its process told once; a snapshot of the same
    revision holding another move (a table id given again) is not told the old words."""
    from dataclasses import replace

    (asha,) = members(1)
    table = table_new(asha, "rummy", ["", "easy"])
    snapshot = replace(
        table_snapshot(table.pk),
        last_move={"version": 1, "seat": 0, "by": "player", "events": [{"type": "drop"}]},
    )
    first = state_frame(snapshot, 0, language="en")["last_move"]
    assert state_frame(snapshot, 1, language="en")["last_move"]["text"] == first["text"]
    again = replace(snapshot, last_move={**snapshot.last_move, "events": [{"type": "deal"}]})
    assert state_frame(again, 0, language="en")["last_move"]["text"] != first["text"]


def test_issue34_the_seats_of_one_snapshot_share_its_public_parts_but_each_sees_its_own_hand(
    asha_to_move, monkeypatch
):
    """Issue 34: the parts of a revision's frames that every seat shares are worked out once
    per snapshot and language; each frame still carries its own seat's view only, and the
    pause, which depends on the time, is read anew for each frame."""
    from dataclasses import replace
    from datetime import timedelta

    from django.utils import timezone

    table, _asha = asha_to_move
    snapshot = table_snapshot(table.pk)
    match = match_of(table)
    seats = (0, 1, 2, 3, None)
    frames = [state_frame(snapshot, seat, language="en") for seat in seats]
    for seat, frame in zip(seats, frames, strict=True):
        assert frame["view"] == match.view(seat)
        assert frame["seats"] == frames[0]["seats"]
        assert frame["last_move"] == frames[0]["last_move"]
    hands = [frame["view"]["hand"] for frame in frames]
    assert all(hand and hand != hands[0] for hand in hands[1:4])
    assert hands[4] == []
    assert len(snapshot.shared) == 1
    hindi = state_frame(snapshot, 0, language="hi")["last_move"]
    assert hindi["text"] != frames[0]["last_move"]["text"]
    # The same snapshot rendered after its pause is over shows no pause.
    now = timezone.now()
    paused = replace(snapshot, paused_until=now + timedelta(seconds=10))
    assert state_frame(paused, 0)["pause"] == {"until": paused.paused_until.isoformat()}
    monkeypatch.setattr(timezone, "now", lambda: now + timedelta(seconds=20))
    assert state_frame(paused, 1)["pause"] is None
