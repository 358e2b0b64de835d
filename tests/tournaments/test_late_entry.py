"""Late entry into round 1 (issue 19, point 2 "Entering"), when the organiser allows it: the
late entrant sits at one of the round's smallest tables on which no move has been played, its
deal dealt afresh for one more player; anything else is a clear refusal that changes nothing."""

import pytest
from django.utils import translation

from accounts.notices.models import Notice
from games.engine import GAMES
from games.tables import services as table_services
from games.tables.models import Seat, Table
from games.tables.seeds import match_seed_of
from tests.games.tables.test_races import race
from tests.tournaments import support
from tournaments import services
from tournaments.models import Entry, EntryStatus, RoundSeat
from tournaments.refusals import TournamentRefusal, tournament_refusal_text


def running(entrants: int = 5, boss=None, prefix: str = "entrant", **settings):
    """Deals, three to a table, late entry allowed: five entrants sit at tables of 3 and 2."""
    boss = boss or support.organiser()
    values = {"format": "deals", "per_table": 3, "qualifiers": 1, "late_entry": True}
    tournament = support.tournament_made(boss, **{**values, **settings})
    players = support.people(entrants, prefix=prefix)
    support.entered(tournament, players)
    services.tournament_start_now(tournament_id=tournament.pk, actor=boss, reason="all here")
    return boss, tournament, players


def first_move_played(table_id: int) -> None:
    table = Table.objects.get(pk=table_id)
    match = GAMES[table.game].from_json(table.state)
    seat = match.to_move()[0]
    table_services.table_move_apply(
        table_id=table_id,
        user_id=table.seats.get(number=seat).user_id,
        action=match.legal_actions(seat)[0],
        version=0,
    )


@pytest.mark.django_db
def test_a_late_entrant_sits_at_the_smaller_table_whose_first_deal_is_dealt_afresh():
    _boss, tournament, _players = running()
    big, small = sorted(support.current_tables(tournament), key=lambda rt: -rt.table.seat_count)
    before = Table.objects.get(pk=small.table_id)
    (late,) = support.people(1, prefix="late")

    table_id = services.tournament_join_late(
        tournament_id=tournament.pk, user_id=late.pk, invite=tournament.invite_token
    )

    assert table_id == small.table_id
    table = Table.objects.get(pk=table_id)
    # One more seat, a member's (never a bot), and the Deals table plays one deal per player.
    assert table.seat_count == 3 and table.options["deals"] == 3
    assert list(Seat.objects.filter(table=table).values_list("user_id", "bot_level"))[-1] == (
        late.pk,
        "",
    )
    match = GAMES["rummy"].from_json(table.state)
    assert match.view(2)["hand"] and table.version == 0 and table.state == table.initial_state
    assert table.state != before.state
    # Dealt from the same committed server seed: the deal still verifies once played.
    assert (table.server_seed, table.seed_commitment) == (
        before.server_seed,
        before.seed_commitment,
    )
    entry = Entry.objects.get(tournament=tournament, user=late)
    assert entry.status == EntryStatus.PLAYING
    assert RoundSeat.objects.get(entry=entry).table == small
    told = Notice.objects.filter(kind="tournament_late_entrant").values_list("member", flat=True)
    at_small = [seat.user_id for seat in Seat.objects.filter(table=table).exclude(user=late)]
    assert sorted(told) == sorted(at_small)
    assert Notice.objects.filter(member=late, kind="tournament_round_seated").exists()
    # The bigger table is untouched.
    assert Table.objects.get(pk=big.table_id).seat_count == 3

    # The committed seed deals exactly the new first deal (as games.tables.verify checks it).
    seeds = [seat.client_seed for seat in Seat.objects.filter(table=table).order_by("number")]
    seed = match_seed_of(table.server_seed, seeds, table.generator_version)
    redealt = GAMES["rummy"].new_match("deals2", 3, seed=seed, options=table.options)
    assert redealt.to_json() == table.initial_state
    support.table_played_out(table_id, seed=7)
    services.tournament_round_check(tournament_id=tournament.pk)
    assert RoundSeat.objects.get(entry=entry).rank is not None


