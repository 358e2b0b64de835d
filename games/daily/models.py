"""A day's deal per game, and the members' attempts at it."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.catalogue import CATALOGUE


class DailyDeal(models.Model):
    """The deal of one game on one day: its seed and everything needed to deal it again.

    One deal per game and day is current (``replaced_at`` empty); staff may rotate it, which
    marks it replaced (``replaced_by``) and makes a new current one. Attempts stay with the deal
    they were played on, so a rotated deal's board is ranked apart."""

    game = models.CharField(_("game"), max_length=16, choices=[(g.slug, g.name) for g in CATALOGUE])
    day = models.DateField(_("day"))
    # Secret until the day is over (games.daily.selectors: nothing shows it before).
    seed = models.CharField(max_length=64, editable=False)
    seed_commitment = models.CharField(_("seed commitment"), max_length=64)
    variant = models.CharField(_("variant"), max_length=32)
    seat_count = models.PositiveSmallIntegerField(_("seats"))
    bot_levels = models.JSONField(_("bot levels"))
    options = models.JSONField(_("house options"), default=dict)
    generator_version = models.CharField(_("deal generator"), max_length=32)
    created_at = models.DateTimeField(_("made"), auto_now_add=True)
    # Attempts finished on this deal, counted as each is scored: the board shows the count
    # without counting a hundred thousand rows.
    finished_attempts = models.PositiveIntegerField(_("attempts finished"), default=0)
    replaced_at = models.DateTimeField(_("replaced"), null=True, blank=True)
    replaced_by = models.OneToOneField(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="replaces",
        verbose_name=_("replaced by"),
    )

    class Meta:
        verbose_name = _("daily deal")
        verbose_name_plural = _("daily deals")
        constraints = [
            # The beat job, a late run and a rotation racing each other still leave one.
            models.UniqueConstraint(
                fields=["game", "day"],
                condition=models.Q(replaced_at__isnull=True),
                name="one_current_daily_deal",
            )
        ]
        indexes = [models.Index(fields=["game", "day"])]

    def __str__(self) -> str:
        return f"{self.game} {self.day}"


class Attempt(models.Model):
    """A member's one attempt at a game's deal of one day (whichever of the day's deals was
    current when they began), played at an ordinary table."""

    member = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="daily_attempts",
        verbose_name=_("member"),
    )
    deal = models.ForeignKey(
        DailyDeal, on_delete=models.PROTECT, related_name="attempts", verbose_name=_("deal")
    )
    # The deal's game and day, kept here so that one attempt per member per day is a
    # constraint (a rotation gives the members who played no second go).
    game = models.CharField(_("game"), max_length=16)
    day = models.DateField(_("day"))
    table = models.OneToOneField(
        "games.Table",
        on_delete=models.PROTECT,
        related_name="daily_attempt",
        verbose_name=_("table"),
    )
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished = models.BooleanField(_("finished"), default=False)
    # Higher is better (games.daily.plans); ties go to the quicker (``seconds``).
    score = models.BigIntegerField(_("score"), default=0)
    details = models.JSONField(_("result"), default=dict)
    moves = models.PositiveIntegerField(_("moves"), default=0)
    seconds = models.PositiveIntegerField(_("seconds"), default=0)

    class Meta:
        verbose_name = _("daily attempt")
        verbose_name_plural = _("daily attempts")
        constraints = [
            models.UniqueConstraint(
                fields=["member", "game", "day"], name="one_daily_attempt_a_day"
            )
        ]
        indexes = [
            # The board: a deal's finished attempts, best first, the quicker first.
            # Partial, not keyed on ``finished``: SQLite cannot seek a boolean column that
            # Django tests bare (``WHERE finished``), and sorted all the deal's rows instead.
            models.Index(
                fields=["deal", "-score", "seconds", "id"],
                condition=models.Q(finished=True),
                name="daily_board",
            ),
            models.Index(fields=["member", "day"], name="daily_streak"),
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.deal}"


class ScoreCount(models.Model):
    """How many finished attempts on a deal have each score: a reader's place is the attempts
    of the better scores (a few dozen rows, at most a few thousand) plus the quicker ones of
    their own score, whatever the board's size."""

    deal = models.ForeignKey(DailyDeal, on_delete=models.CASCADE, related_name="score_counts")
    score = models.BigIntegerField()
    attempts = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["deal", "score"], name="one_count_per_score")
        ]

    def __str__(self) -> str:
        return f"{self.deal} {self.score}: {self.attempts}"


class VisitorTry(models.Model):
    """A visitor's unranked try at a game's deal of one day (point 2: "Visitors may try it but
    are not ranked"), at an ordinary table whose seat their session's key holds
    (``games.tables.visitors``). One per key, game and day; never on a board or in a streak,
    never ranked (its result is kept for the visitor's own pages): it is no ``Attempt``. The
    hourly job deletes those abandoned and those of days over
    (``games.daily.services.visitor_tries_sweep``), their tables with them."""

    visitor = models.CharField(max_length=32)
    deal = models.ForeignKey(DailyDeal, on_delete=models.PROTECT, related_name="visitor_tries")
    game = models.CharField(max_length=16)
    day = models.DateField()
    table = models.OneToOneField("games.Table", on_delete=models.CASCADE, related_name="+")
    started_at = models.DateTimeField(auto_now_add=True, db_index=True)
    # The result in the board's terms once the match ends (``games.daily.plans``' scorer), for
    # the visitor's own pages alone: it ranks nowhere.
    details = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["visitor", "game", "day"], name="one_visitor_try_a_day")
        ]

    def __str__(self) -> str:
        return f"visitor {self.deal}"
