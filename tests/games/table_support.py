"""Helpers for table tests: members, tables made through the services, and driving bots."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from games.engine import GAMES
from games.tables import services
from games.tables.models import Seat, Table, TableStatus
from games.tables.refusals import TableRefusal
from games.tables.selectors import table_replay

PASSWORD = "Lahore-Lucknow-42"

# Short matches of each game, for tests that play one to the end.
SHORT_MATCHES = {
    "rummy": ("points", {}),
    "courtpiece": ("single_sar", {"target": 1}),
    # The back door (a house rule, PI-8) keeps a match of random players short.
    "pitch": ("standard", {"target": 3, "back_door": True}),
    "unders": ("classic", {}),
}


def members(count: int, prefix: str = "player") -> list:
    model = get_user_model()
    return [
        model.objects.create_user(f"{prefix}{n}", f"{prefix}{n}@example.com", PASSWORD)
        for n in range(count)
    ]


def refused(code: str):
    """Expects the table to refuse with exactly ``code``."""
    return pytest.raises(TableRefusal, match=f"^{code}$")


def signed_in(user, language: str | None = None) -> Client:
    """The user's client, signed in; reading the site in ``language`` where one is named."""
    client = Client()
    client.force_login(user)
    if language is not None:
        client.cookies["django_language"] = language
    return client


def table_new(creator, game: str, levels, *, variant=None, options=None, **settings) -> Table:
    """A table made by ``creator`` with ``levels`` per seat ("" for a person), bots moving at
    once."""
    short_variant, short_options = SHORT_MATCHES[game]
    return services.table_create(
        creator_id=creator.pk,
        game=game,
        variant=variant or short_variant,
        bot_levels=list(levels),
        options=short_options if options is None else options,
        **{"bot_delay_seconds": 0, **settings},
    )


def match_of(table: Table):
    table.refresh_from_db()
    return GAMES[table.game].from_json(table.state)


def bots_play(table: Table) -> Table:
    """Play bot turns in this process until a person is to move, a deal's result is up (the
    people at the table press Ready: issue 22), or the match is over; beside a live stack, its
    worker may play some of them."""
    while True:
        table.refresh_from_db()
        if table.status != TableStatus.PLAYING:
            return table
        if table.paused_until is not None and table.paused_until > timezone.now():
            return table
        seats = list(Seat.objects.filter(table=table).order_by("number"))
        match = GAMES[table.game].from_json(table.state)
        if not any(seats[seat].played_by_bot for seat in match.to_move()):
            return table
        version = table.version
        if not services.table_bot_turn_play(table_id=table.pk, version=version):
            # A live stack's worker plays the same bots at a browser test's table, and may play
            # the turn first (run s4): played it must be, by one or the other.
            table.refresh_from_db()
            assert table.version > version, f"no bot played at version {version}"


def replayed_state(table: Table) -> dict:
    """The engine state that the initial state and the move log give, as the database keeps it."""
    *_, last = table_replay(table)
    return json.loads(json.dumps(last.match.to_json()))
