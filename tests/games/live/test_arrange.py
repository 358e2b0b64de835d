"""A rummy player's arrangement of their hand, judged by the server (RM-28): the labels, the
points as laid out and the status line; the Sort button's layout; what a drop costs (RM-17).
Over a real socket to the live stack: never a move, to the sender alone, refused when
malformed, and never a card the seat does not hold. The judging itself is the engine's
(tests/games/engine/test_rummy_layout.py), its words ``games.words.layout``'s."""

import asyncio
from collections import Counter

import pytest

from games.engine.rummy import judge_layout
from games.tables.models import Move
from tests.games.socket_support import table_socket
from tests.games.table_support import members, signed_in, table_new


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("tables_stopped_afterwards")
class TestOverTheSocket:
    BAD = {
        "not_a_list": ({"groups": "AS KS"}, "bad_arrangement"),
        "group_not_a_list": ({"groups": ["AS"]}, "bad_arrangement"),
        "card_not_text": ({"groups": [[1, 2, 3]]}, "bad_arrangement"),
        "too_many_groups": ({"groups": [[]] * 15}, "bad_arrangement"),
        "a_card_not_held": ("extra", "not_your_hand"),
        "a_card_missing": ("missing", "not_your_hand"),
    }

    def at_ashas_turn(self, live_stack):
        asha, bilal = members(2, prefix="arranger")
        table = table_new(asha, "rummy", ["", "easy"], turn_seconds=120)
        return table, signed_in(asha), signed_in(bilal)

    def test_rm28_rm17_layout_sort_and_drop_cost_change_nothing_and_show_only_own_cards(
        self, live_stack
    ):
        table, asha, _ = self.at_ashas_turn(live_stack)

        async def scenario():
            async with table_socket(live_stack, table, asha) as socket:
                frame = await socket.state(lambda f: bool(f["legal"]))
                hand = frame["view"]["hand"]
                await socket.send({"type": "arrange", "groups": [hand[:3], hand[3:]]})
                mine = await socket.receive_until(lambda f: f["type"] == "arrangement")
                await socket.send({"type": "arrange", "sort": True})
                best = await socket.receive_until(lambda f: f["type"] == "arrangement")
                answers = {}
                for case, (message, _code) in self.BAD.items():
                    if message == "extra":
                        message = {"groups": [[*hand, "AS" if "AS" not in hand else "2C"]]}
                    elif message == "missing":
                        message = {"groups": [hand[1:]]}
                    await socket.send({"type": "arrange", **message})
                    answers[case] = await socket.receive_until(lambda f: f["type"] == "error")
                    await asyncio.sleep(0.13)
                return frame, hand, mine, best, answers

        frame, hand, mine, best, answers = asyncio.run(scenario())
        assert mine["groups"] == [hand[:3], hand[3:]]
        assert len(mine["kinds"]) == len(mine["labels"]) == 2
        assert mine["status"]["before"] == "Pure seq "
        assert mine["drop_cost"] == 20  # RM-17: a first drop, before any draw
        assert Counter(card for group in best["groups"] for card in group) == Counter(hand)
        assert best["sorted"] is True and best["points"] <= mine["points"]
        for case, (_message, code) in self.BAD.items():
            assert answers[case]["code"] == code, case
            assert answers[case]["message"]
        table.refresh_from_db()
        assert table.version == frame["version"]
        assert Move.objects.filter(table=table, version__gt=frame["version"]).count() == 0

    def test_a_spectator_cannot_ask_for_an_arrangement(self, live_stack):
        table, _, bilal = self.at_ashas_turn(live_stack)

        async def scenario():
            async with table_socket(live_stack, table, bilal) as socket:
                await socket.state()
                await socket.send({"type": "arrange", "sort": True})
                return await socket.error()

        assert asyncio.run(scenario())["code"] == "not_seated"


def test_rm2_rm28_twins_may_sit_in_two_groups_but_no_third_copy_is_taken():
    """Two decks (RM-2) deal twins: a layout is the hand as a multiset, so each copy of the 7H
    may sit in a group of its own, and a layout naming a copy more than is held is refused."""
    from games.frames.arrange import ArrangementRefusal, _groups_of

    hand = ["7H", "8H", "9H", "7H", "7C", "7S"]
    layout = [["7H", "8H", "9H"], ["7H", "7C", "7S"]]
    assert _groups_of(layout, hand) == layout
    assert judge_layout(layout, "2").kinds == ("pure_sequence", "set")
    with pytest.raises(ArrangementRefusal) as refused:
        _groups_of([["7H", "8H", "9H"], ["7H", "7H", "7S"]], hand)
    assert refused.value.code == "not_your_hand"


