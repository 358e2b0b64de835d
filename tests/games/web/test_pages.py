import pytest
from django.urls import reverse

from games.catalogue import CATALOGUE, CATALOGUE_BY_SLUG, GameInfo

pytestmark = pytest.mark.django_db

LANGUAGES = {"en": "ltr", "hi": "ltr", "ur": "rtl"}
VISITOR_PAGES = [
    "/",
    *(f"/games/{game.slug}/rules/" for game in CATALOGUE),
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password/reset/",
    "/accounts/password/reset/done/",
]
MEMBER_PAGES = ["/accounts/profile/", "/accounts/logout/", "/accounts/password/change/"]


def renders_in(client, page: str, language: str) -> None:
    """The page, asked for in ``language``, answers with its lang and its direction."""
    client.cookies["django_language"] = language
    response = client.get(page)
    assert response.status_code == 200
    assert f'<html lang="{language}" dir="{LANGUAGES[language]}">' in response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", VISITOR_PAGES)
def test_every_visitor_page_renders_in_each_language(client, page, language):
    renders_in(client, page, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", MEMBER_PAGES)
def test_every_member_page_renders_in_each_language(member_client, page, language):
    renders_in(member_client, page, language)


def test_home_presents_the_four_games_with_links_to_their_rules(client):
    page = client.get("/").content.decode()
    for game in CATALOGUE:
        assert str(game.name) in page
        assert str(game.tagline) in page
        assert f'href="/games/{game.slug}/rules/"' in page


def test_unknown_game_has_no_rules_page(client):
    assert client.get("/games/poker/rules/").status_code == 404


@pytest.fixture
def solitaire(settings, tmp_path, monkeypatch):
    """A game whose rules exist in English and Hindi only."""
    rules_dir = tmp_path / "games" / "rules"
    rules_dir.mkdir(parents=True)
    (rules_dir / "solitaire.en.html").write_text("<p>Deal seven piles.</p>")
    (rules_dir / "solitaire.hi.html").write_text("<p>सात ढेर बाँटें।</p>")
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], tmp_path]}
    ]
    game = GameInfo(slug="solitaire", name="Solitaire", tagline="Alone.", players="1 player")
    monkeypatch.setitem(CATALOGUE_BY_SLUG, "solitaire", game)
    return reverse("game_rules", args=["solitaire"])


def test_rules_page_shows_the_rules_in_the_readers_language(client, solitaire):
    client.cookies["django_language"] = "hi"
    page = client.get(solitaire).content.decode()
    assert '<div class="rules-body" lang="hi" dir="ltr">' in page
    assert "सात ढेर बाँटें।" in page


def test_rules_page_falls_back_to_english_marked_as_such(client, solitaire):
    client.cookies["django_language"] = "ur"
    page = client.get(solitaire).content.decode()
    assert '<html lang="ur" dir="rtl">' in page
    assert '<div class="rules-body" lang="en" dir="ltr">' in page
    assert "Deal seven piles." in page
