"""A tournament's bracket (issue 31, point 5): every round as boxes, each table's players ranked,
who went through, the byes, a tie-break deal beside the table whose tie it settles, the final
and its winner; a link to watch each live table; live over the tournament's own news; the same
few queries whatever the number of entrants (its time: bench.bench_tournament)."""

import asyncio
import re

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.tables.models import Seat
from tests.games.live.test_lobby_sockets import LobbyPage
from tests.games.socket_support import TIMEOUT
from tests.games.table_support import signed_in
from tests.tournaments.support import (
    current_tables,
    entered,
    finish_every_table,
    organiser,
    people,
    started,
    table_ended_with,
    tournament_made,
)
from tournaments import services
from tournaments.web.page import bracket_render


def boxes(html: str) -> list[str]:
    return re.findall(r'<article class="bracket-box.*?</article>', html, re.S)


@pytest.mark.django_db
def test_a_tie_break_stands_beside_its_table_and_the_final_names_the_winner():
    boss = organiser()
    tournament = tournament_made(boss, per_table=3, qualifiers=1, name="Eid Pool")
    entered(tournament, people(6))
    started(tournament)
    first, second = current_tables(tournament)
    tied = list(Seat.objects.filter(table=first.table).order_by("number"))
    page = Client().get(f"/tournaments/{tournament.pk}/bracket/").content.decode()
    live = boxes(page)
    assert len(live) == 2
    # Each live table can be watched from its box: the table's own page, as a spectator.
    assert f'class="bracket-watch" href="/tables/{first.table_id}/"' in live[0]
    assert 'id="tournament-bracket"' in page and f"/ws/pages/bracket/{tournament.pk}/" in page

    table_ended_with(first.table_id, [1, 1, 3])  # two share the one qualifying place
    table_ended_with(second.table_id, [1, 2, 3])
    services.tournament_round_check(tournament_id=tournament.pk)
    (tiebreak,) = current_tables(tournament)
    html = bracket_render(str(tournament.pk), ["en"])["en"]
    tiebreak_box = next(box for box in boxes(html) if "bracket-tiebreak" in box)
    assert "Tie-break deal for table 1" in tiebreak_box
    assert f'href="/tables/{tiebreak.table_id}/"' in tiebreak_box
    assert {seat.user.username for seat in tied[:2]} == set(
        re.findall(r'class="bracket-name">(\w+)<', tiebreak_box)
    )

    table_ended_with(tiebreak.table_id, [2, 1])
    services.tournament_round_check(tournament_id=tournament.pk)
    html = bracket_render(str(tournament.pk), ["en"])["en"]
    table_one = boxes(html)[0]
    # Ranked by the table's result and the tie-break: the tie-break's winner went through.
    names = re.findall(r'class="bracket-name">(\w+)<', table_one)
    assert names[0] == tied[1].user.username
    assert table_one.count("✓ went through") == 1 and table_one.count(">out<") == 2
    assert 'id="bracket-round-2"' in html and "bracket-final" in html

    finish_every_table(tournament)
    tournament.refresh_from_db()
    html = bracket_render(str(tournament.pk), ["en", "hi"])
    final = html["en"].split('id="bracket-round-2"')[1]
    assert f"{tournament.winner.username} won the tournament." in html["en"]
    assert "🏆 winner" in final and final.count("<li") == 2
    hindi = html["hi"]
    assert "Tie-break deal" not in hindi and "won the tournament" not in hindi
    assert tournament.winner.username in hindi


@pytest.mark.django_db
def test_a_bye_has_its_own_box_and_goes_through():
    tournament = tournament_made(organiser(), per_table=2, qualifiers=1, seating="rating")
    entered(tournament, people(5))
    started(tournament)
    html = bracket_render(str(tournament.pk), ["en"])["en"]
    byes = html.split('class="bracket-box bracket-byes"')[1].split("</div>")[0]
    assert "Bye: goes through without playing" in byes and byes.count("<li>") == 1
    assert len(boxes(html)) == 2


@pytest.mark.django_db
def test_the_bracket_reads_as_many_queries_for_thirty_entrants_as_for_six():
    boss = organiser()
    counts = []
    for size in (6, 30):
        tournament = tournament_made(boss, per_table=3, qualifiers=1, name=f"Cup {size}")
        entered(tournament, people(size, prefix=f"p{size}-"))
        started(tournament)
        finish_every_table(tournament)
        with CaptureQueriesContext(connection) as queries:
            html = bracket_render(str(tournament.pk), ["en"])["en"]
        assert len(boxes(html)) == size // 3 + len(current_tables(tournament))
        counts.append(len(queries))
    assert counts[0] == counts[1] < 20


@pytest.mark.django_db
def test_a_private_tournaments_bracket_is_a_404_to_a_stranger_and_open_with_the_invite():
    boss = organiser()
    tournament = tournament_made(boss, private=True, name="Cousins")
    (stranger,) = people(1, prefix="stranger")
    path = f"/tournaments/{tournament.pk}/bracket/"
    assert signed_in(stranger).get(path).status_code == 404
    assert Client().get(path).status_code == 404
    assert Client().get(f"{path}?invite=wrong").status_code == 404
    invited = Client().get(f"{path}?invite={tournament.invite_token}")
    assert invited.status_code == 200
    assert f"/ws/pages/bracket/{tournament.pk}/?invite={tournament.invite_token}" in (
        invited.content.decode()
    )
    assert Client().get("/tournaments/99999/bracket/").status_code == 404


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("tables_stopped_afterwards")
def test_the_bracket_updates_itself_when_the_tournament_changes(live_stack):
    """The bracket hears its tournament's news (``PageKind.news_kind``): no news of its own."""
    tournament = tournament_made(organiser(), per_table=3, qualifiers=1, name="Followed")
    entered(tournament, people(6))
    url = live_stack.ws_url(f"/ws/pages/bracket/{tournament.pk}/")

    async def scenario():
        async with LobbyPage(url, live_stack.http_url) as reader:
            first = reader.pushes[-1][1]
            assert 'id="tournament-bracket"' in first and "bracket-box" not in first
            await database_sync_to_async(services.tournament_start)(
                tournament_id=tournament.pk, now=tournament.starts_at
            )
            while "bracket-box" not in reader.pushes[-1][1]:
                await reader.push(TIMEOUT)
            assert len(boxes(reader.pushes[-1][1])) == 2

    asyncio.run(scenario())
