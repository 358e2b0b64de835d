"""What a table's write publishes after its commit (``TableChanged``): the numbers every socket
needs, and what a list of tables needs to know whether it shows the change."""

import pytest
from channels.layers import get_channel_layer
from django.db import transaction

from config import subscribers
from games.live.groups import page_group, table_group
from games.tables import services
from games.tables.models import MoveBy, TableStatus
from games.tables.news import MatchFinished, TableChanged, TablesDealt
from games.tables.services.lobby import tables_deal_seated
from games.tables.services.locked import atomic_locked
from tests.games.table_support import members, table_new
from tests.news_support import hearing
from tests.tournaments.support import table_played_out

# News go out when a write commits.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def news():
    """Every ``TableChanged`` published by the test's writes, as each commits."""
    with hearing(TableChanged) as heard:
        yield heard


def said(news: TableChanged) -> tuple:
    return news.game, news.public, news.status_before, news.status


def test_a_new_table_waiting_for_players_publishes_its_news(news):
    (asha,) = members(1)
    table = table_new(asha, "pitch", ["", "", "", "easy"])
    assert [(n.table_id, n.revision) for n in news] == [(table.pk, table.revision)]
    assert said(news[0]) == ("pitch", True, TableStatus.OPEN, TableStatus.OPEN)


def test_a_private_tables_news_says_it_is_not_public(news):
    (asha,) = members(1)
    table_new(asha, "rummy", ["", ""], private=True)
    assert said(news[0]) == ("rummy", False, TableStatus.OPEN, TableStatus.OPEN)


def test_the_news_says_the_status_before_and_after_each_write(news):
    asha, bilal, chanda = members(3)
    table = table_new(asha, "pitch", ["", "", "medium", "medium"])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    with atomic_locked(table.pk) as locked:
        seat = locked.match.to_move()[0]
        locked.apply(seat, locked.match.legal_actions(seat)[0], MoveBy.PLAYER)
        locked.save()
    waiting = table_new(chanda, "rummy", ["", ""])
    services.table_seat_leave(table_id=waiting.pk, user_id=chanda.pk)
    open_, playing, abandoned = TableStatus.OPEN, TableStatus.PLAYING, TableStatus.ABANDONED
    assert [(n.game, n.status_before, n.status) for n in news] == [
        ("pitch", open_, open_),  # made
        ("pitch", open_, playing),  # the last seat taken starts it
        ("pitch", playing, playing),  # a move
        ("rummy", open_, open_),
        ("rummy", open_, abandoned),  # its only member left
    ]


def test_a_match_that_ends_says_so_once_inside_its_transaction_and_once_after(monkeypatch):
    """``MatchFinished`` (config/subscribers.py): the daily deal's scoring hears it inside the
    write's transaction, the tournaments' round check after the commit; a move that ends
    nothing publishes none."""
    inside = []
    listed = subscribers.IN_COMMIT[MatchFinished]
    monkeypatch.setitem(
        subscribers.IN_COMMIT,
        MatchFinished,
        (*listed, lambda event: inside.append(transaction.get_connection().in_atomic_block)),
    )
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", ""])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    with hearing(MatchFinished) as after:
        with atomic_locked(table.pk) as locked:
            seat = locked.match.to_move()[0]
            locked.apply(seat, locked.match.legal_actions(seat)[0], MoveBy.PLAYER)
            locked.save()
        assert inside == [] and after == []
        table_played_out(table.pk)
    assert inside == [True]
    assert [(event.table_id, event.game) for event in after] == [(table.pk, "rummy")]


def test_a_rounds_tables_are_told_in_one_pass_each_list_once(monkeypatch):
    """Issue 31 (a round transition under 2 s at 1,000 entrants): the tables a tournament's
    round deals in one write publish one ``TablesDealt``; after the commit each table's group
    hears its numbers once, and the lobby and the moderators' console, which draw themselves
    whole, once for all of them (one delivery a table cost a 167-table round seconds)."""
    published = []

    async def group_send(group, message):
        published.append((group, message.get("revision")))

    monkeypatch.setattr(get_channel_layer(), "group_send", group_send)
    people = members(6)
    with hearing(TablesDealt, TableChanged) as heard:
        made = tables_deal_seated(
            creator_id=people[0].pk,
            game="rummy",
            variant="deals2",
            players=[[person.pk for person in people[n : n + 2]] for n in (0, 2, 4)],
        )
    (dealt,) = heard
    assert [(news.table_id, news.status) for news in dealt.changes] == [
        (table_id, TableStatus.PLAYING) for table_id in made
    ]
    assert sorted(published) == sorted(
        [(table_group(table_id), 1) for table_id in made]
        + [(page_group("lobby", "rummy"), None), (page_group("console", "tables"), None)]
    )
