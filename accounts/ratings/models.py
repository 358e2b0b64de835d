"""Ratings per game (``accounts.ratings.skill`` says how they are computed and shown)."""

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F
from django.db.models.functions import Round
from django.utils.translation import gettext_lazy as _

from games.catalogue import CATALOGUE_BY_SLUG, GameInfo


class Skill(models.Model):
    """What a rated player's row holds, a member's (``Rating``) or a bot level's
    (``BotRating``): the skill estimate, its uncertainty and the rating shown from them."""

    game = models.CharField(_("card game"), max_length=16)
    mu = models.FloatField(_("skill estimate (mu)"))
    sigma = models.FloatField(_("uncertainty (sigma)"))
    ordinal = models.FloatField(_("rating"))
    matches_played = models.PositiveIntegerField(_("ranked matches"), default=0)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        abstract = True

    @property
    def shown(self) -> int:
        return round(self.ordinal)


class ChangeOfRating(models.Model):
    """What one ranked match did to a rating, a member's (``RatingChange``) or a bot level's
    (``BotRatingChange``); never changed once written."""

    game = models.CharField(_("card game"), max_length=16)
    match_ref = models.BigIntegerField(_("table number"))
    rank = models.PositiveSmallIntegerField(_("place"))
    sides = models.PositiveSmallIntegerField(_("sides"))
    ordinal_before = models.FloatField(_("rating before"))
    ordinal_after = models.FloatField(_("rating after"))
    created_at = models.DateTimeField(_("recorded"), auto_now_add=True)

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ValueError("a rating change is never changed once written")
        super().save(*args, **kwargs)

    @property
    def delta(self) -> int:
        return round(self.ordinal_after) - round(self.ordinal_before)


