"""Tournaments: a ``Tournament``, its ``Entry`` per member, its ``Round``s, each with the
ordinary ``games.Table``s it plays at (``RoundTable``) and where each of its players sat and
finished (``RoundSeat``).

Every time a job acts on lives on the row (``starts_at``; a round's tables say when it is over),
so a job that runs twice or late, and the beat sweep behind it, read the same truth.
"""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def invite_token_new() -> str:
    return secrets.token_urlsafe(16)


class Format(models.TextChoices):
    POOL101 = "pool101", _("Pool 101")
    POOL201 = "pool201", _("Pool 201")
    DEALS = "deals", _("Deals")


class Seating(models.TextChoices):
    RATING = "rating", _("by rating, every table a mix")
    RANDOM = "random", _("at random")


class TournamentStatus(models.TextChoices):
    SCHEDULED = "scheduled", _("upcoming")
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")
    CANCELLED = "cancelled", _("cancelled")


class SeriesStatus(models.TextChoices):
    RUNNING = "running", _("running")
    STOPPED = "stopped", _("stopped")


class Series(models.Model):
    """A weekly series (issue 31, point 2): its tournaments' settings, once, and when they
    happen: on ``weekdays`` (0 Monday .. 6 Sunday) at ``time_of_day`` in ``time_zone`` (the
    wall clock there, daylight saving and all), from ``first_date`` to ``last_date`` or until
    stopped. Each occurrence is an ordinary ``Tournament`` made ahead by a job
    (``services.series``), skipped dates left out."""

    game = models.CharField(_("game"), max_length=16, default="rummy")
    name = models.CharField(_("name"), max_length=80)
    format = models.CharField(_("format"), max_length=16, choices=Format.choices)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="series_organised",
        verbose_name=_("organiser"),
    )
    private = models.BooleanField(_("private"), default=False)
    invite_token = models.CharField(max_length=32, default=invite_token_new, editable=False)
    weekdays = models.JSONField(_("days of the week"), default=list)
    time_of_day = models.TimeField(_("time of day"))
    time_zone = models.CharField(_("time zone"), max_length=64, default="Asia/Kolkata")
    first_date = models.DateField(_("first date"))
    last_date = models.DateField(_("last date"), null=True, blank=True)
    skipped = models.JSONField(_("dates skipped"), default=list, blank=True)
    status = models.CharField(
        _("status"), max_length=16, choices=SeriesStatus.choices, default=SeriesStatus.RUNNING
    )
    registration_closes_minutes = models.PositiveSmallIntegerField(default=10)
    check_in_minutes = models.PositiveSmallIntegerField(default=0)
    min_entrants = models.PositiveIntegerField(default=2)
    max_entrants = models.PositiveIntegerField(default=1000)
    per_table = models.PositiveSmallIntegerField(default=6)
    qualifiers = models.PositiveSmallIntegerField(default=2)
    turn_seconds = models.PositiveSmallIntegerField(default=30)
    seating = models.CharField(max_length=8, choices=Seating.choices, default=Seating.RATING)
    late_entry = models.BooleanField(default=False)
    duplicate_deals = models.BooleanField(default=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("series")
        verbose_name_plural = _("series")

    def __str__(self) -> str:
        return self.name


class Tournament(models.Model):
    game = models.CharField(_("game"), max_length=16, default="rummy")
    name = models.CharField(_("name"), max_length=80)
    format = models.CharField(_("format"), max_length=16, choices=Format.choices)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="tournaments_organised",
        verbose_name=_("organiser"),
    )
    private = models.BooleanField(_("private"), default=False)
    invite_token = models.CharField(max_length=32, default=invite_token_new, editable=False)
    starts_at = models.DateTimeField(_("starts"))
    registration_closes_minutes = models.PositiveSmallIntegerField(
        _("registration closes (minutes before the start)"), default=10
    )
    check_in_minutes = models.PositiveSmallIntegerField(
        _("check-in opens (minutes before the start; 0: none)"), default=0
    )
    min_entrants = models.PositiveIntegerField(_("fewest entrants"), default=2)
    max_entrants = models.PositiveIntegerField(_("most entrants"), default=1000)
    per_table = models.PositiveSmallIntegerField(_("players per table"), default=6)
    qualifiers = models.PositiveSmallIntegerField(_("qualifiers per table"), default=2)
    turn_seconds = models.PositiveSmallIntegerField(_("seconds per turn"), default=30)
    seating = models.CharField(
        _("seating"), max_length=8, choices=Seating.choices, default=Seating.RATING
    )
    status = models.CharField(
        _("status"),
        max_length=16,
        choices=TournamentStatus.choices,
        default=TournamentStatus.SCHEDULED,
    )
    # Late entry into round 1 while its tables are on their first deal (``services.late``).
    late_entry = models.BooleanField(_("late entry"), default=False)
    # Duplicate deals (issue 31): every table of a round with as many seats plays the same
    # deals in the same order (``services.rounds``); a result then comes of play, not cards.
    duplicate_deals = models.BooleanField(_("duplicate deals"), default=False)
    # The organiser paused it: the round being played finishes, the next waits for a resume.
    paused = models.BooleanField(_("paused"), default=False)
    # Why and since when, shown on the page and told to the players (issue 31: a pause told
    # them neither why nor for how long: it lasts until the organiser resumes).
    pause_reason = models.CharField(_("why it is paused"), max_length=500, blank=True)
    paused_at = models.DateTimeField(_("paused at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    winner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments_won",
        verbose_name=_("winner"),
    )
    # An occurrence of a series: the date it falls on in the series' zone (one per date).
    series = models.ForeignKey(
        Series,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("series"),
    )
    occurrence = models.DateField(_("date in the series"), null=True, blank=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        indexes = [models.Index(fields=["status", "starts_at"])]
        constraints = [
            # Two workers making the same week ahead make each date once.
            models.UniqueConstraint(
                fields=["series", "occurrence"],
                condition=models.Q(series__isnull=False),
                name="one_tournament_per_series_date",
            )
        ]

    def __str__(self) -> str:
        return self.name


class EntryStatus(models.TextChoices):
    REGISTERED = "registered", _("registered")
    WAITING = "waiting", _("on the wait list")
    WITHDRAWN = "withdrawn", _("withdrawn")
    NO_SHOW = "no_show", _("withdrawn: not checked in")
    REMOVED = "removed", _("removed by the organiser")
    PLAYING = "playing", _("still in")
    OUT = "out", _("out")
    # Played the final: their place says the rest (issue 31: they read "still in" after it).
    FINALIST = "finalist", _("played the final")


class Entry(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="tournament_entries",
        verbose_name=_("member"),
    )
    status = models.CharField(_("status"), max_length=16, choices=EntryStatus.choices)
    # Registration order: the wait list is served first come, first served.
    registered_at = models.DateTimeField(_("registered"), auto_now_add=True)
    checked_in = models.BooleanField(_("checked in"), default=False)
    # The member's rating when the tournament started (seating by rating).
    seed = models.FloatField(_("rating at the start"), default=0.0)
    out_round = models.PositiveSmallIntegerField(_("out in round"), null=True, blank=True)
    place = models.PositiveIntegerField(_("place"), null=True, blank=True)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_member")
        ]
        indexes = [models.Index(fields=["tournament", "status", "registered_at"])]

    def __str__(self) -> str:
        return f"{self.tournament} {self.user}"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    final = models.BooleanField(_("final"), default=False)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class RoundTable(models.Model):
    """A table of a round; ``tiebreak_of`` names the table whose tie across the qualifying
    line this one's single deal settles."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    table = models.OneToOneField(
        "games.Table", on_delete=models.PROTECT, related_name="tournament_table"
    )
    number = models.PositiveSmallIntegerField(_("table"))
    tiebreak_of = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="tiebreaks"
    )
    # Its result has been read into the round's seats.
    settled = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("round table")
        verbose_name_plural = _("round tables")
        ordering = ["round", "number"]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class RoundSeat(models.Model):
    """One player in one round: at a table (``table``) or given a bye (no table)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="round_seats")
    table = models.ForeignKey(
        RoundTable, on_delete=models.CASCADE, null=True, blank=True, related_name="players"
    )
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    # Rank at the table by the format's ranking, ties settled by tie-break deals.
    rank = models.PositiveSmallIntegerField(_("rank"), null=True, blank=True)
    score = models.IntegerField(_("score"), null=True, blank=True)
    qualified = models.BooleanField(_("qualified"), null=True, blank=True)

    class Meta:
        verbose_name = _("round seat")
        verbose_name_plural = _("round seats")
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="one_seat_per_round")
        ]

    def __str__(self) -> str:
        return f"{self.round} {self.entry}"
