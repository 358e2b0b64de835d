from django.contrib import admin

from games.tables.models import MatchResult, Move, Seat, Table


class LookOnly:
    """Tables change only through the services (one writer per table): staff may look."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(LookOnly, admin.TabularInline):
    model = Seat
    fields = ["number", "user", "bot_level", "stand_in", "timeouts_in_row"]
    readonly_fields = fields


@admin.register(Table)
class TableAdmin(LookOnly, admin.ModelAdmin):
    list_display = ["id", "game", "variant", "status", "version", "private", "ranked", "created_at"]
    list_filter = ["game", "status", "private", "ranked"]
    date_hierarchy = "created_at"
    inlines = [SeatInline]


@admin.register(Move)
class MoveAdmin(LookOnly, admin.ModelAdmin):
    list_display = ["table", "version", "seat", "by", "created_at"]
    list_filter = ["by"]
    list_select_related = ["table"]


@admin.register(MatchResult)
class MatchResultAdmin(LookOnly, admin.ModelAdmin):
    list_display = ["table", "winners", "moves", "finished_at"]
    list_select_related = ["table"]
