"""Duplicate deals (issue 31, point 7), the organiser's choice: every table of a round with as
many seats plays the same deals in the same order (RM-2 .. RM-4: the same 106 cards shuffled
the same way, the same 13 to each seat, the same wild and open card), each table's deal still
verifiable from its own commitment, the shared seed held until the round is over. Ordinary
tournaments deal as they always did."""

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.engine import GAMES
from games.engine.bots import bot_for
from games.tables import services as table_services
from games.tables.models import Table
from games.tables.refusals import TableRefusal
from games.tables.seeds import GENERATOR_VERSION, match_seed_of
from games.tables.verify import deal_verify, seed_may_be_revealed
from tests.games.table_support import signed_in
from tests.tournaments import support
from tournaments import services
from tournaments.models import RoundTable, Series, Tournament

pytestmark = pytest.mark.django_db


def running(entrants: int, *, duplicate: bool = True, **settings: Any) -> Tournament:
    values = {"format": "deals", "per_table": 6, "qualifiers": 2, "duplicate_deals": duplicate}
    tournament = support.tournament_made(support.organiser(), **{**values, **settings})
    support.entered(tournament, support.people(entrants))
    services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    return tournament


def by_size(tournament: Tournament) -> dict[int, list[Table]]:
    sizes: dict[int, list[Table]] = {}
    for round_table in support.current_tables(tournament):
        sizes.setdefault(round_table.table.seat_count, []).append(round_table.table)
    return sizes


def deals_played(table: Table, seed: str) -> list[dict[str, Any]]:
    """Every deal of the table's match as dealt (hands per seat, wild card, first open card),
    played from its stored start to the end by bots seeded with ``seed``: each table's own
    play."""
    match = GAMES[table.game].from_json(table.initial_state)
    bots = [bot_for("rummy", "medium", seed=f"{seed}-{n}") for n in range(table.seat_count)]
    seen: list[dict[str, Any]] = []
    while True:
        deal = match.deal  # type: ignore[attr-defined]
        if len(seen) < deal.number:
            seen.append({"hands": deal.as_dealt, "wild": deal.wild_card, "open": deal.open_pile[0]})
        if match.is_over():
            return seen
        seat = match.to_move()[0]
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))


def played_through_the_services(table_id: int) -> None:
    """The match played to its end move by move through the one write path, each seat losing
    each deal as fast as the rules allow (a wrong show, RM-15), everyone pressing Ready
    between deals: every move is logged, so the deal replays on the verify page."""
    while True:
        table = Table.objects.get(pk=table_id)
        if table.status != "playing":
            return
        users = dict(table.seats.values_list("number", "user_id"))
        if table.paused_until is not None:
            for user_id in users.values():
                table_services.table_ready(table_id=table_id, user_id=user_id)
            continue
        match = GAMES[table.game].from_json(table.state)
        seat = match.to_move()[0]
        action = match.forfeit_action(seat) or match.default_action(seat)
        table_services.table_move_apply(
            table_id=table_id, user_id=users[seat], action=action, version=table.version
        )


def test_tables_of_one_size_play_the_same_deals_in_the_same_order_whatever_is_played():
    """23 entrants, six to a table: three tables of 6 and one of 5. RM-26 (one deal per player
    at a tournament's Deals table) with duplicate deals: the tables of 6 are dealt the same six
    deals, however differently each plays them; the table of 5 has its own five."""
    tournament = running(23)
    sizes = by_size(tournament)
    assert sorted((size, len(tables)) for size, tables in sizes.items()) == [(5, 1), (6, 3)]
    sixes = [deals_played(table, seed=str(table.pk)) for table in sizes[6]]
    assert len(sixes[0]) == 6
    assert sixes[0] == sixes[1] == sixes[2]
    (five,) = [deals_played(table, seed="five") for table in sizes[5]]
    assert len(five) == 5
    assert five[0]["hands"][:5] != sixes[0][0]["hands"][:5]
    # One seed for the round, each table committed to it from its creation.
    tables = [*sizes[6], *sizes[5]]
    assert len({(table.server_seed, table.seed_commitment) for table in tables}) == 1
    assert all(table.options["duplicate"] is True for table in tables)


