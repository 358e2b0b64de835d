"""A tournament's reminders (issue 31, point 4; tournaments/services/reminders.py): every
registered entrant is reached when check-in opens and a few minutes before the start, on the
site and by mail in their own language, once of each kind, however often or concurrently the
sweep runs."""

import threading
from datetime import timedelta

import pytest
from django.core import mail
from django.db import connection

from accounts.notices import reach as reach_module
from accounts.notices.models import Notice
from accounts.profiles.models import Profile
from tests.tournaments.support import entered, organiser, people, tournament_made
from tournaments.models import Entry, EntryStatus, Tournament, TournamentStatus
from tournaments.services.reminders import (
    CHECK_IN_OPEN,
    STARTING_SOON,
    tournament_reminders_send,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def jobs_run_at_once(monkeypatch):
    """Each job queued after the commit runs there and then, as a worker would."""
    monkeypatch.setattr(
        reach_module.reach_batch,
        "delay",
        lambda *args: reach_module.reach_now(
            member_ids=args[0], reason=args[1], moment=args[2], params=args[3], link=args[4]
        ),
    )


def kinds() -> list[tuple[int, str]]:
    return sorted(Notice.objects.values_list("member_id", "kind"))


@pytest.fixture
def sweep(django_capture_on_commit_callbacks):
    """The beat sweep's reminders at some minutes before the tournament's start, with the
    jobs it queued after its commit."""

    def run(tournament: Tournament, minutes: int) -> int:
        with django_capture_on_commit_callbacks(execute=True):
            return tournament_reminders_send(now=tournament.starts_at - timedelta(minutes=minutes))

    return run


def test_registered_entrants_are_reminded_when_check_in_opens_and_before_the_start(
    sweep,
):
    tournament = tournament_made(organiser(), check_in_minutes=30, max_entrants=3)
    asha, bilal, chand, waiting = people(4)
    Profile.objects.create(user=bilal, language="ur")
    entered(tournament, [asha, bilal, chand, waiting])
    Entry.objects.filter(user=chand).update(status=EntryStatus.WITHDRAWN)
    assert Entry.objects.get(user=waiting).status == EntryStatus.WAITING

    assert sweep(tournament, 31) == 0
    assert sweep(tournament, 30) == 2
    assert kinds() == [(asha.pk, CHECK_IN_OPEN), (bilal.pk, CHECK_IN_OPEN)]
    mailed = {message.to[0]: message.subject for message in mail.outbox}
    assert mailed[asha.email].startswith("Check-in for Weekend Pool is open")
    assert "Weekend Pool" in mailed[bilal.email] and "Check-in" not in mailed[bilal.email]
    # Later sweeps of the window hand on nobody already reached.
    assert sweep(tournament, 20) == 0

    assert sweep(tournament, 5) == 2
    assert sweep(tournament, 1) == 0
    assert kinds() == sorted(
        (member.pk, kind) for member in (asha, bilal) for kind in (CHECK_IN_OPEN, STARTING_SOON)
    )
    assert (
        Notice.objects.get(member=asha, kind=STARTING_SOON).link == f"/tournaments/{tournament.pk}/"
    )
    assert len(mail.outbox) == 4


def test_a_late_registrant_is_reminded_by_the_next_sweep_and_a_started_tournament_by_none(
    sweep,
):
    tournament = tournament_made(organiser(), check_in_minutes=30)
    early, late = people(2)
    entered(tournament, [early])
    sweep(tournament, 29)
    entered(tournament, [late])
    assert sweep(tournament, 28) == 1
    assert kinds() == sorted([(early.pk, CHECK_IN_OPEN), (late.pk, CHECK_IN_OPEN)])
    Tournament.objects.filter(pk=tournament.pk).update(status=TournamentStatus.RUNNING)
    assert sweep(tournament, 1) == 0


@pytest.mark.parametrize(
    ("check_in_minutes", "reasons"),
    [(0, [STARTING_SOON]), (3, [CHECK_IN_OPEN]), (10, [CHECK_IN_OPEN, STARTING_SOON])],
)
def test_which_reminders_a_tournament_has(check_in_minutes, reasons, sweep):
    """No check-in: the start's alone. A check-in opening within five minutes of the start
    says all the start's reminder would: its own alone."""
    tournament = tournament_made(organiser(), check_in_minutes=check_in_minutes)
    (asha,) = people(1)
    entered(tournament, [asha])
    for minutes in (10, 5, 3, 1):
        sweep(tournament, minutes)
    assert [kind for _member, kind in kinds()] == sorted(reasons)


@pytest.mark.scaleout
@pytest.mark.django_db(transaction=True)
def test_two_sweeps_racing_on_their_own_connections_remind_each_entrant_once():
    tournament = tournament_made(organiser(), check_in_minutes=30)
    entrants = people(30)
    entered(tournament, entrants)
    now = tournament.starts_at - timedelta(minutes=4)
    start, errors = threading.Barrier(2), []

    def worker():
        try:
            start.wait(10)
            tournament_reminders_send(now=now)
        except Exception as error:  # reported below: a thread's failure is not the test's
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == []
    assert Notice.objects.filter(kind=CHECK_IN_OPEN).count() == 30
    assert Notice.objects.filter(kind=STARTING_SOON).count() == 30
    assert len(mail.outbox) == 60
