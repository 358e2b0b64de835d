"""The accounts app's models: profiles, ratings, the audit log, notices, moderation."""

from accounts.models.audit import AppendOnly, AuditEntry
from accounts.models.moderation import (
    Case,
    CaseStatus,
    Report,
    ReportReason,
    Sanction,
    SanctionKind,
)
from accounts.models.notices import Notice
from accounts.models.profiles import Profile, name_taken, validate_visible_text
from accounts.models.ratings import Rating, RatingChange, RatingCount

__all__ = [
    "AppendOnly",
    "AuditEntry",
    "Case",
    "CaseStatus",
    "Notice",
    "Profile",
    "Rating",
    "RatingChange",
    "RatingCount",
    "Report",
    "ReportReason",
    "Sanction",
    "SanctionKind",
    "name_taken",
    "validate_visible_text",
]
