"""Cancelling a running tournament (issue 19, "Starting": cancel): its tables in play end as a
moderator ends a table (issue 20: no result, no rating change, audited with the reason), in
the cancel's one transaction; the players are told why, in their own language."""

import pytest
from django.test import Client
from django.utils import translation

from accounts.moderation.audit import audit_entries
from accounts.notices.inbox import notice_text
from accounts.notices.models import Notice
from accounts.ratings.models import RatingChange
from games.engine import GAMES
from games.tables import services as table_services
from games.tables.models import MatchResult, Seat, Table, TableStatus
from games.tables.refusals import TableRefusal
from tests.games.tables.test_races import race
from tests.tournaments.support import (
    current_tables,
    entered,
    organiser,
    people,
    refused,
    table_played_out,
    tournament_made,
)
from tournaments import services
from tournaments.models import TournamentStatus

REASON = "the server moves tonight"


def running_with_one_table_over():
    """Nine entrants at three tables of three; the first table has finished."""
    boss = organiser()
    tournament = tournament_made(boss, per_table=3, qualifiers=1)
    players = people(9)
    entered(tournament, players)
    services.tournament_start_now(tournament_id=tournament.pk, actor=boss, reason="all here")
    first, *in_play = current_tables(tournament)
    table_played_out(first.table_id, seed=1)
    return boss, tournament, players, first, in_play


def a_legal_move(table: Table) -> tuple[int, int, dict]:
    """(user id, version, action) of someone to move at ``table`` now."""
    match = GAMES[table.game].from_json(table.state)
    seat = match.to_move()[0]
    user_id = table.seats.get(number=seat).user_id
    return user_id, table.version, match.legal_actions(seat)[0]


@pytest.mark.django_db
def test_cancel_ends_the_tables_in_play_with_no_result_and_audits_each_with_the_reason():
    boss, tournament, _players, first, in_play = running_with_one_table_over()
    services.tournament_cancel(tournament_id=tournament.pk, actor=boss, reason=REASON)

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.CANCELLED
    ended = Table.objects.filter(pk__in=[rt.table_id for rt in in_play])
    assert {table.status for table in ended} == {TableStatus.CANCELLED}
    assert all(table.deadline is None and table.bot_due is None for table in ended)
    assert not MatchResult.objects.filter(table__in=ended).exists()
    assert not RatingChange.objects.exists()
    # The table that had finished keeps its result.
    assert Table.objects.get(pk=first.table_id).status == TableStatus.FINISHED
    audits = audit_entries(act="table_end")
    assert sorted(entry.target_id for entry in audits) == sorted(rt.table_id for rt in in_play)
    assert {(entry.actor, entry.reason) for entry in audits} == {(boss, REASON)}
    (cancel,) = audit_entries(act="tournament_cancel", target_id=tournament.pk)
    assert (cancel.actor, cancel.reason) == (boss, REASON)

    # Nobody moves at an ended table; a second cancel is refused and ends nothing more.
    user_id, version, action = a_legal_move(ended[0])
    with pytest.raises(TableRefusal, match=r"^table_not_playing$"):
        table_services.table_move_apply(
            table_id=ended[0].pk, user_id=user_id, action=action, version=version
        )
    with refused("not_running"):
        services.tournament_cancel(tournament_id=tournament.pk, actor=boss, reason="again")
    assert audit_entries(act="table_end").count() == len(in_play)
    assert services.tournament_round_check(tournament_id=tournament.pk) is False


@pytest.mark.django_db
def test_the_players_of_a_cancelled_round_are_told_why_in_their_language():
    boss, tournament, players, _first, in_play = running_with_one_table_over()
    services.tournament_cancel(tournament_id=tournament.pk, actor=boss, reason=REASON)
    notices = Notice.objects.filter(kind="tournament_cancelled")
    assert {notice.member_id for notice in notices} == {player.pk for player in players}
    notice = notices.first()
    english = notice_text(notice)
    assert REASON in english
    for language in ("hi", "ur"):
        with translation.override(language):
            words = notice_text(notice)
        assert REASON in words and words != english
    # The table's page says why it ended, in the reader's language.
    table_id = in_play[0].table_id
    client = Client()
    client.force_login(Seat.objects.filter(table_id=table_id).first().user)
    english_page = client.get(f"/tables/{table_id}/").content.decode()
    assert "ended: its tournament was cancelled" in english_page
    client.cookies["django_language"] = "hi"
    with translation.override("hi"):
        hindi = str(TableStatus.CANCELLED.label)
    assert hindi != "ended: its tournament was cancelled"
    assert hindi in client.get(f"/tables/{table_id}/").content.decode()


@pytest.mark.scaleout
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("tables_stopped_afterwards")
def test_a_move_racing_the_cancel_waits_for_it_and_is_refused():
    """The cancel holds the tournament's row and then each table's: a move at one of its
    tables, on another PostgreSQL connection, waits for the cancel to commit and then finds
    the table ended (one writer per table, DESIGN.md "A move")."""
    boss, tournament, _players, _first, in_play = running_with_one_table_over()
    table = Table.objects.get(pk=in_play[0].table_id)
    user_id, version, action = a_legal_move(table)

    def cancel():
        services.tournament_cancel(tournament_id=tournament.pk, actor=boss, reason=REASON)
        return "cancelled"

    def move():
        table_services.table_move_apply(
            table_id=table.pk, user_id=user_id, action=action, version=version
        )
        return "moved"

    outcome = race(cancel, move)
    assert outcome["first"] == "cancelled"
    assert isinstance(outcome["second"], TableRefusal)
    assert outcome["second"].code == "table_not_playing"
    table.refresh_from_db()
    assert (table.status, table.version) == (TableStatus.CANCELLED, version)
