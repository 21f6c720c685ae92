"""The bots' levels and where each bot seat's level is written down.

A bot plays at a level of :data:`engine.search.LEVELS`: ``easy`` (the greedy bot) or
``strong`` (the search, up to about a second of CPU a move). A bot the host seats at a
new table has its level in the game's options, ``bots`` (its name to its level), which the
deal records; a bot that takes a seat later (a moderator's replacement, or the timeout
ladder) has it in the ``level`` of the ``seat_replaced`` event that gives it the seat; the
ladder's level is the options' ``timeout_policy.level``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from engine.search import LEVELS
from games.errors import Refused
from games.models import Event, Game, Seat
from games.store import events

EASY = LEVELS[0]

LEVEL_NAMES = {"easy": _("easy"), "strong": _("strong")}
"""Each bot level in words (the record format's names, translated)."""


class UnknownLevel(Refused):
    """A bot level that is not one of :data:`engine.search.LEVELS`."""

    code = "unknown_level"


def level_checked(level: object) -> str:
    """``level`` if it is a bot level, else :class:`UnknownLevel`."""
    if level not in LEVELS:
        raise UnknownLevel(f"There is no bot level {level!r}; the levels are easy and strong.")
    return str(level)


def options_checked(options: Mapping[str, Any]) -> None:
    """Check the bot levels in a new game's ``options`` (``bots``, ``timeout_policy.level``)."""
    bots = options.get("bots", {})
    if not isinstance(bots, dict):
        raise UnknownLevel("bots must map each bot's name to its level, easy or strong.")
    for level in bots.values():
        level_checked(level)
    policy = options.get("timeout_policy") or {}
    if isinstance(policy, dict):
        level_checked(policy.get("level", EASY))


def ladder_level(options: Mapping[str, Any]) -> str:
    """The level of the bot that takes a late player's seat on the timeout ladder."""
    policy = options.get("timeout_policy") or {}
    return str(policy.get("level", EASY)) if isinstance(policy, dict) else EASY


def bot_levels(game: Game, seats: list[Seat] | None = None) -> dict[str, str]:
    """The level of each bot seat of ``game`` now, by name, in seat order."""
    seats = list(game.seats.order_by("position") if seats is None else seats)
    bots = [seat.display_name for seat in seats if seat.is_bot]
    if not bots:
        return {}
    levels = dict((game.options or {}).get("bots", {}))
    replaced = Event.objects.filter(
        game_id=game.pk, type=events.SEAT_REPLACED, payload__player__in=bots
    ).order_by("seq")
    for event in replaced:
        payload = events.payload_of(event)
        if payload["by"] == "bot":
            levels[payload["player"]] = payload.get("level", EASY)
    return {name: levels.get(name, EASY) for name in bots}
