"""Event types, their payload shapes and schema versions, and upcasters.

Each event type has a schema version stored with every event. When a shape
changes, the new version gets an upcaster from the old one here; stored
events are never rewritten, old shapes are upcast when read: every reader takes
a stored event's payload by :func:`payload_of` (an event) or :func:`upcast` (its
type, version and payload read as values).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

GAME_CREATED = "game_created"
MOVE = "move"
GAME_FINISHED = "game_finished"
TURN_TIMED_OUT = "turn_timed_out"
REMINDER_SENT = "reminder_sent"
SEAT_REPLACED = "seat_replaced"
GAME_PAUSED = "game_paused"
GAME_RESUMED = "game_resumed"
VACATION_STARTED = "vacation_started"
DEADLINE_EXTENDED = "deadline_extended"
LINK_REISSUED = "link_reissued"
GAME_ABORTED = "game_aborted"
GAME_ADJUDICATED = "game_adjudicated"
CHAT_POSTED = "chat_posted"
CHAT_HIDDEN = "chat_hidden"
CHAT_REPORTED = "chat_reported"
TAKEBACK_REQUESTED = "takeback_requested"
TAKEBACK_ACCEPTED = "takeback_accepted"
TAKEBACK_DECLINED = "takeback_declined"
MOVE_TAKEN_BACK = "move_taken_back"

POSITION_NEUTRAL = frozenset(
    {
        CHAT_POSTED,
        CHAT_HIDDEN,
        CHAT_REPORTED,
        DEADLINE_EXTENDED,
        LINK_REISSUED,
        REMINDER_SENT,
        VACATION_STARTED,
    }
)
"""Events after which a move chosen on the earlier page is still the move its player meant."""

SCHEMA_VERSIONS: dict[str, int] = {
    GAME_CREATED: 1,
    MOVE: 1,
    GAME_FINISHED: 1,
    TURN_TIMED_OUT: 1,
    REMINDER_SENT: 1,
    SEAT_REPLACED: 1,
    GAME_PAUSED: 1,
    GAME_RESUMED: 1,
    VACATION_STARTED: 1,
    DEADLINE_EXTENDED: 1,
    LINK_REISSUED: 1,
    GAME_ABORTED: 1,
    GAME_ADJUDICATED: 2,
    CHAT_POSTED: 1,
    CHAT_HIDDEN: 1,
    CHAT_REPORTED: 1,
    TAKEBACK_REQUESTED: 1,
    TAKEBACK_ACCEPTED: 1,
    TAKEBACK_DECLINED: 1,
    MOVE_TAKEN_BACK: 1,
}

MODERATOR_EVENTS = frozenset(
    {
        GAME_PAUSED,
        GAME_RESUMED,
        DEADLINE_EXTENDED,
        SEAT_REPLACED,
        LINK_REISSUED,
        GAME_ABORTED,
        GAME_ADJUDICATED,
        CHAT_HIDDEN,
    }
)
"""Types a moderator may append; with actor ``user:N`` they make the audit page."""

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]


def _adjudicated_v1_v2(payload: Payload) -> Payload:
    """Version 1 of ``game_adjudicated`` was always a moderator's decision."""
    return {**payload, "by": "moderator"}


UPCASTERS: dict[tuple[str, int], Upcaster] = {(GAME_ADJUDICATED, 1): _adjudicated_v1_v2}
"""``(type, version)`` → a function turning that version's payload into the next version's."""

SERVICE_FIELDS = frozenset({"roll"})
"""Move keys the service writes and a player may not send: the dice it rolls (the keys a
move may carry at all are its game's ``MOVE_FIELDS``; the service refuses others, the API
also wrong types)."""

SECRET_CREATION_KEYS = frozenset({"setup", "salt"})
"""Parts of ``game_created`` that hold hidden information until the game is over."""


