"""The tournament pages (issue 19, "Pages"): the lists per game, the tournament page and its
live part, the reader's own table, the form, the refusals in the reader's language."""

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation

from accounts.profiles.models import Profile
from tests.games.table_support import signed_in
from tests.tournaments.support import (
    current_tables,
    entered,
    finish_every_table,
    form_filled,
    organiser,
    people,
    tournament_made,
)
from tournaments import services
from tournaments.models import Entry, Tournament
from tournaments.web.page import tournament_may_watch, tournament_render

pytestmark = pytest.mark.django_db


def test_the_list_shows_public_tournaments_and_only_my_private_ones():
    boss = organiser()
    tournament_made(boss, name="Diwali Pool")
    tournament_made(boss, name="Office friends", private=True)
    (visitor,) = people(1, prefix="visitor")
    page = signed_in(visitor).get("/games/rummy/tournaments/").content.decode()
    assert "Diwali Pool" in page and "Office friends" not in page
    assert "Office friends" in signed_in(boss).get("/games/rummy/tournaments/").content.decode()


def test_registering_through_the_page_and_a_second_time_refused_in_hindi():
    boss = organiser()
    tournament = tournament_made(boss, name="Weekend <b>Pool</b>")
    (asha,) = people(1)
    client = signed_in(asha)
    response = client.post(f"/tournaments/{tournament.pk}/register/", follow=True)
    assert response.status_code == 200
    assert Entry.objects.filter(user=asha).count() == 1
    assert "Weekend &lt;b&gt;Pool&lt;/b&gt;" in response.content.decode()
    client.cookies["django_language"] = "hi"
    response = client.post(f"/tournaments/{tournament.pk}/register/", follow=True)
    with translation.override("hi"):
        expected = translation.gettext("You are already registered for this tournament.")
    assert expected != "You are already registered for this tournament."
    assert expected in response.content.decode()
    assert Entry.objects.filter(user=asha).count() == 1


def test_a_stranger_at_a_private_tournament_gets_a_404_and_the_invite_link_lets_them_in():
    """Issue 28: the 404 of a missing tournament, page and acts alike."""
    boss = organiser()
    tournament = tournament_made(boss, private=True, name="Cousins")
    (stranger,) = people(1, prefix="stranger")
    client = signed_in(stranger)
    assert client.get(f"/tournaments/{tournament.pk}/").status_code == 404
    assert client.post(f"/tournaments/{tournament.pk}/register/").status_code == 404
    assert not Entry.objects.exists()
    page = client.get(f"/tournaments/{tournament.pk}/?invite={tournament.invite_token}")
    assert page.status_code == 200
    # The page's live part hears its socket through the same invite, before registering too.
    socket = f"/ws/pages/tournament/{tournament.pk}/?invite={tournament.invite_token}"
    assert socket in page.content.decode()
    key = str(tournament.pk)
    assert tournament_may_watch(stranger, key, tournament.invite_token)
    assert not tournament_may_watch(stranger, key, None)
    assert not tournament_may_watch(stranger, key, "not-the-invite")
    client.post(f"/tournaments/{tournament.pk}/register/", {"invite": tournament.invite_token})
    assert Entry.objects.filter(user=stranger).exists()
    assert tournament_may_watch(stranger, key, None)


def test_a_non_organiser_posting_an_organiser_act_changes_nothing():
    boss = organiser()
    tournament = tournament_made(boss)
    (stranger,) = people(1, prefix="stranger")
    response = signed_in(stranger).post(
        f"/tournaments/{tournament.pk}/cancel/", {"reason": "mine"}, follow=True
    )
    assert "Only the tournament&#x27;s organiser can do that." in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == "scheduled"


def test_the_live_part_shows_rounds_tables_and_watch_links_in_each_language():
    boss = organiser()
    tournament = tournament_made(boss, per_table=3, qualifiers=1)
    entered(tournament, people(6))
    services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    pushed = tournament_render(str(tournament.pk), ["en", "hi", "ur"])
    assert set(pushed) == {"en", "hi", "ur"}
    assert 'id="tournament-live"' in pushed["en"]
    for round_table in current_tables(tournament):
        assert f"/tables/{round_table.table_id}/" in pushed["en"]
    assert pushed["hi"] != pushed["en"]


def test_a_seated_player_is_taken_to_their_table_once_per_round():
    boss = organiser()
    tournament = tournament_made(boss, per_table=3, qualifiers=1)
    players = people(3)
    entered(tournament, players)
    services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    (round_table,) = current_tables(tournament)
    client = signed_in(players[0])
    by_hand = client.get(f"/tournaments/{tournament.pk}/you/")
    assert "HX-Redirect" not in by_hand
    assert f"/tables/{round_table.table_id}/" in by_hand.content.decode()
    first = client.get(f"/tournaments/{tournament.pk}/you/", HTTP_HX_REQUEST="true")
    assert first["HX-Redirect"] == f"/tables/{round_table.table_id}/"
    again = client.get(f"/tournaments/{tournament.pk}/you/", HTTP_HX_REQUEST="true")
    assert "HX-Redirect" not in again
    assert f"/tables/{round_table.table_id}/" in again.content.decode()
    # A spectator is taken nowhere.
    (spectator,) = people(1, prefix="spectator")
    watching = signed_in(spectator).get(f"/tournaments/{tournament.pk}/you/")
    assert "HX-Redirect" not in watching and watching.content == b""


