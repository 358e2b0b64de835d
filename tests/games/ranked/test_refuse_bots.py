"""Issue 32 point 4 and issue 35 point 3: a member who refuses bots in ranked (their profile's
setting) is matched only with people: never seated with a bot account's entry, whatever the
ratings; the queue follows the setting while they wait."""

import pytest

from accounts.bots.services import bot_account_make
from accounts.profiles.services import profile_update
from games.ranked import services
from games.ranked.matching import Waiting, tables_formed
from games.ranked.models import QueueEntry, QueueOffer
from tests.games.table_support import members

pytestmark = pytest.mark.django_db

COURT = {"game": "courtpiece", "variant": "single_sar", "seats": 4}


def waiting(spec: str) -> list[Waiting]:
    """One letter per member in rating order, 10 apart: p a person, r a refuser, b a bot
    account."""
    return [
        Waiting(
            entry_id=n,
            user_id=100 + n,
            rating=1500 + 10 * n,
            waited=0.0,
            is_bot=kind == "b",
            refuses_bots=kind == "r",
        )
        for n, kind in enumerate(spec)
    ]


def kinds(tables: list[list[Waiting]], spec: str) -> list[str]:
    return sorted("".join(sorted(spec[m.entry_id] for m in table)) for table in tables)


def test_a_bot_account_between_refusers_in_rating_order_does_not_keep_them_apart():
    """r r b r r: the four refusers play together; the bot account waits (no run of the
    nearest ratings may hold both)."""
    spec = "rrbrr"
    assert kinds(tables_formed(waiting(spec), 4), spec) == ["rrrr"]


def test_people_who_accept_bots_play_the_bot_accounts_once_the_people_are_seated():
    spec = "rrrrppbb"
    assert kinds(tables_formed(waiting(spec), 4), spec) == ["bbpp", "rrrr"]


def test_a_refuser_is_never_at_a_table_with_a_bot_account_whatever_is_left_waiting():
    spec = "rpbprbpb"
    for table in tables_formed(waiting(spec), 2):
        assert not (any(m.refuses_bots for m in table) and any(m.is_bot for m in table))


def test_without_refusers_bot_accounts_and_people_sit_by_rating_alone():
    spec = "pbpb"
    assert kinds(tables_formed(waiting(spec), 2), spec) == ["bp", "bp"]


def test_the_entry_of_a_bot_account_is_marked_as_a_bot_and_a_refusers_as_refusing():
    owner, refuser, person = members(3)
    bot = bot_account_make(owner=owner, name="robo_one")
    profile_update(user=refuser, ranked_bots_refused=True)
    entries = [services.queue_join(user_id=u.pk, **COURT) for u in (bot, refuser, person)]
    assert [(e.is_bot, e.refuses_bots) for e in entries] == [
        (True, False),
        (False, True),
        (False, False),
    ]


def test_three_refusers_and_a_bot_account_form_no_table_three_people_who_accept_do():
    owner, *people = members(4)
    bot = bot_account_make(owner=owner, name="robo_two")
    for user in people:
        profile_update(user=user, ranked_bots_refused=True)
        services.queue_join(user_id=user.pk, **COURT)
    services.queue_join(user_id=bot.pk, **COURT)
    assert services.queues_form() == 0
    assert not QueueOffer.objects.exists()
    # They change their mind while waiting: the queue follows at once.
    for user in people:
        profile_update(user=user, ranked_bots_refused=False)
    assert not QueueEntry.objects.filter(refuses_bots=True).exists()
    assert services.queues_form() == 1
    seated = set(QueueOffer.objects.get().entries.values_list("user_id", flat=True))
    assert seated == {bot.pk, *(u.pk for u in people)}


def test_the_profile_page_sets_and_clears_the_refusal(client):
    (asha,) = members(1)
    client.force_login(asha)
    form = {"display_name": "", "avatar": "", "language": "en", "time_zone": "Asia/Kolkata"}
    page = client.get("/accounts/profile/")
    assert "never match me with bots in ranked" in page.content.decode().lower()
    client.post("/accounts/profile/", {**form, "ranked_bots_refused": "on"})
    asha.profile.refresh_from_db()
    assert asha.profile.ranked_bots_refused
    client.post("/accounts/profile/", form)
    asha.profile.refresh_from_db()
    assert not asha.profile.ranked_bots_refused