def upcast(event_type: str, version: int, payload: Payload) -> Payload:
    """Return ``payload`` in the current shape of ``event_type``."""
    while (event_type, version) in UPCASTERS:
        payload = UPCASTERS[(event_type, version)](payload)
        version += 1
    return payload


class Stored(Protocol):
    """A stored event as read: its type, its schema version and its payload as stored."""

    type: str
    version: int
    payload: Any


def payload_of(event: Stored) -> Payload:
    """The payload of the stored ``event`` in the current shape of its type."""
    return upcast(event.type, event.version, event.payload)


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


def move_payload(
    *, player: str, move: dict[str, Any], auto: bool = False, order: str | None = None
) -> Payload:
    """A move as played: who made it, the canonical move, and whether the service made it;
    a move its player's standing order made is marked ``"standing": true`` with the
    ``order``'s kind, ``"answer"`` (a standing answer) or ``"queued"`` (a queued move)."""
    payload: Payload = {"player": player, "move": move, "auto": auto}
    if order is not None:
        payload["standing"] = True
        payload["order"] = order
    return payload


def game_finished_payload(*, winners: list[str], scores: dict[str, int], reason: str) -> Payload:
    """The final result of a game."""
    return {"winners": winners, "scores": scores, "reason": reason}


def turn_timed_out_payload(*, player: str, deadline: str, timeouts: int) -> Payload:
    """``player`` let the deadline (ISO time) pass; ``timeouts`` in a row, this one included."""
    return {"player": player, "deadline": deadline, "timeouts": timeouts}


def reminder_sent_payload(*, player: str, deadline: str) -> Payload:
    """``player`` was reminded that his deadline (ISO time) is near; it is not reminded again."""
    return {"player": player, "deadline": deadline}


def seat_replaced_payload(*, player: str, by: str, reason: str, level: str = "easy") -> Payload:
    """The seat of ``player`` is now played by ``by`` (``"bot"`` or ``"player"``); a bot
    plays at ``level`` (``"easy"`` in events written before bots had levels)."""
    payload = {"player": player, "by": by, "reason": reason}
    return {**payload, "level": level} if by == "bot" else payload


def game_paused_payload(*, reason: str, player: str | None = None) -> Payload:
    """The game waits for a moderator; ``player`` is the one whose timeout paused it."""
    return {"reason": reason, "player": player}


def deadline_extended_payload(*, player: str, hours: int, deadline: str, reason: str) -> Payload:
    """A moderator gave ``player`` ``hours`` more; ``deadline`` is the new one (ISO time)."""
    return {"player": player, "hours": hours, "deadline": deadline, "reason": reason}


def link_reissued_payload(*, player: str, reason: str) -> Payload:
    """``player``'s seat link was replaced; the old one no longer works."""
    return {"player": player, "reason": reason}


def game_aborted_payload(*, reason: str) -> Payload:
    """A moderator ended the game without a result."""
    return {"reason": reason}


def game_adjudicated_payload(*, winners: list[str], reason: str, by: str) -> Payload:
    """The result of a game declared before its end: by a moderator (``by="moderator"``), or by
    the rules' current scores when a league round's deadline passed (``by="league"``)."""
    return {"winners": winners, "reason": reason, "by": by}


def chat_posted_payload(*, player: str, text: str) -> Payload:
    """A table chat message by ``player`` (a seat's name or a moderator's label)."""
    return {"player": player, "text": text}


def chat_hidden_payload(*, message_seq: int, reason: str) -> Payload:
    """The chat message of event ``message_seq`` is hidden from everyone."""
    return {"message_seq": message_seq, "reason": reason}


def chat_reported_payload(*, player: str, message_seq: int, reason: str) -> Payload:
    """``player`` asks a moderator to look at the chat message of event ``message_seq``."""
    return {"player": player, "message_seq": message_seq, "reason": reason}


def takeback_payload(*, player: str, move_seq: int) -> Payload:
    """A takeback of the move of event ``move_seq``, asked, declined or done (by ``player``)."""
    return {"player": player, "move_seq": move_seq}


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
