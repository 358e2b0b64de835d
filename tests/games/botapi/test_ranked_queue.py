"""The ranked queue for bot accounts (issue 35, point 3): a program joins a game's queue through
the API (the queue's own services, as its page), hears of the table formed for it on its event
stream, accepts, and hears the match start; a member who refuses bots in ranked is never
matched with it; every refusal a JSON error with a code, nothing changed."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from accounts.profiles.services import profile_update
from accounts.ratings.models import Rating
from accounts.ratings.selectors import leaderboard_top
from games.ranked import services as ranked
from games.ranked.models import QueueEntry, QueueOffer
from games.tables.models import Seat
from tests.accounts.ratings.support import ffa_record
from tests.games.botapi.support import EventReader, api, bot_made, event_stream, post, token_for
from tests.games.table_support import members

RUMMY = {"game": "rummy", "variant": "points", "seats": 2}


@pytest.mark.django_db
def test_a_bot_account_joins_and_leaves_a_queue_through_the_api():
    (owner,) = members(1)
    bot = bot_made(owner, "queuer")
    client = api(token_for(owner, bot))
    joined = post(client, "/api/bot/queue/join", {"game": "rummy", "variant": "points"})
    assert joined.json() == {"ok": True, **RUMMY}
    entry = QueueEntry.objects.get(user=bot)
    assert (entry.game, entry.seats, entry.is_bot) == ("rummy", 2, True)
    # Joining the same queue again keeps its place; another is refused in the reader's words.
    assert post(client, "/api/bot/queue/join", RUMMY).status_code == 200
    other = post(client, "/api/bot/queue/join", {"game": "pitch", "variant": "standard"})
    assert (other.status_code, other.json()["code"]) == (409, "queue_refused")
    assert "another ranked queue" in other.json()["message"]
    assert post(client, "/api/bot/queue/leave").json() == {"ok": True, "left": True}
    assert not QueueEntry.objects.exists()


@pytest.mark.django_db
def test_queue_bad_input_is_refused_with_a_code_and_changes_nothing():
    (owner,) = members(1)
    bot = bot_made(owner, "queuer")
    client = api(token_for(owner, bot), language="ur")
    cases = [
        ({"game": "chess", "variant": "points"}, 400, "bad_queue"),
        ({"game": "rummy", "variant": "nope"}, 400, "bad_queue"),
        ({"game": "rummy", "variant": "points", "seats": 9}, 400, "bad_queue"),
        ({"game": "rummy", "variant": "points", "seats": True}, 400, "malformed"),
        ({"game": ["rummy"], "variant": "points"}, 400, "malformed"),
    ]
    for body, status, code in cases:
        answer = post(client, "/api/bot/queue/join", body)
        assert (answer.status_code, answer.json()["code"]) == (status, code), body
        assert answer.json()["message"].isascii() is False  # in Urdu, the reader's language
    assert post(client, "/api/bot/offers/999/accept").json()["code"] == "no_offer"
    assert post(client, "/api/bot/offers/999/decline").json()["code"] == "no_offer"
    # A person's token and a read-only token may not queue.
    person = post(api(token_for(owner, owner)), "/api/bot/queue/join", RUMMY)
    assert (person.status_code, person.json()["code"]) == (403, "not_a_bot")
    reader = post(api(token_for(owner, bot, scopes=("read",))), "/api/bot/queue/join", RUMMY)
    assert (reader.status_code, reader.json()["code"]) == (403, "wrong_scope")
    assert not QueueEntry.objects.exists()


@pytest.mark.django_db
def test_a_member_who_refuses_bots_is_never_matched_with_a_bot_account():
    owner, refuser = members(2)
    profile_update(user=refuser, ranked_bots_refused=True)
    bot = bot_made(owner, "queuer")
    post(api(token_for(owner, bot)), "/api/bot/queue/join", RUMMY)
    ranked.queue_join(user_id=refuser.pk, **RUMMY)
    assert ranked.queues_form() == 0
    assert not QueueOffer.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_the_bot_hears_of_its_table_accepts_and_hears_the_match_start():
    owner, member = members(2)
    bot = bot_made(owner, "queuer")
    secret = token_for(owner, bot)

    async def scenario() -> list[dict]:
        reader = EventReader(await event_stream(secret))
        try:
            await reader.opened()
            client = api(secret)
            joined = await database_sync_to_async(post)(client, "/api/bot/queue/join", RUMMY)
            assert joined.status_code == 200
            await database_sync_to_async(ranked.queue_join)(user_id=member.pk, **RUMMY)
            assert await database_sync_to_async(ranked.queues_form)() == 1
            formed = await reader.next_event()
            offer = await QueueOffer.objects.aget()
            assert formed == {
                "type": "rankedTableFormed",
                "offer": offer.pk,
                "game": "rummy",
                "variant": "points",
                "seats": 2,
                "expires": offer.expires_at.isoformat(),
            }
            accepted = await database_sync_to_async(post)(
                client, f"/api/bot/offers/{offer.pk}/accept"
            )
            assert accepted.json() == {"ok": True, "table": None}
            table_id = await database_sync_to_async(ranked.offer_accept)(
                user_id=member.pk, offer_id=offer.pk
            )
            assert table_id is not None
            assert await reader.next_event() == {"type": "seated", "table": table_id}
            started = await reader.next_event()
            seat = await Seat.objects.aget(table_id=table_id, user=bot)
            assert started == {
                "type": "matchStarted",
                "table": table_id,
                "game": "rummy",
                "variant": "points",
                "seat": seat.number,
            }
        finally:
            await reader.close()
        return reader.seen

    asyncio.run(scenario())


@pytest.mark.django_db
def test_a_bot_account_is_rated_like_a_member_and_kept_off_the_leaderboard():
    owner, member = members(2)
    bot = bot_made(owner, "queuer")
    ffa_record("rummy", 1, [bot, member])
    assert Rating.objects.filter(user=bot, game="rummy", matches_played=1).exists()
    assert [row.username for row in leaderboard_top(game="rummy")] == [member.username]
    page = api(None).get("/players/queuer/")
    assert "A bot account" in page.content.decode()
