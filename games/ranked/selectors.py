"""What the queue page says to a member: how many wait in their queue (never who), how long
a table took to form there lately, the gap they are matched within now, and the table formed
for them, if any."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from statistics import median

from django.utils import timezone

from games.ranked.matching import gap_after
from games.ranked.models import OfferOutcome, QueueEntry, QueueOffer

# The estimate reads the tables formed in this window, and says "not enough data" below
# ESTIMATE_FROM of them.
ESTIMATE_WINDOW = timedelta(hours=3)
ESTIMATE_FROM = 3


@dataclass(frozen=True)
class QueueStatus:
    game: str
    variant: str
    seats: int
    waiting: int
    waited: int
    gap: int
    estimate: int | None
    bots_after: int
    offer_id: int | None
    offer_seconds_left: int
    accepted: bool
    # The table formed for the member has house bots of this level in this many seats.
    offer_bots: int = 0
    offer_bot_level: str = ""
    refuses_bots: bool = False

    @property
    def bots_in(self) -> int:
        """Seconds until the member is offered bots in the empty seats (point 4); 0 when due
        now, or never in this wait."""
        if self.refuses_bots or not self.bots_after:
            return 0
        return max(self.bots_after - self.waited, 0)


def queue_status(user_id: int, now: datetime | None = None) -> QueueStatus | None:
    """The member's place in their queue, or None when they are in none; three queries."""
    now = now or timezone.now()
    entry = QueueEntry.objects.filter(user_id=user_id).select_related("offer").first()
    if entry is None:
        return None
    waited = max(int((now - entry.joined_at).total_seconds()), 0)
    offer = entry.offer
    open_offer = offer is not None and offer.outcome == OfferOutcome.OPEN
    return QueueStatus(
        game=entry.game,
        variant=entry.variant,
        seats=entry.seats,
        waiting=QueueEntry.objects.filter(
            game=entry.game, variant=entry.variant, seats=entry.seats
        ).count(),
        waited=waited,
        gap=gap_after(waited),
        estimate=wait_estimate(entry.game, entry.variant, entry.seats, now),
        bots_after=entry.bots_after,
        offer_id=offer.pk if open_offer and offer else None,
        offer_seconds_left=(
            max(int((offer.expires_at - now).total_seconds()), 0) if open_offer and offer else 0
        ),
        accepted=entry.accepted,
        offer_bots=offer.bots if open_offer and offer else 0,
        offer_bot_level=offer.bot_level if open_offer and offer else "",
        refuses_bots=entry.refuses_bots,
    )


def wait_estimate(game: str, variant: str, seats: int, now: datetime) -> int | None:
    """The median wait, in seconds, of the members of the tables this queue formed in the
    last ``ESTIMATE_WINDOW``; None with fewer than ``ESTIMATE_FROM`` of them."""
    waits = list(
        QueueOffer.objects.filter(
            game=game, variant=variant, seats=seats, created_at__gte=now - ESTIMATE_WINDOW
        )
        .order_by("-created_at")
        .values_list("waited_seconds", flat=True)[:200]
    )
    if len(waits) < ESTIMATE_FROM:
        return None
    return round(median(waits))
