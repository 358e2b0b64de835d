"""Issue 21, point 2: "Visitors may try it but are not ranked". A visitor's try is an ordinary
table whose person's seat their session's key holds, dealt from the day's practice seed (issue
28: never the ranked cards, which nobody sees before their own ranked attempt), resumed on
reload, one a session and day, never scored, ranked or counted in a streak; it opens to no one
else, and tries left behind are swept away."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.daily import selectors, services
from games.daily.days import day_of
from games.daily.models import Attempt, ScoreCount, VisitorTry
from games.tables import services as table_services
from games.tables.models import Table, TableStatus
from games.tables.visitors import VISITOR_SESSION_KEY
from games.words.daily import daily_refusal_text, result_words
from tests.games.daily.daily_support import begin, play_out, refused_daily
from tests.games.table_support import match_of, members, refused, signed_in

pytestmark = pytest.mark.django_db


def visitor_try(client: Client, game: str) -> VisitorTry:
    response = client.post(f"/daily/{game}/play/")
    assert response.status_code == 302 and response.url.startswith("/tables/")
    return VisitorTry.objects.get(visitor=client.session[VISITOR_SESSION_KEY], game=game)


def test_a_visitor_tries_the_days_practice_deal_at_an_ordinary_table_never_the_ranked_cards():
    (asha,) = members(1)
    visitor = Client()
    page = visitor.get("/daily/courtpiece/").content.decode()
    assert "Try today's practice deal (unranked)" in page and "not ranked" in page
    assert "Visitors play each day's practice deal" in page
    tried = visitor_try(visitor, "courtpiece")
    attempt = begin(asha, "courtpiece")
    table = tried.table
    assert tried.deal == attempt.deal
    assert table.private and not table.allow_spectators and not table.ranked
    assert table.created_by is None and table.status == TableStatus.PLAYING
    seat = table.seats.get(number=0)
    assert seat.user is None and seat.visitor == tried.visitor
    # Issue 28: signing out to rehearse the ranked deal shows other cards, other bots' seeds.
    assert table.server_seed == services.practice_seed_of(tried.deal) != attempt.deal.seed
    assert match_of(table).view(0)["hand"] != match_of(attempt.table).view(0)["hand"]
    bots = [seat.bot_seed for seat in table.seats.order_by("number")][1:]
    ranked_bots = [seat.bot_seed for seat in attempt.table.seats.order_by("number")][1:]
    assert not set(bots) & set(ranked_bots)
    # Every visitor meets the same practice deal.
    other = visitor_try(Client(), "courtpiece").table
    assert match_of(other).view(0)["hand"] == match_of(table).view(0)["hand"]
    shown = visitor.get(f"/tables/{table.pk}/").content.decode()
    assert "this try is not ranked and posts no score" in shown and "/accounts/signup/" in shown
    assert "practice deal" in shown
    # The seed stays secret until the day is over, as at a member's table.
    assert table.seed_commitment in shown and table.server_seed not in shown


def test_a_reload_resumes_the_same_try_and_another_browser_is_another_visitor():
    first, second = Client(), Client()
    tried = visitor_try(first, "rummy")
    again = first.post("/daily/rummy/play/")
    assert again.url == f"/tables/{tried.table_id}/"
    assert "Go back to your attempt" in first.get("/daily/rummy/").content.decode()
    playing = first.get(again.url).content.decode()
    # Leaving the match is a member's (it may count them last): a visitor just stops.
    assert 'id="hand"' in playing and 'id="leave-form"' not in playing
    other = visitor_try(second, "rummy")
    assert other.table_id != tried.table_id and other.visitor != tried.visitor
    assert Table.objects.count() == 2


def test_a_visitors_finished_try_is_never_ranked_scored_or_in_a_streak_and_not_tried_again():
    (asha,) = members(1)
    visitor = Client()
    tried = visitor_try(visitor, "unders")
    play_out(tried)
    tried.table.refresh_from_db()
    assert tried.table.status == TableStatus.FINISHED
    assert not Attempt.objects.exists() and not ScoreCount.objects.exists()
    (board,) = selectors.day_boards("unders", day_of(), user_id=None)
    assert board.rows == [] and board.finished == 0
    assert selectors.streak_of(asha.pk) == 0
    page = visitor.get("/daily/unders/").content.decode()
    assert "You have tried today's practice deal as a visitor" in page
    result = visitor.get(f"/tables/{tried.table_id}/").content.decode()
    # Play again would make a member's table: a visitor is asked to sign up instead.
    assert 'id="play-again"' not in result and "/accounts/signup/" in result
    response = visitor.post("/daily/unders/play/", follow=True)
    assert daily_refusal_text("already_tried").replace("'", "&#x27;") in (response.content.decode())
    assert Table.objects.count() == 1
    with refused_daily("already_tried"):
        services.daily_visitor_try_begin(
            visitor=tried.visitor, address="198.51.100.1", game="unders"
        )


def passed_by(visitor, table: Table, **seat) -> None:
    """A pass sent to ``table`` at its version by the visitor with that key."""
    table_services.table_move_apply(
        table_id=table.pk,
        user_id=None,
        visitor=visitor,
        action={"type": "pass"},
        version=table.version,
        **seat,
    )


def test_a_visitor_cannot_see_or_move_at_a_members_table_or_another_visitors():
    (asha,) = members(1)
    member_table = begin(asha, "courtpiece").table
    mine, theirs = Client(), Client()
    own = visitor_try(mine, "courtpiece")
    other = visitor_try(theirs, "courtpiece")
    for table in (member_table, other.table):
        assert mine.get(f"/tables/{table.pk}/").status_code == 404
        with refused("not_seated"):
            passed_by(own.visitor, table)
        assert Table.objects.get(pk=table.pk).version == table.version
    # At their own table, a forged seat is refused too.
    with refused("bad_seat"):
        passed_by(own.visitor, own.table, seat=1)
    # No key at all is no one's seat.
    with refused("not_seated"):
        table_services.table_move_apply(
            table_id=own.table_id, user_id=None, action={}, version=own.table.version
        )


def test_past_the_sites_hourly_cap_a_visitor_is_refused_and_no_table_is_made(monkeypatch):
    monkeypatch.setattr(services, "VISITOR_TRIES_AN_HOUR", 1)
    visitor_try(Client(), "pitch")
    late = Client()
    response = late.post("/daily/pitch/play/", follow=True)
    assert "Too many visitors" in response.content.decode()
    assert Table.objects.count() == 1
    # A member is not held back by visitors.
    (asha,) = members(1)
    assert signed_in(asha).post("/daily/pitch/play/").url.startswith("/tables/")


def test_the_hourly_job_deletes_abandoned_tries_and_those_of_days_over_with_their_tables():
    now = timezone.now()
    abandoned, finished, fresh = (visitor_try(Client(), "unders") for _ in range(3))
    play_out(finished)
    VisitorTry.objects.filter(pk__in=[abandoned.pk, finished.pk]).update(
        started_at=now - services.VISITOR_TRY_ABANDONED - timedelta(minutes=1)
    )
    assert services.visitor_tries_sweep(now=now) == 1
    assert set(VisitorTry.objects.values_list("pk", flat=True)) == {finished.pk, fresh.pk}
    assert not Table.objects.filter(pk=abandoned.table_id).exists()
    # The day over, every try goes; members' attempts stay.
    (asha,) = members(1)
    begin(asha, "unders")
    assert services.visitor_tries_sweep(now=now + timedelta(days=1)) == 2
    assert not VisitorTry.objects.exists() and Table.objects.count() == 1


def test_a_try_begun_a_minute_before_the_day_ends_is_still_played_after_midnight():
    """The hourly job ran at 18:30 UTC, India's midnight, and deleted a try begun at 18:29:56:
    its page waited on bots that had no table. A try of a day just over is played out; it
    goes once begun ``VISITOR_TRY_ABANDONED`` ago."""
    late = visitor_try(Client(), "courtpiece")
    just_after_midnight = late.started_at + timedelta(minutes=1)
    VisitorTry.objects.filter(pk=late.pk).update(day=day_of(late.started_at) - timedelta(days=1))
    assert services.visitor_tries_sweep(now=just_after_midnight) == 0
    assert Table.objects.get(pk=late.table_id).status == TableStatus.PLAYING
    abandoned = late.started_at + services.VISITOR_TRY_ABANDONED + timedelta(minutes=1)
    assert services.visitor_tries_sweep(now=abandoned) == 1
    assert not VisitorTry.objects.exists()


def tried_from(address: str, game: str = "rummy", **forwarded: str):
    """A new browser (a script dropping its cookie) asking for a try from ``address``."""
    return Client(REMOTE_ADDR=address, **forwarded).post(f"/daily/{game}/play/", follow=True)


def test_one_address_begins_at_most_ten_tries_an_hour_and_another_address_still_gets_one():
    """Issue 21's visitors' cap is the site's: one address dropping its cookie each time would
    spend it alone. The 11th new session from one address within the hour is refused, on the
    daily page, with no table made; another address still gets its try."""
    for _ in range(10):
        assert tried_from("203.0.113.5").redirect_chain[-1][0].startswith("/tables/")
    refused_page = tried_from("203.0.113.5")
    assert refused_page.redirect_chain[-1][0] == "/daily/rummy/"
    shown = refused_page.content.decode()
    assert daily_refusal_text("address_busy").replace("'", "&#x27;") in shown
    assert Table.objects.count() == VisitorTry.objects.count() == 10
    assert tried_from("203.0.113.6").redirect_chain[-1][0].startswith("/tables/")
    assert Table.objects.count() == 11


def test_a_reload_resuming_a_try_is_not_a_new_one_of_the_address(settings):
    settings.DAILY_VISITOR_TRIES_PER_ADDRESS = 1
    visitor = Client(REMOTE_ADDR="203.0.113.5")
    tried = visitor_try(visitor, "pitch")
    assert visitor.post("/daily/pitch/play/").url == f"/tables/{tried.table_id}/"
    assert "from your address this hour" in tried_from("203.0.113.5", "pitch").content.decode()


def test_behind_a_trusted_proxy_the_forwarded_address_counts_not_the_proxys(settings):
    """Issue 17's client address: with one proxy trusted, the address it forwarded is the
    one counted (a client forging the header only adds to its left); every request comes from
    the proxy's own address."""
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    settings.DAILY_VISITOR_TRIES_PER_ADDRESS = 1
    proxy = "10.9.9.9"
    assert "/tables/" in tried_from(proxy, HTTP_X_FORWARDED_FOR="203.0.113.9").redirect_chain[-1][0]
    forged = tried_from(proxy, HTTP_X_FORWARDED_FOR="198.51.100.1, 203.0.113.9")
    assert "from your address this hour" in forged.content.decode()
    other = tried_from(proxy, HTTP_X_FORWARDED_FOR="198.51.100.8")
    assert other.redirect_chain[-1][0].startswith("/tables/")
    assert Table.objects.count() == 2


