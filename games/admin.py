"""Admin: events read-only (they are immutable); games with their event stream and moderation.

Moderators see each game's mail (the outbox rows with their errors, and the received
replies), filter games by "stuck" (deadline passed, or paused) and "reported" (a chat
report), run the services of ``games.moderation.actions`` with the reason typed in the
action bar, and open each game's moderation, spectator and omniscient pages. Leagues and
their event streams are read here too. No admin page shows a seat's link, token or reply
address (an email's are hidden): moderators act on a seat only through the moderator
actions, which record their name.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html

from games.errors import GameError
from games.models import Event, Game, InboundMail, League, LeagueEvent, OutboundMail, Seat
from games.moderation.audit import moderator_of
from games.moderation.requests import REASON_LENGTH, action_run
from games.store import events


class ReadOnlyInline(admin.TabularInline):  # type: ignore[type-arg]
    """A game's rows shown below it, none added or deleted here."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(ReadOnlyInline):
    """A game's seats, read-only: who plays a seat changes only by a moderator action (an
    event with the moderator and reason), never by editing a row here."""

    model = Seat
    readonly_fields = (
        "position", "display_name", "email", "language", "time_zone", "user", "is_bot",
    )  # fmt: skip
    fields = readonly_fields


EVENTS_SHOWN = 50
"""Events a game's admin page shows inline: its latest; the rest are a link away."""


