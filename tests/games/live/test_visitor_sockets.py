"""Issue 21, point 2: a visitor's unranked try at the daily deal over real WebSockets (Daphne
and a Celery worker, ``live_stack``): the seat their session's key holds, resumed after a
reconnect, and nobody else's."""

import asyncio

import pytest
from django.test import Client
from websockets.exceptions import InvalidStatus

from games.daily.models import Attempt, VisitorTry
from games.tables.models import Move, MoveBy
from tests.games.daily.daily_support import begin
from tests.games.socket_support import table_socket
from tests.games.table_support import members

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]


def visitor_with_a_try(game: str) -> tuple[Client, VisitorTry]:
    client = Client()
    assert client.post(f"/daily/{game}/play/").status_code == 302
    return client, VisitorTry.objects.select_related("table").get(game=game)


def test_a_visitor_moves_over_the_socket_and_resumes_the_same_seat_after_reconnecting(
    live_stack,
):
    visitor, tried = visitor_with_a_try("courtpiece")
    table = tried.table

    async def scenario():
        async with table_socket(live_stack, table, visitor) as socket:
            frame = await socket.state(lambda frame: bool(frame["legal"]))
            action, version = frame["legal"][0], frame["version"]
            await socket.send({"type": "move", "action": action, "version": version, "seat": 1})
            forged = await socket.error()
            await socket.send(
                {"type": "move", "action": frame["legal"][0], "version": frame["version"]}
            )
            moved = await socket.state(lambda later: later["version"] > frame["version"])
        # A dropped connection: the same visitor (the same session) is back at the same seat.
        async with table_socket(live_stack, table, visitor) as again:
            resumed = await again.state()
        return frame, forged, moved, resumed

    frame, forged, moved, resumed = asyncio.run(scenario())
    assert frame["seat"] == 0 and forged["code"] == "bad_seat"
    assert moved["seat"] == 0
    assert Move.objects.get(table=table, version=frame["version"] + 1).by == MoveBy.PLAYER
    assert resumed["seat"] == 0 and resumed["version"] >= moved["version"]
    assert resumed["view"]["hand"]  # their own cards, as a seated player's view
    # Unranked: no attempt, so nothing on a board or in a streak.
    assert not Attempt.objects.exists()


def test_a_visitors_socket_is_refused_at_a_members_daily_table_and_at_another_visitors(
    live_stack,
):
    (asha,) = members(1)
    member_table = begin(asha, "rummy").table
    visitor, tried = visitor_with_a_try("rummy")
    # Another visitor, whose session's key holds a seat of its own elsewhere.
    other = Client()
    assert other.post("/daily/unders/play/").status_code == 302

    async def refused(table, client) -> int:
        with pytest.raises(InvalidStatus) as refusal:
            async with table_socket(live_stack, table, client):
                pass
        return refusal.value.response.status_code

    async def scenario():
        return [
            await refused(member_table, visitor),
            await refused(tried.table, other),
            await refused(tried.table, None),
        ]

    assert asyncio.run(scenario()) == [403, 403, 403]
