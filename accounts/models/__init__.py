"""The accounts app's models: profiles, ratings, the audit log, notices."""

from accounts.models.audit import AppendOnly, AuditEntry
from accounts.models.notices import Notice
from accounts.models.profiles import Profile, name_taken, validate_visible_text
from accounts.models.ratings import Rating, RatingChange, RatingCount

__all__ = [
    "AppendOnly",
    "AuditEntry",
    "Notice",
    "Profile",
    "Rating",
    "RatingChange",
    "RatingCount",
    "name_taken",
    "validate_visible_text",
]
