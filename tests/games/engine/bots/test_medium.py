"""Medium plays the strategy the seeds teach, seen in chosen positions."""

from __future__ import annotations

import random
from collections import Counter

from games.engine.base import Action, Match
from games.engine.bots import courtpiece
from games.engine.bots.base import Turn
from games.engine.cards import standard_deck
from games.engine.courtpiece import match_from_hands
from games.engine.pitch import match_from_deal
from games.engine.rummy import RummyMatch
from games.engine.unders import Deal, UndersMatch
from tests.games.engine.bots.support import choice, rummy_holding


def cards(text: str) -> list[str]:
    return text.split()


def medium_move(match: Match, game: str) -> Action:
    return choice(game, "medium", match)


def moves(match: Match, *actions: Action) -> None:
    for action in actions:
        match.apply(match.to_move()[0], action)


def bid(value: object) -> Action:
    return {"type": "bid", "bid": value}


def card(code: str) -> Action:
    return {"type": "play", "card": code}


# -- Pitch (seed 003) ---------------------------------------------------------------------------


def pitch_deal(*hands: str) -> Match:
    return match_from_deal([hand.split() for hand in hands])  # seat 3 deals: seat 0 bids first


def test_pitch_medium_pitches_the_trump_ace_pi_4():
    """PI-4, PI-6: the trump Ace leads the hand: it is High for sure."""
    match = pitch_deal(
        "AH KH 2H 5S 7D 9C", "3S 4S 6S 8D 9D JD", "2C 3C 4C 5C 6C 7C", "8S 9S 10S QD KD AD"
    )
    assert medium_move(match, "pitch")["type"] == "bid"
    moves(match, bid(3), bid("pass"), bid("pass"), bid("pass"))
    assert medium_move(match, "pitch") == card("AH")


def test_pitch_medium_bids_by_sure_points_and_passes_a_poor_hand_pi_2_pi_6():
    """PI-2, PI-6: a bid counts the points the hand makes sure of."""
    match = pitch_deal(
        "3S 7H 9D JC 4S 8H", "AH KH 2H JH 5S 7D", "2C 3C 4C 5C 6C 7C", "8S 9S 10S QD KD AD"
    )
    assert medium_move(match, "pitch") == bid("pass")
    moves(match, bid("pass"))
    assert medium_move(match, "pitch") in (bid(3), bid(4))  # High, Low, a guarded Jack


def test_pitch_medium_throws_a_ten_on_its_partners_sure_trick_pi_6():
    """PI-6: a ten is worth ten towards Game; the partner's Ace of the led suit is sure."""
    match = pitch_deal(
        "10H 2D 3C 4C 5C 6C", "3S 7H 8H 9H JD QD", "AS 2H 3H 4H 5D 6D", "4S 7D 8D 9D 10D KD"
    )
    moves(match, bid("pass"), bid(2), bid("pass"), bid("pass"), card("3S"), card("AS"), card("4S"))
    assert medium_move(match, "pitch") == card("10H")


def test_pitch_medium_trumps_to_catch_a_ten_though_it_could_follow_pi_5():
    """PI-5: a trump may always be played; PI-6: the ten decides Game."""
    match = pitch_deal(
        "5H 7S 9S 2C 3C 4C", "2S 8D 9D JD QD AD", "KS 2H 5D 6D 7D 8C", "4S 10H 9C 10C JC QC"
    )
    moves(match, bid("pass"), bid(2), bid("pass"), bid("pass"))
    moves(match, card("2S"), card("KS"), card("4S"), card("7S"))  # seat 2 wins, leads
    moves(match, card("2H"), card("10H"))
    assert medium_move(match, "pitch") == card("9S")


def test_pitch_medium_trumps_to_catch_the_jack_pi_6():
    """PI-6: the trump Jack is a point to whoever wins its trick; a higher trump catches it."""
    match = pitch_deal(
        "5H 7H 9H 2C 3C 4C", "2S 8D 9D 10D QD AD", "JS 5D 6D 7D 8C 9C", "QS 3S 4H 6H 10C JC"
    )
    moves(match, bid("pass"), bid(2), bid("pass"), bid("pass"), card("2S"), card("JS"))
    assert medium_move(match, "pitch") == card("QS")


