from typing import TypeVar

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from accounts.profiles.models import Profile
from accounts.ratings.models import Rating, RatingChange


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin[Profile]):
    list_display = ["user", "display_name", "language"]
    list_filter = ["language"]
    search_fields = ["user__username", "user__email", "display_name"]
    raw_id_fields = ["user"]


M = TypeVar("M", bound=Model)


class ReadOnlyAdmin(admin.ModelAdmin[M]):
    """Ratings change only through ``ratings_record_match``: staff may look, not edit."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin[Rating]):
    list_display = ["user", "game", "ordinal", "matches_played", "mu", "sigma", "updated_at"]
    list_filter = ["game"]
    search_fields = ["user__username", "user__profile__display_name"]
    ordering = ["game", "-ordinal"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin[RatingChange]):
    list_display = ["user", "game", "match_ref", "rank", "ordinal_before", "ordinal_after"]
    list_filter = ["game"]
    search_fields = ["user__username", "=match_ref"]
