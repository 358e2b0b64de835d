"""Ratings through ``ratings_record_match``: the OpenSkill arithmetic, once per match, in the
caller's transaction; and ``match_standings``, which turns a finished table into standings."""

import random

import pytest
from django.db import transaction

from accounts.ratings.models import Rating, RatingChange
from accounts.ratings.services import ratings_record_match
from accounts.ratings.skill import match_standings
from tests.accounts.ratings.support import FIRST_RATING, counts_kept, ffa_record, members_new

pytestmark = pytest.mark.django_db


def ratings(game: str, members: list) -> list[float]:
    by_user = dict(Rating.objects.filter(game=game).values_list("user_id", "ordinal"))
    return [by_user[member.pk] for member in members]


def test_a_new_member_starts_at_1500():
    assert FIRST_RATING == 1500.0


def test_the_winner_goes_up_and_the_last_goes_down():
    players = members_new(4)
    changes = ffa_record("rummy", 1, players)
    first, second, third, last = ratings("rummy", players)
    assert first > second > third > last
    assert first > FIRST_RATING > last
    assert [change.ordinal_before for change in changes] == [FIRST_RATING] * 4
    assert [change.ordinal_after for change in changes] == [first, second, third, last]
    history = RatingChange.objects.filter(match_ref=1).order_by("rank")
    assert [(change.user, change.rank, change.sides) for change in history] == [
        (player, place, 4) for place, player in enumerate(players, start=1)
    ]
    assert Rating.objects.filter(game="rummy", matches_played=1).count() == 4


def test_ranks_given_out_of_seat_order_rate_the_right_members():
    players = members_new(3)
    ratings_record_match(
        game="unders", match_ref=7, teams=[[p.pk] for p in players], ranks=[3, 1, 2]
    )
    last, first, second = ratings("unders", players)
    assert first > second > last


def test_both_partners_move_together_in_a_team_match():
    north, east, south, west = members_new(4)
    ratings_record_match(
        game="courtpiece",
        match_ref=3,
        teams=[[north.pk, south.pk], [east.pk, west.pk]],
        ranks=[2, 1],
    )
    n, e, s, w = ratings("courtpiece", [north, east, south, west])
    assert e == w > FIRST_RATING > n == s


def test_tied_players_move_alike():
    players = members_new(4)
    ratings_record_match(
        game="rummy", match_ref=4, teams=[[p.pk] for p in players], ranks=[1, 2, 2, 4]
    )
    first, tied_a, tied_b, last = ratings("rummy", players)
    assert first > tied_a == tied_b > last


def test_each_match_starts_from_the_rating_the_last_one_left():
    players = members_new(4)
    ffa_record("pitch", 1, players[:2])
    ffa_record("pitch", 2, players[1::-1])
    first, second = RatingChange.objects.filter(user=players[0]).order_by("id")
    assert second.ordinal_before == first.ordinal_after
    rating = Rating.objects.get(user=players[0], game="pitch")
    assert (rating.ordinal, rating.mu, rating.sigma) == (
        second.ordinal_after,
        second.mu,
        second.sigma,
    )
    assert rating.matches_played == 2


def test_games_are_rated_apart():
    players = members_new(2)
    ffa_record("rummy", 1, players)
    ffa_record("unders", 1, players[::-1])
    assert ratings("rummy", players)[0] > ratings("rummy", players)[1]
    assert ratings("unders", players)[0] < ratings("unders", players)[1]


def test_the_same_match_counts_once():
    players = members_new(4)
    ffa_record("rummy", 9, players)
    before = ratings("rummy", players)
    assert ffa_record("rummy", 9, players[::-1]) == []
    assert ratings("rummy", players) == before
    assert RatingChange.objects.count() == 4


def test_the_counts_per_rating_point_follow_every_match():
    players = members_new(8)
    rng = random.Random(10)
    for ref in range(30):
        game = rng.choice(["rummy", "pitch"])
        seated = rng.sample(players, 4)
        if game == "pitch":
            teams, ranks = [[seated[0].pk, seated[2].pk], [seated[1].pk, seated[3].pk]], [1, 2]
        else:
            teams, ranks = [[p.pk] for p in seated], [rng.randint(1, 3) for _ in seated]
        ratings_record_match(game=game, match_ref=ref, teams=teams, ranks=ranks)
    assert counts_kept("rummy")
    assert counts_kept("pitch")


