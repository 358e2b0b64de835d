"""Issue 31, point 1: the defects found running a weekend tournament as an organiser and eight
players would, each held at its cause (numbers are the issue's)."""

import zoneinfo
from datetime import date, datetime, time, timedelta
from html import escape

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone, translation

from accounts.notices.models import Notice
from accounts.profiles.formats import clock_time, local_date, zone_location
from accounts.profiles.models import Profile
from games.tables.models import Move, MoveBy, Table, TableStatus
from games.tables.services.play import table_timeout_apply
from tests.games.table_support import signed_in
from tests.tournaments import support
from tournaments import services, tasks
from tournaments.models import (
    Entry,
    EntryStatus,
    RoundSeat,
    RoundTable,
    Tournament,
    TournamentStatus,
)
from tournaments.selectors import tournament_lists, tournament_page
from tournaments.web.forms import TournamentForm

pytestmark = pytest.mark.django_db


def test_2_a_removed_entrant_stays_removed_with_no_place_after_their_round_and_the_final():
    boss, tournament, _players = support.under_way(6)
    table = support.current_tables(tournament)[0]
    removed = table.players.order_by("seat").first().entry.user
    services.tournament_entrant_remove(
        tournament_id=tournament.pk, actor=boss, user_id=removed.pk, reason="abuse"
    )
    support.finish_every_table(tournament)
    entry = Entry.objects.get(user=removed)
    assert (entry.status, entry.place, entry.out_round) == (EntryStatus.REMOVED, None, None)
    assert not Notice.objects.filter(member=removed, kind="tournament_out").exists()
    support.finish_every_table(tournament)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    entry.refresh_from_db()
    assert (entry.status, entry.place) == (EntryStatus.REMOVED, None)
    # Five placed: everyone but the removed one, with no place left empty before the last.
    places = sorted(Entry.objects.exclude(user=removed).values_list("place", flat=True))
    assert len(places) == 5 and None not in places


def test_3_a_bye_goes_to_someone_who_has_not_had_one_yet():
    """Bye rule (rounds.py, [decided]): the first in the seating order without a bye yet."""
    boss = support.organiser()
    tournament = support.tournament_made(boss, per_table=2, qualifiers=1, seating="rating")
    support.entered(tournament, support.people(11))
    support.started(tournament)  # 11: a bye and five tables; 6 go through: three tables
    support.finish_every_table(tournament)  # 3 go through: a bye and one table ... the final is 2
    byes = list(
        RoundSeat.objects.filter(round__tournament=tournament, table__isnull=True)
        .order_by("round__number")
        .values_list("round__number", "entry_id")
    )
    assert [number for number, _entry in byes] == [1]
    first_bye = byes[0][1]
    # The bye-holder goes on through round 2 (six players, three tables) if they win their
    # table; force them through, then round 3 has three players and so a bye again.
    round_two = support.current_tables(tournament)
    for round_table in round_two:
        seats = list(round_table.players.order_by("seat"))
        ranks = [1 if seat.entry_id == first_bye else 2 for seat in seats]
        if 1 not in ranks:
            ranks = [1, 2]
        support.table_ended_with(round_table.table_id, ranks)
    services.tournament_round_check(tournament_id=tournament.pk)
    third = RoundSeat.objects.get(round__tournament=tournament, round__number=3, table=None)
    assert third.entry_id != first_bye
    assert RoundSeat.objects.filter(round__number=3, entry_id=first_bye).exists()


def test_7_finalists_are_no_longer_still_in_and_a_cancelled_tournament_is_marked_so():
    boss = support.organiser()
    tournament = support.tournament_made(boss, name="Holi Cup", per_table=3, qualifiers=1)
    support.entered(tournament, support.people(3))
    support.started(tournament)
    support.finish_every_table(tournament)
    statuses = set(Entry.objects.values_list("status", flat=True))
    assert statuses == {EntryStatus.FINALIST}
    winner = Entry.objects.get(place=1)
    page = signed_in(winner.user).get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "still in" not in page and "played the final" in page
    assert "🏆" in page

    other = support.tournament_made(boss, name="Rained off")
    players = support.people(4, prefix="rain")
    support.entered(other, players)
    support.started(other)
    services.tournament_cancel(tournament_id=other.pk, actor=boss, reason="rain")
    finished = tournament_lists("rummy", user_id=None)["finished"]
    assert [row.name for row in finished] == ["Rained off", "Holi Cup"]
    listing = Client().get("/games/rummy/tournaments/").content.decode()
    assert listing.count("tournament-cancelled") == 1
    page = signed_in(players[0]).get(f"/tournaments/{other.pk}/").content.decode()
    assert "still in" not in page and "This tournament was cancelled." in page
    assert 'data-table-status="cancelled"' in page


