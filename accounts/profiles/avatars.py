"""The pictures a member may show on their seat at the tables (issue 30, point 3): our own
drawn set, each a ``<symbol id="avatar-KEY">`` in templates/includes/avatar_sprite.html (inline,
no fetch), and each bot level's own (``avatar-bot-LEVEL``). A member who chose none shows their
initials on a colour of their own (``static/js/table/seats.js``)."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# Key -> what the picture shows, for the profile's choice (its accessible name).
AVATARS = {
    "sun": _("Sun"),
    "moon": _("Moon"),
    "star": _("Star"),
    "lotus": _("Lotus"),
    "kite": _("Kite"),
    "fish": _("Fish"),
    "mango": _("Mango"),
    "feather": _("Peacock feather"),
    "chai": _("Cup of tea"),
    "cricket": _("Cricket bat and ball"),
    "cat": _("Cat"),
    "owl": _("Owl"),
    "parrot": _("Parrot"),
    "boat": _("Boat"),
    "tree": _("Tree"),
    "mountain": _("Mountains"),
    "marigold": _("Marigold"),
    "drum": _("Drum"),
}

# The bots' own pictures, one per level (games.tables.models.BotLevel's values).
BOT_AVATARS = ("bot-easy", "bot-medium", "bot-hard")

AVATAR_LENGTH = 16  # the longest key, with room to grow


def validate_avatar(value: str) -> None:
    """A member's picture is one of the set, or none ("")."""
    if value and value not in AVATARS:
        raise ValidationError(
            _("“%(value)s” is not one of the pictures offered. Choose one from the list."),
            code="invalid_choice",
            params={"value": value},
        )