# -- Court Piece (seed 000) ---------------------------------------------------------------------


def courtpiece_deal(variant: str, first_five: str) -> Match:
    """Seat 1 deals, so seat 0 chooses; seat 0's first five are given, the rest dealt in
    deck order."""
    mine = first_five.split()
    rest = [code for code in standard_deck() if code not in mine]
    hands = [mine + rest[:8]] + [rest[8 + 13 * seat : 21 + 13 * seat] for seat in range(3)]
    return match_from_hands(variant, hands, dealer=1)


def test_courtpiece_medium_caller_hides_a_card_of_its_longest_suit_cp_8():
    """CP-8: the lowest of the longest suit goes face down; the high cards stay in play."""
    match = courtpiece_deal("hidden", "2C 9C KC AH 3D")
    assert medium_move(match, "courtpiece") == {"type": "hide", "card": "2C"}


def test_courtpiece_medium_calls_its_longest_suit_cp_3_cp_5():
    match = courtpiece_deal("single_sar", "2D 9D KD AH 3S")
    assert medium_move(match, "courtpiece") == {"type": "call", "suit": "D"}


def test_courtpiece_medium_passes_five_cards_with_nothing_to_call_cp_5():
    """CP-5: the chooser may pass the choice to the partner once."""
    match = courtpiece_deal("single_sar", "2D 3D 4H 5S 6C")
    assert medium_move(match, "courtpiece") == {"type": "pass"}


def courtpiece_hands(variant: str, *hands: str) -> Match:
    """Seat 1 deals: seat 0 chooses and leads, and play passes 0, 3, 2, 1 (CP-1)."""
    return match_from_hands(variant, [hand.split() for hand in hands], dealer=1)


CALLER = "2C 9C KC AH 3D 2S 4S 6S 8S 10S QS 5H 7H"
"""Seat 0's cards: it hides 2C (clubs are trump) and leads 2S."""


def test_courtpiece_medium_defender_asks_for_the_trump_when_cutting_pays_cp_9():
    """CP-9: seat 3, void in spades, asks to see the hidden trump when the caller's spade is
    winning and its three other suits probably hold a trump to cut with."""
    match = courtpiece_hands(
        "hidden",
        CALLER,
        "3S 5S 7S 9S JS KS AS 10H JH QH KH 2D 6D",
        "7D 8D 9D 10D JD QD KD AD 8C 10C JC QC AC",
        "3C 4C 5C 6C 7C 2H 3H 4H 6H 8H 9H 4D 5D",
    )
    moves(match, {"type": "hide", "card": "2C"}, card("2S"))
    assert {"type": "ask_trump"} in match.legal_actions(3)
    assert medium_move(match, "courtpiece") == {"type": "ask_trump"}


def test_courtpiece_medium_defender_does_not_ask_when_its_partner_has_the_trick_cp_9():
    """CP-9: once shown at its request a seat must trump if it can, so with its partner's Ace
    winning, seat 1 asking would only waste a trump."""
    match = courtpiece_hands(
        "hidden",
        CALLER,
        "10C JC QC AC 8H JH QH KH 2D JD QD KD AD",
        "7S 9S JS KS 5C 6C 7C 8C 9H 10H 8D 9D 10D",
        "AS 3S 5S 3C 4C 2H 3H 4H 6H 4D 5D 6D 7D",
    )
    moves(match, {"type": "hide", "card": "2C"}, card("2S"), card("AS"), card("7S"))
    assert {"type": "ask_trump"} in match.legal_actions(1)
    assert medium_move(match, "courtpiece")["type"] == "play"


