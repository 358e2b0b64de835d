"""Seasons (issue 32, point 6): each game's board of a calendar month, in India's time, ranked by
the rating won in the month; its first three given a title once it is over, shown on their
profile; past months kept browsable; bad months refused in the reader's language."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation

from accounts.bots.models import BotAccount
from accounts.profiles.models import Profile
from accounts.ratings.models import MonthTitle
from accounts.ratings.months import (
    month_before,
    month_of,
    month_read,
    month_start,
    month_written,
    months_from,
)
from accounts.ratings.seasons import (
    MONTH_MIN_MATCHES,
    month_board,
    month_titles_award,
    month_titles_catch_up,
    title_words,
    titles_of,
)
from tests.accounts.ratings.season_support import month_played
from tests.accounts.ratings.support import members_new
from tests.games.table_support import signed_in
from tests.locale.test_pages_are_translated import latin_words

pytestmark = pytest.mark.django_db

NOVEMBER = date(2026, 11, 1)
# 18:30 UTC is midnight in India (UTC+05:30): the last moment of November there, and the first
# of December.
NOVEMBER_LAST = datetime(2026, 11, 30, 18, 29, 59, tzinfo=UTC)
DECEMBER_FIRST = datetime(2026, 11, 30, 18, 30, tzinfo=UTC)
MID_NOVEMBER = datetime(2026, 11, 15, 12, 0, tzinfo=UTC)


def five(won: float) -> list[float]:
    return [won / MONTH_MIN_MATCHES] * MONTH_MIN_MATCHES


def test_the_month_ranks_by_rating_won_then_more_matches_then_the_earlier_last_match():
    """Issue 32, point 6: the month's rule, as its page says it."""
    more, earlier, later, loser, few = members_new(5)
    month_played(more, "rummy", [*five(50.0), 0.0], at=MID_NOVEMBER)
    month_played(earlier, "rummy", five(50.0), at=MID_NOVEMBER - timedelta(hours=1))
    month_played(later, "rummy", five(50.0), at=MID_NOVEMBER)
    month_played(loser, "rummy", five(-20.0), at=MID_NOVEMBER)
    # Most won of all, but too few matches to be on the board.
    month_played(few, "rummy", [100.0] * (MONTH_MIN_MATCHES - 1), at=MID_NOVEMBER)
    # Another game's month, and another month, count for nothing here.
    month_played(few, "pitch", five(500.0), at=MID_NOVEMBER)
    month_played(few, "rummy", five(500.0), at=DECEMBER_FIRST)

    board = month_board(game="rummy", month=NOVEMBER)

    assert [(row.place, row.username, row.won) for row in board] == [
        (1, more.username, 50),
        (2, earlier.username, 50),
        (3, later.username, 50),
        (4, loser.username, -20),
    ]
    assert board[0].matches == MONTH_MIN_MATCHES + 1


def test_a_member_s_bot_account_is_on_no_month_s_board():
    """Issue 32, point 6: members only, never bots."""
    owner, bot = members_new(2)
    BotAccount.objects.create(user=bot, owner=owner)
    month_played(owner, "rummy", five(10.0), at=MID_NOVEMBER)
    month_played(bot, "rummy", five(90.0), at=MID_NOVEMBER)
    assert [row.username for row in month_board(game="rummy", month=NOVEMBER)] == [owner.username]


def test_the_month_turns_at_midnight_in_india():
    """Issue 32, point 6: the month's zone is India's, as the daily deal's day."""
    late, early = members_new(2)
    month_played(late, "rummy", five(10.0), at=NOVEMBER_LAST)
    month_played(early, "rummy", five(10.0), at=DECEMBER_FIRST)
    assert [row.username for row in month_board(game="rummy", month=NOVEMBER)] == [late.username]
    december = month_board(game="rummy", month=date(2026, 12, 1))
    assert [row.username for row in december] == [early.username]
    assert month_of(NOVEMBER_LAST) == NOVEMBER
    assert month_of(DECEMBER_FIRST) == date(2026, 12, 1)


