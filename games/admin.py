"""Admin: events read-only (they are immutable); games and seats basic (moderation comes later).

Moderators see each game's mail: the outbox rows (sent, pending, failed, with
their errors) and the received replies, linked from the game's page.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from games.models import Event, Game, InboundMail, OutboundMail, Seat


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
        "deadline_at", "remind_at", "mail",
    ]  # fmt: skip
    inlines = [SeatInline]

    @admin.display(description="mail")
    def mail(self, game: Game) -> str:
        url = reverse("admin:games_outboundmail_changelist") + f"?game__id__exact={game.pk}"
        return format_html('<a href="{}">{} emails</a>', url, game.mails.count())

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


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """A log that moderators read; the service alone writes it."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(OutboundMail)
class OutboundMailAdmin(ReadOnlyAdmin):
    list_display = ["id", "game", "to", "kind", "status", "attempts", "created_at", "sent_at"]
    list_filter = ["status", "kind"]
    search_fields = ["=game__id", "to", "message_id"]
    readonly_fields = [field.name for field in OutboundMail._meta.fields]


@admin.register(InboundMail)
class InboundMailAdmin(ReadOnlyAdmin):
    list_display = ["id", "received_at", "sender", "seat", "outcome", "detail"]
    list_filter = ["outcome"]
    search_fields = ["sender", "message_id", "=seat__game__id"]