def test_courtpiece_medium_reads_a_caller_who_avoids_one_suit_cp_8():
    """CP-8 and the seed: a caller who leads every suit but one is likely keeping the suit of
    the card he hid; the defenders' reading, and so Hard's worlds, weigh that suit most."""
    match = courtpiece_hands(
        "hidden",
        "2C 3C 4C AS AH AD KS KH KD QS QH QD JS",
        "5C 6C 2S 3S 4S 2H 3H 4H 2D 3D 4D 5D 6D",
        "7C 8C 5S 6S 7S 8S 5H 6H 7H 8H 7D 8D 9D",
        "9C 10C JC QC KC AC 9S 10S 9H 10H JH 10D JD",
    )
    assert medium_move(match, "courtpiece") == {"type": "hide", "card": "2C"}
    moves(match, {"type": "hide", "card": "2C"})
    for lead in ("AS", "AH", "AD"):  # the caller's Aces win: it leads again
        moves(match, card(lead))
        for _ in range(3):
            moves(match, medium_move(match, "courtpiece"))
    moves(match, card("KS"))
    view = match.view(3)
    turn = Turn(view, match.legal_actions(3), view["history"], True, random.Random(0))
    odds = courtpiece.trump_odds(turn, courtpiece._memory(turn.record))
    assert max(odds, key=odds.__getitem__) == "C"
    hidden = Counter(
        courtpiece.sample_world(turn, random.Random(seed)).view(0)["face_down"]["card"][-1]
        for seed in range(40)
    )
    assert hidden.most_common(1)[0][0] == "C"


# -- Hidden Unders (seed 004) -------------------------------------------------------------------


def unders_table(hand: str, pile: str = "", deck: str = "3D 4D") -> UndersMatch:
    return UndersMatch.from_deal(
        Deal(
            hands=[hand.split(), ["KS", "KH", "KD", "KC"]],
            unders=[["AS"], ["AH"]],
            overs=[["QS"], ["QH"]],
            deck=deck.split(),
            pile=pile.split(),
        )
    )


def test_unders_medium_starts_a_new_pile_low_hu_6():
    """HU-6: a new pile takes any card; a low one leaves the next player the most to beat."""
    assert medium_move(unders_table("2S 3C 7H 9D"), "unders") == {"type": "play", "cards": ["3C"]}


def test_unders_medium_keeps_its_2s_and_10s_while_another_card_plays_hu_3_hu_5():
    """HU-5: 2 and 10 play on anything, so they wait; HU-3: both 9s go together."""
    move = medium_move(unders_table("2S 10H 9D 9C", pile="8H"), "unders")
    assert move == {"type": "play", "cards": ["9D", "9C"]}


def test_unders_medium_spends_a_10_on_a_big_pile_and_a_2_on_a_small_one_hu_5():
    """HU-5: a 10 clears the pile, a 2 only resets it."""
    assert medium_move(unders_table("2S 10H 5D", pile="JH"), "unders")["cards"] == ["2S"]
    big = "4H 5H 6H 7H JH"
    assert medium_move(unders_table("2S 10H 5D", pile=big), "unders")["cards"] == ["10H"]


def test_unders_medium_lays_its_strongest_cards_as_overs_hu_2():
    """HU-2: the overs are played with no deck left to refill the hand."""
    match = UndersMatch.from_deal(
        Deal(
            hands=[cards("3S 4H 5D 6C 10H 2S AH KC"), cards("3H 4D 5C 6S 7H 8D 9C JS")],
            unders=[["QS"], ["QH"]],
        )
    )
    move = medium_move(match, "unders")
    assert sorted(move["cards"]) == sorted(["10H", "2S", "AH", "KC"])


# -- Rummy (seed 002) ---------------------------------------------------------------------------


def rummy_table(hand: str, *, open_top: str, wild: str = "AC", draw: bool = False) -> Match:
    """Seat 0 to play against one other seat; Aces wild unless told."""
    other = "2C 4C 6C 8C 10C QC 2D 4D 6D 8D 10D QD 3S"
    match = RummyMatch.with_deal(
        "points",
        [hand.split(), other.split()],
        wild_card=wild,
        open_pile=["5S", open_top],
        closed=["KS", "8H", "5C", "9S"],
        dealer=1,
    )
    if draw:
        match.apply(0, {"type": "draw", "source": "closed"})
    return match


HOPELESS = "2S 6S 10S KS 3D 7D JD 4C 8C QC 5H 9H KH"
"""Heavy (94 points, RM-18) and no two cards of a suit within reach of a pure sequence."""


def test_rummy_medium_drops_a_heavy_hand_with_no_pure_sequence_in_reach_rm_17():
    """RM-17: a first drop costs 20, a full count up to 80 (RM-20)."""
    assert medium_move(rummy_table(HOPELESS, open_top="7S"), "rummy") == {"type": "drop"}


