"""Queued moves of Flußpiraten: the announcement of a player's next turn, chosen ahead (§3).

A turn begins with an announcement: walk a pirate from a space, row a boat he crews, or
pass when he can do neither. A queued one names a walk space or a boat of the game (his
pirates move as everyone plays); whether it is legal is known only when his turn begins.
A condition may watch any boat: where it is and who crews it.
"""

from __future__ import annotations

from typing import Any

from engine.base import Move
from engine.flusspiraten import board

TYPES = ("walk", "row", "pass")
"""The moves a player may queue: a turn's announcement."""
_KEYS = {"walk": {"type", "from"}, "row": {"type", "boat"}, "pass": {"type"}}


def queue_error(view: dict[str, Any], player: str, move: Move) -> str | None:
    """Why ``player`` cannot queue ``move`` (``None``: he can); any walk space or boat may
    hold his pirate by his turn."""
    kind = move.get("type")
    if kind not in TYPES:
        return "Only a turn's announcement can be queued: walk, row or pass."
    if set(move) != _KEYS[kind]:
        named = ", ".join(sorted(_KEYS[kind] - {"type"})) or "nothing else"
        return f"A queued {kind} move names exactly: {named}."
    if not all(isinstance(value, str | int) for value in move.values()):
        return "A queued move names its cards, places and numbers plainly."
    if kind == "walk" and move["from"] not in board.WALK_INDEX:
        return f"{move['from']} is not a space to walk from (like L4, SL or F6)."
    if kind == "row" and (type(move["boat"]) is not int or not 1 <= move["boat"] <= board.BOATS):
        return f"The boats are numbered 1 to {board.BOATS}."
    return None


def turn_begins(view: dict[str, Any], player: str) -> bool:
    """Whether ``view`` shows ``player``'s turn beginning (his announcement): his queued move is
    due."""
    step = view["step"]
    return step is not None and step["kind"] == "announce" and step["turn"] == player


def fields(view: dict[str, Any]) -> dict[str, Any]:
    """Each boat (``boat 3``) with where it is and who crews it."""
    return {
        f"boat {number}": {"at": boat["at"], "crew": list(boat["crew"])}
        for number, boat in sorted(view["boats"].items(), key=lambda item: int(item[0]))
    }
