"""Event types, their payload shapes and schema versions, and upcasters (DESIGN §3).

Each event type has a schema version stored with every event. When a shape
changes, the new version gets an upcaster from the old one here; stored
events are never rewritten, old shapes are upcast when read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

GAME_CREATED = "game_created"
MOVE = "move"
GAME_FINISHED = "game_finished"
TURN_TIMED_OUT = "turn_timed_out"
SEAT_REPLACED = "seat_replaced"
GAME_PAUSED = "game_paused"
GAME_RESUMED = "game_resumed"
VACATION_STARTED = "vacation_started"

SCHEMA_VERSIONS: dict[str, int] = {
    GAME_CREATED: 1,
    MOVE: 1,
    GAME_FINISHED: 1,
    TURN_TIMED_OUT: 1,
    SEAT_REPLACED: 1,
    GAME_PAUSED: 1,
    GAME_RESUMED: 1,
    VACATION_STARTED: 1,
}

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]

UPCASTERS: dict[tuple[str, int], Upcaster] = {}
"""``(type, version)`` → a function turning that version's payload into the next version's."""

MOVE_FIELDS: dict[str, dict[str, type]] = {
    "freibeuter": {
        "type": str,
        "tile": str,
        "card": str,
        "boat": bool,
        "draw": str,
        "field": str,
        "order": list,
    },
}
"""The keys a move of each game may carry, with their JSON types (``rules/freibeuter.md``
§10); the service refuses other keys, the API also wrong types."""

SECRET_CREATION_KEYS = frozenset({"setup", "salt"})
"""Parts of ``game_created`` that hold hidden information until the game is over."""


def upcast(event_type: str, version: int, payload: Payload) -> Payload:
    """Return ``payload`` in the current shape of ``event_type``."""
    while (event_type, version) in UPCASTERS:
        payload = UPCASTERS[(event_type, version)](payload)
        version += 1
    return payload


def game_created_payload(
    *,
    game: str,
    rules_version: int,
    players: list[str],
    setup: Any,
    options: dict[str, Any],
    commitment: str,
    salt: str,
) -> Payload:
    """The record envelope of a new game, hidden setup and commitment salt included."""
    return {
        "format": "pbem-record/1",
        "game": game,
        "rules_version": rules_version,
        "players": players,
        "setup": setup,
        "options": options,
        "commitment": commitment,
        "salt": salt,
    }


def move_payload(*, player: str, move: dict[str, Any], auto: bool = False) -> Payload:
    """A move as played: who made it, the canonical move, and whether the service made it."""
    return {"player": player, "move": move, "auto": auto}


def game_finished_payload(*, winners: list[str], scores: dict[str, int], reason: str) -> Payload:
    """The final result of a game."""
    return {"winners": winners, "scores": scores, "reason": reason}


def turn_timed_out_payload(*, player: str, deadline: str, timeouts: int) -> Payload:
    """``player`` let the deadline (ISO time) pass; ``timeouts`` in a row, this one included."""
    return {"player": player, "deadline": deadline, "timeouts": timeouts}


def seat_replaced_payload(*, player: str, by: str, reason: str) -> Payload:
    """The seat of ``player`` is now played by ``by`` (``"bot"`` or ``"player"``)."""
    return {"player": player, "by": by, "reason": reason}


def game_paused_payload(*, reason: str, player: str | None = None) -> Payload:
    """The game waits for a moderator; ``player`` is the one whose timeout paused it."""
    return {"reason": reason, "player": player}


def game_resumed_payload(*, reason: str) -> Payload:
    """A moderator let a paused game go on."""
    return {"reason": reason}


def vacation_started_payload(*, player: str, days: int, since: str, until: str) -> Payload:
    """``player``'s clock stops for ``days`` days, from ``since`` until ``until`` (ISO times)."""
    return {"player": player, "days": days, "since": since, "until": until}


def public_payload(event_type: str, payload: Payload, *, revealed: bool) -> Payload:
    """What any reader may see of an event; hidden parts only once ``revealed`` (game over)."""
    if event_type == GAME_CREATED and not revealed:
        return {key: value for key, value in payload.items() if key not in SECRET_CREATION_KEYS}
    return payload
