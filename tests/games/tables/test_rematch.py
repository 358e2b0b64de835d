"""Issue 22: "Play again" after a match, and "Play now" against bots from a game's lobby."""

import pytest

from accounts.notices.models import Notice
from games.live.frames import state_frame
from games.tables import selectors, services
from games.tables.models import Seat, Table, TableStatus
from games.tables.refusals import TableRefusal
from tests.games.table_support import bots_play, members, signed_in, table_new

pytestmark = pytest.mark.django_db


def finished_table_of_two():
    asha, bilal = members(2, prefix="again")
    table = table_new(asha, "pitch", ["", "", "easy", "easy"], options={"target": 1})
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    Seat.objects.filter(table=table, number__in=[0, 1]).update(stand_in=True)
    table = bots_play(table)
    assert table.status == TableStatus.FINISHED
    return table, asha, bilal


def test_play_again_makes_one_copy_asks_the_other_player_and_seats_each_at_their_seat():
    table, asha, bilal = finished_table_of_two()
    rematch = services.table_rematch(table_id=table.pk, user_id=bilal.pk)
    assert (rematch.game, rematch.variant, rematch.options) == (
        table.game,
        table.variant,
        table.options,
    )
    seats = list(Seat.objects.filter(table=rematch).order_by("number"))
    assert [seat.user_id for seat in seats] == [None, bilal.pk, None, None]
    assert [seat.bot_level for seat in seats] == ["", "", "easy", "easy"]
    notice = Notice.objects.get(member=asha, kind="table.rematch")
    assert notice.link == f"/tables/{rematch.pk}/"
    # The finished table's frame tells the pages still showing its result.
    table.refresh_from_db()
    assert state_frame(selectors.table_snapshot(table.pk), 0)["rematch"] == rematch.pk
    # The second press joins the same table, at the player's own seat: the match starts.
    again = services.table_rematch(table_id=table.pk, user_id=asha.pk)
    assert again.pk == rematch.pk and again.status == TableStatus.PLAYING
    assert Seat.objects.get(table=rematch, number=0).user_id == asha.pk
    assert Table.objects.count() == 2


def test_only_a_player_of_the_finished_match_may_ask_for_another():
    table, _asha, _bilal = finished_table_of_two()
    (stranger,) = members(1, prefix="stranger")
    with pytest.raises(TableRefusal) as refusal:
        services.table_rematch(table_id=table.pk, user_id=stranger.pk)
    assert refusal.value.code == "no_rematch"
    page = signed_in(stranger).post(f"/tables/{table.pk}/again/", follow=True)
    assert page.status_code == 200
    assert "Only a player of this finished match" in page.content.decode()


def test_play_now_starts_a_match_against_bots_in_one_click():
    (asha,) = members(1, prefix="quick")
    response = signed_in(asha).post("/games/courtpiece/play-now/")
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    assert table.status == TableStatus.PLAYING
    seats = list(Seat.objects.filter(table=table).order_by("number"))
    assert seats[0].user_id == asha.pk and all(seat.bot_level == "medium" for seat in seats[1:])


def test_the_new_table_form_puts_a_person_in_seat_one_and_bots_elsewhere():
    (asha,) = members(1, prefix="form")
    html = signed_in(asha).get("/games/rummy/tables/new/").content.decode()
    assert 'data-seat="5" hidden' in html  # four seats by default: pickers 5 and 6 hidden
    from games.web.forms import TableForm

    form = TableForm("rummy")
    assert form["player_0"].initial == "" and form["player_1"].initial == "medium"