def test_the_form_reads_the_start_in_the_chosen_zone_and_makes_a_members_tournament_private():
    (member,) = people(1, prefix="member")
    start = (timezone.now() + timedelta(days=2)).astimezone(
        __import__("zoneinfo").ZoneInfo("Asia/Kolkata")
    )
    response = signed_in(member).post(
        "/tournaments/new/",
        form_filled(
            name="Sunday Deals",
            format="deals",
            starts_at=start.strftime("%Y-%m-%dT%H:%M"),
            time_zone="Asia/Kolkata",
        ),
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.private
    assert abs((tournament.starts_at - start).total_seconds()) < 60


def test_the_form_suggests_a_start_in_the_readers_zone_a_whole_hour_away():
    """Issue 19, point 1 (the start shown in the reader's own zone): a new form is filled with
    the first whole hour at least half an hour away, in Asia/Kolkata unless the reader chose
    another zone, and that start is one the form accepts."""
    from tournaments.web.forms import start_suggested

    now = datetime(2026, 12, 2, 1, 10, tzinfo=UTC)  # 06:40 in Kolkata, 06:10 in Karachi
    assert start_suggested("Asia/Kolkata", now) == "2026-12-02T08:00"
    assert start_suggested("Asia/Karachi", now) == "2026-12-02T07:00"
    (member,) = people(1, prefix="member")
    page = signed_in(member).get("/tournaments/new/").content.decode()
    suggested = start_suggested("Asia/Kolkata", timezone.now())
    assert f'value="{suggested}"' in page


def test_the_form_refuses_a_table_of_seven():
    (member,) = people(1, prefix="member")
    response = signed_in(member).post(
        "/tournaments/new/",
        {
            "name": "Too big",
            "format": "pool101",
            "starts_at": (timezone.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
            "time_zone": "UTC",
            "registration_closes_minutes": 10,
            "check_in_minutes": 5,
            "min_entrants": 2,
            "max_entrants": 50,
            "per_table": 7,
            "qualifiers": 2,
            "turn_seconds": 30,
            "seating": "random",
        },
    )
    assert response.status_code == 200
    assert "Choose a number from 2 to 6." in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_winner_has_a_title_on_their_public_page_and_everyone_their_place():
    boss = organiser()
    tournament = tournament_made(boss, name="Holi Cup", per_table=3, qualifiers=1)
    entered(tournament, people(3))
    services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    finish_every_table(tournament)
    tournament.refresh_from_db()
    winner = tournament.winner
    assert winner is not None
    page = Client().get(f"/players/{winner.get_username()}/").content.decode()
    assert "Winner of Holi Cup" in page
    loser = Entry.objects.exclude(user=winner).first().user
    page = Client().get(f"/players/{loser.get_username()}/").content.decode()
    assert "Winner of Holi Cup" not in page and "Holi Cup" in page


def test_the_organiser_sees_the_controls_and_the_page_shows_the_start_in_the_readers_zone():
    boss = organiser()
    tournament = tournament_made(boss, per_table=3, qualifiers=1, private=True)
    entered(tournament, people(3))
    Profile.objects.create(user=boss, time_zone="Asia/Karachi")
    client = signed_in(boss)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Start now" in page and "PKT" in page
    assert f"?invite={tournament.invite_token}" in page
    client.post(f"/tournaments/{tournament.pk}/start-now/", {"reason": "everyone is here"})
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Pause between rounds" in page and 'class="round-table"' in page
    # The actual start beside the scheduled one, in the member's zone too.
    assert 'class="tournament-started"' in page


def test_an_organiser_who_plays_is_taken_to_their_table_by_start_now_itself():
    """Issue 19, point 6 (each player taken to their table when a round starts): the answer to
    the organiser's Start now goes to their table when they play, to the page when not."""
    playing_boss = organiser()
    tournament = tournament_made(playing_boss, per_table=4, qualifiers=1, private=True)
    entered(tournament, [playing_boss, *people(2)])
    answer = signed_in(playing_boss).post(
        f"/tournaments/{tournament.pk}/start-now/", {"reason": "everyone is here"}
    )
    table = Entry.objects.get(tournament=tournament, user=playing_boss).round_seats.get().table
    assert answer["Location"] == f"/tables/{table.table_id}/"

    (watching_boss,) = people(1, prefix="watcher")
    other = tournament_made(watching_boss, per_table=4, qualifiers=1, private=True)
    entered(other, people(3, prefix="other"))
    answer = signed_in(watching_boss).post(
        f"/tournaments/{other.pk}/start-now/", {"reason": "everyone is here"}
    )
    assert answer["Location"] == f"/tournaments/{other.pk}/"
