"""Events other than moves in words ("at the table": moderation, chat, takebacks, timeouts),
for the history page, the moderation pages and the notice emails.

Each line is built from the event's public payload in the active language;
a moderator is only ever "a moderator" (who it was is on the staff audit page).
A chat message a moderator hid is never said again. The lines are plain text:
the templates escape them like any other text.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.store import events


def _with_reason(line: str, payload: dict[str, Any]) -> str:
    reason = payload.get("reason")
    if not reason:
        return line
    return _("%(line)s Reason: %(reason)s") % {"line": line, "reason": reason}


TIMEOUTS = "timeouts"
"""The reason the deadline sweep gives when a bot takes over a seat."""


def _timeout_line(event_type: str, payload: dict[str, Any]) -> str | None:
    """The lines of the deadline sweep's events (their reason is a code, not a sentence)."""
    said = {**payload, "player": payload.get("player") or ""}
    if event_type == events.TURN_TIMED_OUT:
        return _("Time ran out for %(player)s.") % said
    if event_type == events.GAME_PAUSED and said["player"]:
        return _("The game is paused: time ran out for %(player)s.") % said
    if event_type == events.SEAT_REPLACED and payload.get("reason") == TIMEOUTS:
        return _("The bot now plays for %(player)s, whose time ran out too often.") % said
    return None


def event_line(event_type: str, payload: dict[str, Any], *, hidden: bool = False) -> str | None:
    """The event in one sentence, or ``None`` for an event that has no line of its own
    (``hidden``: a chat message a moderator hid)."""
    said = {**payload, "player": payload.get("player") or ""}
    timeout = _timeout_line(event_type, payload)
    if timeout is not None:
        return timeout
    if event_type == events.CHAT_POSTED and hidden:
        return _("%(player)s wrote a message a moderator hid.") % said
    if event_type == events.CHAT_POSTED:
        return _("%(player)s says: %(text)s") % said
    if event_type == events.GAME_PAUSED:
        line = _("A moderator paused the game.")
    elif event_type == events.GAME_RESUMED:
        line = _("A moderator let the game go on.")
    elif event_type == events.DEADLINE_EXTENDED:
        line = _("A moderator gave %(player)s %(hours)s more hours to move.") % said
    elif event_type == events.SEAT_REPLACED and payload.get("by") == "bot":
        line = _("The bot now plays for %(player)s.") % said
    elif event_type == events.SEAT_REPLACED:
        line = _("A new player now plays the seat of %(player)s.") % said
    elif event_type == events.LINK_REISSUED:
        line = _("A moderator sent %(player)s a new link; the old one no longer works.") % said
    elif event_type == events.GAME_ABORTED:
        line = _("A moderator aborted the game; it ends without a result.")
    elif event_type == events.GAME_ADJUDICATED and payload.get("by") == "league":
        line = _("The league round's deadline decided the game by the scores: won by %(winners)s.")
        line %= {"winners": ", ".join(payload["winners"])}
    elif event_type == events.GAME_ADJUDICATED:
        line = _("A moderator decided the game: won by %(winners)s.") % {
            "winners": ", ".join(payload["winners"]) or _("nobody")
        }
    elif event_type == events.CHAT_HIDDEN:
        line = _("A moderator hid a chat message.")
    elif event_type == events.TAKEBACK_REQUESTED:
        line = _("%(player)s asks to take back the last move.") % said
    elif event_type == events.TAKEBACK_ACCEPTED:
        line = _("%(player)s agrees to the takeback.") % said
    elif event_type == events.TAKEBACK_DECLINED:
        line = _("%(player)s declines the takeback.") % said
    elif event_type == events.MOVE_TAKEN_BACK:
        line = _("%(player)s took back the last move.") % said
    else:
        return None
    return _with_reason(line, payload)
