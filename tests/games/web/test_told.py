"""Told at the table (issue 30, point 6), server side: what the table page and its frames say
to each seat, in the reader's language, and never a card."""

import pytest

from accounts.ratings.models import RatingChange
from accounts.ratings.selectors import match_shifts
from tests.games.table_support import members, signed_in
from tests.games.tables.test_ranked import play_to_the_end, ranked_table

pytestmark = pytest.mark.django_db


def test_the_result_panel_shows_every_rated_members_rating_before_after_and_difference():
    """RM-1's finishing order rates both members; each sees both shifts, marked provisional
    (a first ranked match), in whole points that add up."""
    asha, bilal = members(2, prefix="shift-")
    table = play_to_the_end(ranked_table([asha, bilal], "rummy"))
    shifts = match_shifts(game="rummy", match_ref=table.pk)
    assert set(shifts) == {asha.pk, bilal.pk}
    for change in RatingChange.objects.filter(match_ref=table.pk):
        shift = shifts[change.user_id]
        assert (shift.before, shift.after) == (
            round(change.ordinal_before),
            round(change.ordinal_after),
        )
        assert shift.provisional  # one ranked match played, of PROVISIONAL_MATCHES
    page = signed_in(bilal).get(f"/tables/{table.pk}/").content.decode()
    for shift in shifts.values():
        sign = "+" if shift.difference > 0 else "\u2212"
        assert f'<span class="rating-before">{shift.before}</span>' in page
        assert f'<span class="rating-after">{shift.after}</span>' in page
        assert f"{sign}{abs(shift.difference)}" in page
    assert page.count('class="provisional"') == 2
    # In Hindi too.
    client = signed_in(asha)
    client.cookies["django_language"] = "hi"
    assert "रेटिंग" in client.get(f"/tables/{table.pk}/").content.decode()


def test_an_unranked_result_has_no_rating_column():
    asha, bilal = members(2, prefix="unrated-")
    from games.tables import services
    from tests.games.table_support import table_new

    table = table_new(asha, "rummy", ["", ""])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    play_to_the_end(table)
    page = signed_in(asha).get(f"/tables/{table.pk}/").content.decode()
    assert 'id="result"' in page and "rating-shift" not in page
