"""A tournament's transitions racing on their own PostgreSQL connections (issue 19, "Nothing
lost"): the start's job and the sweep, two round checks after the last table ends. The first
holds the tournament's row lock until the second is seen waiting for it; the second must then
find the row moved on and do nothing."""

import pytest

from games.tables.models import Table
from tests.games.tables.test_races import race
from tests.tournaments import support
from tournaments import services
from tournaments.models import Round

pytestmark = [
    pytest.mark.scaleout,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]


def test_the_start_job_and_the_sweep_racing_start_it_once():
    tournament = support.tournament_made(support.organiser(), per_table=3, qualifiers=1)
    support.entered(tournament, support.people(7))

    def start():
        return services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)

    outcome = race(start, start)
    assert outcome == {"first": True, "second": False}
    assert Round.objects.filter(tournament=tournament).count() == 1
    assert Table.objects.count() == 3


def test_two_round_checks_racing_after_the_last_table_seat_the_next_round_once():
    tournament = support.tournament_made(support.organiser(), per_table=3, qualifiers=1)
    support.entered(tournament, support.people(6))
    services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    for round_table in support.current_tables(tournament):
        support.table_played_out(round_table.table_id, seed=round_table.table_id)

    def check():
        return services.tournament_round_check(tournament_id=tournament.pk)

    outcome = race(check, check)
    assert outcome["first"] is True
    rounds = Round.objects.filter(tournament=tournament)
    assert rounds.count() == 2
    # Unless a tie-break deal is still to play, the final is one table of the two qualifiers.
    final = rounds.get(number=2)
    assert final.final and final.tables.count() == 1


def test_two_workers_making_a_series_week_ahead_make_each_date_once():
    """Issue 31, point 2 ("jobs are idempotent"): the beat job on two workers at once."""
    from datetime import date, datetime, time, timedelta
    from zoneinfo import ZoneInfo

    from tournaments.models import Tournament

    now = datetime(2027, 3, 17, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
    series = services.series_create(
        organiser=support.organiser(),
        name="Weekend Deals",
        format="deals",
        weekdays=[5, 6],
        time_of_day=time(20, 0),
        time_zone="Asia/Kolkata",
        first_date=date(2027, 3, 18),
        now=now,
    )

    def ahead():
        return services.series_ahead(now=now + timedelta(days=7))

    outcome = race(ahead, ahead)
    assert outcome == {"first": 2, "second": 0}
    assert Tournament.objects.filter(series=series).count() == 4
