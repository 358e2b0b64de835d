"""Issue 32 point 4: house bots rated like members. ``ratings_record_match`` takes a bot's
level key in a seat: the members are rated against everyone at the table with the bot's rating
as it is; the bot's own rating in the game and format moves by its result; RatingChange rows
are members' only."""

import pytest

from accounts.ratings.models import BotRating, BotRatingChange, Rating, RatingChange
from accounts.ratings.services import ratings_record_match
from accounts.ratings.skill import MU, SIGMA, match_standings, rating_of, skills_rate
from tests.accounts.ratings.support import FIRST_RATING, counts_kept, members_new

pytestmark = pytest.mark.django_db


def test_a_member_who_beats_a_bot_goes_up_the_bot_goes_down_and_only_the_member_has_a_change():
    (asha,) = members_new(1)
    changes = ratings_record_match(
        game="rummy", variant="points", match_ref=11, teams=[[asha.pk], ["medium"]], ranks=[1, 2]
    )
    assert [change.user_id for change in changes] == [asha.pk]
    assert list(RatingChange.objects.values_list("user_id", flat=True)) == [asha.pk]
    assert Rating.objects.get(user=asha, game="rummy").ordinal > FIRST_RATING
    bot = BotRating.objects.get(bot="medium", game="rummy", variant="points")
    assert bot.ordinal < FIRST_RATING and bot.matches_played == 1
    change = BotRatingChange.objects.get()
    assert (change.match_ref, change.rank, change.sides) == (11, 2, 2)
    assert (change.ordinal_before, change.ordinal_after) == (FIRST_RATING, bot.ordinal)
    assert counts_kept("rummy")  # the per-point counts hold members only


def test_the_members_are_rated_against_the_bot_at_the_bots_rating_as_it_is():
    """Losing to a bot rated strong costs a member less than losing to a newcomer: the update
    is OpenSkill's with the bot's own mu and sigma."""
    BotRating.objects.create(
        bot="hard", game="rummy", variant="points", mu=38.0, sigma=2.0, ordinal=rating_of(38, 2)
    )
    asha, bilal, chand = members_new(3)
    ratings_record_match(
        game="rummy", variant="points", match_ref=1, teams=[["hard"], [asha.pk]], ranks=[1, 2]
    )
    ratings_record_match(game="rummy", match_ref=2, teams=[[chand.pk], [bilal.pk]], ranks=[1, 2])
    after = dict(Rating.objects.values_list("user_id", "mu"))
    ((_bot,), (expected,)) = skills_rate([[(38.0, 2.0)], [(MU, SIGMA)]], [1, 2])
    assert after[asha.pk] == pytest.approx(expected[0])
    assert after[asha.pk] > after[bilal.pk]


def test_a_bots_rating_is_kept_per_game_and_format():
    (asha,) = members_new(1)
    for ref, variant in enumerate(["points", "pool101", "points"]):
        ratings_record_match(
            game="rummy", variant=variant, match_ref=ref, teams=[["easy"], [asha.pk]], ranks=[1, 2]
        )
    played = dict(BotRating.objects.values_list("variant", "matches_played"))
    assert played == {"points": 2, "pool101": 1}


def test_one_level_in_two_seats_moves_once_by_the_mean_of_its_seats():
    """Court Piece with two members and two Medium bots as each member's partner: one bot wins,
    one loses; the level's rating moves by the mean and counts one match."""
    asha, bilal = members_new(2)
    ratings_record_match(
        game="courtpiece",
        variant="single_sar",
        match_ref=5,
        teams=[[asha.pk, "medium"], [bilal.pk, "medium"]],
        ranks=[1, 2],
    )
    bot = BotRating.objects.get()
    (winner, _w_bot), (loser, _l_bot) = skills_rate([[(MU, SIGMA)] * 2, [(MU, SIGMA)] * 2], [1, 2])
    assert bot.mu == pytest.approx(MU + ((winner[0] - MU) + (loser[0] - MU)) / 2)
    assert bot.matches_played == 1
    assert BotRatingChange.objects.get().rank == 1  # its best seat's place


def test_a_match_is_recorded_once_for_the_bots_too():
    (asha,) = members_new(1)
    record = {"game": "rummy", "variant": "points", "match_ref": 3, "teams": [[asha.pk], ["hard"]]}
    ratings_record_match(**record, ranks=[2, 1])
    assert ratings_record_match(**record, ranks=[2, 1]) == []
    assert BotRating.objects.get().matches_played == 1
    assert BotRatingChange.objects.count() == 1


@pytest.mark.parametrize(
    ("teams", "variant"),
    [([["easy"], ["hard"]], "points"), ([[1], ["easy"]], "")],
    ids=["bots-alone", "bot-without-format"],
)
def test_standings_that_cannot_be_rated_with_bots_are_refused_before_any_write(teams, variant):
    with pytest.raises(ValueError):
        ratings_record_match(game="rummy", variant=variant, match_ref=9, teams=teams, ranks=[1, 2])
    assert not BotRating.objects.exists()


def test_standings_of_a_table_with_a_bot_name_its_level_and_a_member_who_left_is_last():
    teams, ranks = match_standings(
        game="courtpiece", seat_users=[7, "medium", 8, "medium"], ranks=[1, 2, 1, 2], left={8}
    )
    assert teams == [[7, 8], ["medium", "medium"]]
    assert ranks == [2, 1]  # CP partners: 7's partnership is last, 8 left
