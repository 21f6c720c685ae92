"""Reads for moderators: every moderator action (the audit page), a game's event stream in
words and its omniscient summary.

The audit is built from events alone: a moderator action is an event of a
moderator type whose actor is ``user:N``. The stream says each event as the
history does (moves by the game's kind, the rest by ``games.event_lines``), from
the public payloads, so a sealed choice or a hidden message stays unsaid.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from games.event_lines import event_line
from games.kinds import kind_of
from games.models import Event, Game
from games.play.selectors import game_history
from games.store import events
from games.store.loading import engine_for
from games.store.repository import load_state

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
            "what": event_line(event.type, {**payload, "reason": ""}),
            "type": event.type,
            "when": event.created_at,
            "why": payload.get("reason", ""),
            "game": event.game,
            "seq": event.seq,
        }
        for event in stored
        for payload in [events.payload_of(event)]
    ]


def _user_id(actor: str) -> int | None:
    """The moderator's user id of an actor ``user:N``, else ``None``."""
    kind, _colon, who = actor.partition(":")
    return int(who) if kind == "user" and who.isdigit() else None


def _actor(actor: str, seats: dict[int, str], users: dict[int, Any]) -> str:
    """Who recorded an event, in words: a moderator's name, a player, or a part of the service."""
    kind, _colon, who = actor.partition(":")
    user_id = _user_id(actor)
    if user_id is not None:
        user = users.get(user_id)
        return _("moderator %(name)s") % {"name": user.get_username() if user else who}
    if kind == "seat" and who.isdigit():
        return seats.get(int(who), actor)
    parts = {"deadline": _("the deadline sweep"), "lobby": _("the lobby"), "bot": _("the bot")}
    return parts.get(who, _("the service"))


def _stream_line(kind: str, event_type: str, payload: dict[str, Any]) -> str:
    """One public event of a game in a sentence (a move by the game's kind)."""
    said = {**payload, "player": payload.get("player") or ""}
    if event_type == events.MOVE and payload.get("sealed"):
        return _("%(player)s made a choice, sealed until the others have chosen.") % said
    if event_type == events.MOVE:
        move = kind_of(kind).move_action(payload["move"])
        return _("%(player)s: %(move)s") % {**said, "move": move}
    line = event_line(event_type, payload, hidden=bool(payload.get("hidden")))
    if line is not None:
        return line
    if event_type == events.GAME_CREATED:
        return _("The game was created, its deal sealed by the commitment.")
    if event_type == events.GAME_FINISHED:
        return _("The game is over: won by %(winners)s.") % {
            "winners": ", ".join(payload["winners"]) or _("nobody")
        }
    if event_type == events.REMINDER_SENT:
        return _("%(player)s was reminded of the deadline.") % said
    if event_type == events.VACATION_STARTED:
        return _("%(player)s is on vacation for %(days)s days.") % said
    if event_type == events.CHAT_REPORTED:
        return _("%(player)s reported a chat message to the moderators.") % said
    return event_type.replace("_", " ")


def game_stream(*, game: Game) -> list[dict[str, Any]]:
    """Every event of ``game`` in words, oldest first: seq, when, who, what (and whether a
    move was the service's, for a late player), as the moderation page lists them."""
    stored = game_history(game=game)
    seats = dict(game.seats.values_list("position", "display_name"))
    ids = {_user_id(event["actor"]) for event in stored} - {None}
    users = get_user_model().objects.in_bulk(ids)
    return [
        {
            "seq": event["seq"],
            "when": event["created_at"],
            "who": _actor(event["actor"], seats, users),
            "what": _stream_line(game.kind, event["type"], event["payload"]),
            "auto": event["type"] == events.MOVE and bool(event["payload"].get("auto")),
        }
        for event in stored
    ]


def game_omniscient(*, game: Game) -> dict[str, Any]:
    """Everything about ``game``'s position, hands and decks included: for moderators only."""
    return engine_for(game).summary(load_state(game))
