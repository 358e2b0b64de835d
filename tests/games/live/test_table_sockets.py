"""Live tables over real WebSockets: Daphne and a Celery worker as subprocesses (``live_stack``),
members' sockets made with the ``websockets`` client, bots played by the worker."""

import asyncio
import json
import random

import pytest
from channels.db import database_sync_to_async
from websockets.exceptions import ConnectionClosed, InvalidStatus

from games.live.guards import CLOSE_TOO_BIG, MAX_FRAME_BYTES
from games.tables import services
from games.tables.models import Move, MoveBy, Table, TableStatus
from tests.games.socket_support import leaks, play_to_the_end, table_socket
from tests.games.table_support import SHORT_MATCHES, members, replayed_state, signed_in, table_new

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]


def table_state(table: Table) -> tuple:
    table.refresh_from_db()
    return table.version, table.state, Move.objects.filter(table=table).count()


@pytest.mark.parametrize("game", SHORT_MATCHES)
def test_two_members_and_two_bots_play_a_match_to_the_end_seeing_only_their_cards(live_stack, game):
    asha, bilal = members(2)
    table = table_new(asha, game, ["", "", "medium", "medium"], turn_seconds=120)
    players = {0: signed_in(asha), 1: signed_in(bilal)}
    choosers = {seat: random.Random(seat).choice for seat in players}

    async def scenario():
        async with (
            table_socket(live_stack, table, players[0]) as first,
            table_socket(live_stack, table, players[1]) as second,
            table_socket(live_stack, table) as spectator,
        ):
            await first.state()
            await spectator.state()
            # The last seat taken starts the match.
            await database_sync_to_async(services.table_seat_take)(
                table_id=table.pk, user_id=bilal.pk, number=1
            )
            ends = await asyncio.gather(
                play_to_the_end(first, choosers[0]),
                play_to_the_end(second, choosers[1]),
                spectator.state(lambda frame: frame["status"] == "finished"),
            )
            return ends, first.frames, second.frames, spectator.frames

    ends, *frames = asyncio.run(scenario())
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    assert [end["version"] for end in ends] == [table.version] * 3
    assert [end["view"]["over"] for end in ends] == [True] * 3
    versions = list(Move.objects.filter(table=table).values_list("version", flat=True))
    assert versions == list(range(1, table.version + 1))
    assert replayed_state(table) == table.state
    bys = set(Move.objects.filter(table=table).values_list("by", flat=True))
    assert {MoveBy.PLAYER, MoveBy.BOT} <= bys
    for seat, seen in zip((0, 1, None), frames, strict=True):
        assert leaks(seen, table, seat) == []
        in_play = [f for f in seen if f["type"] == "state" and f["status"] != TableStatus.OPEN]
        assert {frame["seat"] for frame in in_play} == {seat}


@pytest.fixture
def pitch_at_ashas_turn(live_stack):
    """Pitch: Asha at seat 0 (she bids first), Bilal at seat 1, bots at 2 and 3."""
    asha, bilal = members(2)
    table = table_new(asha, "pitch", ["", "", "medium", "medium"], turn_seconds=120)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    return table, signed_in(asha), signed_in(bilal)


def test_two_sockets_moving_at_the_same_moment_apply_exactly_one(live_stack, pitch_at_ashas_turn):
    """Two tabs of one member send different moves for one version at once."""
    table, asha, _bilal = pitch_at_ashas_turn

    async def outcome(socket, version) -> str:
        # The move's error, if any, comes before the answer to a ping sent after the new state.
        await socket.state(lambda frame: frame["version"] > version)
        await socket.send({"type": "ping"})
        await socket.receive_until(lambda frame: frame["type"] == "pong")
        errors = [frame["code"] for frame in socket.frames if frame["type"] == "error"]
        return errors[0] if errors else "applied"

    async def scenario():
        async with (
            table_socket(live_stack, table, asha) as tab,
            table_socket(live_stack, table, asha) as other_tab,
        ):
            frame = await tab.state()
            await other_tab.state()
            version = frame["version"]
            first, second = frame["legal"][:2]
            await asyncio.gather(
                tab.send({"type": "move", "action": first, "version": version}),
                other_tab.send({"type": "move", "action": second, "version": version}),
            )
            return version, [await outcome(tab, version), await outcome(other_tab, version)]

    version, outcomes = asyncio.run(scenario())
    assert sorted(outcomes) == ["applied", "stale_version"]
    assert Move.objects.filter(table=table, by=MoveBy.PLAYER).count() == 1
    assert Move.objects.get(table=table, version=version + 1).by == MoveBy.PLAYER


