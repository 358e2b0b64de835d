"""Issue 21, generation: the beat job stores each game's deal of today and tomorrow, with a seed
from the operating system's secure source; run twice, late, after a gap or racing itself, it
leaves exactly one current deal per game per day and fills the days it missed."""

import threading
from datetime import date, timedelta

import pytest
from django.db import connection

from games.daily import services
from games.daily.days import day_of
from games.daily.models import DailyDeal
from games.daily.plans import PLANS
from games.tables.seeds import GENERATOR_VERSION, commitment_of
from tests.games.daily.daily_support import NOON_IN_INDIA

GAMES = sorted(PLANS)
TODAY = date(2026, 12, 1)


def days_by_game():
    found: dict[str, list[date]] = {game: [] for game in GAMES}
    for game, day in DailyDeal.objects.order_by("day").values_list("game", "day"):
        found[game].append(day)
    return found


@pytest.mark.django_db
def test_the_job_stores_todays_and_tomorrows_deal_of_every_game():
    made = services.daily_deals_generate(now=NOON_IN_INDIA)
    assert len(made) == 8
    assert days_by_game() == {game: [TODAY, TODAY + timedelta(1)] for game in GAMES}
    for deal in made:
        assert len(deal.seed) == 64 and deal.seed_commitment == commitment_of(deal.seed)
        assert deal.generator_version == GENERATOR_VERSION
        assert deal.variant == PLANS[deal.game].variant
        assert deal.bot_levels[0] == "" and set(deal.bot_levels[1:]) == {"medium"}
    assert len({deal.seed for deal in made}) == 8


@pytest.mark.django_db
def test_the_day_turns_at_midnight_in_india_not_in_utc():
    assert day_of(NOON_IN_INDIA.replace(hour=18, minute=29)) == TODAY
    assert day_of(NOON_IN_INDIA.replace(hour=18, minute=30)) == TODAY + timedelta(1)


@pytest.mark.django_db
def test_running_twice_or_late_leaves_one_deal_per_game_per_day():
    first = services.daily_deals_generate(now=NOON_IN_INDIA)
    assert services.daily_deals_generate(now=NOON_IN_INDIA) == []
    assert services.daily_deals_generate(now=NOON_IN_INDIA + timedelta(hours=6)) == []
    assert DailyDeal.objects.count() == len(first) == 8


@pytest.mark.django_db
def test_after_a_worker_was_down_the_job_catches_up_the_missing_days():
    services.daily_deals_generate(now=NOON_IN_INDIA)
    made = services.daily_deals_generate(now=NOON_IN_INDIA + timedelta(days=3))
    # Tomorrow was there; the two days missed, the day itself and its next are made.
    assert sorted({deal.day for deal in made}) == [TODAY + timedelta(n) for n in (2, 3, 4)]
    assert days_by_game() == {game: [TODAY + timedelta(n) for n in range(5)] for game in GAMES}


@pytest.mark.django_db
def test_a_page_asking_before_the_job_ran_gets_the_days_deal_made_once():
    deal = services.daily_deal_current(game="pitch", day=TODAY)
    assert services.daily_deal_current(game="pitch", day=TODAY) == deal
    services.daily_deals_generate(now=NOON_IN_INDIA)
    assert DailyDeal.objects.filter(game="pitch", day=TODAY).count() == 1


@pytest.mark.scaleout
@pytest.mark.django_db(transaction=True)
def test_jobs_racing_on_their_own_postgresql_connections_make_each_deal_once():
    runners = 4
    barrier = threading.Barrier(runners)
    made, errors = [], []

    def run():
        try:
            barrier.wait()
            made.append(len(services.daily_deals_generate(now=NOON_IN_INDIA)))
        except Exception as error:  # the assertion below reports it
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(runners)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sum(made) == 8
    assert days_by_game() == {game: [TODAY, TODAY + timedelta(1)] for game in GAMES}


def test_beat_runs_the_job_at_midnight_in_india_and_on_every_hour_after_a_miss():
    from django.conf import settings

    entry = settings.CELERY_BEAT_SCHEDULE["daily-deals"]
    assert entry["task"] == "games.tasks.daily_deals_make"
    schedule = entry["schedule"]
    # Midnight in Asia/Kolkata is 18:30 UTC, the site's (and Celery's) time zone.
    assert schedule.minute == {30} and 18 in schedule.hour and len(schedule.hour) == 24


@pytest.mark.django_db
def test_the_celery_task_makes_the_days_deals():
    from games.tasks import daily_deals_make

    daily_deals_make()
    assert DailyDeal.objects.filter(day=day_of()).count() == len(GAMES)
