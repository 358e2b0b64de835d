"""Issue 21, verifiable deals on every table: the commitment from creation, the members' own
seeds mixed in at the start, the seed revealed after the match, recomputed by the verify page
and ``manage.py deal_verify``; a tampered seed is refused, and the seed reaches no client, no
bot and no public log line before then."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.live.frames import state_frame
from games.tables import selectors, services
from games.tables.models import Move, Seat, Table, TableStatus
from games.tables.seeds import GENERATOR_VERSION, commitment_of, match_seed_of
from tests.games.table_support import (
    bots_play,
    match_of,
    members,
    refused,
    signed_in,
    table_new,
)

pytestmark = pytest.mark.django_db

SEED_A = "a" * 64
SEED_B = "b" * 64


def finished_table(creator) -> Table:
    table = bots_play(table_new(creator, "courtpiece", ["medium"] * 4))
    assert table.status == TableStatus.FINISHED
    return table


def deal_verify(table, *args) -> str:
    out = StringIO()
    call_command("deal_verify", str(table.pk), *args, stdout=out)
    return out.getvalue()


def test_a_table_commits_to_its_server_seed_from_its_creation():
    (asha,) = members(1)
    table = table_new(asha, "rummy", ["", ""])
    assert table.status == TableStatus.OPEN
    assert len(table.server_seed) == 64
    assert table.seed_commitment == commitment_of(table.server_seed)
    page = signed_in(asha).get(f"/tables/{table.pk}/").content.decode()
    assert table.seed_commitment in page
    assert table.server_seed not in page


def test_the_members_seeds_are_mixed_in_seat_order_at_the_start():
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", ""], client_seed=SEED_A)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1, client_seed=SEED_B)
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    assert table.generator_version == GENERATOR_VERSION
    expected = match_seed_of(table.server_seed, [SEED_A, SEED_B], GENERATOR_VERSION)
    assert table.initial_state["rng"]["seed"] == expected


def test_the_seat_form_carries_the_browsers_seed():
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", ""])
    page = signed_in(bilal).get(f"/tables/{table.pk}/").content.decode()
    assert 'name="client_seed"' in page and "js/deal_seed.js" in page
    signed_in(bilal).post(f"/tables/{table.pk}/seat/", {"seat": "1", "client_seed": SEED_B})
    assert Seat.objects.get(table=table, number=1).client_seed == SEED_B


@pytest.mark.parametrize("bad", ["xyz", "A" * 64, "a" * 63, "a" * 65, "g" * 64])
def test_a_malformed_client_seed_is_refused_and_changes_nothing(bad):
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", ""])
    with refused("bad_client_seed"):
        services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1, client_seed=bad)
    response = signed_in(bilal).post(
        f"/tables/{table.pk}/seat/", {"seat": "1", "client_seed": bad}, follow=True
    )
    assert "seed for the deal is malformed" in response.content.decode()
    assert Seat.objects.get(table=table, number=1).user_id is None


def test_a_finished_tables_deal_is_verified_by_the_command():
    (asha,) = members(1)
    table = finished_table(asha)
    out = deal_verify(table)
    assert out.rstrip().endswith("verified")
    assert f"generator: {GENERATOR_VERSION}" in out
    assert f"server seed: {table.server_seed}" in out
    assert "all 52 cards lie where the recorded deal had them" in out
    assert f"all {Move.objects.filter(table=table).count()} replayed" in out


def test_a_tampered_seed_is_refused_by_the_command():
    (asha,) = members(1)
    table = finished_table(asha)
    with pytest.raises(CommandError, match="not the one this table committed to"):
        deal_verify(table, "--seed", "f" * 64)
    # A seed changed in the database no longer matches the commitment shown from the start.
    Table.objects.filter(pk=table.pk).update(server_seed="0" * 64)
    with pytest.raises(CommandError, match="not the one this table committed to"):
        deal_verify(table)


def test_a_deal_that_the_seeds_do_not_deal_is_refused():
    (asha,) = members(1)
    table = finished_table(asha)
    Seat.objects.filter(table=table, number=0).update(client_seed=SEED_A)
    with pytest.raises(CommandError, match="do not deal the cards"):
        deal_verify(table)


def test_the_seed_is_not_revealed_before_the_match_is_over():
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", ""])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    with pytest.raises(CommandError, match="revealed when the match is over"):
        deal_verify(table)
    table.refresh_from_db()
    text = signed_in(asha).get(f"/tables/{table.pk}/verify/").content.decode()
    assert "revealed when the match is over" in text
    assert table.seed_commitment in text and table.server_seed not in text
    # Asking with the right seed before the end confirms nothing either.
    asked = signed_in(asha).get(f"/tables/{table.pk}/verify/?seed={table.server_seed}")
    assert "revealed when the match is over" in asked.content.decode()
    assert "Verified" not in asked.content.decode()


def test_the_verify_page_shows_the_seeds_and_the_check_after_the_match():
    (asha,) = members(1)
    table = finished_table(asha)
    text = signed_in(asha).get(f"/tables/{table.pk}/verify/").content.decode()
    assert table.server_seed in text and "Verified" in text
    tampered = signed_in(asha).get(f"/tables/{table.pk}/verify/?seed={'f' * 64}")
    assert "not the one this table committed to" in tampered.content.decode()


def test_no_frame_view_or_public_move_carries_a_seed_while_the_match_is_played():
    asha, bilal = members(2)
    table = table_new(asha, "courtpiece", ["", "medium", "", "medium"], client_seed=SEED_A)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=2, client_seed=SEED_B)
    table = bots_play(Table.objects.get(pk=table.pk))
    match = match_of(table)
    secrets = [table.server_seed, match.to_json()["rng"]["seed"], SEED_A, SEED_B]
    snapshot = selectors.table_snapshot(table.pk)
    shown = [
        *(json.dumps(state_frame(snapshot, seat)) for seat in (None, 0, 1, 2, 3)),
        *(json.dumps(match.view(seat)) for seat in (None, 0, 1, 2, 3)),  # what bots are given
        json.dumps(list(selectors.table_recent_moves(table))),
        signed_in(asha).get(f"/tables/{table.pk}/").content.decode(),
        signed_in(bilal).get(f"/tables/{table.pk}/verify/").content.decode(),
    ]
    assert not [secret for secret in secrets for text in shown if secret in text]


def test_the_new_table_form_takes_the_creators_seed_and_refuses_a_malformed_one():
    from tests.games.web.test_tables import new_table_form

    (asha,) = members(1)
    client = signed_in(asha)
    bad = client.post("/games/pitch/tables/new/", new_table_form(client_seed="not-hex"))
    assert bad.status_code == 200 and "seed for the deal is malformed" in bad.content.decode()
    assert not Table.objects.exists()
    client.post("/games/pitch/tables/new/", new_table_form(client_seed=SEED_A))
    assert Seat.objects.get(table=Table.objects.get(), number=0).client_seed == SEED_A


def test_a_ranked_accept_carries_the_browsers_seed_and_refuses_a_malformed_one():
    """A table the ranked queue forms (issue 32) mixes in each member's browser seed, sent
    with their Accept (deal_seed.js on the queue page); a malformed one is refused."""
    from games.ranked import services as queue
    from games.ranked.models import QueueOffer

    asha, bilal = members(2)
    clients = {asha: signed_in(asha), bilal: signed_in(bilal)}
    for client in clients.values():
        client.post("/games/rummy/queue/join/", {"variant": "points", "seats": "2"})
    queue.queues_form()
    offer = QueueOffer.objects.get()
    page = clients[asha].get("/games/rummy/queue/").content.decode()
    assert 'name="client_seed"' in page and "js/deal_seed.js" in page
    answer = {"offer": offer.pk, "answer": "accept"}
    bad = clients[asha].post(
        "/games/rummy/queue/answer/", {**answer, "client_seed": "zz"}, follow=True
    )
    assert "seed for the deal is malformed" in bad.content.decode()
    assert not Table.objects.exists()
    clients[asha].post("/games/rummy/queue/answer/", {**answer, "client_seed": SEED_A})
    clients[bilal].post("/games/rummy/queue/answer/", {**answer, "client_seed": SEED_B})
    table = Table.objects.get()
    assert table.status == TableStatus.PLAYING
    seeds = list(table.seats.order_by("number").values_list("client_seed", flat=True))
    assert sorted(seeds) == sorted([SEED_A, SEED_B])
    expected = match_seed_of(table.server_seed, seeds, GENERATOR_VERSION)
    assert table.initial_state["rng"]["seed"] == expected
