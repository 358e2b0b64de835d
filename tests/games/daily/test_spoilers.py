"""Issue 21, point 3: no spoilers before the day is over. A member's own finished daily table
shows them no card of another seat that the end of the match laid open (rummy's shown hands,
RM-5), until the day's end: others are still playing those cards. Their own cards, the
scores and the cards played in the open stay."""

import pytest

from games.daily.days import day_end
from games.live.frames import state_frame
from games.tables.selectors import table_replay, table_snapshot
from tests.games.daily.daily_support import begin, play_out
from tests.games.engine.conformance import spoiled_cards
from tests.games.table_support import members, signed_in

pytestmark = pytest.mark.django_db


def spoilers(table, seat: int = 0) -> list[str]:
    """Cards the seat's frame of the finished table lays open that the match left in another
    seat's hand (or face down there), unseen by the seat before the last move."""
    *_, before, _end = table_replay(table)
    snapshot = table_snapshot(table.pk)
    view = state_frame(snapshot, seat)["view"]
    return spoiled_cards(view, snapshot.match, seat, seen_before=before.match.view(seat))


@pytest.mark.parametrize("game", ["rummy", "courtpiece", "pitch", "unders"])
def test_a_finished_daily_table_shows_no_other_seats_cards_until_the_day_is_over(game, monkeypatch):
    (asha,) = members(1)
    attempt = begin(asha, game)
    play_out(attempt)
    table = attempt.table
    table.refresh_from_db()
    assert table.status == "finished"
    assert spoilers(table) == []
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
        # Every shown hand (RM-5), now that nobody plays the deal. Not through ``spoilers``:
        # that counts only cards whose every copy another seat kept, and a random deal can
        # leave each of them a twin elsewhere (the list came back empty once in CI).
        opened = state_frame(table_snapshot(table.pk), 0)["view"]["last_deal"]
        others = [shown for shown in opened if shown["seat"] != 0]
        assert others and all(shown["groups"] or shown["ungrouped"] for shown in others)
