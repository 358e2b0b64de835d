from django.contrib import admin

from accounts.profiles.models import Profile
from accounts.ratings.models import Rating, RatingChange


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["user", "display_name", "language"]
    list_filter = ["language"]
    search_fields = ["user__username", "user__email", "display_name"]
    raw_id_fields = ["user"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Ratings change only through ``ratings_record_match``: staff may look, not edit."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["user", "game", "ordinal", "matches_played", "mu", "sigma", "updated_at"]
    list_filter = ["game"]
    search_fields = ["user__username", "user__profile__display_name"]
    ordering = ["game", "-ordinal"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ["user", "game", "match_ref", "rank", "ordinal_before", "ordinal_after"]
    list_filter = ["game"]
    search_fields = ["user__username", "=match_ref"]