def test_the_shared_seed_stays_secret_until_the_round_is_over_then_each_table_verifies():
    """A table that has finished while others still play the same deals keeps its seed (and
    so the others' coming cards) secret; once the round is over every table's deal verifies
    from its own commitment, as any table's does (RM-5: deals anyone can check)."""
    tournament = running(5, per_table=3, qualifiers=1)
    first, second = support.current_tables(tournament)
    played_through_the_services(first.table_id)
    services.tournament_round_check(tournament_id=tournament.pk)
    done = Table.objects.get(pk=first.table_id)
    assert done.status == "finished"
    assert not seed_may_be_revealed(done)
    with pytest.raises(TableRefusal, match=r"^seed_held$"):
        deal_verify(done)
    played_through_the_services(second.table_id)
    services.tournament_round_check(tournament_id=tournament.pk)
    for round_table in RoundTable.objects.filter(round__number=1):
        table = Table.objects.get(pk=round_table.table_id)
        assert seed_may_be_revealed(table)
        checked = deal_verify(table)
        assert checked.commitment == table.seed_commitment


def test_a_cancelled_tournament_releases_the_seeds_of_its_finished_tables():
    tournament = running(11)
    first, _second = support.current_tables(tournament)
    support.table_played_out(first.table_id, seed=1)
    services.tournament_cancel(
        tournament_id=tournament.pk, actor=tournament.organiser, reason="rain"
    )
    assert seed_may_be_revealed(Table.objects.get(pk=first.table_id))


def test_ordinary_tables_are_dealt_exactly_as_before_each_from_its_own_seed():
    """Without duplicate deals nothing changes (RM-5): each table has a seed of its own, not
    held, and its match is the one the existing mixing (games.tables.seeds) and the engine
    deal from that seed with the options every tournament table had."""
    tournament = running(11, duplicate=False)
    tables = [round_table.table for round_table in support.current_tables(tournament)]
    assert len({table.server_seed for table in tables}) == len(tables)
    for table in tables:
        assert not table.seed_held
        assert table.options == {
            **GAMES["rummy"].default_options,
            "stand_ins": False,
            "deals": table.seat_count,
        }
        seed = match_seed_of(table.server_seed, [""] * table.seat_count, GENERATOR_VERSION)
        expected = GAMES["rummy"].new_match(
            "deals2",
            table.seat_count,
            seed=seed,
            options={"stand_ins": False, "deals": table.seat_count},
        )
        assert table.initial_state == expected.to_json()


def test_a_tie_break_deal_is_an_ordinary_deal():
    tournament = running(11)
    first, second = support.current_tables(tournament)
    # Second and third tie across the line of two qualifiers.
    support.table_ended_with(first.table_id, [1, 2, 2, *range(4, first.table.seat_count + 1)])
    # The other table's ranks are chosen too: played out by bots on this run's random seed, it
    # could end in a tie of its own and deal a second tie-break.
    support.table_ended_with(second.table_id, list(range(1, second.table.seat_count + 1)))
    services.tournament_round_check(tournament_id=tournament.pk)
    tiebreak = RoundTable.objects.get(tiebreak_of__isnull=False).table
    assert not tiebreak.seed_held
    assert "duplicate" not in tiebreak.options
    assert tiebreak.server_seed != first.table.server_seed


def test_the_round_after_deals_from_a_new_shared_seed():
    tournament = running(11, qualifiers=3)
    first_round = {rt.table.server_seed for rt in support.current_tables(tournament)}
    support.finish_every_table(tournament)
    second = support.current_tables(tournament)
    assert {rt.table.server_seed for rt in second} != first_round
    assert all(rt.table.seed_held for rt in second)