def test_6_round_tables_list_players_by_rank_with_headers_and_the_winner_marked():
    _boss, tournament, _players = support.under_way(6)
    first, second = support.current_tables(tournament)
    support.table_ended_with(first.table_id, [3, 1, 2])
    support.table_ended_with(second.table_id, [1, 2, 3])
    services.tournament_round_check(tournament_id=tournament.pk)
    page = tournament_page(tournament.pk)
    ranks = [player.rank for player in page.rounds[0].tables[0].players]
    assert ranks == [1, 2, 3]
    html = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert '<th scope="col">Rank</th>' in html
    assert html.count("table-winner") == 2


def test_9_qualifiers_beside_a_table_of_one_are_not_asked_for_from_1_to_0():
    boss = support.organiser()
    with pytest.raises(ValidationError) as error:
        support.tournament_made(boss, per_table=1, qualifiers=1)
    assert "per_table" in error.value.message_dict
    assert "qualifiers" not in error.value.message_dict
    assert "1 to 0" not in str(error.value)


def test_9_late_entry_into_a_tournament_at_its_most_says_so_not_wait_list_full():
    boss = support.organiser()
    tournament = support.tournament_made(
        boss, format="deals", per_table=3, qualifiers=1, late_entry=True, max_entrants=5
    )
    support.entered(tournament, support.people(5))
    services.tournament_start_now(tournament_id=tournament.pk, actor=boss, reason="go")
    (late,) = support.people(1, prefix="late")
    with support.refused("no_late_room"):
        services.tournament_join_late(tournament_id=tournament.pk, user_id=late.pk)
    assert not Entry.objects.filter(user=late).exists()


def test_9_the_final_is_called_the_final_in_notices():
    _boss, tournament, _players = support.under_way(6)
    support.finish_every_table(tournament)
    assert Notice.objects.filter(kind="tournament_qualified_final").count() == 2
    assert Notice.objects.filter(kind="tournament_final_seated").count() == 2
    assert not Notice.objects.filter(kind="tournament_qualified").exists()
    assert Notice.objects.filter(kind="tournament_round_seated").count() == 6


GAP = (
    "You chose %(time)s on %(date)s (%(zone)s), but the clocks there go forward over that hour "
    "that day, so it never comes: choose another time."
)


def test_9_a_start_inside_a_daylight_saving_gap_is_refused():
    data = support.form_filled(
        name="Spring",
        format="pool101",
        starts_at="2027-03-28T01:30",  # London's clocks go from 01:00 to 02:00
        time_zone="Europe/London",
    )
    form = TournamentForm(data)
    assert not form.is_valid()
    assert "1:30" in str(form.errors["starts_at"])
    form = TournamentForm({**data, "starts_at": "2027-03-28T02:30"})
    assert form.is_valid()
    london = zoneinfo.ZoneInfo("Europe/London")
    assert form.start() == datetime(2027, 3, 28, 2, 30, tzinfo=london)


