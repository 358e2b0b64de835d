"""Issue 32: the leaderboard lists people only, so a member's place (on their profile, their
player page and under the leaderboard) counts only the members above them, never a rated bot
account (``accounts.bots``), and is the place of their row on the leaderboard, ties shared."""

import importlib

import pytest
from django.apps import apps
from django.urls import reverse

from accounts.bots.models import BotAccount
from accounts.ratings.models import Rating, RatingCount
from accounts.ratings.selectors import leaderboard_top, standing_of
from tests.accounts.ratings.support import counts_kept, ffa_record, members_new
from tests.games.table_support import signed_in

pytestmark = pytest.mark.django_db


def bot_accounts(owner, count: int) -> list:
    bots = members_new(count, prefix="bot")
    for bot in bots:
        BotAccount.objects.create(user=bot, owner=owner)
    return bots


@pytest.fixture
def table():
    """Two bot accounts that each beat a member, and a member who beats a member: the
    winners tie on one rating, the three losers on another (the same history each)."""
    owner, asha, bilal, chand, dev = members_new(5)
    robo1, robo2 = bot_accounts(owner, 2)
    ffa_record("rummy", 1, [robo1, asha])
    ffa_record("rummy", 2, [robo2, bilal])
    ffa_record("rummy", 3, [chand, dev])
    return {"asha": asha, "bilal": bilal, "chand": chand, "dev": dev, "robo1": robo1}


def test_a_members_place_counts_members_above_only_and_matches_their_leaderboard_row(table):
    board = {row.username: row.place for row in leaderboard_top(game="rummy")}
    assert board == {
        table["chand"].username: 1,  # tied with both bot accounts: they count nowhere
        table["asha"].username: 2,
        table["bilal"].username: 2,
        table["dev"].username: 2,
    }
    for name in ("asha", "bilal", "chand", "dev"):
        member = table[name]
        assert standing_of(user=member, game="rummy").place == board[member.username]
    assert counts_kept("rummy")


def test_the_profile_and_the_leaderboard_say_the_place_among_members(table):
    asha = table["asha"]
    profile = signed_in(asha).get(reverse("profile")).content.decode()
    assert "Place 2 · 1 ranked match" in profile
    page = signed_in(asha).get(reverse("leaderboard", args=["rummy"])).content.decode()
    assert "Your place: 2," in page


def test_a_bot_accounts_page_shows_its_rating_and_matches_but_no_place(client, table):
    robo = table["robo1"]
    assert standing_of(user=robo, game="rummy").place is None
    html = client.get(reverse("player", args=[robo.username])).content.decode()
    assert "1 ranked match" in html
    assert "Place " not in html.split('class="rating-cards"', 1)[1].split("</ul>", 1)[0]


def test_deleting_a_bot_account_leaves_the_counts_and_deleting_a_member_takes_theirs(table):
    table["robo1"].delete()
    assert counts_kept("rummy")
    table["dev"].delete()
    assert counts_kept("rummy")
    assert standing_of(user=table["asha"], game="rummy").place == 2


def test_migration_0014_counts_people_only(table):
    """A site whose counts held its bot accounts' ratings (as before) gets them counted
    again without."""
    RatingCount.objects.all().delete()
    for rating in Rating.objects.all():
        count, _new = RatingCount.objects.get_or_create(game="rummy", points=int(rating.ordinal))
        RatingCount.objects.filter(pk=count.pk).update(members=count.members + 1)
    assert not counts_kept("rummy")
    migration = importlib.import_module("accounts.migrations.0014_rating_counts_people_only")
    migration.counts_of_people(apps, None)
    assert counts_kept("rummy")
    assert standing_of(user=table["asha"], game="rummy").place == 2