def test_with_no_proxy_trusted_the_forwarded_address_is_not_believed(settings):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 0
    settings.DAILY_VISITOR_TRIES_PER_ADDRESS = 1
    tried_from("10.9.9.9", HTTP_X_FORWARDED_FOR="203.0.113.9")
    again = tried_from("10.9.9.9", HTTP_X_FORWARDED_FOR="198.51.100.8")
    assert "from your address this hour" in again.content.decode()
    assert Table.objects.count() == 1


def test_an_ipv6_client_is_counted_by_its_64_as_allauths_sign_in_limits_count_it(settings):
    """One household holds a whole /64: a script there must not get a try per address."""
    settings.DAILY_VISITOR_TRIES_PER_ADDRESS = 1
    assert tried_from("2001:db8:1:2::5").redirect_chain[-1][0].startswith("/tables/")
    assert "from your address this hour" in tried_from("2001:db8:1:2::6").content.decode()
    assert tried_from("2001:db8:1:3::5").redirect_chain[-1][0].startswith("/tables/")


def test_a_forwarded_chain_shorter_than_the_proxies_trusted_is_refused_not_a_500(settings):
    """A client reaching the site past its proxies: allauth cannot tell its address, and
    such clients share one count."""
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 2
    settings.DAILY_VISITOR_TRIES_PER_ADDRESS = 1
    first = tried_from("203.0.113.5", HTTP_X_FORWARDED_FOR="198.51.100.1")
    assert first.redirect_chain[-1][0].startswith("/tables/")
    second = tried_from("203.0.113.6", HTTP_X_FORWARDED_FOR="198.51.100.2")
    assert "from your address this hour" in second.content.decode()