def test_a_deleted_member_leaves_the_counts():
    players = members_new(3)
    ffa_record("rummy", 1, players)
    players[0].delete()
    assert counts_kept("rummy")


def test_a_match_recorded_again_with_other_members_leaves_no_trace():
    players = members_new(4)
    ffa_record("rummy", 9, players[:2])
    assert ffa_record("rummy", 9, players[2:]) == []
    assert set(Rating.objects.values_list("user_id", flat=True)) == {p.pk for p in players[:2]}


def test_the_update_rolls_back_with_the_callers_transaction():
    players = members_new(2)
    with pytest.raises(RuntimeError), transaction.atomic():
        ffa_record("rummy", 5, players)
        raise RuntimeError("recording the result failed")
    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()


@pytest.mark.parametrize(
    ("game", "teams", "ranks"),
    [
        ("chess", [[0], [1]], [1, 2]),
        ("rummy", [[0]], [1]),
        ("rummy", [[0], [1]], [1]),
        ("rummy", [[0], []], [1, 2]),
        ("rummy", [[0], [1]], [0, 1]),
        ("rummy", [[0], [1]], [1, True]),
        ("rummy", [[0], [0]], [1, 2]),
    ],
    ids=["unknown-game", "one-team", "rank-missing", "empty-team", "rank-0", "bool", "twice"],
)
def test_standings_that_cannot_be_rated_are_refused_and_change_nothing(game, teams, ranks):
    players = members_new(2)
    teams = [[players[index].pk for index in team] for team in teams]
    with pytest.raises(ValueError):
        ratings_record_match(game=game, match_ref=1, teams=teams, ranks=ranks)
    assert not Rating.objects.exists()


# --- From a finished table ------------------------------------------------------------------


def test_standings_of_a_free_for_all_follow_the_engine_ranks():
    assert match_standings(game="rummy", seat_users=[11, 12, 13], ranks=[2, 1, 2]) == (
        [[11], [12], [13]],
        [2, 1, 2],
    )


def test_a_member_who_left_counts_as_last_whatever_the_bot_did():
    teams, ranks = match_standings(
        game="unders", seat_users=[11, 12, 13, 14], ranks=[1, 2, 3, 4], left={11}
    )
    assert teams == [[11], [12], [13], [14]]
    assert ranks == [4, 1, 2, 3]


def test_members_who_left_share_the_last_place():
    _teams, ranks = match_standings(
        game="rummy", seat_users=[11, 12, 13, 14], ranks=[1, 2, 3, 4], left={11, 13}
    )
    assert ranks == [3, 1, 3, 2]


def test_partners_sit_opposite_and_a_partner_who_left_puts_the_side_last():
    assert match_standings(game="pitch", seat_users=[11, 12, 13, 14], ranks=[1, 2, 1, 2]) == (
        [[11, 13], [12, 14]],
        [1, 2],
    )
    assert match_standings(
        game="courtpiece", seat_users=[11, 12, 13, 14], ranks=[1, 2, 1, 2], left={13}
    ) == ([[11, 13], [12, 14]], [2, 1])


@pytest.mark.parametrize(
    ("game", "seat_users", "ranks"),
    [
        ("rummy", [11, None], [1, 2]),
        ("rummy", [11, 12], [1]),
        ("pitch", [11, 12], [1, 2]),
    ],
    ids=["bot-seat", "rank-missing", "pitch-for-two"],
)
def test_a_table_that_cannot_be_ranked_is_refused(game, seat_users, ranks):
    with pytest.raises(ValueError):
        match_standings(game=game, seat_users=seat_users, ranks=ranks)


def test_standings_from_a_table_feed_the_service():
    players = members_new(4)
    teams, ranks = match_standings(
        game="courtpiece",
        seat_users=[p.pk for p in players],
        ranks=[2, 1, 2, 1],
    )
    ratings_record_match(game="courtpiece", match_ref=42, teams=teams, ranks=ranks)
    seat0, seat1, seat2, seat3 = ratings("courtpiece", players)
    assert seat1 == seat3 > seat0 == seat2
