"""Moves and events in words (``games.words.moves``), the one text the move list, the frames and
the replay show: seats and teams by name, cards written short, the reader's language."""

import pytest
from django.utils import translation

from games.words.moves import action_text, event_text, move_text, value_text


def test_a_discard_is_told_with_its_card_written_short_in_the_readers_language():
    """RM-29: who discarded what."""
    discard = [{"type": "discard", "seat": 1, "card": "10S"}]
    with translation.override("en"):
        assert move_text(discard, "rummy") == "Discard 10♠"
    for language in ("hi", "ur"):
        with translation.override(language):
            told = move_text(discard, "rummy")
        assert told.endswith("10♠") and "Discard" not in told


def test_a_move_of_several_events_tells_each_in_turn():
    """CP-4: the fourth card of a trick, then the trick's winner."""
    events = [
        {"type": "play", "seat": 3, "card": "AH"},
        {"type": "trick", "number": 2, "winner": 3},
    ]
    with translation.override("en"):
        assert move_text(events, "courtpiece") == "Play A♥ Trick 2 won by Seat 4"


def test_a_games_own_wording_comes_before_the_shared_one():
    with translation.override("en"):
        assert event_text({"type": "draw", "seat": 0, "source": "closed"}, "rummy") == (
            "Draw from the closed deck"
        )
        assert event_text({"type": "draw", "chooser": 2}, "courtpiece") == (
            "Seat 3 chooses trump first"
        )


def test_an_action_is_told_with_its_fields_and_the_printed_joker_by_its_mark():
    with translation.override("en"):
        assert action_text({"type": "discard", "card": "PJ"}) == "Discard 🃏"
        assert action_text({"type": "bid", "bid": "kot"}) == "Bid kot"


def test_junk_nested_deeply_is_cut_short():
    """Issue 17: a move stored before actions were kept canonical may hold anything."""
    deep: list = []
    for _level in range(200):
        deep = [deep]
    assert value_text(deep) == "…"
    assert action_text({"type": "play", "junk": {"a": deep}}).endswith("…")


def test_events_are_told_in_words_in_the_move_list(client):
    """PI-9's summary after a hand, a Court Piece trick and an unders burn, in each language:
    seats and teams by name, no bare list of numbers."""
    hand_over = {
        "type": "hand_over",
        "hand": 3,
        "pitcher": 1,
        "pitcher_team": 1,
        "bid": "kot",
        "trump": "H",
        "high": 0,
        "low": 1,
        "jack": None,
        "game": 1,
        "card_points": [10, 12],
        "points_taken": [1, 2],
        "made": True,
        "scored": [1, 3],
        "scores": [4, 6],
    }
    text = event_text(hand_over, "pitch")
    assert text == (
        "Hand 3, trump hearts: Seat 2 bid kot, bid made. High Team 1, Low Team 2, Jack nobody, "
        "Game Team 2; scored 1–3, score 4–6"
    )
    assert event_text({"type": "trick", "number": 3, "winner": 2}, "courtpiece") == (
        "Trick 3 won by Seat 3"
    )
    burn = {"type": "burn", "seat": 1, "why": "ten", "cards": 7, "drew": 2}
    assert event_text(burn, "unders") == "Pile of 7 cards burned by a 10; drew 2"
    for language in ("hi", "ur"):
        with translation.override(language):
            words = event_text(hand_over, "pitch")
            assert "Hand" not in words and "High" not in words and "Team" not in words


def test_how_a_pitch_match_ended_is_told_in_words():
    """PI-8: the match ends when a team reaches the target, or (the house rule) when the other
    team falls to minus the target; the move list says which in each language, with no bare
    field left over (the end event also carries the scores and the ranks)."""
    # As PitchMatch.result() leaves it in the event.
    over = {
        "type": "match_over",
        "ranks": [1, 2, 1, 2],
        "scores": [21, 4, 21, 4],
        "winners": [0, 2],
        "team_scores": [21, 4],
        "hands_played": 12,
    }
    for ended_by, english in (
        ("target", "by reaching the target"),
        ("back_door", "by the back door"),
    ):
        told = {}
        for language in ("en", "hi", "ur"):
            with translation.override(language):
                told[language] = event_text({**over, "ended_by": ended_by}, "pitch")
        assert told["en"].startswith("Match over after 12 hands: Seat 1, Seat 3 won")
        assert english in told["en"]
        for language in ("hi", "ur"):
            assert ended_by not in told[language] and "won" not in told[language]
            assert "12" in told[language]


@pytest.mark.parametrize(
    ("event", "game"),
    [
        ({"type": "draw", "seat": 1, "source": "open", "card": "JS"}, "rummy"),
        ({"type": "burn", "seat": 0, "cards": 4, "why": "ten", "drew": 2}, "unders"),
        ({"type": "fly", "seat": 2, "card": "QH", "source": "closed"}, "pitch"),
    ],
)
def test_an_event_is_told_in_the_same_words_whatever_the_order_of_its_fields(event, game):
    """PostgreSQL's jsonb hands an object back with its keys in an order of its own: the move
    read back must be told as the move the write left."""
    reordered = dict(sorted(event.items(), key=lambda item: (len(item[0]), item[0])))
    assert list(reordered) != list(event)
    assert event_text(reordered, game) == event_text(event, game)


def test_rm15_a_wrong_show_is_told_in_words_with_its_reason_and_cost_in_every_language():
    """Issue 22: the move history once showed "a wrong show invalid_group 80"."""
    wrong = [
        {"type": "declare", "seat": 0, "valid": False, "reason_code": "invalid_group", "points": 80}
    ]
    with translation.override("en"):
        assert move_text(wrong, "rummy") == (
            "Declared: a wrong show (a group was neither a sequence nor a set) 80 points"
        )
    for language in ("hi", "ur"):
        with translation.override(language):
            told = move_text(wrong, "rummy")
        assert "invalid_group" not in told and "80" in told and "sequence" not in told


@pytest.mark.parametrize(
    ("event", "game", "one", "many"),
    [
        ({"type": "drop", "points": 1}, "rummy", "Dropped, 1 point", "Dropped, 7 points"),
        ({"type": "collect", "tricks": 1}, "courtpiece", "Pile of 1 trick collected", None),
        ({"type": "take", "cards": 1}, "unders", "Took the pile of 1 card", None),
    ],
)
def test_counts_are_told_through_the_plural_forms(event, game, one, many):
    """Issue 22: "1 points", "pile of 1 cards"."""
    (key,) = [key for key, value in event.items() if value == 1]
    with translation.override("en"):
        assert event_text({**event, "seat": 0}, game) == one
        told = event_text({**event, "seat": 0, key: 7}, game)
    plural = one.replace("1", "7").replace(" trick ", " tricks ").replace(" card", " cards")
    assert told == (many or plural)