def test_members_are_never_limited_by_their_address_nor_counted_in_it(settings):
    settings.DAILY_VISITOR_TRIES_PER_ADDRESS = 1
    asha, bilal = members(2)
    member = signed_in(asha)
    assert member.post("/daily/pitch/play/", REMOTE_ADDR="203.0.113.5").url.startswith("/tables/")
    # The member's attempt took nothing from the address: a visitor there still tries.
    assert tried_from("203.0.113.5", "pitch").redirect_chain[-1][0].startswith("/tables/")
    assert "from your address this hour" in tried_from("203.0.113.5", "pitch").content.decode()
    # The address spent, another member there still plays.
    other = signed_in(bilal).post("/daily/pitch/play/", REMOTE_ADDR="203.0.113.5")
    assert other.url.startswith("/tables/")


def test_the_daily_index_shows_a_visitors_own_try_of_each_game_as_a_members_attempt_is_shown():
    """Issue 21b: the index says, for each game, whether the visitor has not tried it, is in
    the middle of it (a link back to the table), or has finished (the result, unranked)."""
    visitor = Client()

    def entry(game: str) -> str:
        page = visitor.get("/daily/").content.decode()
        line = re.search(rf'href="/daily/{game}/".*?</li>', page, re.S)
        assert line is not None
        return " ".join(line.group(0).split())

    assert "not tried yet" in entry("unders") and "not tried yet" in entry("rummy")
    playing = visitor_try(visitor, "rummy")
    assert f'<a href="/tables/{playing.table_id}/">Go back to your try</a>' in entry("rummy")
    assert "in progress" in entry("rummy") and "(unranked)" in entry("rummy")
    finished = visitor_try(visitor, "unders")
    play_out(finished)
    finished.refresh_from_db()
    assert finished.details["place"] >= 1
    shown = entry("unders")
    assert f"tried: {result_words('unders', finished.details)}" in shown
    assert f'href="/tables/{finished.table_id}/"' in shown and "(unranked)" in shown
    assert "not tried yet" in entry("pitch")
    # Another visitor sees none of it; a member sees their own attempts, not a visitor's.
    assert "/tables/" not in Client().get("/daily/").content.decode()
    (asha,) = members(1)
    assert "/tables/" not in signed_in(asha).get("/daily/").content.decode()