@pytest.mark.django_db
def test_late_entry_is_refused_once_the_free_table_has_moved_or_every_table_is_full():
    _boss, tournament, _players = running()
    small = min(support.current_tables(tournament), key=lambda rt: rt.table.seat_count)
    first_move_played(small.table_id)
    (late,) = support.people(1, prefix="late")
    with support.refused("no_late_seat"):
        services.tournament_join_late(tournament_id=tournament.pk, user_id=late.pk)
    assert not Entry.objects.filter(user=late).exists()
    assert Table.objects.get(pk=small.table_id).seat_count == 2

    _boss, full, _players = running(6, boss=_boss, prefix="six", name="Six")
    with support.refused("no_late_seat"):
        services.tournament_join_late(tournament_id=full.pk, user_id=late.pk)


@pytest.mark.django_db
def test_late_entry_refusals_each_say_why_and_change_nothing():
    boss, tournament, players = running()
    stranger, removed = support.people(2, prefix="other")
    with support.refused("already_in"):
        services.tournament_join_late(tournament_id=tournament.pk, user_id=players[0].pk)

    closed = support.tournament_made(boss, name="No late", private=True)
    support.entered(closed, support.people(2, prefix="closed"))
    services.tournament_start_now(tournament_id=closed.pk, actor=boss, reason="go")
    with support.refused("private"):
        services.tournament_join_late(tournament_id=closed.pk, user_id=stranger.pk)
    with support.refused("no_late_entry"):
        services.tournament_join_late(
            tournament_id=closed.pk, user_id=stranger.pk, invite=closed.invite_token
        )

    services.tournament_join_late(tournament_id=tournament.pk, user_id=removed.pk)
    services.tournament_entrant_remove(
        tournament_id=tournament.pk, actor=boss, user_id=removed.pk, reason="abuse"
    )
    with support.refused("removed"):
        services.tournament_join_late(tournament_id=tournament.pk, user_id=removed.pk)
    with translation.override("hi"):
        assert tournament_refusal_text("no_late_seat") != tournament_refusal_text("x")


@pytest.mark.django_db
def test_no_late_entry_after_round_one():
    _boss, tournament, _players = running(4, per_table=2)
    support.round_played_out(tournament)
    assert tournament.rounds.count() == 2
    (late,) = support.people(1, prefix="late")
    with support.refused("no_late_seat"):
        services.tournament_join_late(tournament_id=tournament.pk, user_id=late.pk)


@pytest.mark.django_db
def test_join_late_takes_the_member_to_their_table_and_a_refusal_says_why(client):
    _boss, tournament, _players = running()
    late, later = support.people(2, prefix="late")
    client.force_login(late)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "join-late" in page
    response = client.post(f"/tournaments/{tournament.pk}/join-late/")
    (seat,) = RoundSeat.objects.filter(entry__user=late)
    assert response.status_code == 302
    assert response["Location"] == f"/tables/{seat.table.table_id}/"

    client.force_login(later)
    response = client.post(f"/tournaments/{tournament.pk}/join-late/", follow=True)
    assert str(tournament_refusal_text("no_late_seat")) in response.content.decode()
    assert not RoundSeat.objects.filter(entry__user=later).exists()


@pytest.mark.scaleout
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("tables_stopped_afterwards")
def test_two_late_entrants_racing_for_the_last_place_do_not_both_get_it():
    """Each on its own PostgreSQL connection: the first holds the tournament's row (and the
    table's) until the second is seen waiting; the second then reads the place taken."""
    _boss, tournament, _players = running()
    first, second = support.people(2, prefix="late")

    def join(user):
        return lambda: services.tournament_join_late(tournament_id=tournament.pk, user_id=user.pk)

    outcome = race(join(first), join(second))
    assert isinstance(outcome["first"], int)
    assert isinstance(outcome["second"], TournamentRefusal)
    assert outcome["second"].code == "no_late_seat"
    table = Table.objects.get(pk=outcome["first"])
    assert table.seat_count == 3
    assert Seat.objects.filter(table=table, user=second).count() == 0
    assert RoundSeat.objects.filter(round__tournament=tournament).count() == 6