class EventInline(ReadOnlyInline):
    """The game's latest :data:`EVENTS_SHOWN` events, read-only."""

    model = Event
    readonly_fields = ("seq", "type", "actor", "payload", "created_at")
    fields = readonly_fields
    ordering = ["seq"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class YesFilter(admin.SimpleListFilter):
    """A filter of games with one choice, "yes" (said by ``label``): the games :meth:`matching`."""

    label = ""

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", self.label)]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Game]) -> QuerySet[Game]:
        return queryset.filter(self.matching()) if self.value() == "yes" else queryset

    def matching(self) -> Q | Exists:
        raise NotImplementedError


class StuckFilter(YesFilter):
    title = parameter_name = "stuck"
    label = "deadline passed or paused"

    def matching(self) -> Q:
        overdue = Q(status=Game.Status.ACTIVE, deadline_at__lt=timezone.now())
        return overdue | Q(status=Game.Status.PAUSED)


class ReportedFilter(YesFilter):
    title = "reported chat"
    parameter_name = "reported"
    label = "has chat reports"

    def matching(self) -> Exists:
        return Exists(Event.objects.filter(game=OuterRef("pk"), type=events.CHAT_REPORTED))


class ModerationActionForm(ActionForm):
    reason = forms.CharField(required=False, max_length=REASON_LENGTH)


def _moderation_action(action: str, description: str) -> Any:
    @admin.action(description=description, permissions=["moderate"])
    def run(model_admin: GameAdmin, request: HttpRequest, queryset: QuerySet[Game]) -> None:
        for game in queryset:
            try:
                action_run(
                    game=game,
                    moderator=moderator_of(request.user),
                    action=action,
                    data=request.POST,
                )
            except GameError as error:
                model_admin.message_user(request, f"#{game.pk}: {error.message}", messages.ERROR)
            else:
                model_admin.message_user(request, f"#{game.pk}: {action} done.")

    run.__name__ = f"moderate_{action}"
    return run


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["id", "kind", "status", "waiting_for", "deadline_at", "links"]
    list_filter = ["status", "kind", StuckFilter, ReportedFilter]
    search_fields = ["=id", "seats__display_name", "seats__email"]
    readonly_fields = [
        "kind", "rules_version", "options", "status", "last_seq", "to_move",
        "scores", "winners", "commitment", "created_at", "updated_at",
        "deadline_at", "remind_at", "mail", "history", "links",
    ]  # fmt: skip
    inlines = [SeatInline, EventInline]
    action_form = ModerationActionForm
    actions = [
        _moderation_action("pause", "Pause (give a reason)"),
        _moderation_action("resume", "Resume (give a reason)"),
        _moderation_action("abort", "Abort (give a reason)"),
    ]

    @admin.display(description="to move")
    def waiting_for(self, game: Game) -> str:
        return ", ".join(game.to_move) or "—"

    @admin.display(description="mail")
    def mail(self, game: Game) -> str:
        url = reverse("admin:games_outboundmail_changelist") + f"?game__id__exact={game.pk}"
        return format_html('<a href="{}">{} emails</a>', url, game.mails.count())

    @admin.display(description="events")
    def history(self, game: Game) -> str:
        url = reverse("admin:games_event_changelist") + f"?game__id__exact={game.pk}"
        shown = min(game.last_seq, EVENTS_SHOWN)
        return format_html(
            'the latest {} below · <a href="{}">all {} events</a>', shown, url, game.last_seq
        )

    def get_formset_kwargs(
        self, request: HttpRequest, obj: Any, inline: Any, prefix: str
    ) -> dict[str, Any]:
        """Bound the event inline to the latest events: a game's page stays small however long
        its history grows."""
        kwargs: dict[str, Any] = super().get_formset_kwargs(request, obj, inline, prefix)
        if isinstance(inline, EventInline) and obj is not None:
            kwargs["queryset"] = kwargs["queryset"].filter(seq__gt=obj.last_seq - EVENTS_SHOWN)
        return kwargs

    @admin.display(description="pages")
    def links(self, game: Game) -> str:
        return format_html(
            '<a href="{}">moderate</a> · <a href="{}">spectator</a> · <a href="{}">omniscient</a>',
            reverse("moderate-game", kwargs={"pk": game.pk}),
            reverse("game", kwargs={"pk": game.pk}),
            reverse("moderate-omniscient", kwargs={"pk": game.pk}),
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # games are created by the service, which writes their first event

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("games.moderate_game")


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """A log that moderators read; the service alone writes it."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["game", "seq", "type", "actor", "payload", "created_at"]
    list_filter = ["type"]
    search_fields = ["=game__id", "actor"]


HIDDEN = "(hidden: the player's own)"
"""What the admin shows in place of a link or reply address written into an email."""


def _secrets_hidden(value: Any, key: str = "") -> Any:
    """``value`` (an email's context) with every link and reply address in it replaced by
    :data:`HIDDEN`: a seat's link and reply address act as the seat, its preferences and
    unsubscribe links as its player, so a moderator reading the outbox sees none of them."""
    if isinstance(value, dict):
        return {name: _secrets_hidden(item, name) for name, item in value.items()}
    if isinstance(value, list):
        return [_secrets_hidden(item, key) for item in value]
    if isinstance(value, str) and (
        key.endswith("link") or key == "reply_to" or "/play/" in value or "play+" in value
    ):
        return HIDDEN
    return value


@admin.register(OutboundMail)
class OutboundMailAdmin(ReadOnlyAdmin):
    list_display = ["id", "game", "to", "kind", "status", "attempts", "created_at", "sent_at"]
    list_filter = ["status", "kind"]
    search_fields = ["=game__id", "to", "message_id"]
    readonly_fields = [
        "content" if field.name == "context" else field.name for field in OutboundMail._meta.fields
    ]
    exclude = ["context"]

    @admin.display(description="context")
    def content(self, mail: OutboundMail) -> str:
        """What the email says, its links and reply address hidden."""
        return json.dumps(_secrets_hidden(mail.context), indent=2, ensure_ascii=False)


@admin.register(InboundMail)
class InboundMailAdmin(ReadOnlyAdmin):
    list_display = ["id", "received_at", "sender", "seat", "outcome", "detail"]
    list_filter = ["outcome"]
    search_fields = ["sender", "message_id", "=seat__game__id"]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ["id", "game", "position", "display_name", "email", "is_bot", "user"]
    list_filter = ["is_bot", "game__status"]
    search_fields = ["display_name", "email", "=game__id"]
    readonly_fields = [field.name for field in Seat._meta.fields]


@admin.register(League)
class LeagueAdmin(ReadOnlyAdmin):
    list_display = ["id", "name", "kind", "status", "round", "rounds", "signup_closes_at"]
    list_filter = ["status", "kind"]
    search_fields = ["name"]


@admin.register(LeagueEvent)
class LeagueEventAdmin(ReadOnlyAdmin):
    list_display = ["league", "seq", "type", "payload", "created_at"]
    list_filter = ["type"]
    search_fields = ["=league__id"]