class Rating(Skill):
    """A member's skill in one game (accounts.ratings.skill says how it is computed and shown).

    Written only by ``ratings_record_match``, which locks the row first."""

    # No index of its own: the unique (user, game) constraint's index serves it.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ratings",
        verbose_name=_("member"),
        db_index=False,
    )

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="rating_one_per_member_and_game")
        ]
        indexes = [
            # The leaderboard's order, and the COUNT of better ratings that gives one's place.
            models.Index(fields=["game", "-ordinal", "user"], name="rating_leaderboard"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.game} {self.shown}"

    @property
    def game_info(self) -> GameInfo | None:
        return CATALOGUE_BY_SLUG.get(self.game)


class RatingCount(models.Model):
    """How many members of a game have a rating from ``points`` up to ``points + 1``.

    A member's place is the sum of the counts above their point plus a count within it, so it
    costs the same for the 100,000th member as for the 10th
    (``accounts.ratings.selectors.standing_of``).
    ``ratings_record_match`` keeps it in the same transaction as the ratings."""

    game = models.CharField(_("card game"), max_length=16)
    points = models.IntegerField(_("rating"))
    members = models.IntegerField(_("members"), default=0)

    class Meta:
        verbose_name = _("rating count")
        verbose_name_plural = _("rating counts")
        constraints = [
            models.UniqueConstraint(fields=["game", "points"], name="rating_count_per_point")
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.points}: {self.members}"


class RatingChange(ChangeOfRating):
    """What one ranked match did to one member's rating; never changed once written.

    ``match_ref`` is the id of the table that played the match: a plain number rather than a
    foreign key, so that ratings need nothing from the games app and outlive a deleted table.
    """

    # No index of its own: the (user, id) index serves it.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("member"),
        db_index=False,
    )
    mu = models.FloatField(_("skill estimate (mu)"))
    sigma = models.FloatField(_("uncertainty (sigma)"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [
            # Game and match first: the same index finds whether a match was recorded.
            models.UniqueConstraint(
                fields=["game", "match_ref", "user"], name="rating_change_once_per_match"
            )
        ]
        indexes = [
            models.Index(fields=["user", "game", "-id"], name="rating_change_history"),
            models.Index(fields=["user", "-id"], name="rating_change_recent"),
            # A game's month: the monthly board's one aggregate reads only that month's rows.
            models.Index(fields=["game", "created_at"], name="rating_change_month"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.game} #{self.match_ref}"

    @property
    def game_info(self) -> GameInfo | None:
        return CATALOGUE_BY_SLUG.get(self.game)


MONTH_MIN_MATCHES = 5
"""Ranked matches of a game in a month that put a member on its board: one lucky win is not a
month (``accounts.ratings.seasons``)."""


class MonthTotal(models.Model):
    """A member's month in one game, kept as their matches are rated: what the month's ranked
    matches did to their rating (summed, unrounded), how many there were, when the last was.

    Written by ``ratings_record_match`` in the transaction of the match's changes (under the
    lock of the member's rating row), so the month's board reads the first hundred rows of an
    index instead of summing every change of the month (``accounts.ratings.seasons``); migration
    0013 filled it from the changes written before."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="month_totals",
        verbose_name=_("member"),
        db_index=False,  # the (game, month, member) constraint's index serves it
    )
    game = models.CharField(_("card game"), max_length=16)
    month = models.DateField(_("month"), help_text=_("The first day of the month."))
    won = models.FloatField(_("rating won in the month"))
    matches = models.PositiveIntegerField(_("ranked matches in the month"))
    last_at = models.DateTimeField(_("last ranked match"))

    class Meta:
        verbose_name = _("month's total")
        verbose_name_plural = _("months' totals")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "month", "user"], name="month_total_once_per_member"
            )
        ]
        indexes = [
            # The board in its order (seasons.month_board), those qualified only.
            models.Index(
                F("game"),
                F("month"),
                Round("won").desc(),
                F("matches").desc(),
                F("last_at"),
                F("user"),
                condition=models.Q(matches__gte=MONTH_MIN_MATCHES),
                name="month_total_board",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.game} {self.month:%Y-%m}: {self.won:+.1f} in {self.matches}"


class MonthTitle(models.Model):
    """One of the first three places on a game's board of one month (``accounts.ratings.seasons``
    says how the board is ranked), given once the month is over; never changed.

    One title per place and one per member in each game's month: the beat job that gives them
    may run twice at once, and the second finds them taken."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="month_titles",
        verbose_name=_("member"),
        db_index=False,  # the (user, month) index serves it
    )
    game = models.CharField(_("card game"), max_length=16)
    month = models.DateField(_("month"), help_text=_("The first day of the month."))
    place = models.PositiveSmallIntegerField(_("place"))
    won = models.IntegerField(_("rating won in the month"))
    matches = models.PositiveIntegerField(_("ranked matches in the month"))
    awarded_at = models.DateTimeField(_("given"), auto_now_add=True)

    class Meta:
        verbose_name = _("month's title")
        verbose_name_plural = _("months' titles")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "month", "place"], name="month_title_once_per_place"
            ),
            models.UniqueConstraint(
                fields=["game", "month", "user"], name="month_title_once_per_member"
            ),
            models.CheckConstraint(
                condition=models.Q(place__gte=1, place__lte=3), name="month_title_top_three"
            ),
        ]
        indexes = [models.Index(fields=["user", "-month"], name="month_title_of_member")]

    def __str__(self) -> str:
        return f"{self.user} {self.game} {self.month:%Y-%m} #{self.place}"


class BotRating(Skill):
    """A house bot level's skill in one game and format (issue 32, point 4): moved by its
    ranked results as a member's is (``ratings_record_match``, which locks the row first), and
    public on the bot's page; never on a leaderboard nor a month's board, which list members.

    ``bot`` is the level's key (``games.tables.models.BotLevel``: easy, medium, hard), kept as
    a plain word so that ratings need nothing from the tables."""

    bot = models.CharField(_("bot"), max_length=16)
    variant = models.CharField(_("format"), max_length=32)

    class Meta:
        verbose_name = _("bot's rating")
        verbose_name_plural = _("bots' ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["bot", "game", "variant"], name="bot_rating_one_per_format"
            )
        ]

    def __str__(self) -> str:
        return f"{self.bot} {self.game} {self.variant} {self.shown}"


class BotRatingChange(ChangeOfRating):
    """What one ranked match did to a bot level's rating in its game and format; never changed
    once written. Where the level sat in several seats of the match, one row: ``rank`` is its
    best seat's place and the change the mean of its seats' (``ratings_record_match``)."""

    bot = models.CharField(_("bot"), max_length=16)
    variant = models.CharField(_("format"), max_length=32)

    class Meta:
        verbose_name = _("bot's rating change")
        verbose_name_plural = _("bots' rating changes")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "match_ref", "bot"], name="bot_rating_change_once_per_match"
            )
        ]
        indexes = [
            models.Index(fields=["bot", "game", "variant", "-id"], name="bot_rating_change_history")
        ]

    def __str__(self) -> str:
        return f"{self.bot} {self.game} #{self.match_ref}"
