"""Ranked tables (issue #10): members only, leaving counts as last, the ratings move in the
result's transaction (the queue that seats them: tests/games/ranked)."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from accounts.ratings.models import Rating, RatingChange
from games.engine.bots import bot_for
from games.live.frames import state_frame
from games.tables import services
from games.tables.models import Seat, Table, TableStatus
from games.tables.selectors import table_snapshot
from tests.games.table_support import bots_play, match_of, members, refused, table_new

pytestmark = pytest.mark.django_db


def ranked_table(users, game: str) -> Table:
    """A ranked table of ``game`` (its short test variant), every seat taken by ``users``."""
    table = table_new(users[0], game, [""] * len(users), ranked=True)
    for number, user in enumerate(users[1:], start=1):
        services.table_seat_take(table_id=table.pk, user_id=user.pk, number=number)
    table.refresh_from_db()
    return table


def play_to_the_end(table: Table) -> Table:
    """Members play as a Medium bot would advise them; stand-in bots play their seats."""
    by_seat = {seat.number: seat.user_id for seat in Seat.objects.filter(table=table)}
    advisers = {seat: bot_for(table.game, "medium", seed=seat) for seat in by_seat}
    while True:
        table = bots_play(table)
        if table.status != TableStatus.PLAYING:
            return table
        if table.paused_until is not None and table.paused_until > timezone.now():
            # A deal's result is up (issue 22): every member reads it and presses Ready.
            for user_id in by_seat.values():
                if user_id is not None:  # a house bot's seat (the queue's tables with bots)
                    services.table_ready(table_id=table.pk, user_id=user_id)
            continue
        match = match_of(table)
        seat = match.to_move()[0]
        action = advisers[seat].choose(match.view(seat), match.legal_actions(seat))
        services.table_move_apply(
            table_id=table.pk, user_id=by_seat[seat], action=action, version=table.version
        )


def shown(user, game: str) -> float:
    return Rating.objects.get(user=user, game=game).ordinal


def test_a_ranked_table_with_bots_is_refused_and_nothing_is_made():
    (asha,) = members(1)
    with pytest.raises(ValidationError) as refusal:
        table_new(asha, "pitch", ["", "medium", "", ""], ranked=True)
    assert "ranked" in refusal.value.message_dict
    assert not Table.objects.exists()


def test_the_creator_cannot_fill_a_ranked_table_with_bots():
    (asha,) = members(1)
    table = table_new(asha, "rummy", ["", ""], ranked=True)
    with refused("ranked_members_only"):
        services.table_start(table_id=table.pk, user_id=asha.pk)
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN
    assert not Seat.objects.filter(table=table).exclude(bot_level="").exists()


def test_a_finished_ranked_match_rates_its_members_once_in_the_engines_order():
    """Rummy: the table's finishing order (RM-1) rates each member; the winner goes up."""
    users = members(2)
    table = play_to_the_end(ranked_table(users, "rummy"))
    ranks = table.result.result["ranks"]
    winner, loser = (users[0], users[1]) if ranks[0] < ranks[1] else (users[1], users[0])
    assert ranks[0] != ranks[1]
    assert shown(winner, "rummy") > 1500 > shown(loser, "rummy")
    changes = RatingChange.objects.filter(match_ref=table.pk)
    assert sorted(change.user_id for change in changes) == sorted(user.pk for user in users)


def test_an_unranked_match_leaves_ratings_alone():
    users = members(2)
    table = table_new(users[0], "rummy", ["", ""])
    services.table_seat_take(table_id=table.pk, user_id=users[1].pk, number=1)
    play_to_the_end(table)
    assert not Rating.objects.exists()


def test_a_partnership_whose_member_left_is_rated_last_whatever_its_bot_did():
    """Pitch partners sit opposite (PI-1): seat 1 leaving puts seats 1 and 3 last."""
    users = members(4)
    table = ranked_table(users, "pitch")
    services.table_match_leave(table_id=table.pk, user_id=users[1].pk)
    table = play_to_the_end(table)
    assert table.status == TableStatus.FINISHED
    assert shown(users[0], "pitch") > 1500 and shown(users[2], "pitch") > 1500
    assert shown(users[1], "pitch") < 1500 and shown(users[3], "pitch") < 1500
    assert RatingChange.objects.filter(match_ref=table.pk).count() == 4


def test_a_member_who_left_cannot_move_and_a_bot_plays_their_seat():
    users = members(4)
    table = ranked_table(users, "pitch")
    services.table_match_leave(table_id=table.pk, user_id=users[0].pk)
    table.refresh_from_db()
    seat = Seat.objects.get(table=table, user=users[0])
    assert seat.left and seat.stand_in
    with refused("left_match"):
        services.table_move_apply(
            table_id=table.pk, user_id=users[0].pk, action={"type": "pass"}, version=table.version
        )
    # Coming back (a reconnection) does not undo leaving.
    assert not services.table_seat_return(table_id=table.pk, user_id=users[0].pk)
    assert state_frame(table_snapshot(table.pk), 0)["legal"] == []
    assert table_snapshot(table.pk).seats[0].to_json()["left"] is True


def test_leaving_is_only_for_a_seated_member_of_a_match_being_played():
    users = members(3)
    table = table_new(users[0], "rummy", ["", ""], ranked=True)
    with refused("table_not_playing"):
        services.table_match_leave(table_id=table.pk, user_id=users[0].pk)
    with refused("not_seated"):
        services.table_match_leave(table_id=table.pk, user_id=users[2].pk)
