"""Reads for moderators: every moderator action (the audit page) and a game's omniscient summary.

The audit is built from events alone: a moderator action is an event of a
moderator type whose actor is ``user:N``.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied

from games.event_lines import event_line
from games.models import Event, Game
from games.store import events
from games.store.loading import engine_for, load_state

AUDIT_LIMIT = 500


def is_moderator(user: User | AnonymousUser) -> TypeGuard[User]:
    """Whether ``user`` may take moderator actions and read moderator pages."""
    return bool(user.is_authenticated and user.is_staff and user.has_perm("games.moderate_game"))


def moderator_of(user: User | AnonymousUser) -> User:
    """``user`` as the moderator acting; refused (403) unless a moderator."""
    if not is_moderator(user):
        raise PermissionDenied("Only moderators may do this.")
    return user


def moderator_activity(*, limit: int = AUDIT_LIMIT) -> list[dict[str, Any]]:
    """The latest moderator actions, newest first: who, what, when, why, which game."""
    stored = list(
        Event.objects.filter(type__in=events.MODERATOR_EVENTS, actor__startswith="user:")
        .select_related("game")
        .order_by("-created_at", "-id")[:limit]
    )
    ids = {int(event.actor.removeprefix("user:")) for event in stored}
    users = get_user_model().objects.in_bulk(ids)
    return [
        {
            "moderator": users.get(int(event.actor.removeprefix("user:"))),
            "what": event_line(event.type, {**event.payload, "reason": ""}),
            "type": event.type,
            "when": event.created_at,
            "why": event.payload.get("reason", ""),
            "game": event.game,
            "seq": event.seq,
        }
        for event in stored
    ]


def game_omniscient(*, game: Game) -> dict[str, Any]:
    """Everything about ``game``'s position, hands and decks included: for moderators only."""
    return engine_for(game).summary(load_state(game))
