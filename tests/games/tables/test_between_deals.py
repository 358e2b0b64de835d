"""Issue 22: a deal's result stays on the table until every person there pressed Ready, or
the table's ``pause_seconds`` (default 10) have passed; nobody, bot or person, deals the next
deal before. The rule is the services' and the jobs', on the row's time (``paused_until``),
never a timer in a page."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.engine.rummy import RummyMatch
from games.live.frames import state_frame
from games.tables import selectors, services
from games.tables.models import Move, MoveBy, Seat, Table
from games.tables.refusals import TableRefusal
from tests.games.table_support import match_of, members, table_new

pytestmark = pytest.mark.django_db

# Four valid groups (RM-13, RM-14): a pure run, a second run, two sets.
SHOW = [["AH", "2H", "3H", "4H"], ["5S", "6S", "7S"], ["8C", "8D", "8S"], ["9C", "9D", "9H"]]
OTHER = ["2C", "5C", "9C", "JC", "3D", "7D", "10D", "KD", "4S", "8S", "QS", "6H", "10H"]
CLOSED = ["10D", "JD", "KD", "AD", "7D", "KS", "QS", "JS", "10S", "KC", "KH", "QH"]


def deals_table(person_seat: int):
    """A two-deal rummy table (RM-26), the person at ``person_seat`` holding a valid show and
    a bot at the other seat; the seat after the dealer plays first."""
    (asha,) = members(1, prefix=f"pause{person_seat}-")
    levels = ["", "easy"] if person_seat == 0 else ["easy", ""]
    table = table_new(asha, "rummy", levels, variant="deals2", turn_seconds=60)
    hands = [[card for group in SHOW for card in group], OTHER]
    if person_seat == 1:
        hands.reverse()
    match = RummyMatch.with_deal(
        "deals2", hands, wild_card="QD", open_pile=["6D"], closed=CLOSED, dealer=1
    )
    state = match.to_json()
    Table.objects.filter(pk=table.pk).update(state=state, initial_state=state, bot_due=None)
    table.refresh_from_db()
    return table, asha


def declare(table, asha, seat: int) -> None:
    """The person draws and declares their valid show, the card drawn put aside."""
    services.table_move_apply(
        table_id=table.pk,
        user_id=asha.pk,
        action={"type": "draw", "source": "closed"},
        version=table.version,
    )
    table.refresh_from_db()
    drawn = next(c for c in match_of(table).view(seat)["hand"] if all(c not in g for g in SHOW))
    services.table_move_apply(
        table_id=table.pk,
        user_id=asha.pk,
        action={"type": "declare", "discard": drawn, "groups": SHOW},
        version=table.version,
    )
    table.refresh_from_db()


def test_a_persons_deal_waits_for_their_ready_and_the_frame_offers_no_move_meanwhile():
    table, asha = deals_table(0)
    before = timezone.now()
    declare(table, asha, 0)
    match = match_of(table)
    assert match.between_deals() and match.to_move() == [0]  # the winner deals next
    pause = table.paused_until
    assert before + timedelta(seconds=9) < pause <= timezone.now() + timedelta(seconds=10)
    assert table.deadline == table.paused_until  # the dealer's clock waits for the pause
    frame = state_frame(selectors.table_snapshot(table.pk), 0)
    assert frame["pause"] == {"until": table.paused_until.isoformat()} and frame["legal"] == []
    with pytest.raises(TableRefusal) as refusal:
        services.table_move_apply(
            table_id=table.pk, user_id=asha.pk, action={"type": "deal"}, version=table.version
        )
    assert refusal.value.code == "deal_paused"
    version = table.version
    assert services.table_ready(table_id=table.pk, user_id=asha.pk)
    table.refresh_from_db()
    assert table.version == version + 1 and match_of(table).view(0)["deal"] == 2
    assert Move.objects.get(table=table, version=version + 1).by == MoveBy.PLAYER
    assert table.paused_until is None
    # Ready outside a pause changes nothing.
    assert not services.table_ready(table_id=table.pk, user_id=asha.pk)


def test_the_pause_ends_on_its_own_time_and_deals_for_the_person_without_a_timeout():
    table, asha = deals_table(0)
    declare(table, asha, 0)
    version = table.version
    assert not services.table_timeout_apply(table_id=table.pk, version=version)  # still up
    later = table.paused_until + timedelta(seconds=1)
    assert services.table_timeout_apply(table_id=table.pk, version=version, now=later)
    table.refresh_from_db()
    assert table.version == version + 1 and match_of(table).view(0)["deal"] == 2
    assert Seat.objects.get(table=table, number=0).timeouts_in_row == 0


def test_a_bot_dealer_waits_for_the_pause_and_deals_as_soon_as_every_person_is_ready(
    queued_bot_jobs,
):
    table, asha = deals_table(1)
    assert services.table_bot_turn_play(table_id=table.pk, version=table.version)  # draw
    table.refresh_from_db()
    assert services.table_bot_turn_play(table_id=table.pk, version=table.version)  # discard
    table.refresh_from_db()
    declare(table, asha, 1)
    assert match_of(table).to_move() == [0]  # the bot deals next
    version = table.version
    # The bot's job is queued for the end of the pause, and does nothing if it comes early.
    assert queued_bot_jobs[-1][:2] == (table.pk, version) and queued_bot_jobs[-1][2] > 9
    assert not services.table_bot_turn_play(table_id=table.pk, version=version)
    table.refresh_from_db()
    assert table.version == version
    assert services.table_ready(table_id=table.pk, user_id=asha.pk)
    assert queued_bot_jobs[-1] == (table.pk, version, 0)
    assert services.table_bot_turn_play(table_id=table.pk, version=version)
    table.refresh_from_db()
    assert match_of(table).view(1)["deal"] == 2 and table.paused_until is None
