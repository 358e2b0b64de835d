"""Issue 32 point 4, end to end: a member offered a bot after the wait accepts, plays the
ranked match (RM-23: one Points deal is the game) to its end, and the result rates the member
against the bot as it was and moves the bot's own rating; the result panel shows the member's
change; the leaderboard lists members only; the bot's page shows its rating and result."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.ratings.models import BotRating, BotRatingChange, Rating, RatingChange
from games.ranked import services
from games.ranked.models import QueueEntry, QueueOffer
from games.tables.models import Seat, Table
from tests.games.table_support import members, signed_in
from tests.games.tables.test_ranked import play_to_the_end

pytestmark = pytest.mark.django_db

RUMMY = {"game": "rummy", "variant": "points", "seats": 2}


@pytest.fixture
def finished():
    (asha,) = members(1, prefix="botrated-")
    services.queue_join(user_id=asha.pk, **RUMMY)
    QueueEntry.objects.update(joined_at=timezone.now() - timedelta(seconds=121))
    services.queues_form()
    offer = QueueOffer.objects.get()
    table_id = services.offer_accept(user_id=asha.pk, offer_id=offer.pk)
    table = play_to_the_end(Table.objects.get(pk=table_id))
    return asha, table


def test_the_match_rates_the_member_and_moves_the_bots_rating_in_its_format(finished):
    asha, table = finished
    (bot_seat,) = Seat.objects.filter(table=table, user=None)
    (change,) = RatingChange.objects.filter(match_ref=table.pk)
    assert change.user_id == asha.pk
    bot = BotRating.objects.get(bot=bot_seat.bot_level, game="rummy", variant="points")
    bot_change = BotRatingChange.objects.get(match_ref=table.pk)
    assert bot.matches_played == 1 and bot_change.ordinal_after == bot.ordinal
    # One wins, the other loses (RM-23): the two ratings move in opposite directions.
    assert (change.ordinal_after - change.ordinal_before) * (
        bot_change.ordinal_after - bot_change.ordinal_before
    ) < 0
    assert {change.rank, bot_change.rank} == {1, 2}


def test_the_result_panel_shows_the_members_change_and_links_the_bots_page(finished):
    asha, table = finished
    change = RatingChange.objects.get(match_ref=table.pk)
    page = signed_in(asha).get(f"/tables/{table.pk}/").content.decode()
    assert f'<span class="rating-before">{round(change.ordinal_before)}</span>' in page
    assert f'<span class="rating-after">{round(change.ordinal_after)}</span>' in page
    level = Seat.objects.get(table=table, user=None).bot_level
    assert f'href="/bots/{level}/"' in page


def test_leaderboards_list_members_only_and_the_bots_page_shows_its_rating(finished, client):
    asha, table = finished
    assert list(Rating.objects.values_list("user_id", flat=True)) == [asha.pk]
    level = Seat.objects.get(table=table, user=None).bot_level
    bot = BotRating.objects.get(bot=level)
    page = client.get(f"/bots/{level}/").content.decode()
    assert f'<strong class="bot-rating-figure">{bot.shown}</strong>' in page
    assert f'href="/tables/{table.pk}/replay/"' in page
    assert client.get("/bots/").status_code == 200
    assert client.get("/bots/grandmaster/").status_code == 404
    client.cookies["django_language"] = "ur"
    assert 'dir="rtl"' in client.get(f"/bots/{level}/").content.decode()


def test_the_members_page_and_the_bots_list_the_match_the_same_way(finished, client):
    """One list of recent ranked matches for a member and a bot level: the same row, its place
    of the sides and the replay; the bot's also names the format (a bot's rating is kept per
    format, issue 32)."""
    asha, table = finished
    level = Seat.objects.get(table=table, user=None).bot_level
    mine = RatingChange.objects.get(match_ref=table.pk)
    its = BotRatingChange.objects.get(match_ref=table.pk)
    member_page = client.get(f"/players/{asha.username}/").content.decode()
    bot_page = client.get(f"/bots/{level}/").content.decode()
    for page, change in ((member_page, mine), (bot_page, its)):
        assert 'id="recent-matches-heading"' in page
        assert f"<td>{change.rank} of 2</td>" in page
        assert f'href="/tables/{table.pk}/replay/"' in page
    assert "<td>Indian Rummy <small>Points</small></td>" in bot_page
    assert "<td>Indian Rummy</td>" in member_page
