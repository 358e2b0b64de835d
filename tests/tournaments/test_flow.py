"""A tournament from registration to its winner (issue 19): entering, the wait list, check-in,
the start, balanced tables, qualifiers, tie-breaks, the final and the standings."""

from datetime import timedelta
from functools import partial

import pytest
from django.utils import timezone

from accounts.notices.models import Notice
from games.tables.models import Seat, Table, TableStatus
from tests.tournaments.support import (
    current_tables,
    entered,
    finish_every_table,
    organiser,
    people,
    refused,
    refused_to_a_stranger_and_without_a_reason,
    started,
    table_ended_with,
    tournament_made,
    under_way,
)
from tournaments import services
from tournaments.models import Entry, EntryStatus, RoundSeat, TournamentStatus

pytestmark = pytest.mark.django_db


def test_a_full_tournament_puts_newcomers_on_the_wait_list_and_a_withdrawal_promotes_the_first():
    boss = organiser()
    tournament = tournament_made(boss, max_entrants=2)
    first, second, third, fourth = people(4)
    entered(tournament, [first, second, third, fourth])
    statuses = dict(Entry.objects.values_list("user__username", "status"))
    assert statuses == {
        "entrant0": "registered",
        "entrant1": "registered",
        "entrant2": "waiting",
        "entrant3": "waiting",
    }
    services.tournament_withdraw(tournament_id=tournament.pk, user_id=first.pk)
    assert Entry.objects.get(user=third).status == EntryStatus.REGISTERED
    assert Entry.objects.get(user=fourth).status == EntryStatus.WAITING
    assert Notice.objects.filter(member=third, kind="tournament_off_wait_list").exists()


def test_seating_balances_tables_and_never_seats_a_bot():
    boss = organiser()
    tournament = tournament_made(boss, per_table=6, qualifiers=2)
    entered(tournament, people(13))
    started(tournament)
    tables = current_tables(tournament)
    sizes = sorted(round_table.table.seat_count for round_table in tables)
    assert sizes == [4, 4, 5]
    seats = Seat.objects.filter(table__in=[rt.table_id for rt in tables])
    assert seats.count() == 13
    assert not seats.filter(user__isnull=True).exists()
    assert not seats.exclude(bot_level="").exists()
    for round_table in tables:
        assert round_table.table.status == TableStatus.PLAYING
        assert round_table.table.options["stand_ins"] is False
    # Each seated player is told where to sit.
    assert Notice.objects.filter(kind="tournament_round_seated").count() == 13


def test_deals_tables_play_as_many_deals_as_players():
    boss = organiser()
    tournament = tournament_made(boss, format="deals", per_table=5, qualifiers=1)
    entered(tournament, people(9))
    started(tournament)
    for round_table in current_tables(tournament):
        table = round_table.table
        assert table.variant == "deals2"
        assert table.options["deals"] == table.seat_count


def test_a_start_runs_once_however_often_its_job_comes_and_not_before_its_time():
    boss = organiser()
    tournament = tournament_made(boss)
    entered(tournament, people(4))
    early = tournament.starts_at - timedelta(seconds=1)
    assert not services.tournament_start(tournament_id=tournament.pk, now=early)
    assert services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    assert not services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    assert tournament.rounds.count() == 1
    assert Table.objects.count() == 1


def test_entrants_not_checked_in_are_withdrawn_and_below_the_minimum_it_is_cancelled():
    boss = organiser()
    tournament = tournament_made(boss, check_in_minutes=5, min_entrants=3)
    here, away, gone = people(3)
    entered(tournament, [here, away, gone])
    services.tournament_check_in(
        tournament_id=tournament.pk,
        user_id=here.pk,
        now=tournament.starts_at - timedelta(minutes=1),
    )
    started(tournament)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.CANCELLED
    assert Entry.objects.get(user=away).status == EntryStatus.NO_SHOW
    assert Notice.objects.filter(member=here, kind="tournament_cancelled").exists()
    assert Notice.objects.filter(member=away, kind="tournament_no_show").exists()
    assert Table.objects.count() == 0


