import unicodedata

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinLengthValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from config.catalogue import CATALOGUE_BY_SLUG, GameInfo


def validate_visible_text(value: str) -> None:
    """Refuse control and formatting characters (Unicode category C*): a right-to-left override
    or a zero-width space would let one member's name pass for another's."""
    if any(unicodedata.category(char).startswith("C") for char in value):
        raise ValidationError(
            _("A display name cannot contain invisible or control characters."),
            code="invisible_characters",
        )


def name_taken(name: str, *, by_other_than: int | None = None) -> bool:
    """Whether a member other than ``by_other_than`` is called ``name``, as their username or
    their display name, whatever the letter case or Unicode spelling (NFKC)."""
    from django.contrib.auth import get_user_model

    folded = unicodedata.normalize("NFKC", name).strip()
    users = get_user_model().objects.exclude(pk=by_other_than)
    profiles = Profile.objects.exclude(user_id=by_other_than)
    return (
        users.filter(username__iexact=folded).exists()
        or profiles.filter(display_name__iexact=folded).exists()
    )


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(
        _("display name"),
        max_length=30,
        blank=True,
        validators=[MinLengthValidator(2), validate_visible_text],
        help_text=_("What other players see. Leave it empty to show your username."),
    )
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return self.shown_name

    def clean(self) -> None:
        """A display name is no other member's name: not their username, not what they show
        (issue 17: anyone could appear at a table as another member)."""
        if self.display_name and name_taken(self.display_name, by_other_than=self.user_id):
            raise ValidationError(
                {"display_name": _("That name belongs to another member.")}, code="name_taken"
            )

    @property
    def shown_name(self) -> str:
        return self.display_name or self.user.get_username()


class Rating(models.Model):
    """A member's skill in one game (accounts.ratings says how it is computed and shown).

    Written only by ``ratings_record_match``, which locks the row first."""

    # No index of its own: the unique (user, game) constraint's index serves it.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ratings",
        verbose_name=_("member"),
        db_index=False,
    )
    game = models.CharField(_("card game"), max_length=16)
    mu = models.FloatField(_("skill estimate (mu)"))
    sigma = models.FloatField(_("uncertainty (sigma)"))
    ordinal = models.FloatField(_("rating"))
    matches_played = models.PositiveIntegerField(_("ranked matches"), default=0)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

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
    def shown(self) -> int:
        return round(self.ordinal)

    @property
    def game_info(self) -> GameInfo | None:
        return CATALOGUE_BY_SLUG.get(self.game)


class RatingCount(models.Model):
    """How many members of a game have a rating from ``points`` up to ``points + 1``.

    A member's place is the sum of the counts above their point plus a count within it, so it
    costs the same for the 100,000th member as for the 10th (``accounts.selectors.standing_of``).
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


class RatingChange(models.Model):
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
    game = models.CharField(_("card game"), max_length=16)
    match_ref = models.BigIntegerField(_("table number"))
    rank = models.PositiveSmallIntegerField(_("place"))
    sides = models.PositiveSmallIntegerField(_("sides"))
    ordinal_before = models.FloatField(_("rating before"))
    ordinal_after = models.FloatField(_("rating after"))
    mu = models.FloatField(_("skill estimate (mu)"))
    sigma = models.FloatField(_("uncertainty (sigma)"))
    created_at = models.DateTimeField(_("recorded"), auto_now_add=True)

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
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.game} #{self.match_ref}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError("a rating change is never changed once written")
        super().save(*args, **kwargs)

    @property
    def delta(self) -> int:
        return round(self.ordinal_after) - round(self.ordinal_before)

    @property
    def game_info(self) -> GameInfo | None:
        return CATALOGUE_BY_SLUG.get(self.game)
