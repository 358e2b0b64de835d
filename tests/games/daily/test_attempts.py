"""Issue 21, playing: the day's deal through the ordinary table machinery, the same cards and
the same bot replies for everyone (PI-10 for Pitch), one attempt per member and day."""

import pytest

from games.daily import services
from games.daily.models import Attempt
from games.tables.models import Table, TableStatus
from tests.games.daily.daily_support import begin, play_out, refused_daily
from tests.games.table_support import match_of, members, signed_in

pytestmark = pytest.mark.django_db


def hands_of(table):
    match = match_of(table)
    return [match.view(seat)["hand"] for seat in range(table.seat_count)]


@pytest.mark.parametrize("game", ["rummy", "courtpiece", "pitch", "unders"])
def test_two_members_meet_the_same_cards_and_the_same_bot_replies(game):
    asha, bilal = members(2)
    first, second = begin(asha, game), begin(bilal, game)
    assert first.deal == second.deal
    assert first.table != second.table
    assert hands_of(first.table) == hands_of(second.table)
    assert play_out(first) == play_out(second)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.finished and second.finished
    assert first.score == second.score and first.details == second.details


def test_the_daily_table_is_an_ordinary_private_table_dealt_from_the_days_seed():
    (asha,) = members(1)
    attempt = begin(asha, "courtpiece")
    table = attempt.table
    assert table.status == TableStatus.PLAYING
    assert table.private and not table.allow_spectators and not table.ranked
    assert table.server_seed == attempt.deal.seed
    assert table.seed_commitment == attempt.deal.seed_commitment
    assert [seat.bot_level for seat in table.seats.order_by("number")] == [
        "",
        "medium",
        "medium",
        "medium",
    ]
    assert table.options["target"] == 1  # one deal of Single Sar
    page = signed_in(asha).get(f"/tables/{table.pk}/").content.decode()
    assert 'href="/daily/courtpiece/"' in page and table.seed_commitment in page


def test_pi10_the_pitch_daily_deal_deals_the_seeds_hand_sequence():
    from games.engine.pitch.seats import deal_hand
    from games.tables.seeds import match_seed_of

    (asha,) = members(1)
    table = begin(asha, "pitch").table
    seed = match_seed_of(table.server_seed, [""] * 4, table.generator_version)
    dealt = [set(hand) for hand in deal_hand(seed, 1)]
    assert [set(hand) for hand in hands_of(table)] == dealt


def test_a_dropped_connection_resumes_the_same_attempt():
    (asha,) = members(1)
    first = begin(asha, "rummy")
    again = begin(asha, "rummy", deal_id=first.deal_id)
    assert again.pk == first.pk and again.table_id == first.table_id
    assert Table.objects.count() == 1


def test_a_second_attempt_after_finishing_is_refused_and_changes_nothing():
    (asha,) = members(1)
    attempt = begin(asha, "unders")
    play_out(attempt)
    with refused_daily("already_played"):
        begin(asha, "unders")
    assert Attempt.objects.count() == 1 and Table.objects.count() == 1


def test_the_database_itself_refuses_a_second_attempt_on_the_same_day():
    from django.db import IntegrityError, transaction

    (asha,) = members(1)
    attempt = begin(asha, "rummy")
    with pytest.raises(IntegrityError), transaction.atomic():
        Attempt.objects.create(
            member=asha,
            deal=attempt.deal,
            game="rummy",
            day=attempt.day,
            table=Table.objects.create(game="rummy", variant="points", seat_count=2),
        )


def test_a_forged_deal_id_is_refused_and_makes_no_table():
    (asha,) = members(1)
    with refused_daily("no_such_deal"):
        begin(asha, "rummy", deal_id=987654)
    assert not Table.objects.exists() and not Attempt.objects.exists()


def test_an_unknown_game_is_refused():
    (asha,) = members(1)
    with refused_daily("no_such_game"):
        begin(asha, "chess")


def test_the_bots_seeds_come_from_the_days_seed_and_do_not_reveal_it():
    (asha,) = members(1)
    attempt = begin(asha, "rummy")
    seeds = [seat.bot_seed for seat in attempt.table.seats.order_by("number")]
    assert seeds[1:] == services.bot_seeds_of(attempt.deal)[1:]
    assert all(attempt.deal.seed not in seed for seed in seeds)