def test_the_forms_offer_the_choice_off_by_default():
    boss = support.organiser()
    start = (timezone.now() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    client = signed_in(boss)
    page = client.get("/tournaments/new/").content.decode()
    assert 'name="duplicate_deals"' in page
    assert 'name="duplicate_deals" checked' not in page
    client.post(
        "/tournaments/new/",
        support.form_filled(name="Plain", format="deals", starts_at=start, time_zone="UTC"),
    )
    client.post(
        "/tournaments/new/",
        support.form_filled(
            name="Same cards",
            format="deals",
            starts_at=start,
            time_zone="UTC",
            duplicate_deals="on",
        ),
    )
    assert dict(Tournament.objects.values_list("name", "duplicate_deals")) == {
        "Plain": False,
        "Same cards": True,
    }
    client.post(
        "/tournaments/series/new/",
        support.form_filled(
            name="Weekly same cards",
            format="deals",
            weekdays=[5, 6],
            time_of_day="20:00",
            time_zone="Asia/Kolkata",
            first_date=(timezone.now() + timedelta(days=1)).date().isoformat(),
            duplicate_deals="on",
        ),
    )
    series = Series.objects.get()
    assert series.duplicate_deals
    assert series.tournaments.exists()
    assert all(series.tournaments.values_list("duplicate_deals", flat=True))


def test_a_finished_tables_replay_waits_for_the_rounds_other_tables():
    """Its replay and shown hands would give away the deals the others still play."""
    tournament = running(5, per_table=3, qualifiers=1)
    first, second = support.current_tables(tournament)
    played_through_the_services(first.table_id)
    services.tournament_round_check(tournament_id=tournament.pk)
    (member,) = support.people(1, prefix="watcher")
    client = signed_in(member)
    response = client.get(f"/tables/{first.table_id}/replay/", follow=True)
    assert response.redirect_chain
    assert "other tables play these same deals" in response.content.decode()
    # Its own players' page shows the result without the hands.
    seated = Table.objects.get(pk=first.table_id).seats.get(number=0).user
    assert signed_in(seated).get(f"/tables/{first.table_id}/").context["deal_secret"] is True
    played_through_the_services(second.table_id)
    services.tournament_round_check(tournament_id=tournament.pk)
    assert client.get(f"/tables/{first.table_id}/replay/").status_code == 200
    assert client.get(f"/tables/{first.table_id}/").context["deal_secret"] is False


def test_after_the_round_the_page_shows_how_each_table_played_each_deal():
    """Deal by deal, each table's seats with what the deal cost them (RM-21 points) and its
    winner, from each table's own result sheet, and a link to where its replay shows it."""
    tournament = running(6, per_table=3, qualifiers=1)
    tables = support.current_tables(tournament)
    client = signed_in(support.people(1, prefix="reader")[0])
    url = f"/tournaments/{tournament.pk}/deals/"
    assert "No round is over yet." in client.get(url).content.decode()
    for round_table in tables:
        played_through_the_services(round_table.table_id)
    services.tournament_round_check(tournament_id=tournament.pk)
    page = client.get(url).content.decode()
    (group,) = client.get(url).context["groups"]
    assert (group.round_number, group.seats) == (1, 3)
    sheets = {
        rt.table_id: Table.objects.get(pk=rt.table_id).result.result["sheet"] for rt in tables
    }
    # One deal per player at every table (RM-26), and a tie-break deal where one was played.
    assert [deal.number for deal in group.deals] == sorted(
        {line["deal"] for sheet in sheets.values() for line in sheet}
    )
    for deal in group.deals:
        had = sorted(table_id for table_id, sheet in sheets.items() if len(sheet) >= deal.number)
        assert sorted(play.table_id for play in deal.tables) == had
        if deal.number <= 3:
            assert len(had) == len(tables)
        for play in deal.tables:
            line = sheets[play.table_id][deal.number - 1]
            assert [seat.points for seat in play.seats] == line["points"]
            assert [seat.won for seat in play.seats].index(True) == line["winner"]
            assert f"/tables/{play.table_id}/replay/?step={play.step}" in page
            replay = client.get(f"/tables/{play.table_id}/replay/?step={play.step}")
            assert replay.status_code == 200
    # Deal 2 begins where the move that dealt it left the table.
    assert all(play.step > 0 for play in group.deals[1].tables)
    assert "Deal 3" in page


def test_a_tournament_without_duplicate_deals_has_no_such_page():
    tournament = running(6, duplicate=False, per_table=3, qualifiers=1)
    assert (
        signed_in(tournament.organiser).get(f"/tournaments/{tournament.pk}/deals/").status_code
        == 404
    )
