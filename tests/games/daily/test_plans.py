"""Issue 21, scores that reward playing well, higher is better (games.daily.plans)."""

from games.daily.plans import courtpiece_score, pitch_score, rummy_score, unders_score


def rummy(scores, winners, moves):
    return rummy_score({"ranks": [], "scores": scores, "winners": winners}, {}, moves)[0]


def test_rummy_rewards_winning_then_fewest_points_left_then_fewest_moves():
    won_slowly = rummy([80, -40, -40], [0], 30)
    lost_by_little = rummy([-2, 4, -2], [1], 5)
    lost_by_much = rummy([-78, 156, -78], [1], 5)
    assert won_slowly > lost_by_little > lost_by_much
    assert rummy([-20, 20], [1], 8) > rummy([-20, 20], [1], 9)
    assert rummy_score({"ranks": [], "scores": [-78, 156, -78], "winners": [1]}, {}, 5)[1] == {
        "won": False,
        "points": 78,
        "moves": 5,
    }


def test_court_piece_counts_the_tricks_of_your_side():
    assert courtpiece_score({}, {"tricks": [9, 4]}, 13) > courtpiece_score(
        {}, {"tricks": [4, 9]}, 13
    )


def test_pitch_counts_your_sides_points():
    result = {"ranks": [1, 2, 1, 2], "scores": [21, 11, 21, 11], "winners": [0, 2]}
    assert pitch_score(result, {}, 40)[0] == 21


def test_unders_rewards_the_place_then_fewest_moves():
    first = {"ranks": [1, 2, 3], "scores": [0, 4, 9], "winners": [0]}
    second = {"ranks": [2, 1, 3], "scores": [4, 0, 9], "winners": [1]}
    assert unders_score(first, {}, 60)[0] > unders_score(second, {}, 10)[0]
    assert unders_score(first, {}, 20)[0] > unders_score(first, {}, 21)[0]
