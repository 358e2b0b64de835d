"""A live page pushed alike to every reader is rendered per reading: its language and its time
zone (issue 33), so a member in Karachi reads PKT on a pushed lobby as on the page it came from,
and a visitor with no zone India's time."""

import pytest
from django.utils import timezone

from games.live.pages import _rendered
from games.tables.models import Table, TableStatus
from tests.games.table_support import members, table_new

pytestmark = pytest.mark.django_db


def test_a_pushed_lobby_names_each_readers_zone_in_each_language():
    (asha,) = members(1)
    table = table_new(asha, "pitch", ["", "easy", "easy", "easy"])
    Table.objects.filter(pk=table.pk).update(
        status=TableStatus.FINISHED, finished_at=timezone.now()
    )
    readings = [("en", "Asia/Karachi"), ("hi", "Asia/Karachi"), ("en", None)]
    html = _rendered("lobby", "pitch", readings)
    assert set(html) == set(readings)
    assert "PKT" in html["en", "Asia/Karachi"] and "IST" not in html["en", "Asia/Karachi"]
    assert (
        "PKT" in html["hi", "Asia/Karachi"]
        and html["hi", "Asia/Karachi"] != html["en", "Asia/Karachi"]
    )
    assert "IST" in html["en", None] and "PKT" not in html["en", None]
