"""The moderators' list of live tables as a live page over a real WebSocket to Daphne (issue
20): every filter's page hears the one console key, a member who is no moderator is refused
at the handshake."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from websockets.exceptions import InvalidStatus

from tests.games.live.test_lobby_sockets import LobbyPage
from tests.games.socket_support import session_cookie
from tests.games.table_support import members, signed_in, table_new
from tests.moderation_support import moderator_make

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]


def console_page(live_stack, client, key: str) -> LobbyPage:
    return LobbyPage(
        live_stack.ws_url(f"/ws/pages/console/{key}/"), live_stack.http_url, session_cookie(client)
    )


def test_a_new_private_table_shows_on_the_consoles_filtered_pages_and_a_member_is_refused(
    live_stack,
):
    (asha,) = members(1)
    mona, ashas = signed_in(moderator_make()), signed_in(asha)

    async def scenario():
        async with (
            console_page(live_stack, mona, "all-any-all") as everything,
            console_page(live_stack, mona, "rummy-casual-all") as rummy,
        ):
            # A seat left for a friend: the table waits, and is listed while it does. With a
            # bot in it, the match began at once and could end before the push read the list
            # (a bot that drops its first hand or declares one, RM-15, RM-17), and the list
            # shows no finished table (a run of 9b30a35 waited 20 s for it).
            table = await database_sync_to_async(table_new)(asha, "rummy", ["", ""], private=True)
            marker = f'data-table="{table.pk}"'
            await everything.shows(lambda html: marker in html, since=0)
            await rummy.shows(lambda html: marker in html, since=0)
        with pytest.raises(InvalidStatus):
            async with console_page(live_stack, ashas, "all-any-all"):
                pass

    asyncio.run(scenario())
