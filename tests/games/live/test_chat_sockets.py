"""The table chat and bans over real WebSockets to a live Daphne (``live_stack``), issue 20:
quick phrases each reader sees in their own language, players and spectators apart, refusals
to the sender alone, a moderator's deletion; and a ban closing the member's sockets at once in
two server processes (Daphne's and this test's own)."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from websockets.exceptions import ConnectionClosed, InvalidStatus

from accounts.moderation.sanctions import member_ban, member_mute
from config.asgi import application
from games.live import guards
from games.live.guards import CLOSE_SHUT_OUT
from games.tables import services
from games.tables.models import ChatLine
from tests.games.socket_support import TIMEOUT, TableSocket, redis_subscribes_late
from tests.games.table_support import members, signed_in, table_new
from tests.moderation_support import moderator_make

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]


def socket_of(live_stack, table, client=None, language: str | None = None) -> TableSocket:
    cookies = []
    if client is not None:
        cookies.append(f"sessionid={client.cookies['sessionid'].value}")
    if language:
        cookies.append(f"django_language={language}")
    return TableSocket(
        url=live_stack.ws_url(f"/ws/tables/{table.pk}/"),
        origin=live_stack.http_url,
        cookie="; ".join(cookies) or None,
    )


async def chat_frame(socket: TableSocket, kind: str = "chat") -> dict:
    return await socket.receive_until(lambda frame: frame["type"] == kind)


async def history(socket: TableSocket) -> dict:
    """The room's last lines, as the page asks for them once its socket opens."""
    await socket.send({"type": "chat_history"})
    return await chat_frame(socket, "chat_history")


async def refusal(socket: TableSocket) -> dict:
    return await socket.receive_until(lambda frame: frame["type"] == "error")


@pytest.fixture
def two_players_and_a_spectator():
    asha, bilal, chand = members(3)
    table = table_new(asha, "rummy", ["", ""], turn_seconds=300)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    return table, asha, bilal, chand


def test_a_quick_phrase_reads_in_each_readers_language_and_spectators_chat_apart(
    live_stack, two_players_and_a_spectator
):
    table, asha, bilal, chand = two_players_and_a_spectator
    clients = [signed_in(user) for user in (asha, bilal, chand)]

    async def scenario():
        async with (
            socket_of(live_stack, table, clients[0], "hi") as hindi,
            socket_of(live_stack, table, clients[1], "ur") as urdu,
            socket_of(live_stack, table, clients[2], "en") as spectator,
        ):
            histories = [await history(s) for s in (hindi, urdu, spectator)]
            await hindi.send({"type": "chat", "phrase": "good_game"})
            heard = [await chat_frame(hindi), await chat_frame(urdu)]
            # A spectator's line reaches spectators only: the players' next frame is Bilal's.
            await spectator.send({"type": "chat", "text": "she holds two jokers"})
            spectators_own = await chat_frame(spectator)
            await urdu.send({"type": "chat", "text": "<b>shout</b>"})
            refused = await refusal(urdu)
            await urdu.send({"type": "chat", "text": "शुक्रिया <3"})
            players_next = await chat_frame(hindi)
            async with socket_of(live_stack, table, clients[2], "ur") as later:
                kept = await history(later)
            return histories, heard, spectators_own, refused, players_next, spectator.frames, kept

    histories, heard, spectators_own, refused, players_next, spectator_frames, kept = asyncio.run(
        scenario()
    )
    # A spectator coming later reads the spectators' room alone.
    assert [line["text"] for line in kept["lines"]] == ["she holds two jokers"]
    assert [h["rooms"] for h in histories] == [["players"], ["players"], ["spectators"]]
    assert [frame["phrase"] for frame in heard] == ["good_game", "good_game"]
    assert heard[0]["text"] == "अच्छा खेल" and heard[1]["text"] == "اچھا کھیل"
    assert heard[0]["mine"] and not heard[1]["mine"]
    assert spectators_own["text"] == "she holds two jokers"
    assert refused["code"] == "chat_markup" and refused["message"]
    assert players_next["text"] == "शुक्रिया <3" and players_next["author"] == "player1"
    assert not any(f["type"] == "chat" and f["room"] == "players" for f in spectator_frames)
    assert list(ChatLine.objects.values_list("room", flat=True).order_by("id")) == [
        "players",
        "spectators",
        "players",
    ]