BAD_MESSAGES = {
    "out-of-turn": (
        "bilal",
        {"type": "move", "action": {"type": "bid", "bid": 2}},
        "not_your_turn",
    ),
    "forged-seat": ("asha", {"type": "move", "action": {"type": "pass"}, "seat": 1}, "bad_seat"),
    "stale": ("asha", {"type": "move", "action": {"type": "bid", "bid": "pass"}}, "stale_version"),
    "action-not-object": ("asha", {"type": "move", "action": "pass"}, "malformed"),
    "version-not-number": ("asha", {"type": "move", "action": {}, "version": "1"}, "malformed"),
    "unknown-action": ("asha", {"type": "move", "action": {"type": "fly"}}, "unknown_action"),
    "unknown-type": ("asha", {"type": "shuffle"}, "unknown_type"),
    "not-json": ("asha", "{'type': 'move'", "malformed_json"),
    "nested-past-the-stack": ("asha", "[" * 2000, "malformed_json"),
    "nested-too-deep": (
        "asha",
        {"type": "move", "action": {"type": "bid", "bid": [[[[2]]]]}},
        "too_nested",
    ),
}


@pytest.mark.parametrize("case", BAD_MESSAGES)
def test_a_message_it_should_not_send_gets_a_clear_error_and_changes_nothing(
    live_stack, pitch_at_ashas_turn, case
):
    table, asha, bilal = pitch_at_ashas_turn
    sender, message, code = BAD_MESSAGES[case]
    before = table_state(table)

    async def scenario():
        async with table_socket(live_stack, table, {"asha": asha, "bilal": bilal}[sender]) as s:
            frame = await s.state()
            if isinstance(message, dict) and "version" not in message:
                stale = case == "stale"
                message["version"] = frame["version"] - stale
            await s.send(message)
            error = await s.error()
            await s.send({"type": "ping"})
            pong = await s.receive_until(lambda f: f["type"] == "pong")
            return error, pong

    error, pong = asyncio.run(scenario())
    assert error["code"] == code
    assert error["message"]
    assert pong["version"] == before[0]
    assert table_state(table) == before


def test_hindi_reader_gets_errors_in_hindi(live_stack, pitch_at_ashas_turn):
    table, _asha, bilal = pitch_at_ashas_turn
    socket = table_socket(live_stack, table, bilal)
    socket.cookie += "; django_language=hi"

    async def scenario():
        async with socket as s:
            frame = await s.state()
            await s.send({"type": "move", "action": {"type": "pass"}, "version": frame["version"]})
            return await s.error()

    error = asyncio.run(scenario())
    assert error["code"] == "not_your_turn"
    assert error["message"] == "अभी आपकी बारी नहीं है।"


def test_an_oversized_frame_is_refused_and_closes_the_socket(live_stack, pitch_at_ashas_turn):
    table, asha, _bilal = pitch_at_ashas_turn
    before = table_state(table)

    async def scenario():
        async with table_socket(live_stack, table, asha) as s:
            await s.state()
            await s.send(json.dumps({"type": "move", "pad": "x" * MAX_FRAME_BYTES}))
            error = await s.error()
            with pytest.raises(ConnectionClosed) as closed:
                await s.receive()
            return error, closed.value.rcvd.code

    error, close_code = asyncio.run(scenario())
    assert (error["code"], close_code) == ("too_large", CLOSE_TOO_BIG)
    assert table_state(table) == before


def test_a_frame_past_the_servers_own_cap_closes_with_1009_not_a_dropped_connection(
    live_stack, pitch_at_ashas_turn
):
    """Issue 17: past Daphne's cap (games.live.server: 8 KiB) autobahn used to drop the TCP
    connection, a 1006 for the client; it now closes with the standard 1009."""
    table, asha, _bilal = pitch_at_ashas_turn
    before = table_state(table)

    async def scenario():
        async with table_socket(live_stack, table, asha) as s:
            await s.state()
            await s.send(json.dumps({"type": "move", "pad": "x" * 1_100_000}))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await s.receive()
            return closed.value.rcvd

    received = asyncio.run(scenario())
    assert received is not None and received.code == 1009
    assert table_state(table) == before