def test_the_board_is_one_query_however_many_matches(django_assert_num_queries):
    """Issue 32, point 6: reads do not grow with the number of matches."""
    players = members_new(6)
    for number, player in enumerate(players):
        month_played(player, "rummy", five(float(number)) * (number + 1), at=MID_NOVEMBER)
    # The members' month totals with their names (accounts.ratings.models.MonthTotal).
    with django_assert_num_queries(1):
        board = month_board(game="rummy", month=NOVEMBER)
    assert len(board) == len(players)


def test_months_are_read_and_written_as_year_and_month():
    assert month_read("2026-11") == NOVEMBER
    assert month_written(NOVEMBER) == "2026-11"
    assert [month_read(bad) for bad in ("2026-13", "2026-00", "26-11", "2026-1", "x", "")] == [
        None
    ] * 6
    assert months_from(date(2025, 11, 1), date(2026, 2, 1)) == [
        date(2026, 2, 1),
        date(2026, 1, 1),
        date(2025, 12, 1),
        date(2025, 11, 1),
    ]


def test_the_first_three_get_their_titles_once_the_month_is_over_and_only_once():
    """Issue 32, point 6: titles after the month ends (and its five minutes' grace), once."""
    players = members_new(4)
    for number, player in enumerate(players):
        month_played(player, "pitch", five(40.0 - 10 * number), at=MID_NOVEMBER)
    december_first = DECEMBER_FIRST

    month_titles_award(month=NOVEMBER, now=december_first + timedelta(minutes=4))
    assert not MonthTitle.objects.exists()

    month_titles_award(month=NOVEMBER, now=december_first + timedelta(minutes=5))
    month_titles_award(month=NOVEMBER, now=december_first + timedelta(hours=1))
    month_titles_catch_up(now=december_first + timedelta(days=3))
    given = MonthTitle.objects.order_by("place").values_list("user", "game", "month", "place")
    assert list(given) == [(players[n].pk, "pitch", NOVEMBER, n + 1) for n in range(3)]
    assert titles_of(user=players[3]) == []


def test_the_beat_job_gives_titles_of_the_months_it_missed():
    """Issue 32, point 6: a worker down when a month ended makes it up on its next run."""
    champion, *_others = members_new(3)
    month_played(champion, "rummy", five(30.0), at=MID_NOVEMBER)
    month_titles_catch_up(now=datetime(2027, 1, 2, tzinfo=UTC))
    assert list(MonthTitle.objects.values_list("user", "place")) == [(champion.pk, 1)]


def test_beat_runs_the_titles_job_every_hour_after_india_s_midnight():
    entry = settings.CELERY_BEAT_SCHEDULE["month-titles"]
    assert entry["task"] == "accounts.tasks.month_titles_give"
    # The month ends at 18:30 UTC; the job at 35 past every hour, 18:35 among them.
    assert entry["schedule"].minute == {35} and len(entry["schedule"].hour) == 24


def test_the_celery_task_gives_the_titles_of_last_month():
    from accounts.tasks import month_titles_give

    champion = members_new(1)[0]
    last_month = month_before(month_of())
    month_played(champion, "rummy", five(30.0), at=month_start(last_month) + timedelta(days=10))
    month_titles_give()
    assert MonthTitle.objects.filter(user=champion, place=1).exists()