def test_rummy_medium_plays_on_with_a_pure_sequence_in_the_making_rm_17():
    hand = "4H 5H 7H 8H KS 3D 7D JD 4C 8C QC 9H KH"
    assert medium_move(rummy_table(hand, open_top="2D"), "rummy")["type"] == "draw"


def test_rummy_medium_takes_only_what_it_can_use_rm_6():
    """RM-6: the open pile's top card is taken only to build with."""
    hand = "4H 5H 9S 10S KS 3D 7D JD 4C 8C QC 9H KH"
    takes = medium_move(rummy_table(hand, open_top="6H"), "rummy")
    assert takes == {"type": "draw", "source": "open"}  # 4H 5H 6H: the first life
    leaves = medium_move(rummy_table(hand, open_top="2D"), "rummy")
    assert leaves == {"type": "draw", "source": "closed"}


def test_rummy_medium_keeps_its_jokers_and_throws_a_lone_high_card_rm_3_rm_18():
    """RM-3: Aces wild are kept for the second life; RM-18: a lone King costs 10."""
    hand = "AS AD 4H 5H 6H 7S 8S 9D 9C 3C 4C 5D KH"  # Aces wild (AC turned)
    move = medium_move(rummy_table(hand, open_top="2D", draw=True), "rummy")
    assert move == {"type": "discard", "card": "KH"}


def holding(hand: str, drawn: str) -> Match:
    """Seat 0 holds ``hand`` and has drawn ``drawn`` (Aces wild)."""
    return rummy_holding(hand, drawn, wild_card="AC")


SETS_AND_JOKERS = "KC KD KH QC QD QH AS AD AH"
"""Two sets and three jokers (Aces wild): nothing Medium would throw."""


def test_rummy_medium_builds_the_pure_sequence_before_a_set_rm_9_rm_14():
    """RM-14: no declaration without a pure sequence (RM-9): with none made, the pair of 7s
    goes before the two hearts in a row."""
    move = medium_move(holding(f"4H 5H 7S 7D {SETS_AND_JOKERS}", "KS"), "rummy")
    assert move == {"type": "discard", "card": "7D"}


def test_rummy_medium_keeps_a_middle_card_over_a_low_one_rm_9():
    """The seed: middle cards fit more sequences (RM-9), so a lone 5 outlives a lone 3."""
    move = medium_move(holding(f"4H 5H 3C 5D {SETS_AND_JOKERS}", "KS"), "rummy")
    assert move == {"type": "discard", "card": "3C"}


def test_rummy_medium_stops_waiting_once_both_copies_are_gone_rm_2():
    """RM-2: two copies of each card. Both 3S and both 6S were thrown, so 4S 5S can never
    grow into a pure sequence: Medium breaks that pair, not 4H 5H (which it would otherwise
    break, the two pairs being alike)."""
    thrower = "3S 3S 6S 6S 2C 4C 6C 8C 10C 2D 4D 6D 8D"
    mine_drawn = ["7C", "9C", "JC", "KS"]
    theirs_drawn = ["8D", "9D", "10D", "JD"]
    closed = [card for pair in zip(theirs_drawn, mine_drawn, strict=True) for card in pair]
    match = RummyMatch.with_deal(
        "points",
        [f"4H 5H 4S 5S {SETS_AND_JOKERS}".split(), thrower.split()],
        wild_card="AC",
        open_pile=["2H"],
        closed=closed[::-1],
        dealer=0,  # seat 1 plays first
    )
    for thrown, drawn in zip(["3S", "3S", "6S", "6S"], mine_drawn, strict=True):
        moves(match, {"type": "draw", "source": "closed"}, {"type": "discard", "card": thrown})
        moves(match, {"type": "draw", "source": "closed"})
        if drawn != "KS":
            moves(match, {"type": "discard", "card": drawn})
    assert medium_move(match, "rummy") == {"type": "discard", "card": "5S"}
    fresh = holding(f"4H 5H 4S 5S {SETS_AND_JOKERS}", "KS")
    assert medium_move(fresh, "rummy") == {"type": "discard", "card": "5H"}