def test_a_muted_member_is_refused_and_a_moderator_deletes_a_line_for_everyone(
    live_stack, two_players_and_a_spectator
):
    table, asha, bilal, _chand = two_players_and_a_spectator
    mona = moderator_make()
    member_mute(moderator=mona, member_id=bilal.pk, reason="insults", hours=1)
    clients = [signed_in(user) for user in (asha, bilal, mona)]

    async def scenario():
        async with (
            socket_of(live_stack, table, clients[0]) as player,
            socket_of(live_stack, table, clients[1]) as muted,
            socket_of(live_stack, table, clients[2]) as moderator,
        ):
            watching = await history(moderator)
            await muted.send({"type": "chat", "text": "let me talk"})
            silenced = await refusal(muted)
            await player.send({"type": "chat", "text": "a rude line"})
            line = await chat_frame(moderator)
            await player.send({"type": "chat_delete", "line": line["line"]})
            not_allowed = await refusal(player)
            bad = []
            for junk in (2**70, True, "1", None):
                await moderator.send({"type": "chat_delete", "line": junk})
                bad.append((await refusal(moderator))["code"])
            await player.connection.send(b'{"type": "chat", "text": "binary"}')
            bad.append((await refusal(player))["code"])
            await moderator.send({"type": "chat_delete", "line": line["line"]})
            gone = [await chat_frame(s, "chat_deleted") for s in (player, muted)]
            return watching, silenced, line, not_allowed, gone, bad

    watching, silenced, line, not_allowed, gone, bad = asyncio.run(scenario())
    assert bad == ["chat_malformed"] * 4 + ["text_frames_only"]
    assert watching["moderator"] and watching["rooms"] == ["players", "spectators"]
    # The mute's end in the reader's zone, named: India's for a member who chose none.
    assert silenced["code"] == "chat_muted" and "IST" in silenced["message"]
    assert line["room"] == "players"
    assert not_allowed["code"] == "not_moderator"
    assert [frame["line"] for frame in gone] == [line["line"]] * 2
    assert ChatLine.objects.get(pk=line["line"]).deleted_at is not None


def test_a_ban_closes_the_members_sockets_at_once_in_two_server_processes(
    live_stack, two_players_and_a_spectator
):
    table, _asha, bilal, _chand = two_players_and_a_spectator
    mona = moderator_make()
    bilals = signed_in(bilal)
    cookie = f"sessionid={bilals.cookies['sessionid'].value}".encode()
    headers = [(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8000")]

    async def scenario():
        # One socket on Daphne's process, one on this test's own (the in-process application).
        here = WebsocketCommunicator(
            application, "/ws/presence/", headers=[*headers, (b"cookie", cookie)]
        )
        accepted, _ = await here.connect(TIMEOUT)
        assert accepted
        async with socket_of(live_stack, table, bilals) as there:
            await history(there)
            await database_sync_to_async(member_ban)(
                moderator=mona, member_id=bilal.pk, reason="abuse", days=1
            )
            told = await refusal(there)
            with pytest.raises(ConnectionClosed) as closed:
                await there.receive()
            here_told = await here.receive_json_from(TIMEOUT)
            here_closed = await here.receive_output(TIMEOUT)
            # Its old session opens no socket any more.
            async with socket_of(live_stack, table, bilals) as again:
                refused_again = await refusal(again)
            return told, closed.value.rcvd.code, here_told, here_closed, refused_again

    told, code, here_told, here_closed, refused_again = asyncio.run(scenario())
    assert told["code"] == "banned" and code == CLOSE_SHUT_OUT
    assert here_told["code"] == "banned"
    assert here_closed == {"type": "websocket.close", "code": CLOSE_SHUT_OUT}
    assert refused_again["code"] == "banned"


def test_a_ban_told_before_redis_took_the_sockets_subscription_still_closes_it(monkeypatch):
    """The ban is committed and told after the socket read it (not banned yet) but before
    Redis took the subscription to the member's group: the socket reads it again once the
    group is heard, and closes."""
    redis_subscribes_late(monkeypatch)
    bilal = members(1)[0]
    mona = moderator_make()
    cookie = f"sessionid={signed_in(bilal).cookies['sessionid'].value}".encode()
    read = guards._banned
    banned_meanwhile = []

    async def read_then_banned(member_id: int) -> bool:
        answer = await read(member_id)
        if not banned_meanwhile:
            banned_meanwhile.append(
                await database_sync_to_async(member_ban)(
                    moderator=mona, member_id=member_id, reason="abuse", days=1
                )
            )
        return answer

    monkeypatch.setattr(guards, "_banned", read_then_banned)

    async def scenario():
        here = WebsocketCommunicator(
            application,
            "/ws/presence/",
            headers=[
                (b"host", b"127.0.0.1:8000"),
                (b"origin", b"http://127.0.0.1:8000"),
                (b"cookie", cookie),
            ],
        )
        accepted, _ = await here.connect(TIMEOUT)
        told = await here.receive_json_from(TIMEOUT)
        closed = await here.receive_output(TIMEOUT)
        return accepted, told, closed

    accepted, told, closed = asyncio.run(scenario())
    assert accepted and banned_meanwhile
    assert told["code"] == "banned"
    assert closed == {"type": "websocket.close", "code": CLOSE_SHUT_OUT}


def test_a_moderator_watches_a_private_table_closed_to_spectators_as_a_spectator(live_stack):
    asha, bilal = members(2)
    table = table_new(
        asha,
        "pitch",
        ["", "", "medium", "medium"],
        private=True,
        allow_spectators=False,
        turn_seconds=300,
    )
    services.table_seat_take(
        table_id=table.pk, user_id=bilal.pk, number=1, invite=table.invite_token
    )
    moderator, stranger = signed_in(moderator_make()), signed_in(members(1, prefix="x")[0])

    async def scenario():
        async with socket_of(live_stack, table, moderator) as watching:
            frame = await watching.state()
        with pytest.raises(InvalidStatus):
            async with socket_of(live_stack, table, stranger):
                pass
        return frame

    frame = asyncio.run(scenario())
    assert frame["status"] == "playing" and frame["seat"] is None and frame["legal"] == []
    assert "hand" not in frame["view"] or not frame["view"]["hand"]
