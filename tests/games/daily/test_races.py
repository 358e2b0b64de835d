"""Issue 21 on PostgreSQL, real connections racing: one member's requests to begin the day's
deal make one attempt at one table, and rotations racing each other and the beat job leave
one current deal (a rotation that lost the race is refused, changing nothing)."""

import pytest

from games.daily import services
from games.daily.days import day_of
from games.daily.models import Attempt, DailyDeal
from games.tables.models import Table
from tests.games.table_support import members
from tests.race_support import racing

pytestmark = [
    pytest.mark.scaleout,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_stopped_afterwards"),
]


def test_one_members_racing_requests_make_one_attempt_at_one_table():
    (asha,) = members(1)
    services.daily_deal_current(game="rummy", day=day_of())
    begin = lambda: services.daily_attempt_begin(user_id=asha.pk, game="rummy")  # noqa: E731
    results, errors = racing(begin, begin, begin)
    assert errors == []
    assert len({attempt.pk for attempt in results}) == 1
    assert Attempt.objects.count() == 1 and Table.objects.count() == 1


def test_a_rotation_racing_the_beat_job_leaves_one_current_deal_a_day():
    (staff,) = members(1, prefix="staff")
    staff.is_staff = True
    staff.save()
    services.daily_deals_generate()
    rotate = lambda: services.daily_deal_rotate(  # noqa: E731
        actor=staff, game="pitch", day=day_of(), reason="race"
    )
    results, errors = racing(rotate, services.daily_deals_generate, rotate)
    # A rotation that waited for the other's lock finds the deal it meant to replace gone:
    # it is refused and changes nothing (the staff look again), or it came after and won.
    assert [error.code for error in errors] in ([], ["rotated_meanwhile"])
    rotations = [result for result in results if isinstance(result, services.Rotation)]
    assert len(rotations) == 2 - len(errors)
    current = DailyDeal.objects.filter(game="pitch", day=day_of(), replaced_at__isnull=True)
    assert current.count() == 1
    assert DailyDeal.objects.filter(game="pitch", day=day_of()).count() == 1 + len(rotations)