@pytest.mark.parametrize("language", ["en", "ur"])
@pytest.mark.parametrize(
    ("zone", "wall", "day", "hour"),
    [
        # The last Sunday of March: London's clocks go from 01:00 to 02:00.
        ("Europe/London", "2027-03-28T01:30", date(2027, 3, 28), time(1, 30)),
        # The second Sunday of March: New York's go from 02:00 to 03:00.
        ("America/New_York", "2027-03-14T02:30", date(2027, 3, 14), time(2, 30)),
    ],
)
def test_9_a_start_the_organisers_clocks_skip_is_refused_naming_the_day_and_time(
    language, zone, wall, day, hour
):
    """The one-off form refuses a start inside a daylight-saving gap of the organiser's zone
    with the series' own refusal (``clocks_skip``): the day, the time and the zone, in the
    reader's language, and nothing is made (before, Django's field read it in the reader's
    zone and refused in its own words, naming neither the clocks nor what to do)."""
    boss = support.organiser()
    Profile.objects.create(user=boss, time_zone=zone, language=language)
    client = signed_in(boss)
    client.cookies["django_language"] = language
    response = client.post(
        "/tournaments/new/",
        support.form_filled(name="Spring", format="deals", starts_at=wall, time_zone=zone),
    )
    assert response.status_code == 200
    with translation.override(language):
        said = translation.gettext(GAP) % {
            "date": local_date(day),
            "zone": zone_location(zone),
            "time": clock_time(hour),
        }
    if language == "ur":
        assert said != GAP and not said.isascii()
    assert escape(said) in response.content.decode()
    assert not Tournament.objects.exists()


def test_9_a_start_is_read_in_the_zone_chosen_not_in_the_readers():
    """A reader in New York makes a Kolkata tournament at 02:30 on the day New York's clocks
    skip that hour: Kolkata has it, so it is made at Kolkata's 02:30 (Django's field refused
    it, reading it in New York)."""
    boss = support.organiser()
    Profile.objects.create(user=boss, time_zone="America/New_York")
    response = signed_in(boss).post(
        "/tournaments/new/",
        support.form_filled(
            name="Spring", format="deals", starts_at="2027-03-14T02:30", time_zone="Asia/Kolkata"
        ),
    )
    assert response.status_code == 302
    kolkata = zoneinfo.ZoneInfo("Asia/Kolkata")
    assert Tournament.objects.get().starts_at == datetime(2027, 3, 14, 2, 30, tzinfo=kolkata)


def test_9_a_stranger_at_a_private_tournament_is_answered_once_as_if_it_did_not_exist():
    """Defect 9 said the refusal twice; issue 28 then made a private tournament no stranger's
    business: one answer, the 404 of a missing tournament, and nothing registered."""
    boss = support.organiser()
    tournament = support.tournament_made(boss, private=True, name="Friends")
    (stranger,) = support.people(1, prefix="stranger")
    response = signed_in(stranger).post(f"/tournaments/{tournament.pk}/register/", follow=True)
    assert response.status_code == 404
    assert "Friends" not in response.content.decode()
    assert not Entry.objects.exists()


def test_9_a_pause_tells_the_players_why_and_until_when_and_the_page_says_it():
    boss, tournament, players = support.under_way(6)
    services.tournament_pause(tournament_id=tournament.pk, actor=boss, reason="tea break")
    notice = Notice.objects.get(member=players[0], kind="tournament_paused")
    assert notice.params["reason"] == "tea break"
    html = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "tea break" in html and "starts when they resume it" in html
    services.tournament_resume(tournament_id=tournament.pk, actor=boss, reason="back")
    assert Notice.objects.filter(member=players[0], kind="tournament_resumed").exists()
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert (tournament.paused, tournament.pause_reason, tournament.paused_at) == (False, "", None)


def test_4_the_menu_leads_to_the_tournaments():
    html = Client().get("/").content.decode()
    assert 'href="/games/rummy/tournaments/"' in html


def test_1_a_deals_table_whose_seats_are_all_absent_ends_by_wrong_shows_and_the_round_goes_on():
    """RM-26 (no drop in Deals), RM-15 and RM-20: an absent seat over its timeouts shows its
    hand as it lies, a wrong show of 80 points, and is out of the deal; the last one left
    wins it. A table nobody plays ends after a bounded number of timeouts."""
    boss = support.organiser()
    tournament = support.tournament_made(boss, format="deals", per_table=3, qualifiers=1)
    support.entered(tournament, support.people(6))
    support.started(tournament)
    now = timezone.now()
    for round_table in support.current_tables(tournament):
        timeouts = 0
        while (table := Table.objects.get(pk=round_table.table_id)).status == "playing":
            now += timedelta(minutes=5)
            assert table_timeout_apply(table_id=table.pk, version=table.version, now=now)
            timeouts += 1
            assert timeouts < 60, "the absent table does not end"
        assert table.status == TableStatus.FINISHED
        forfeits = Move.objects.filter(table=table, by=MoveBy.TIMEOUT, action__type="declare")
        assert forfeits.exists()
        assert all(move.events[0]["valid"] is False for move in forfeits)
        assert {move.events[0]["points"] for move in forfeits} == {80}
        # Never a drop: Deals has none (RM-26).
        assert not Move.objects.filter(table=table, action__type="drop").exists()
    services.tournament_round_check(tournament_id=tournament.pk)
    assert tournament.rounds.count() == 2


