"""One moderator request (moderation page, admin or API) turned into a service call.

The form fields and the API's JSON body are the same keys: ``reason`` always,
``seat`` (a seat position), ``hours``, ``email``, ``level`` (the bot's, ``easy``
by default), ``winners`` (names, a list or comma-separated) and ``message_seq``
where the action needs them. Bad
input raises :class:`Refused` with a message a moderator can act on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext_lazy as _

from games.errors import Refused
from games.models import Game, Seat
from games.moderation import actions
from games.play.levels import EASY, level_checked

ACTIONS = {
    "pause": _("Pause the game"),
    "resume": _("Let the game go on"),
    "extend": _("Give more time"),
    "invite": _("Give a seat to a new player"),
    "remove": _("Let the bot play a seat"),
    "reissue": _("Send a seat a new link"),
    "abort": _("Abort the game"),
    "adjudicate": _("Decide the game"),
    "hide": _("Hide a chat message"),
}
"""Each moderator action by its code (the URL's and the API's) with its name in words."""

REASON_LENGTH = 500
"""The longest reason a moderator may give; the players read it in the history and email."""


def _int(data: Mapping[str, Any], key: str) -> int:
    try:
        return int(data.get(key, ""))
    except (TypeError, ValueError):
        raise Refused(f"Give {key} as a whole number.") from None


def _seat(game: Game, data: Mapping[str, Any]) -> Seat:
    seat = game.seats.filter(position=_int(data, "seat")).first()
    if seat is None:
        raise Refused("That seat is not at this table.")
    return seat


def _email(data: Mapping[str, Any]) -> str:
    email = str(data.get("email", "")).strip()
    try:
        validate_email(email)
    except ValidationError:
        raise Refused("Give the new player's email address.") from None
    return email


def _winners(data: Mapping[str, Any]) -> list[str]:
    winners = data.get("winners", [])
    if isinstance(winners, str):
        winners = winners.split(",")
    if not isinstance(winners, list):
        raise Refused("Give the winners as a list of player names.")
    return [str(name).strip() for name in winners if str(name).strip()]


def action_run(*, game: Game, moderator: User, action: str, data: Mapping[str, Any]) -> None:
    """Run moderator ``action`` on ``game`` with the request's ``data``."""
    reason = str(data.get("reason", ""))
    if len(reason) > REASON_LENGTH:
        raise Refused(f"Give a reason of at most {REASON_LENGTH} characters.")
    base: dict[str, Any] = {"game": game, "moderator": moderator, "reason": reason}
    calls: dict[str, Callable[[], Any]] = {
        "pause": lambda: actions.game_pause(**base),
        "resume": lambda: actions.game_unpause(**base),
        "extend": lambda: actions.deadline_extend(**base, hours=_int(data, "hours")),
        "invite": lambda: actions.seat_invite(**base, seat=_seat(game, data), email=_email(data)),
        "remove": lambda: actions.seat_remove(
            **base, seat=_seat(game, data), level=level_checked(data.get("level", EASY))
        ),
        "reissue": lambda: actions.link_reissue(**base, seat=_seat(game, data)),
        "abort": lambda: actions.game_abort(**base),
        "adjudicate": lambda: actions.game_adjudicate(**base, winners=_winners(data)),
        "hide": lambda: actions.chat_hide(**base, message_seq=_int(data, "message_seq")),
    }
    if action not in calls:
        raise Refused(f"No moderator action {action!r}; there are {', '.join(ACTIONS)}.")
    calls[action]()
