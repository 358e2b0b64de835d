from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.tables.models import MatchResult, Move, Seat, Table


class LookOnly:
    """Tables change only through the services (one writer per table): staff may look."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


SEAT_FIELDS = ("number", "user", "bot_level", "stand_in", "timeouts_in_row")


class SeatInline(LookOnly, admin.TabularInline[Seat, Table]):
    model = Seat
    fields = SEAT_FIELDS
    readonly_fields = SEAT_FIELDS


@admin.register(Table)
class TableAdmin(LookOnly, admin.ModelAdmin[Table]):
    list_display = ["id", "game", "variant", "status", "version", "private", "ranked", "created_at"]
    list_filter = ["game", "status", "private", "ranked"]
    date_hierarchy = "created_at"
    inlines = [SeatInline]


@admin.register(Move)
class MoveAdmin(LookOnly, admin.ModelAdmin[Move]):
    list_display = ["table", "version", "seat", "by", "created_at"]
    list_filter = ["by"]
    list_select_related = ["table"]


@admin.register(MatchResult)
class MatchResultAdmin(LookOnly, admin.ModelAdmin[MatchResult]):
    list_display = ["table", "winners", "moves", "finished_at"]
    list_select_related = ["table"]
