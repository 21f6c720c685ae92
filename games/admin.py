"""Admin: events read-only (they are immutable); games and seats basic (moderation comes later)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.models import Event, Game, Seat


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    extra = 0
    fields = ["position", "display_name", "email", "language", "time_zone", "user", "is_bot"]
    readonly_fields = ["position", "display_name"]
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["id", "kind", "status", "last_seq", "to_move", "created_at", "updated_at"]
    list_filter = ["status", "kind"]
    readonly_fields = [
        "kind", "rules_version", "options", "status", "last_seq", "to_move",
        "scores", "winners", "commitment", "created_at", "updated_at",
    ]  # fmt: skip
    inlines = [SeatInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # games are created by the service, which writes their first event


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["game", "seq", "type", "actor", "created_at"]
    list_filter = ["type"]
    search_fields = ["game__id"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
