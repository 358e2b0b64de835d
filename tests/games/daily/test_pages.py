"""Issue 21, the daily pages: play through an ordinary table, the board with your own place,
past days, the streak on the profile, no spoilers before the day's end, and bad requests
refused with a translated message and nothing changed."""

from datetime import timedelta

import pytest
from django.utils import translation

from games.daily import services
from games.daily.days import day_end, day_of
from games.daily.models import Attempt
from games.tables.models import Table
from tests.games.daily.daily_support import begin, play_out
from tests.games.table_support import members, signed_in

pytestmark = pytest.mark.django_db


def test_a_member_plays_the_days_deal_from_its_page_and_comes_back_to_the_same_table():
    (asha,) = members(1)
    client = signed_in(asha)
    page = client.get("/daily/rummy/").content.decode()
    deal = services.daily_deal_current(game="rummy", day=day_of())
    assert deal.seed_commitment in page and deal.seed not in page
    first = client.post("/daily/rummy/play/", {"deal": deal.pk})
    attempt = Attempt.objects.get(member=asha)
    assert first.url == f"/tables/{attempt.table_id}/"
    again = client.post("/daily/rummy/play/", {"deal": deal.pk})
    assert again.url == first.url and Table.objects.count() == 1


def test_a_second_attempt_from_the_page_is_refused_in_the_readers_language():
    (asha,) = members(1)
    play_out(begin(asha, "unders"))
    client = signed_in(asha)
    response = client.post("/daily/unders/play/", follow=True)
    assert "one attempt a day" in response.content.decode()
    client.post("/i18n/setlang/", {"language": "hi"})
    hindi = client.post("/daily/unders/play/", follow=True, HTTP_ACCEPT_LANGUAGE="hi")
    with translation.override("hi"):
        from games.words.daily import daily_refusal_text

        assert daily_refusal_text("already_played") in hindi.content.decode()
    assert Table.objects.count() == 1


def test_a_forged_deal_id_or_day_is_refused_and_changes_nothing():
    (asha,) = members(1)
    client = signed_in(asha)
    forged = client.post("/daily/rummy/play/", {"deal": "424242"}, follow=True)
    assert "There is no such daily deal today" in forged.content.decode()
    assert not Table.objects.exists()
    assert client.get("/daily/rummy/not-a-day/", follow=True).status_code == 200
    assert (
        "There is no such day."
        in client.get("/daily/rummy/2026-13-45/", follow=True).content.decode()
    )
    future = (day_of() + timedelta(days=3)).isoformat()
    assert (
        "That day has not come yet."
        in client.get(f"/daily/rummy/{future}/", follow=True).content.decode()
    )
    assert client.get("/daily/chess/").status_code == 404


def test_the_board_shows_scores_and_your_own_place_but_no_hands_or_replays_before_the_days_end():
    asha, bilal = members(2)
    for person in (asha, bilal):
        play_out(begin(person, "courtpiece"))
    # The same deal played the same way scores the same; equal scores are placed by the
    # quicker attempt, and a test's wall time is not ours to choose: Asha was the quicker.
    Attempt.objects.filter(member=asha).update(seconds=0)
    page = signed_in(bilal).get("/daily/courtpiece/").content.decode()
    assert "2 attempts finished." in page and "Your place: 2." in page
    assert "to your side" in page and "Replay" not in page
    table = Attempt.objects.get(member=asha).table
    # Not even the player may open the replay or the seed of a daily deal before its day ends.
    replay = signed_in(asha).get(f"/tables/{table.pk}/replay/", follow=True)
    assert "replay opens when its day is over" in replay.content.decode()
    result = signed_in(asha).get(f"/tables/{table.pk}/").content.decode()
    assert 'class="open-hands"' not in result and "Watch the replay" not in result
    verify = signed_in(asha).get(f"/tables/{table.pk}/verify/").content.decode()
    assert table.server_seed not in verify and "when its day is" in verify


def test_after_the_day_the_past_board_opens_replays_seeds_and_verification(monkeypatch):
    asha, bilal = members(2)
    attempt = begin(asha, "rummy")
    play_out(attempt)
    assert signed_in(bilal).get(f"/tables/{attempt.table_id}/replay/").status_code == 404
    later = day_end(attempt.day) + timedelta(hours=1)
    monkeypatch.setattr("django.utils.timezone.now", lambda: later)
    # Another member, who never sat there, may now watch it and check its deal.
    client = signed_in(bilal)
    page = client.get(f"/daily/rummy/{attempt.day.isoformat()}/").content.decode()
    assert attempt.deal.seed in page and f"/tables/{attempt.table_id}/replay/" in page
    assert client.get(f"/tables/{attempt.table_id}/replay/").status_code == 200
    verify = client.get(f"/tables/{attempt.table_id}/verify/").content.decode()
    assert "Verified" in verify
    today = client.get("/daily/rummy/").content.decode()
    assert attempt.day.isoformat() in today  # among the past days


def test_the_streak_of_days_played_is_on_the_profile(monkeypatch):
    """Days whose deal was played to its end (issue 30: an attempt only begun counts not)."""
    (asha,) = members(1)
    first = begin(asha, "pitch")
    play_out(first)
    next_day = day_end(first.day) + timedelta(hours=2)
    monkeypatch.setattr("django.utils.timezone.now", lambda: next_day)
    play_out(begin(asha, "pitch"))
    page = signed_in(asha).get("/accounts/profile/").content.decode()
    assert "Your daily streak: 2 days in a row." in page
