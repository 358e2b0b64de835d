"""A member's place in a ranked queue, and a table formed from a queue that its members have
not all accepted yet."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.catalogue import CATALOGUE
from games.tables.models import Table

# How long the members of a formed table have to accept it (issue 32, point 2).
ACCEPT_SECONDS = 20
# The wait, by default, before the waiting are offered to start with bots (point 4).
BOTS_AFTER_SECONDS = 120


class OfferOutcome(models.TextChoices):
    OPEN = "open", _("waiting for every member to accept")
    DEALT = "dealt", _("accepted by all: dealt")
    DECLINED = "declined", _("declined or not accepted in time")


class QueueOffer(models.Model):
    """A table formed from a queue: its members each accept within ``ACCEPT_SECONDS``, then the
    match is dealt at ``table``. Kept afterwards: the queue's estimated wait is read from the
    offers of the last hours (``waited_seconds``)."""

    game = models.CharField(_("game"), max_length=16, choices=[(g.slug, g.name) for g in CATALOGUE])
    variant = models.CharField(_("variant"), max_length=32)
    seats = models.PositiveSmallIntegerField(_("seats"))
    created_at = models.DateTimeField(_("formed"), default=timezone.now)
    expires_at = models.DateTimeField(_("accept by"))
    # How long its members had waited when it formed, on average.
    waited_seconds = models.FloatField(_("waited (seconds)"))
    outcome = models.CharField(
        _("outcome"), max_length=16, choices=OfferOutcome.choices, default=OfferOutcome.OPEN
    )
    table = models.ForeignKey(
        Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Issue 32 point 4: a table offered with house bots of ``bot_level`` in this many of its
    # seats (0: members only), to members who waited as long as they chose.
    # Defaults in the database too: the forming pass inserts offers in plain SQL on PostgreSQL
    # (``services._offers_insert``), naming only the columns of an offer of people.
    bots = models.PositiveSmallIntegerField(_("bots in the empty seats"), default=0, db_default=0)
    bot_level = models.CharField(
        _("bot level"), max_length=8, blank=True, default="", db_default=""
    )

    class Meta:
        verbose_name = _("ranked table formed")
        verbose_name_plural = _("ranked tables formed")
        indexes = [
            models.Index(fields=["game", "variant", "seats", "-created_at"], name="offer_recent"),
            models.Index(fields=["outcome", "expires_at"], name="offer_open"),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.variant} offer {self.pk}"


class QueueEntry(models.Model):
    """One member waiting in the ranked queue of a game, format (variant) and seat count; a
    member is in one queue at most (the unique user)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ranked_queue_entry",
        verbose_name=_("member"),
    )
    game = models.CharField(_("game"), max_length=16, choices=[(g.slug, g.name) for g in CATALOGUE])
    variant = models.CharField(_("variant"), max_length=32)
    seats = models.PositiveSmallIntegerField(_("seats"))
    # The member's rating in the game as they joined (1500 for a newcomer): the forming pass
    # reads no rating table.
    rating = models.FloatField(_("rating"))
    # The queue's order: a member whose table was declined by another keeps it (the front).
    joined_at = models.DateTimeField(_("joined"), default=timezone.now)
    # The last time one of the member's pages said they are still there: a closed tab's
    # member is taken out (``services.SEEN_WITHIN``).
    seen_at = models.DateTimeField(_("last seen"), default=timezone.now)
    bots_after = models.PositiveSmallIntegerField(
        _("offer bots after (seconds)"), default=BOTS_AFTER_SECONDS
    )
    # Issue 32 point 4 and issue 35: the entry is a bot account's (a program's, ``accounts.bots``),
    # read from the account as it joins; and the member refuses bots in ranked (their
    # profile's setting, followed while they wait). A bot account's entry is never seated
    # with a member who refuses bots (``games.ranked.matching``), nor is a refuser offered
    # house bots.
    is_bot = models.BooleanField(_("bot account"), default=False)
    refuses_bots = models.BooleanField(_("refuses bots"), default=False)
    offer = models.ForeignKey(
        QueueOffer, on_delete=models.SET_NULL, null=True, blank=True, related_name="entries"
    )
    accepted = models.BooleanField(_("accepted"), default=False)
    # The seed the member's browser sent with their accept, mixed into the deal
    # (games.tables.seeds: verifiable deals).
    client_seed = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        verbose_name = _("ranked queue place")
        verbose_name_plural = _("ranked queue places")
        indexes = [
            models.Index(fields=["game", "variant", "seats"], name="queue_of_format"),
            # The forming pass reads each queue's longest waiting members not offered a table
            # (games.ranked.services._waiting): a bounded read however many wait.
            models.Index(
                fields=["game", "variant", "seats", "joined_at", "id"],
                condition=models.Q(offer=None),
                name="queue_waiting_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.game} {self.variant} ({self.seats})"
