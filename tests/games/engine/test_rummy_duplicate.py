"""Duplicate deals (issue 31, point 7; the rummy option ``duplicate``): every match with the
same seed and seat count is dealt the same cards in every deal (RM-2 .. RM-4), whatever was
played before; without the option every shuffle draws from the match's one stream, as before.
"""

from typing import Any

import pytest

from games.engine import GAMES
from games.engine.rng import MatchRandom
from games.engine.rummy import RummyMatch
from games.engine.rummy.deal import full_deck
from games.engine.rummy.melds import HAND_SIZE

SEED = "b" * 64


def _deals(match: RummyMatch) -> dict[str, Any]:
    deal = match.deal
    return {"hands": deal.as_dealt, "wild": deal.wild_card, "open": deal.open_pile[0]}


def _new(players: int, **options: Any) -> RummyMatch:
    match = GAMES["rummy"].new_match("deals2", players, seed=SEED, options=options)
    assert isinstance(match, RummyMatch)
    return match


def _deal_over_at_once(match: RummyMatch) -> None:
    """Each seat to play draws and shows its hand as it lies: a wrong show (RM-15), out of
    the deal, until the last one left wins it."""
    while not match.between_deals():
        (seat,) = match.to_move()
        action = match.forfeit_action(seat)
        assert action is not None
        match.apply(seat, action)


def _deal_over_after_a_reshuffle(match: RummyMatch) -> None:
    """Draw from the closed deck and throw the card back until the open pile has been
    shuffled into a new closed deck (RM-4), then end the deal with a wrong show."""
    reshuffled = False
    while not reshuffled:
        (seat,) = match.to_move()
        events = match.apply(seat, match.default_action(seat))
        reshuffled = any(event.get("type") == "reshuffle" for event in events)
    _deal_over_at_once(match)


def _next_deal(match: RummyMatch) -> None:
    (dealer,) = match.to_move()
    match.apply(dealer, {"type": "deal"})


def _second_deals(**options: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Deal 2 of two matches from one seed, deal 1 played out differently in each."""
    quick, long = _new(2, deals=3, **options), _new(2, deals=3, **options)
    _deal_over_at_once(quick)
    _deal_over_after_a_reshuffle(long)
    _next_deal(quick)
    _next_deal(long)
    assert quick.deal.number == long.deal.number == 2
    return _deals(quick), _deals(long)


def test_duplicate_deals_deal_the_same_cards_whatever_was_played_before() -> None:
    """RM-2 .. RM-4 with duplicate deals: deal 2 is the same at both tables although one of
    them shuffled its open pile into a new closed deck during deal 1."""
    quick, long = _second_deals(duplicate=True)
    assert quick == long


def test_without_duplicate_deals_a_reshuffle_draws_on_the_next_deal() -> None:
    """The same two plays without the option: the reshuffle (RM-4) drew from the match's one
    stream, so deal 2 differs. This is what the option is for, and what ordinary tables keep."""
    quick, long = _second_deals()
    assert quick != long


def test_ordinary_deals_come_from_the_match_stream_as_before() -> None:
    """RM-2 .. RM-5 unchanged for an ordinary match: deal 1 is the match seed's stream's first
    shuffle of the 106 cards, 13 to each seat in turn, then the wild card and the open card;
    deal 2 is the same stream's next shuffle. The option is not written into its options, so
    a match stored before the option existed restores and verifies as stored."""
    match = _new(3)
    stream = MatchRandom(SEED)
    deck = stream.shuffled(full_deck())
    expected = [[deck.pop() for _ in range(HAND_SIZE)] for _seat in range(3)]
    assert match.deal.as_dealt == expected
    assert (match.deal.wild_card, match.deal.open_pile) == (deck.pop(), [deck.pop()])
    assert "duplicate" not in match.to_json()["options"]
    counter = match.rng.counter
    _deal_over_at_once(match)
    _next_deal(match)
    deck = MatchRandom(SEED, counter).shuffled(full_deck())
    assert match.deal.as_dealt == [[deck.pop() for _ in range(HAND_SIZE)] for _seat in range(3)]


def test_duplicate_deals_start_from_each_deals_own_stream() -> None:
    """Deal 1 with the option is not deal 1 without it (its stream is the deal's own), and
    the option round-trips through the stored state."""
    plain, duplicate = _new(3), _new(3, duplicate=True)
    assert plain.deal.as_dealt != duplicate.deal.as_dealt
    restored = GAMES["rummy"].from_json(duplicate.to_json())
    assert restored.to_json() == duplicate.to_json()
    assert restored.options["duplicate"] is True


def test_duplicate_must_be_true_or_false() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        _new(2, duplicate="yes")
