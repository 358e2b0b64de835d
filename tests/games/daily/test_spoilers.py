"""Issue 21, point 3: no spoilers before the day is over. A member's own finished daily table
shows them no card of another seat that the end of the match laid open (rummy's shown hands,
RM-5), until the day's end: others are still playing those cards. Their own cards, the
scores and the cards played in the open stay."""

import pytest

from games.daily.days import day_end
from games.engine.base import leaked_cards
from games.engine.cards import is_card_code
from games.live.frames import state_frame
from games.tables.selectors import table_replay, table_snapshot
from tests.games.daily.daily_support import begin, play_out
from tests.games.table_support import members, signed_in

pytestmark = pytest.mark.django_db


def cards_in(node) -> set[str]:
    if isinstance(node, dict):
        return set().union(*map(cards_in, node.values())) if node else set()
    if isinstance(node, list | tuple):
        return set().union(*map(cards_in, node)) if node else set()
    return {node} if isinstance(node, str) and is_card_code(node) else set()


def spoilers(table, seat: int = 0) -> set[str]:
    """Cards the seat's frame of the finished table shows that were hidden from it just
    before the last move and that move did not play in the open."""
    *_, before, end = table_replay(table)
    frame = state_frame(table_snapshot(table.pk), seat)
    shown = set(leaked_cards(frame["view"], before.match, seat))
    return shown - cards_in(end.move.events)


@pytest.mark.parametrize("game", ["rummy", "courtpiece", "pitch", "unders"])
def test_a_finished_daily_table_shows_no_other_seats_cards_until_the_day_is_over(game, monkeypatch):
    (asha,) = members(1)
    attempt = begin(asha, game)
    play_out(attempt)
    table = attempt.table
    table.refresh_from_db()
    assert table.status == "finished"
    assert spoilers(table) == set()
    if game == "rummy":
        frame = state_frame(table_snapshot(table.pk), 0)
        (own,) = [shown for shown in frame["view"]["last_deal"] if shown["seat"] == 0]
        others = [shown for shown in frame["view"]["last_deal"] if shown["seat"] != 0]
        assert own["groups"] or own["ungrouped"]  # their own hand, as the result shows it
        assert others and all(not shown["groups"] and not shown["ungrouped"] for shown in others)
        assert all("points" in shown and "outcome" in shown for shown in others)
        page = signed_in(asha).get(f"/tables/{table.pk}/")
        assert page.status_code == 200 and page.context["frame"]["view"] == frame["view"]
    # The day over, the hands open, as the replay does.
    later = day_end(attempt.day)
    monkeypatch.setattr("django.utils.timezone.now", lambda: later)
    if game == "rummy":
        assert spoilers(table)  # every shown hand (RM-5), now that nobody plays the deal