LANGUAGES = {"en": "ltr", "hi": "ltr", "ur": "rtl"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_profile_and_player_page_show_the_titles_in_the_reader_s_language(language):
    """Issue 32, point 6: the month's top three have a title on their profile."""
    champion, second = members_new(2)
    month_played(champion, "pitch", five(40.0), at=MID_NOVEMBER)
    month_played(second, "pitch", five(20.0), at=MID_NOVEMBER)
    month_titles_award(month=NOVEMBER, now=DECEMBER_FIRST + timedelta(hours=1))
    client = signed_in(champion)
    client.cookies["django_language"] = language
    with translation.override(language):
        words = title_words(game="pitch", month=NOVEMBER, place=1)
    if language == "en":
        assert words == "Pitch champion, November 2026"
    else:
        assert latin_words(words) == set() and "2026" in words
    profile = client.get(reverse("profile")).content.decode()
    assert words in profile
    player = client.get(reverse("player", args=[second.username]))
    titles = player.context["month_titles"]
    assert [(title.game, title.month, title.place) for title in titles] == [("pitch", NOVEMBER, 2)]
    html = player.content.decode()
    assert "/ratings/pitch/month/2026-11/" in html
    assert f'<html lang="{language}" dir="{LANGUAGES[language]}">' in html
    assert language == "en" or latin_words(html) == set()


@pytest.mark.parametrize("language", LANGUAGES)
def test_this_month_s_board_says_its_rule_its_zone_and_the_member_s_own_month(language):
    """Issue 32, point 6: the "this month" view, in every language, with the rule said."""
    now = timezone.now()
    players = members_new(3)
    Profile.objects.create(user=players[0], display_name="ज़ोया रानी")
    month_played(players[0], "rummy", five(25.0), at=now)
    month_played(players[1], "rummy", five(-5.0), at=now)
    month_played(players[2], "rummy", [3.0, 4.0], at=now)
    client = signed_in(players[2])
    client.cookies["django_language"] = language
    response = client.get(reverse("leaderboard_month", args=["rummy"]))
    assert response.status_code == 200
    assert [(row.username, row.won) for row in response.context["board"]] == [
        (players[0].username, 25),
        (players[1].username, -5),
    ]
    own = response.context["own"]
    assert (own.won, own.matches, own.matches_missing) == (7, 2, MONTH_MIN_MATCHES - 2)
    html = response.content.decode()
    assert f'<html lang="{language}" dir="{LANGUAGES[language]}">' in html
    assert "ज़ोया रानी" in html and f'value="{month_written(month_of())}" selected' in html
    if language == "en":
        assert "at least 5 ranked matches of this game in the month" in html
        assert "midnight in India" in html and "This month you won 7 rating points" in html
    else:
        assert latin_words(html) == set()


def test_past_months_are_kept_browsable_from_the_picker():
    """Issue 32, point 6: last months browsable: /ratings/<game>/month/2026-11/ and the
    picker's ?month=, sent on to it."""
    player = members_new(1)[0]
    month_played(player, "rummy", five(15.0), at=MID_NOVEMBER - timedelta(days=40))
    month_played(player, "rummy", five(25.0), at=MID_NOVEMBER)
    client = signed_in(player)
    picked = client.get(reverse("leaderboard_month", args=["rummy"]), {"month": "2026-11"})
    assert picked.status_code == 302
    assert picked["Location"] == "/ratings/rummy/month/2026-11/"
    page = client.get(picked["Location"])
    assert page.status_code == 200
    assert [(row.username, row.won) for row in page.context["board"]] == [(player.username, 25)]
    assert page.context["earlier"] == date(2026, 10, 1)
    options = [option for option, _label in page.context["months"]]
    assert options[-1] == date(2026, 10, 1) and options[0] == month_of()
    october = client.get("/ratings/rummy/month/2026-10/").context["board"]
    assert [row.won for row in october] == [15]


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/ratings/rummy/month/2026-13/", "That is not a month"),
        ("/ratings/rummy/month/november/", "That is not a month"),
        ("/ratings/rummy/month/?month=2026-1x", "That is not a month"),
        ("/ratings/rummy/month/2099-01/", "There is no board for that month"),
        ("/ratings/rummy/month/2001-01/", "There is no board for that month"),
    ],
)
def test_a_month_that_is_not_one_or_has_no_board_is_refused_in_the_reader_s_language(path, said):
    """Issue 32, point 6: an invalid month is a 404 that says why, in the reader's language."""
    player = members_new(1)[0]
    month_played(player, "rummy", five(15.0), at=MID_NOVEMBER)
    client = signed_in(player)
    response = client.get(path)
    assert response.status_code == 404
    assert said in response.content.decode()
    client.cookies["django_language"] = "ur"
    html = client.get(path).content.decode()
    assert 'dir="rtl"' in html and latin_words(html) == set()


def test_an_unknown_game_has_no_month_board(client):
    assert client.get("/ratings/chess/month/").status_code == 404