def test_strangers_are_refused_at_a_private_table_and_its_invite_lets_them_watch(live_stack):
    asha, stranger = members(2)
    table = table_new(asha, "rummy", ["", "medium"], private=True, turn_seconds=120)
    owner_client, stranger_client = signed_in(asha), signed_in(stranger)

    async def scenario():
        refusals = []
        for client in (stranger_client, None):
            with pytest.raises(InvalidStatus) as refused:
                async with table_socket(live_stack, table, client):
                    pass
            refusals.append(refused.value.response.status_code)
        async with table_socket(live_stack, table, owner_client) as owner:
            await owner.state()
        async with table_socket(
            live_stack, table, stranger_client, invite=table.invite_token
        ) as guest:
            frame = await guest.state()
            await guest.send({"type": "move", "action": {"type": "drop"}, "version": 0})
            return refusals, frame, await guest.error()

    refusals, frame, error = asyncio.run(scenario())
    assert refusals == [403, 403]
    assert frame["seat"] is None
    assert error["code"] == "not_seated"


def test_a_table_without_spectators_refuses_anyone_not_seated(live_stack):
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", "medium"], allow_spectators=False)
    bilal_client = signed_in(bilal)

    async def scenario():
        with pytest.raises(InvalidStatus) as refused:
            async with table_socket(live_stack, table, bilal_client):
                pass
        return refused.value.response.status_code

    assert asyncio.run(scenario()) == 403


def test_a_seat_that_keeps_timing_out_is_played_by_a_bot_until_its_member_is_back(live_stack):
    """Pitch, one-second turns: after two timeouts in a row every socket is told that a bot
    plays for Asha; her "back" ends it."""
    (asha,) = members(1)
    table = table_new(
        asha, "pitch", ["", "medium", "medium", "medium"], turn_seconds=1, bot_delay_seconds=0.5
    )
    client = signed_in(asha)

    async def scenario():
        async with (
            table_socket(live_stack, table, client) as seat,
            table_socket(live_stack, table) as spectator,
        ):
            stood_in = await seat.state(lambda f: f["seats"][0]["stand_in"], timeout=30)
            await spectator.state(lambda f: f["seats"][0]["stand_in"], timeout=30)
            await seat.send({"type": "back"})
            back = await seat.state(lambda f: not f["seats"][0]["stand_in"])
            return stood_in, back

    stood_in, back = asyncio.run(scenario())
    assert stood_in["seats"][0]["away"]
    timeouts = Move.objects.filter(
        table=table, seat=0, by=MoveBy.TIMEOUT, version__lte=stood_in["version"]
    )
    assert timeouts.count() == 2
    assert back["status"] == "playing"
    assert not back["seats"][0]["away"]


def test_a_move_that_loses_the_race_to_a_stand_in_still_brings_its_member_back(live_stack):
    """Pitch, one-second turns: a bot stands in for Asha after two timeouts. Her next move
    carries a version the stand-in has already played past: it is refused as stale, changes
    nothing on the felt, and she has her seat back, as a move in time would give it."""
    (asha,) = members(1)
    table = table_new(
        asha, "pitch", ["", "medium", "medium", "medium"], turn_seconds=1, bot_delay_seconds=0.5
    )
    client = signed_in(asha)

    async def scenario():
        async with table_socket(live_stack, table, client) as seat:
            stood_in = await seat.state(lambda f: f["seats"][0]["stand_in"], timeout=30)
            late = stood_in["version"] - 1
            await seat.send({"type": "move", "action": {"type": "pass"}, "version": late})
            refusal = await seat.error()
            back = await seat.state(lambda f: not f["seats"][0]["stand_in"])
            return refusal, back

    refusal, back = asyncio.run(scenario())
    assert refusal["code"] == "stale_version"
    assert not back["seats"][0]["away"]
    assert not Move.objects.filter(table=table, seat=0, by=MoveBy.PLAYER).exists()
