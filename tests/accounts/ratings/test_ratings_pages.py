"""Leaderboards (/ratings/<game>/) and members' rating pages (/players/<name>/, the profile)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.profiles.models import Profile
from accounts.ratings.models import Rating
from accounts.ratings.services import rating_counts_rebuild
from accounts.ratings.skill import rating_of
from tests.accounts.ratings.support import ffa_record, members_new
from tests.games.table_support import signed_in
from tests.locale.test_pages_are_translated import latin_words

pytestmark = pytest.mark.django_db

LANGUAGES = {"en": "ltr", "hi": "ltr", "ur": "rtl"}


def rated(users, game="rummy", *, mus) -> None:
    """Ratings loaded in bulk, as the benchmark does, then counted per point."""
    Rating.objects.bulk_create(
        Rating(user=user, game=game, mu=mu, sigma=2.0, ordinal=rating_of(mu, 2.0), matches_played=3)
        for user, mu in zip(users, mus, strict=True)
    )
    rating_counts_rebuild(game=game)


def test_leaderboard_lists_the_best_first_and_ties_share_a_place(client):
    players = members_new(4)
    Profile.objects.create(user=players[1], display_name="ज़ोया रानी")
    rated(players, mus=[20.0, 30.0, 25.0, 25.0])
    board = client.get(reverse("leaderboard", args=["rummy"])).context["board"]
    assert [(row.place, row.username) for row in board] == [
        (1, players[1].username),
        (2, players[2].username),
        (2, players[3].username),
        (4, players[0].username),
    ]
    assert board[0].name == "ज़ोया रानी"
    assert board[1].name == players[2].username
    assert (board[0].rating, board[0].matches) == (round(rating_of(30.0, 2.0)), 3)


def test_leaderboard_shows_the_top_100_and_a_members_own_place_below_it():
    players = members_new(102)
    rated(players, mus=[40.0 - n * 0.1 for n in range(102)])
    response = signed_in(players[-1]).get(reverse("leaderboard", args=["rummy"]))
    assert len(response.context["board"]) == 100
    own = response.context["own"]
    assert (own.place, own.rating) == (102, round(rating_of(29.9, 2.0)))
    assert f"Your place: 102, with a rating of {own.rating}." in response.content.decode()


def test_own_place_counts_only_better_ratings():
    players = members_new(3)
    rated(players, mus=[30.0, 30.0, 20.0])
    own = signed_in(players[1]).get(reverse("leaderboard", args=["rummy"])).context["own"]
    assert own.place == 1


def test_own_place_counts_better_ratings_on_the_same_rating_point():
    players = members_new(4)
    Rating.objects.bulk_create(
        Rating(user=user, game="rummy", mu=25.0, sigma=2.0, ordinal=ordinal, matches_played=1)
        for user, ordinal in zip(players, [1600.2, 1600.7, 1600.5, 1601.0], strict=True)
    )
    rating_counts_rebuild(game="rummy")
    places = [signed_in(player).get("/ratings/rummy/").context["own"].place for player in players]
    assert places == [4, 2, 3, 1]


def test_leaderboard_is_per_game(client):
    players = members_new(2)
    rated(players[:1], "pitch", mus=[25.0])
    assert [r.username for r in client.get("/ratings/pitch/").context["board"]] == [
        players[0].username
    ]
    assert client.get("/ratings/unders/").context["board"] == []


def test_a_member_without_a_rating_is_told_how_to_get_one(member_client):
    response = member_client.get(reverse("leaderboard", args=["courtpiece"]))
    assert response.context["own"] is None
    assert "finish a ranked match" in response.content.decode()


def test_a_visitor_is_asked_to_sign_in_for_their_place(client):
    response = client.get(reverse("leaderboard", args=["rummy"]))
    assert f'href="{reverse("account_login")}?next=/ratings/rummy/"' in response.content.decode()


def test_ratings_lead_to_the_first_games_leaderboard(client):
    response = client.get("/ratings/")
    assert response["Location"] == reverse("leaderboard", args=["rummy"])


@pytest.mark.parametrize("path", ["/ratings/chess/", "/players/nobody/"])
def test_unknown_game_or_member_is_not_found(client, path):
    assert client.get(path).status_code == 404


def test_profile_draws_the_rating_history_and_links_each_match_to_its_replay(member):
    others = members_new(3)
    for ref, order in enumerate([[member, *others], [*others, member], [others[0], member]]):
        ffa_record("rummy", 500 + ref, order)
    html = signed_in(member).get(reverse("profile")).content.decode()
    chart = re.search(r'<figure class="rating-chart">.*?</figure>', html, re.S).group(0)
    assert 'role="img"' in chart
    assert 'aria-labelledby="chart-rummy-title chart-rummy-desc"' in chart
    assert '<title id="chart-rummy-title">Rating history in Indian Rummy</title>' in chart
    assert "over the last 3 ranked matches" in chart
    points = re.search(r'<polyline class="line" points="([^"]+)"', chart).group(1).split()
    assert len(points) == 4  # the start and one point after each match
    assert all(re.fullmatch(r"\d+(\.\d+)?,\d+(\.\d+)?", point) for point in points)
    for ref in (500, 501, 502):
        assert f'href="{reverse("table_replay", args=[ref])}"' in html


def test_profile_without_ranked_matches_draws_no_chart(member_client):
    html = member_client.get(reverse("profile")).content.decode()
    assert "rating-chart" not in html.split("<main", 1)[1]
    assert "No ranked match yet" in html


def test_a_members_page_shows_their_ratings_to_anyone(client):
    players = members_new(2)
    ffa_record("unders", 1, players)
    response = client.get(reverse("player", args=[players[0].username]))
    assert response.status_code == 200
    [(standing, chart)] = response.context["rated_games"]
    assert (standing.game.slug, standing.place, standing.matches) == ("unders", 1, 1)
    assert chart.matches == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_rating_pages_speak_each_language(language):
    players = members_new(4)
    Profile.objects.create(user=players[0], display_name="अमन")
    ffa_record("rummy", 1, players)
    ffa_record("rummy", 2, players[::-1])
    client = signed_in(players[0])
    client.cookies["django_language"] = language
    for path in (
        "/ratings/rummy/",
        "/ratings/pitch/",
        f"/players/{players[1].username}/",
        "/accounts/profile/",
    ):
        response = client.get(path)
        html = response.content.decode()
        assert response.status_code == 200
        assert f'<html lang="{language}" dir="{LANGUAGES[language]}">' in html
        if language != "en":
            assert latin_words(html) == set(), path
    anonymous = Client()
    anonymous.cookies["django_language"] = language
    html = anonymous.get("/ratings/rummy/").content.decode()
    assert language == "en" or latin_words(html) == set()