def test_rm8_the_sort_button_never_puts_aside_the_card_just_taken_from_the_open_pile():
    from games.engine import GAMES
    from games.frames.arrange import arrangement_frame

    sorted_hands = 0
    for seed in range(6):
        match = GAMES["rummy"].new_match("points", 2, seed=seed)
        (seat,) = match.to_move()
        taken = match.view(seat)["open_top"]
        if {"type": "draw", "source": "open"} not in match.legal_actions(seat):
            continue  # RM-7: a joker on the open pile
        match.apply(seat, {"type": "draw", "source": "open"})
        frame = arrangement_frame(match, seat, {"type": "arrange", "sort": True})
        aside = frame["groups"][-1]
        assert len(aside) == 1 and aside != [taken], seed
        assert frame["drop_cost"] is None  # RM-17: no drop once drawn this turn
        sorted_hands += 1
    assert sorted_hands >= 3


def test_only_a_rummy_hand_is_arranged():
    from games.engine import GAMES
    from games.frames.arrange import ArrangementRefusal, arrangement_frame

    match = GAMES["pitch"].new_match("standard", 4, seed=1)
    with pytest.raises(ArrangementRefusal) as refused:
        arrangement_frame(match, 0, {"type": "arrange", "sort": True})
    assert refused.value.code == "not_rummy" and refused.value.message


SHOW_HAND = ["AH", "2H", "3H", "4H", "5S", "6S", "7S", "8C", "8D", "8S", "9C", "9D", "9H"]


def a_hand_with_a_show_after_drawing():
    """Seat 0 to draw KC from the closed deck: with it, 14 cards and a valid show (RM-13,
    RM-14) once KC is put aside."""
    from games.engine.rummy import RummyMatch

    other = ["2C", "3C", "4C", "5C", "6C", "7C", "10C", "JC", "QC", "2D", "3D", "4D", "5D"]
    return RummyMatch.with_deal(
        "points",
        [SHOW_HAND, other],
        wild_card="QD",
        open_pile=["6D"],
        closed=["10D", "JD", "KD", "AD", "7D", "KS", "QS", "JS", "10S", "KC"],
        dealer=1,
    )


def test_rm15_the_arrangement_says_which_card_put_aside_leaves_a_valid_show_and_its_cost():
    """Issue 22's safety net: the Declare button knows, from the engine, whether the selected
    card put aside makes a valid show, and what a wrong show would cost (RM-15: 80)."""
    from games.frames.arrange import arrangement_frame

    match = a_hand_with_a_show_after_drawing()
    match.apply(0, {"type": "draw", "source": "closed"})
    layout = [SHOW_HAND[:4], SHOW_HAND[4:7], SHOW_HAND[7:10], SHOW_HAND[10:], ["KC"]]
    frame = arrangement_frame(match, 0, {"type": "arrange", "groups": layout})
    assert frame["valid_asides"] == [[4, 0]]
    assert frame["wrong_show_cost"] == 80
    # The pure run's Ace put aside leaves 2-3-4 pure: still a valid show, with KC alone invalid.
    messy = [[*SHOW_HAND[:4], "KC"], SHOW_HAND[4:7], SHOW_HAND[7:10], SHOW_HAND[10:]]
    frame = arrangement_frame(match, 0, {"type": "arrange", "groups": messy})
    assert frame["valid_asides"] == [[0, 4]]
    # 13 cards (before drawing): nothing to put aside.
    before = a_hand_with_a_show_after_drawing()
    frame = arrangement_frame(before, 0, {"type": "arrange", "groups": [SHOW_HAND]})
    assert frame["valid_asides"] == []


def test_rm8_the_card_taken_from_the_open_pile_is_never_a_valid_aside():
    from games.frames.arrange import arrangement_frame

    match = a_hand_with_a_show_after_drawing()
    match.apply(0, {"type": "draw", "source": "open"})
    layout = [SHOW_HAND[:4], SHOW_HAND[4:7], SHOW_HAND[7:10], SHOW_HAND[10:], ["6D"]]
    frame = arrangement_frame(match, 0, {"type": "arrange", "groups": layout})
    assert frame["valid_asides"] == []
