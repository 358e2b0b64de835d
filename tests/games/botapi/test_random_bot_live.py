"""The example client (examples/random_bot.py) against the live stack (issue 35, point 6): a
member invites the bot account by name, the client accepts from its event stream, and plays a
whole Pitch match and a whole Points Rummy deal with random legal moves taken from its frames,
beside house bots. Every line it read is JSON of the documented kinds, and no state line shows
its seat a card it may not see (the sockets' leak check, ``socket_support.leaks``)."""

import json
import subprocess
import sys
import time

import pytest

from games.botapi.models import Invitation
from games.botapi.services import bot_invite
from games.tables import services
from games.tables.models import MoveBy, Table, TableStatus
from tests.games.botapi.support import bot_made, token_for
from tests.games.socket_support import leaks
from tests.games.table_support import SHORT_MATCHES, members
from tests.live import ROOT

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]

WAIT_SECONDS = 240
EVENT_KINDS = {"keep-alive", "invitation", "seated", "matchStarted", "matchEnded"}


def _until(condition, what: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {WAIT_SECONDS} s for {what}")
        time.sleep(0.2)


@pytest.mark.parametrize(("game", "levels"), [("pitch", 4), ("rummy", 3)])
def test_the_example_client_plays_a_whole_match_seeing_only_its_seat(
    live_stack, tmp_path, game, levels
):
    owner, friend = members(2)
    bot = bot_made(owner, f"random_{game}")
    secret = token_for(owner, bot)
    log = tmp_path / "lines.ndjson"
    client = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "examples" / "random_bot.py"),
            "--url",
            live_stack.http_url,
            "--token",
            secret,
            "--matches",
            "1",
            "--log",
            str(log),
            "--seed",
            "7",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        variant, options = SHORT_MATCHES[game]
        table = services.table_create(
            creator_id=friend.pk,
            game=game,
            variant=variant,
            bot_levels=[""] * levels,
            options=options,
            bot_delay_seconds=0,
            pause_seconds=1,
            turn_seconds=60,
        )
        # The client's event stream must be open before the invitation is sent.
        _until(lambda: log.exists() or client.poll() is not None, "the client's stream")
        invitation = bot_invite(member_id=friend.pk, table_id=table.pk, seat=1, name=bot.username)
        _until(
            lambda: Invitation.objects.get(pk=invitation.pk).status == "accepted",
            "the invitation accepted",
        )
        # The member leaves their seat and starts the match: house bots fill the others.
        services.table_seat_leave(table_id=table.pk, user_id=friend.pk)
        services.table_start(table_id=table.pk, user_id=friend.pk, bot_level="easy")
        _until(lambda: client.poll() is not None, "the client to finish its match")
        output = client.stdout.read()
        assert client.returncode == 0, output
    finally:
        if client.poll() is None:
            client.kill()
            client.wait()
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    # The bot account's moves are players' moves, as a person's are.
    assert table.moves.filter(seat=1, by=MoveBy.PLAYER).exists()
    lines = [json.loads(raw) for raw in log.read_text().splitlines() if raw.strip()]
    states = [line for line in lines if line["type"] == "state"]
    events = [line for line in lines if line["type"] != "state"]
    assert {line["type"] for line in events} <= EVENT_KINDS
    assert {"invitation", "matchStarted", "matchEnded"} <= {line["type"] for line in events}
    assert states and states[-1]["status"] == "finished"
    assert all(line["seat"] == 1 for line in states if line["status"] == "playing")
    assert leaks(states, Table.objects.get(pk=table.pk), 1) == []
