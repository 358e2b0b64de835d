"""A weekly series' table (issue 31, point 6): points per place in each occurrence
(10-7-5-3-2-1, and 1 for any other place: ``tournaments.series_table``), the standings for the
series and for a month, the rule in words on the page, the leader's title on their profile."""

from datetime import date, time, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.games.table_support import signed_in
from tests.tournaments.support import (
    entered,
    finish_every_table,
    organiser,
    people,
    started,
    tournament_made,
)
from tournaments import services
from tournaments.models import Entry, EntryStatus, Tournament, TournamentStatus
from tournaments.series_table import POINTS_BY_PLACE, series_standings, series_titles_of

pytestmark = pytest.mark.django_db


def weekly(boss, *, first_in_days: int = 60, **settings):
    """A Saturday series; its first date far enough ahead that none is made yet, unless asked."""
    return services.series_create(
        organiser=boss,
        name=settings.pop("name", "Saturday Pool"),
        weekdays=settings.pop("weekdays", [5]),
        time_of_day=time(20, 0),
        time_zone="Asia/Kolkata",
        first_date=timezone.localdate() + timedelta(days=first_in_days),
        **settings,
    )


def occurrence(series, day: date, places: dict, status=TournamentStatus.FINISHED):
    """An occurrence of ``series`` on ``day`` that ended with these places (member: place;
    None: entered, but withdrew or was removed, so never placed)."""
    tournament = tournament_made(series.organiser, name=f"{series.name} {day}")
    entered(tournament, list(places))
    Tournament.objects.filter(pk=tournament.pk).update(series=series, occurrence=day, status=status)
    for member, place in places.items():
        Entry.objects.filter(tournament=tournament, user=member).update(
            place=place, status=EntryStatus.OUT if place else EntryStatus.WITHDRAWN
        )
    return tournament


def test_points_per_place_summed_over_the_series_and_over_one_month():
    boss = organiser()
    series = weekly(boss)
    asha, bilal, chanda, dev, esha = people(5)
    occurrence(series, date(2026, 11, 28), {asha: 1, bilal: 2, chanda: 3, dev: 7, esha: None})
    occurrence(series, date(2026, 12, 5), {bilal: 1, asha: 2, chanda: 6})
    occurrence(series, date(2026, 12, 12), {chanda: 1, dev: 2}, status=TournamentStatus.CANCELLED)
    rows = series_standings(series)
    got = [(r.rank, r.username, r.points, r.wins, r.best, r.played) for r in rows]
    # Asha and Bilal: 10 + 7 each, one win each, best place 1: tied, they share the rank.
    assert got == [
        (1, "entrant0", 17, 1, 1, 2),
        (1, "entrant1", 17, 1, 1, 2),
        (3, "entrant2", 6, 0, 3, 2),
        (4, "entrant3", 1, 0, 7, 1),
    ]
    december = series_standings(series, date(2026, 12, 1))
    assert [(r.username, r.points) for r in december] == [
        ("entrant1", 10),
        ("entrant0", 7),
        ("entrant2", 1),
    ]
    assert series_standings(series, date(2027, 1, 1)) == []


def test_the_series_table_reads_as_many_queries_for_many_members_as_for_few():
    boss = organiser()
    counts = []
    for size in (3, 30):
        series = weekly(boss, name=f"Series {size}")
        members = people(size, prefix=f"s{size}-")
        occurrence(series, date(2026, 12, 5), {m: n + 1 for n, m in enumerate(members)})
        with CaptureQueriesContext(connection) as queries:
            assert len(series_standings(series)) == size
        counts.append(len(queries))
    assert counts[0] == counts[1] == 2


def test_a_played_occurrence_scores_its_real_places():
    """Through the real path: an occurrence made by the series, entered, played to its end."""
    boss = organiser()
    # Its first date two days ahead, whatever the day and hour: made at once, registration open.
    # (A Saturday rule made on a Saturday between 14:20 and 14:30 UTC made none: that evening's
    # registration had closed, and the next Saturday was past AHEAD.)
    first = timezone.localdate() + timedelta(days=2)
    series = weekly(
        boss,
        first_in_days=2,
        weekdays=[first.weekday()],
        per_table=3,
        qualifiers=1,
        check_in_minutes=0,
    )
    tournament = series.tournaments.order_by("starts_at").first()
    entered(tournament, people(6))
    started(tournament)
    finish_every_table(tournament)
    finish_every_table(tournament)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    rows = series_standings(series)
    assert rows[0].user_id == tournament.winner_id and rows[0].points == 10
    places = dict(Entry.objects.filter(tournament=tournament).values_list("user_id", "place"))
    assert {r.user_id: r.points for r in rows} == {
        member: POINTS_BY_PLACE.get(place, 1) for member, place in places.items()
    }
    assert sorted(places.values())[:2] == [1, 2]


def test_the_page_says_the_rule_and_shows_both_tables_in_hindi_and_refuses_a_bad_month():
    boss = organiser()
    series = weekly(boss)
    asha, bilal = people(2)
    occurrence(series, date(2026, 12, 5), {asha: 1, bilal: 2})
    page = signed_in(asha)
    english = page.get(f"/tournaments/series/{series.pk}/?month=2026-12").content.decode()
    assert "10 points for 1st place, 7 for 2nd, 5 for 3rd" in english
    assert "entrant0 leads the series with 10 points." in english
    assert "In December 2026" in english and english.count('class="lobby-tables series') == 2
    assert "?month=2026-11" in english and "?month=2027-01" in english
    hindi = page.get(f"/tournaments/series/{series.pk}/?month=12-2026", HTTP_ACCEPT_LANGUAGE="hi")
    text = hindi.content.decode()
    assert hindi.status_code == 200
    assert "10 points for 1st place" not in text and "That is not a month" not in text
    assert "2026-12" in text  # the example of the month's form, in the Hindi refusal
    assert "entrant0" in text


def test_the_leader_holds_the_title_on_their_profile_and_keeps_it_when_the_series_stops():
    boss = organiser()
    series = weekly(boss, name="Lahore Saturdays")
    asha, bilal, chanda = people(3)
    occurrence(series, date(2026, 12, 5), {asha: 1, bilal: 2, chanda: 3})
    occurrence(series, date(2026, 12, 12), {bilal: 1, asha: 2, chanda: 3})
    # Joint leaders share it; the third has none.
    assert [t.series.pk for t in series_titles_of(asha.pk)] == [series.pk]
    assert [t.series.pk for t in series_titles_of(bilal.pk)] == [series.pk]
    assert series_titles_of(chanda.pk) == []
    visitor = signed_in(chanda)
    profile = visitor.get(f"/players/{asha.username}/").content.decode()
    assert "Leads the series Lahore Saturdays" in profile and "17 points" in profile
    assert "Leads the series" not in visitor.get(f"/players/{chanda.username}/").content.decode()
    occurrence(series, date(2026, 12, 19), {bilal: 1, asha: 2})
    assert series_titles_of(asha.pk) == []
    services.series_stop(series_id=series.pk, actor=boss, reason="season over")
    profile = visitor.get(f"/players/{bilal.username}/").content.decode()
    assert "Won the series Lahore Saturdays" in profile and "27 points" in profile
