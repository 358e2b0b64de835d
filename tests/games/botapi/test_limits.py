"""The bot API's limits (issue 35, point 5): a rate per token and a number of open streams per
account, past which 429 with Retry-After; and a stream whose reader does not read holds one
pending revision, never a queue of every change (the slow consumer)."""

import asyncio

import orjson
import pytest
from channels.db import database_sync_to_async

from games.botapi import guard
from games.live.hub import hub
from games.live.streams import table_lines
from games.tables import services
from games.tables.models import Table
from games.tables.selectors import table_snapshot
from tests.games.botapi.support import (
    api,
    bot_among_house_bots,
    bot_made,
    seated_bot_table,
    token_for,
)
from tests.games.table_support import members


@pytest.mark.django_db
def test_past_the_rate_of_a_token_429_with_retry_after(monkeypatch):
    monkeypatch.setattr(guard, "REQUESTS_PER_MINUTE", 3)
    (owner,) = members(1)
    bot = bot_made(owner)
    client = api(token_for(owner, bot))
    assert [client.get("/api/account").status_code for _ in range(3)] == [200] * 3
    refused = client.get("/api/account")
    assert (refused.status_code, refused.json()["code"]) == (429, "too_many_requests")
    assert 1 <= int(refused["Retry-After"]) <= 60
    # Another token of the same account counts on its own.
    assert api(token_for(owner, bot)).get("/api/account").status_code == 200


@pytest.mark.django_db
def test_past_the_open_streams_of_an_account_429_until_one_closes():
    owner, friend = members(2)
    bot = bot_made(owner)
    client = api(token_for(owner, bot))
    table = seated_bot_table(friend, bot, levels=("", "", "", ""))
    slots = [guard.StreamSlot(bot.pk) for _ in range(guard.STREAMS_PER_ACCOUNT)]
    for slot in slots:
        slot.take()
    for path in ("/api/stream/events", f"/api/bot/tables/{table.pk}/stream"):
        refused = client.get(path)
        assert (refused.status_code, refused.json()["code"]) == (429, "too_many_streams")
        assert int(refused["Retry-After"]) == guard.SLOT_SECONDS
    asyncio.run(slots[0].free())
    guard.StreamSlot(bot.pk).take()  # one place again


def _moves_played(table: Table, bot, count: int) -> Table:
    """``count`` moves: the bot account's first legal one when it is to move, else a house
    bot's turn (their jobs run nowhere here)."""
    for _ in range(count):
        table.refresh_from_db()
        match = table_snapshot(table.pk).match
        if match.legal_actions(3):
            services.table_move_apply(
                table_id=table.pk,
                user_id=bot.pk,
                action=match.legal_actions(3)[0],
                version=table.version,
            )
        else:
            assert services.table_bot_turn_play(table_id=table.pk, version=table.version)
    table.refresh_from_db()
    return table


class Slot:
    freed = False

    async def keep(self) -> None: ...

    async def free(self) -> None:
        self.freed = True


@pytest.mark.django_db(transaction=True)
def test_a_stream_not_read_keeps_one_pending_revision_and_skips_to_the_newest():
    owner, friend = members(2)
    bot = bot_made(owner)
    table = bot_among_house_bots(friend, bot)
    slot = Slot()

    async def scenario():
        lines = table_lines(table.pk, bot.pk, language="en", slot=slot)
        first = await anext(lines)
        before = table.revision
        # Six moves while nobody reads the stream: every change reaches it.
        played = await database_sync_to_async(_moves_played)(table, bot, 6)
        assert played.revision >= before + 6
        (follower,) = hub().sockets_of(table.pk)
        # The hub hears each commit a moment after it, on its own loop: wait for the last.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 10
        while follower.wanted != {table.pk: played.revision}:
            assert loop.time() < deadline, follower.wanted
            await asyncio.sleep(0.01)
        newest = await anext(lines)
        await lines.aclose()
        return first, newest, hub().sockets_of(table.pk)

    first, newest, left = asyncio.run(scenario())
    assert first.startswith(b'{"type":"state"') and first.endswith(b"\n")
    table.refresh_from_db()
    assert orjson.loads(newest)["revision"] == table.revision
    assert left == [] and slot.freed