def test_rounds_collapse_to_a_final_and_the_standings_share_places_by_round_and_rank():
    _boss, tournament, _players = under_way(9)
    assert len(current_tables(tournament)) == 3
    finish_every_table(tournament)
    final = current_tables(tournament)
    assert len(final) == 1 and final[0].round.final
    assert final[0].table.seat_count == 3
    finish_every_table(tournament)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    places = sorted(Entry.objects.values_list("place", flat=True))
    assert places[0] == 1 and tournament.winner_id is not None
    # Everyone out in round 1 placed after the three finalists.
    out_first = Entry.objects.filter(out_round=1)
    assert out_first.count() == 6
    assert min(out_first.values_list("place", flat=True)) >= 4


def test_a_tie_across_the_qualifying_line_is_settled_by_a_deal_among_the_tied_only():
    _boss, tournament, _players = under_way(6)
    first, second = current_tables(tournament)
    seated = list(Seat.objects.filter(table=first.table).order_by("number"))
    # Two share first place at table 1: the line (one qualifier) runs through the tie.
    table_ended_with(first.table_id, [1, 1, 3])
    table_ended_with(second.table_id, [1, 2, 3])
    services.tournament_round_check(tournament_id=tournament.pk)
    tiebreak = current_tables(tournament)
    assert len(tiebreak) == 1 and tiebreak[0].tiebreak_of_id == first.pk
    # The tied sit at the tie-break in the order they sat at their table.
    tied = list(
        Seat.objects.filter(table=tiebreak[0].table)
        .order_by("number")
        .values_list("user_id", flat=True)
    )
    assert tied == [seated[0].user_id, seated[1].user_id]
    assert tiebreak[0].table.variant == "points"
    # The round waits for the tie-break: nobody is out yet.
    assert not Entry.objects.filter(status=EntryStatus.OUT).exists()
    table_ended_with(tiebreak[0].table_id, [2, 1])
    services.tournament_round_check(tournament_id=tournament.pk)
    qualified = RoundSeat.objects.filter(round__number=1, qualified=True)
    assert set(qualified.values_list("entry__user_id", flat=True)) == {
        seated[1].user_id,
        Seat.objects.get(table=second.table, number=0).user_id,
    }
    assert tournament.rounds.count() == 2


def test_a_second_round_check_changes_nothing():
    _boss, tournament, _players = under_way(6)
    finish_every_table(tournament)
    assert not services.tournament_round_check(tournament_id=tournament.pk)
    assert tournament.rounds.count() == 2


def test_two_to_a_table_with_an_odd_field_gives_the_top_seed_a_bye():
    boss = organiser()
    tournament = tournament_made(boss, per_table=2, qualifiers=1, seating="rating")
    entered(tournament, people(5))
    started(tournament)
    byes = RoundSeat.objects.filter(round__number=1, table__isnull=True)
    assert byes.count() == 1 and byes.get().qualified
    assert sorted(rt.table.seat_count for rt in current_tables(tournament)) == [2, 2]


def test_registration_refusals_change_nothing():
    boss = organiser()
    tournament = tournament_made(boss, max_entrants=2)
    asha, ravi = people(2)
    entered(tournament, [asha])
    with refused("already_registered"):
        entered(tournament, [asha])
    late = tournament.starts_at - timedelta(minutes=5)
    with refused("registration_closed"):
        services.tournament_register(tournament_id=tournament.pk, user_id=ravi.pk, now=late)
    private = tournament_made(boss, private=True, name="Friends")
    with refused("private"):
        services.tournament_register(tournament_id=private.pk, user_id=ravi.pk)
    services.tournament_cancel(tournament_id=private.pk, actor=boss, reason="rain")
    with refused("cancelled"):
        services.tournament_register(
            tournament_id=private.pk, user_id=ravi.pk, invite=private.invite_token
        )
    assert Entry.objects.count() == 1


def test_a_stranger_cannot_use_the_organisers_controls_and_an_act_needs_a_reason():
    boss = organiser()
    tournament = tournament_made(boss)
    refused_to_a_stranger_and_without_a_reason(
        partial(services.tournament_cancel, tournament_id=tournament.pk), boss
    )
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.SCHEDULED


def test_a_member_who_is_not_staff_makes_only_private_tournaments():
    (member,) = people(1, prefix="member")
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as error:
        tournament_made(member, private=False)
    assert "private" in error.value.message_dict
    assert tournament_made(member, private=True).private


def test_start_times_must_leave_room_for_registration():
    boss = organiser()
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        tournament_made(boss, starts_at=timezone.now() + timedelta(minutes=5))
