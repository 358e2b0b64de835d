"""A round transition reads and writes in as many queries for a large field as for a small one
(issue 31, "Figures": queries not growing with the entrants; its time: bench.bench_tournament).
Each step is counted at two sizes: the start, a round check that deals a tie-break at every
table, the check that settles them all and seats the next round, and the standings after the
final (more entrants, more rounds, more places). The large field sits at tables of two sizes
(20 entrants three to a table: six of 3 and one of 2), the small one at tables of one."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.support import (
    current_tables,
    entered,
    organiser,
    people,
    table_ended_with,
    tournament_made,
)
from tournaments import services
from tournaments.models import Entry, Tournament, TournamentStatus

pytestmark = pytest.mark.django_db


def counted(act) -> int:
    with CaptureQueriesContext(connection) as queries:
        act()
    return len(queries)


def checked(tournament: Tournament) -> int:
    return counted(lambda: services.tournament_round_check(tournament_id=tournament.pk))


def steps(boss, size: int) -> dict[str, int]:
    """The queries of each step of a tournament of ``size`` entrants, three to a table and one
    going through, in which every table of round 1 ties across the line."""
    tournament = tournament_made(boss, per_table=3, qualifiers=1, name=f"Cup {size}")
    entered(tournament, people(size, prefix=f"p{size}-"))
    queries = {
        "start": counted(
            lambda: services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
        )
    }
    for round_table in current_tables(tournament):
        table_ended_with(round_table.table_id, [1, 1, 3][: round_table.table.seat_count])
    queries["tie-breaks dealt"] = checked(tournament)
    tiebreaks = current_tables(tournament)
    assert len(tiebreaks) == -(-size // 3) and all(rt.tiebreak_of_id for rt in tiebreaks)
    for round_table in tiebreaks:
        table_ended_with(round_table.table_id, [2, 1])
    queries["tie-breaks settled, next round seated"] = checked(tournament)
    assert tournament.rounds.count() == 2
    while True:
        tables = current_tables(tournament)
        for round_table in tables:
            seats = round_table.table.seat_count
            table_ended_with(round_table.table_id, list(range(1, seats + 1)))
        if tables[0].round.final:
            break
        services.tournament_round_check(tournament_id=tournament.pk)
    queries["standings"] = checked(tournament)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert not Entry.objects.filter(tournament=tournament, place__isnull=True).exists()
    return queries


def test_each_step_of_a_round_takes_as_many_queries_for_twenty_entrants_as_for_six():
    boss = organiser()
    small, large = steps(boss, 6), steps(boss, 20)
    assert large == small
