"""Django loads an app's models from here: each lives in the package of its concern
(``profiles.models``, ``notices.models``, ``moderation.models``, ``ratings.models``). Code
imports them from there, never from here (tests/games/test_layers.py).

The migrations name ``validate_visible_text`` by this module's path, so it is here too.
"""

from accounts.bots.models import AccessToken, BotAccount
from accounts.moderation.models import AuditEntry, Case, Report, Sanction
from accounts.notices.models import Notice, PushSubscription, ReachChoice, Reached
from accounts.profiles.models import Profile, validate_visible_text
from accounts.ratings.models import (
    BotRating,
    BotRatingChange,
    MonthTitle,
    Rating,
    RatingChange,
    RatingCount,
)

__all__ = [
    "AccessToken",
    "AuditEntry",
    "BotAccount",
    "BotRating",
    "BotRatingChange",
    "Case",
    "MonthTitle",
    "Notice",
    "Profile",
    "PushSubscription",
    "Rating",
    "RatingChange",
    "RatingCount",
    "ReachChoice",
    "Reached",
    "Report",
    "Sanction",
    "validate_visible_text",
]
