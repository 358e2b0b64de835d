"""Issue 32, bad input: a member who leaves the queue while a pass forms their table is never
offered it, and never leaves the others half a table (they go back to waiting, at their place)."""

import pytest

from games.ranked import services
from games.ranked.models import OfferOutcome, QueueEntry, QueueOffer
from tests.games.table_support import members

pytestmark = pytest.mark.django_db

RUMMY = {"game": "rummy", "variant": "points", "seats": 2}


class FormedMeanwhile:
    """QueueEntry for ``queue_leave``: its first read of the member's entry is answered as it
    was, then a forming pass commits before the leave goes on (as a worker's pass can)."""

    def __init__(self) -> None:
        self.read = False

    @property
    def objects(self) -> "FormedMeanwhile":
        return self

    def filter(self, **conditions):
        found = QueueEntry.objects.filter(**conditions)
        if self.read or set(conditions) != {"user_id"}:
            return found
        self.read = True
        entry = found.first()
        assert services.queues_form() == 1
        return type("Read", (), {"first": staticmethod(lambda: entry)})


def test_a_leave_racing_a_pass_declines_the_table_and_the_other_member_waits_again(monkeypatch):
    asha, bilal = members(2)
    for user in (asha, bilal):
        services.queue_join(user_id=user.pk, **RUMMY)
    monkeypatch.setattr(services, "QueueEntry", FormedMeanwhile())

    assert services.queue_leave(user_id=asha.pk)

    monkeypatch.undo()
    assert not QueueEntry.objects.filter(user=asha).exists()
    # Bilal waits again, offered nothing: no open table holds half a table.
    assert QueueEntry.objects.get(user=bilal).offer is None
    assert not QueueOffer.objects.filter(outcome=OfferOutcome.OPEN).exists()
