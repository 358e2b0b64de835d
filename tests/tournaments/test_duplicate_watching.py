"""Duplicate deals keep their cards hidden while the round is on (issue 31, point 1 of the
follow-up): every table of the round is dealt the same cards (RM-2 .. RM-4 from one shared
seed), so whatever one table shows of its play (its board, its discards, the hands laid open at
a deal's end, its scores deal by deal) tells the others what they are about to be dealt. Until
the round is over nobody but the table's own players sees it: not a spectator of a live table,
not one of a finished table, not a moderator (who may be playing at another table), not a
player who left it; the bracket and the tournament page offer no Watch link and no scores for
those tables; the lobby does not list them; the bot API's table stream refuses a seat that left.
The seed, the replay and the shown hands were held already (test_duplicate_deals.py)."""

import re

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games.tables import services as table_services
from games.tables.models import Seat, Table
from games.tables.selectors import Access, lobby_lists, table_access
from tests.games.botapi.support import api, bot_made, seated_bot_table, token_for
from tests.games.live.test_presence import HOST, ORIGIN
from tests.games.table_support import members, signed_in
from tests.moderation_support import moderator_make
from tests.tournaments.support import current_tables, people
from tests.tournaments.test_duplicate_deals import played_through_the_services, running
from tournaments import services
from tournaments.selectors import tournament_page

pytestmark = pytest.mark.django_db

HELD = "other tables play these same deals: this table can be watched"


def round_of_two_tables():
    """Five entrants, three to a table: a table of 3 and one of 2, both dealt from one seed."""
    tournament = running(5, per_table=3, qualifiers=1)
    first, second = current_tables(tournament)
    return tournament, first, second


def watchers():
    (member,) = people(1, prefix="watcher")
    return {"member": member, "moderator": moderator_make()}


def test_nobody_but_its_players_watches_a_table_while_the_rounds_other_tables_play_its_deals():
    tournament, first, second = round_of_two_tables()
    seated = Seat.objects.get(table_id=first.table_id, number=0).user_id
    people_around = watchers()
    for table_id in (first.table_id, second.table_id):
        for who in people_around.values():
            assert table_access(table_id=table_id, user_id=who.pk, invite=None) is None
        assert table_access(table_id=table_id, user_id=None, invite=None) is None
    assert table_access(table_id=first.table_id, user_id=seated, invite=None) == Access(seat=0)
    # The first table finishes: its cards are still to come at the second.
    played_through_the_services(first.table_id)
    services.tournament_round_check(tournament_id=tournament.pk)
    assert Table.objects.get(pk=first.table_id).status == "finished"
    for who in people_around.values():
        assert table_access(table_id=first.table_id, user_id=who.pk, invite=None) is None
    # The round over, every table may be watched as any public table.
    played_through_the_services(second.table_id)
    services.tournament_round_check(tournament_id=tournament.pk)
    for table_id in (first.table_id, second.table_id):
        for who in people_around.values():
            assert table_access(table_id=table_id, user_id=who.pk, invite=None) == Access(None)


@pytest.mark.django_db(transaction=True)
def test_a_spectators_socket_is_refused_at_the_handshake():
    _tournament, first, _second = round_of_two_tables()
    client = signed_in(watchers()["member"])
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()

    async def connect() -> bool:
        socket = WebsocketCommunicator(
            application,
            f"/ws/tables/{first.table_id}/",
            headers=[ORIGIN, HOST, (b"cookie", cookie)],
        )
        accepted, _ = await socket.connect(10)
        await socket.disconnect()
        return accepted

    assert async_to_sync(connect)() is False
    Table.objects.filter(pk=first.table_id).update(seed_held=False)
    assert async_to_sync(connect)() is True


