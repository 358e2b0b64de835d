"""Helpers for tournament tests: a tournament made through the services, entrants, and the end
of a table (played out by the engine's bots in memory and saved through the one write path, or
ended with a result the test chooses)."""

from datetime import time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.engine.bots import bot_for
from games.tables.models import MatchResult, Table, TableStatus
from games.tables.services.locked import atomic_locked
from tournaments import services
from tournaments.models import RoundTable, Series, Tournament
from tournaments.refusals import TournamentRefusal

PASSWORD = "Lahore-Lucknow-42"
KOLKATA = ZoneInfo("Asia/Kolkata")


def people(count: int, prefix: str = "entrant") -> list:
    model = get_user_model()
    return [
        model.objects.create_user(f"{prefix}{n}", f"{prefix}{n}@example.com", PASSWORD)
        for n in range(count)
    ]


def organiser(staff: bool = True):
    model = get_user_model()
    return model.objects.create_user("org", "org@example.com", PASSWORD, is_staff=staff)


def tournament_made(by, **settings) -> Tournament:
    values = {
        "name": "Weekend Pool",
        "format": "pool101",
        "starts_at": timezone.now() + timedelta(hours=1),
        "private": False,
        "check_in_minutes": 0,
        **settings,
    }
    return services.tournament_create(organiser=by, **values)


def entered(tournament: Tournament, users) -> None:
    for user in users:
        services.tournament_register(
            tournament_id=tournament.pk, user_id=user.pk, invite=tournament.invite_token
        )


def started(tournament: Tournament) -> None:
    services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)


def under_way(count: int):
    """A tournament of tables of three, one of each qualifying, started with ``count`` new
    entrants: its organiser, the tournament and the entrants."""
    boss = organiser()
    tournament = tournament_made(boss, per_table=3, qualifiers=1)
    players = people(count)
    entered(tournament, players)
    started(tournament)
    return boss, tournament, players


def table_played_out(table_id: int, seed: int = 0) -> None:
    """The table's match played to its end by bots (in memory), saved as one write."""
    with atomic_locked(table_id) as locked:
        match = locked.match
        assert match is not None
        bots = [bot_for("rummy", "medium", seed=f"{seed}-{n}") for n in range(len(locked.seats))]
        while not match.is_over():
            seat = match.to_move()[0]
            bot = bots[seat]
            match.apply(seat, bot.choose(match.view(seat), match.legal_actions(seat)))
        locked.save()


def table_ended_with(table_id: int, ranks: list[int], scores: list[int] | None = None) -> None:
    """The table ended with these ranks (a test's chosen outcome, e.g. a tie)."""
    Table.objects.filter(pk=table_id).update(status=TableStatus.FINISHED)
    MatchResult.objects.create(
        table_id=table_id,
        result={"ranks": ranks, "scores": scores or [0] * len(ranks), "winners": []},
        winners=[],
        moves=0,
    )


def current_tables(tournament: Tournament) -> list[RoundTable]:
    last = tournament.rounds.order_by("-number").first()
    return list(
        RoundTable.objects.filter(round=last, settled=False)
        .order_by("number")
        .select_related("table")
    )


def finish_every_table(tournament: Tournament) -> None:
    """Play out every table of the round being played, then check the round (as the job
    queued by the news would)."""
    for round_table in current_tables(tournament):
        table_played_out(round_table.table_id, seed=round_table.table_id)
    services.tournament_round_check(tournament_id=tournament.pk)


def round_played_out(tournament: Tournament) -> None:
    """Every table of the round played out, then each tie-break table the round check deals
    after them, until the round is over."""
    finish_every_table(tournament)
    while current_tables(tournament) and current_tables(tournament)[0].tiebreak_of_id:
        finish_every_table(tournament)


def refused(code: str):
    """Expects the tournament to refuse with exactly ``code``."""
    return pytest.raises(TournamentRefusal, match=f"^{code}$")


def refused_to_a_stranger_and_without_a_reason(act, boss) -> None:
    """``act(actor=..., reason=...)``, one of the organiser's, is refused to a stranger
    (not_organiser) and to the organiser ``boss`` with a blank reason (reason_needed)."""
    (stranger,) = people(1, prefix="stranger")
    with refused("not_organiser"):
        act(actor=stranger, reason="mine")
    with refused("reason_needed"):
        act(actor=boss, reason="  ")


def form_filled(**fields) -> dict:
    """What an organiser sends on the tournament or the series form: ``fields``, and the rules of
    play as most organisers leave them."""
    return {
        "registration_closes_minutes": 10,
        "check_in_minutes": 5,
        "min_entrants": 2,
        "max_entrants": 50,
        "per_table": 6,
        "qualifiers": 2,
        "turn_seconds": 30,
        "seating": "random",
        **fields,
    }


def settings_changed(**fields) -> dict:
    """What an organiser sends on the settings form to change a coming tournament's or a
    series' rules: ``fields``, deals, 40 at most, tables of four, one qualifier, seats by
    rating."""
    return form_filled(
        format="deals", max_entrants=40, per_table=4, qualifiers=1, seating="rating", **fields
    )


def weekly(boss) -> Series:
    """A series every day at 23:50 in Kolkata from the day after tomorrow there (its dates
    fall in the organiser's zone, not the server's)."""
    today = timezone.now().astimezone(KOLKATA).date()
    return services.series_create(
        organiser=boss,
        name="Weekend Deals",
        format="deals",
        weekdays=list(range(7)),
        time_of_day=time(23, 50),
        time_zone="Asia/Kolkata",
        first_date=today + timedelta(days=2),
        check_in_minutes=0,
    )
