"""A member's profile: the name others see, their picture at the tables, the language they read
and their time zone."""

import unicodedata

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinLengthValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.profiles.avatars import AVATAR_LENGTH, validate_avatar
from accounts.profiles.zones import VISITOR_ZONE, validate_zone


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
    users = get_user_model().objects.all()
    profiles = Profile.objects.all()
    if by_other_than is not None:
        users = users.exclude(pk=by_other_than)
        profiles = profiles.exclude(user_id=by_other_than)
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
    # One of accounts.profiles.avatars.AVATARS; "" shows the member's initials on a colour.
    avatar = models.CharField(
        _("picture"), max_length=AVATAR_LENGTH, blank=True, validators=[validate_avatar]
    )
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )

    # By IANA name; read through zones.zone_named, which knows renamed zones too.
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        default=VISITOR_ZONE,
        validators=[validate_zone],
        help_text=_("Every time on the site is shown in this zone."),
    )
    # Issue 32: the member is matched in ranked only with people: never offered house bots in
    # the empty seats, never seated with a bot account (``games.ranked``).
    ranked_bots_refused = models.BooleanField(
        _("never match me with bots in ranked"),
        default=False,
        help_text=_(
            "Ranked tables then wait for people only: no house bots in empty seats, no bot "
            "accounts."
        ),
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
