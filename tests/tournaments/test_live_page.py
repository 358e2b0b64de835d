"""The tournament page over a real WebSocket to a live Daphne (``live_stack``): a start made in
this process reaches a spectator's page (issue 19, "Pages": it updates live, at most once a
second), with the probe that takes each seated player to their table."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from websockets.exceptions import InvalidStatus

from tests.games.live.test_lobby_sockets import LobbyPage
from tests.games.socket_support import TIMEOUT
from tests.tournaments.support import entered, organiser, people, tournament_made
from tournaments import services

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]


def test_a_spectator_sees_round_one_start_with_its_tables(live_stack):
    tournament = tournament_made(organiser(), per_table=3, qualifiers=1, name="Spectated")
    entered(tournament, people(6))
    url = live_stack.ws_url(f"/ws/pages/tournament/{tournament.pk}/")

    async def scenario():
        async with LobbyPage(url, live_stack.http_url) as spectator:
            first = spectator.pushes[-1][1]
            assert 'id="tournament-live"' in first and "round-table" not in first
            await database_sync_to_async(services.tournament_start)(
                tournament_id=tournament.pk, now=tournament.starts_at
            )
            while "round-table" not in spectator.pushes[-1][1]:
                await spectator.push(TIMEOUT)
            pushed = spectator.pushes[-1][1]
            assert pushed.count('class="round-table"') == 2
            assert f"/tournaments/{tournament.pk}/you/" in pushed

    asyncio.run(scenario())


def test_a_private_tournaments_page_socket_lets_in_the_invite_link_and_no_one_else(live_stack):
    """Issue 19, "Pages" and "Bad input": a friend who opened a private tournament through its
    invite link follows it live before registering; a stranger without it, or with a wrong
    one, is refused at the handshake."""
    tournament = tournament_made(organiser(), private=True, name="Cousins")
    path = f"/ws/pages/tournament/{tournament.pk}/"

    async def scenario():
        invited = LobbyPage(
            live_stack.ws_url(f"{path}?invite={tournament.invite_token}"), live_stack.http_url
        )
        async with invited:
            assert 'id="tournament-live"' in invited.pushes[-1][1]
        for address in (path, f"{path}?invite=not-the-invite"):
            with pytest.raises(InvalidStatus) as refused:
                async with LobbyPage(live_stack.ws_url(address), live_stack.http_url):
                    pass
            assert refused.value.response.status_code == 403

    asyncio.run(scenario())
