"""A bot account is shown as a bot everywhere (issue 35, point 3): its seat in every frame
(``bot`` is "account", beside its name), the table page's seat names and result panel, the
replay's movers, its player page; a house bot's seat keeps its level, a person's None."""

import pytest
from django.db import transaction
from django.test import Client

from accounts.profiles.models import Profile
from games.frames.shapes import BOT_ACCOUNT
from games.live.frames import state_frame
from games.tables import services
from games.tables.selectors import table_snapshot
from games.tables.services.locked import LockedTable
from games.web.tables import _seat_label
from tests.games.botapi.support import bot_among_house_bots, bot_made, seated_bot_table
from tests.games.table_support import members, signed_in
from tests.games.tables.test_ranked import play_to_the_end

pytestmark = pytest.mark.django_db


def test_a_bot_accounts_seat_says_account_in_every_frame_a_persons_none():
    owner, friend = members(2)
    bot = bot_made(owner, "clubber")
    table = seated_bot_table(friend, bot, levels=("", "easy", "", ""))
    snapshot = table_snapshot(table.pk)
    assert snapshot is not None
    frame = state_frame(snapshot, 0)
    bots = [seat["bot"] for seat in frame["seats"]]
    assert bots == [None, "easy", None, BOT_ACCOUNT]
    assert frame["seats"][3]["name"] == "clubber"
    # The snapshot a write publishes (read with the row's lock) says the same.
    with transaction.atomic():
        locked = LockedTable.lock(table.pk).snapshot()
    assert locked is not None
    assert [seat.to_json()["bot"] for seat in locked.seats] == bots


def test_the_table_page_and_its_result_name_the_bot_account_a_bot():
    owner, friend = members(2)
    bot = bot_made(owner, "clubber")
    table = bot_among_house_bots(friend, bot)
    snapshot = table_snapshot(table.pk)
    assert snapshot is not None
    # The result panel's and the replay's label of the seat.
    assert "clubber, bot account" in _seat_label(snapshot.seats[3])
    assert "bot account" not in _seat_label(snapshot.seats[0])
    page = signed_in(friend).get(f"/tables/{table.pk}/")
    # The page's script has the words for the seat's name.
    assert b'"bot_account_label": "%(name)s, bot account"' in page.content


def test_the_bot_accounts_player_page_says_it_is_a_bot_and_who_made_it():
    owner, friend = members(2)
    bot_made(owner, "clubber")
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get("/players/clubber/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "A bot account" in text and f"/players/{owner.username}/" in text
    person = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/players/{friend.username}/")
    assert "A bot account" not in person.content.decode()


def test_a_bot_account_that_left_its_match_is_still_shown_as_one():
    """A bot account that leaves its match keeps its seat's name and bot mark, with ``left``
    (a house bot plays the seat to the end, as for a member who left)."""
    owner, friend = members(2)
    bot = bot_made(owner, "clubber")
    table = bot_among_house_bots(friend, bot)
    services.table_match_leave(table_id=table.pk, user_id=bot.pk)
    snapshot = table_snapshot(table.pk)
    assert snapshot is not None
    seat = snapshot.seats[3].to_json()
    assert (seat["name"], seat["bot"], seat["left"]) == ("clubber", BOT_ACCOUNT, True)


def test_a_bot_account_is_seated_by_its_username_the_address_of_its_page():
    """Issue 32: the table's seat badge links a bot account's seat to /players/<name>/, so the
    seat's name is its username even where staff gave the account a display name."""
    owner, friend = members(2)
    bot = bot_made(owner, "clubber")
    Profile.objects.update_or_create(user=bot, defaults={"display_name": "Club Bot"})
    Profile.objects.update_or_create(user=friend, defaults={"display_name": "आशा"})
    table = seated_bot_table(friend, bot, levels=("", "easy", "", ""))
    snapshot = table_snapshot(table.pk)
    assert snapshot is not None
    assert [seat.name for seat in snapshot.seats] == ["आशा", "", "", "clubber"]


def test_the_table_page_gives_its_script_the_bots_pages_and_the_result_links_them():
    """Issue 32: the script links a house bot's seat to /bots/<level>/ and a bot account's to
    its player page (table/seats.js adds the level or name to these addresses); the result
    panel links both."""
    owner, friend = members(2)
    bot = bot_made(owner, "clubber")
    table = play_to_the_end(bot_among_house_bots(friend, bot, game="rummy", seats=3))
    assert table.status == "finished"
    page = signed_in(friend).get(f"/tables/{table.pk}/").content.decode()
    assert 'data-bot-page="/bots/" data-player-page="/players/"' in page
    result = page.split('id="result"', 1)[1].split("</table>", 1)[0]
    assert '<a href="/players/clubber/">' in result
    assert result.count('<a href="/bots/easy/">') == 2
    assert result.count("<a href=") == 3