def test_the_table_page_shows_a_watcher_nothing_of_its_play_until_the_round_is_over():
    tournament, first, second = round_of_two_tables()
    seated = Seat.objects.get(table_id=first.table_id, number=0).user
    for who in watchers().values():
        page = signed_in(who).get(f"/tables/{first.table_id}/")
        assert page.status_code == 403
        assert HELD in page.content.decode()
        assert "frame" not in page.context and 'id="table"' not in page.content.decode()
    assert Client().get(f"/tables/{first.table_id}/").status_code == 403
    # Its own players play on.
    assert signed_in(seated).get(f"/tables/{first.table_id}/").status_code == 200
    # Over at one table, still played at the other: the finished table's page is held too.
    played_through_the_services(first.table_id)
    services.tournament_round_check(tournament_id=tournament.pk)
    watcher = signed_in(people(1, prefix="later")[0])
    assert watcher.get(f"/tables/{first.table_id}/").status_code == 403
    played_through_the_services(second.table_id)
    services.tournament_round_check(tournament_id=tournament.pk)
    page = watcher.get(f"/tables/{first.table_id}/")
    assert page.status_code == 200 and page.context["deal_secret"] is False


def test_a_player_who_left_the_table_is_shown_no_more_of_it():
    _tournament, first, _second = round_of_two_tables()
    leaver = Seat.objects.get(table_id=first.table_id, number=1).user
    table_services.table_match_leave(table_id=first.table_id, user_id=leaver.pk)
    assert table_access(table_id=first.table_id, user_id=leaver.pk, invite=None) is None
    assert signed_in(leaver).get(f"/tables/{first.table_id}/").status_code == 403


def test_the_bracket_and_the_tournament_page_offer_no_watch_link_nor_scores_while_held():
    tournament, first, second = round_of_two_tables()
    played_through_the_services(first.table_id)
    services.tournament_round_check(tournament_id=tournament.pk)
    reader = Client()
    for path in ("bracket/", ""):
        html = reader.get(f"/tournaments/{tournament.pk}/{path}").content.decode()
        assert not re.search(rf'href="/tables/({first.table_id}|{second.table_id})/', html)
        assert "the tables can be watched, and their scores read, when the round is over" in html
    page = tournament_page(tournament.pk)
    (round_row,) = page.rounds
    finished = next(row for row in round_row.tables if row.table_id == first.table_id)
    # Its players in seat order, neither rank nor score: how the deals went waits.
    assert [player.user_id for player in finished.players] == list(
        Seat.objects.filter(table_id=first.table_id)
        .order_by("number")
        .values_list("user_id", flat=True)
    )
    assert all(p.rank is None and p.score is None for p in finished.players)
    played_through_the_services(second.table_id)
    services.tournament_round_check(tournament_id=tournament.pk)
    html = reader.get(f"/tournaments/{tournament.pk}/bracket/").content.decode()
    assert f'href="/tables/{first.table_id}/"' in html
    first_round = re.search(r'id="bracket-round-1".*?</section>', html, re.S)
    assert first_round is not None and "when the round is over" not in first_round.group()
    (round_row, *_later) = tournament_page(tournament.pk).rounds
    assert all(p.rank is not None for row in round_row.tables for p in row.players)


def test_the_lobby_does_not_list_a_held_table_among_those_to_watch():
    _tournament, first, second = round_of_two_tables()
    assert first.table.private is False
    assert {t.pk for t in lobby_lists("rummy").playing}.isdisjoint(
        {first.table_id, second.table_id}
    )
    Table.objects.filter(pk=first.table_id).update(seed_held=False)
    assert first.table_id in {t.pk for t in lobby_lists("rummy").playing}


def test_the_bot_apis_table_stream_refuses_a_seat_that_left_a_held_table():
    (owner,) = members(1, prefix="owner")
    bot = bot_made(owner)
    table = seated_bot_table(owner, bot, levels=("", "easy", "easy", ""))
    Seat.objects.filter(table=table, user=bot).update(left=True)
    Table.objects.filter(pk=table.pk).update(seed_held=True)
    answer = api(token_for(owner, bot)).get(f"/api/bot/tables/{table.pk}/stream")
    assert (answer.status_code, answer.json()["code"]) == (403, "not_seated")
