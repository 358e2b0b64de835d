"""What a table's write publishes after its commit (``TableChanged``): the numbers every socket
needs, and what a list of tables needs to know whether it shows the change."""

import pytest
from django.db import transaction

from config import subscribers
from games.tables import services
from games.tables.models import MoveBy, TableStatus
from games.tables.news import MatchFinished, TableChanged
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