def test_5_a_deals_tables_header_says_how_many_deals_it_plays():
    boss = support.organiser()
    tournament = support.tournament_made(boss, format="deals", per_table=4, qualifiers=1)
    players = support.people(4)
    support.entered(tournament, players)
    support.started(tournament)
    (round_table,) = support.current_tables(tournament)
    html = signed_in(players[0]).get(f"/tables/{round_table.table_id}/").content.decode()
    assert "Deals, 4 deals" in html and "2 deals" not in html


def absent_table_played_out(table_id: int, now):
    """Every seat of the table absent: its turn clocks run out until it ends (the real path:
    the timeout job's service, the one write path, the news after the commit)."""
    for _ in range(200):
        table = Table.objects.get(pk=table_id)
        if table.status != TableStatus.PLAYING:
            return now
        now += timedelta(minutes=5)
        table_timeout_apply(table_id=table.pk, version=table.version, now=now)
    raise AssertionError(f"table {table_id} never ended")


def test_10_a_tie_at_the_line_is_settled_by_a_tiebreak_deal_played_through_the_real_path(
    monkeypatch, django_capture_on_commit_callbacks
):
    """Four to a table, three go through, nobody there: absent players drop out of every Pool
    deal alike (RM-17), and the last two out go out in the same deal with the same score,
    tied for third place (the engine's own result: ranks 1, 2, 3, 3); the tie-break deal (a
    Points deal between them) is dealt, times out to its end, and its news queues the round
    check that reads it, as in play."""
    checks: list[int] = []

    def delay(tournament_id: int) -> None:
        checks.append(tournament_id)
        services.tournament_round_check(tournament_id=tournament_id)

    monkeypatch.setattr(tasks.tournament_round_check, "delay", delay)
    boss = support.organiser()
    tournament = support.tournament_made(boss, per_table=4, qualifiers=3)
    players = support.people(8)
    support.entered(tournament, players)
    support.started(tournament)
    now = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        for round_table in support.current_tables(tournament):
            now = absent_table_played_out(round_table.table_id, now)
    tiebreaks = list(RoundTable.objects.filter(tiebreak_of__isnull=False))
    assert tiebreaks, "no tie at the line"
    assert {rt.table.variant for rt in tiebreaks} == {"points"}
    for _ in range(10):
        pending = [rt for rt in support.current_tables(tournament) if rt.round.number == 1]
        if not pending:
            break
        with django_capture_on_commit_callbacks(execute=True):
            for round_table in pending:
                now = absent_table_played_out(round_table.table_id, now)
    assert checks and set(checks) == {tournament.pk}
    assert tournament.rounds.count() == 2
    qualified = RoundSeat.objects.filter(round__number=1, qualified=True)
    assert qualified.count() == 6
    assert Notice.objects.filter(kind="tournament_tiebreak").exists()


def test_8_the_list_and_the_page_give_the_same_start_in_the_readers_zone_named():
    """Issue 33's formats: the member's zone, named; the list showed UTC and the page India."""
    from accounts.profiles.formats import local_datetime

    boss = support.organiser()
    start = datetime(2027, 6, 5, 14, 30, tzinfo=zoneinfo.ZoneInfo("UTC"))
    tournament = support.tournament_made(boss, name="Summer Pool", starts_at=start)
    (reader,) = support.people(1, prefix="reader")
    Profile.objects.create(user=reader, time_zone="Europe/London")
    client = signed_in(reader)
    listing = client.get("/games/rummy/tournaments/").content.decode()
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    shown = local_datetime(start, zone=zoneinfo.ZoneInfo("Europe/London"), language="en")
    assert "3:30" in shown and "BST" in shown
    assert shown in listing and shown in page
    assert "UTC" not in listing
