"""Queued moves of Seeräuber: the captain's move of a player's next turn, chosen ahead (§4, §5).

A queued move stacks one of the player's stacks onto another player's, or boards a ship
with one of his stacks, naming the booty he takes. The stacks change as everyone plays, so
a queued move names pirates (a stack by the pirate on top) that exist in the game and a
ship not yet boarded; whether it is legal is known only when his turn begins. A condition
may watch any pirate (the stack it heads: itself alone when free, nothing when another's
stack covers it) and the displayed ships.
"""

from __future__ import annotations

from typing import Any

from engine.base import Move
from engine.seerauber import board

TYPES = ("stack", "board", "pass")
"""The moves a player may queue: a captain's stacking or boarding, or his pass when he can do
neither."""
DISPLAY = "display"
"""The field of the displayed ships."""
_KEYS = {
    "stack": {"type", "piece", "onto"},
    "board": {"type", "stack", "ship", "booty"},
    "pass": {"type"},
}


def _seat_of(view: dict[str, Any], player: str) -> int:
    return list(view["players"]).index(player)


def queue_error(view: dict[str, Any], player: str, move: Move) -> str | None:
    """Why ``player`` cannot queue ``move`` in the game ``view`` shows him (``None``: he can)."""
    kind = move.get("type")
    if kind not in TYPES:
        return "Only a captain's move can be queued: stacking, boarding or passing."
    if set(move) != _KEYS[kind]:
        named = ", ".join(sorted(_KEYS[kind] - {"type"})) or "nothing else"
        return f"A queued {kind} move names exactly: {named}."
    if not all(isinstance(value, str | int) for value in move.values()):
        return "A queued move names its cards, places and numbers plainly."
    if kind == "pass":
        return None
    seat, players = _seat_of(view, player), len(view["players"])
    own = move["piece"] if kind == "stack" else move["stack"]
    if not board.is_pirate(own, players) or board.owner(own) != seat:
        return f"{own} is not one of your pirates."
    if kind == "stack":
        onto = move["onto"]
        if not board.is_pirate(onto, players) or board.owner(onto) == seat:
            return f"{onto} is not a pirate of another player."
        return None
    ship = board.SHIPS.get(move["ship"])
    boarded = {name for ships in view["table"]["boarded"].values() for name in ships}
    if ship is None or move["ship"] in boarded:
        return f"{move['ship']} is no ship left to board."
    if move["booty"] not in ship.booty:
        return f"{move['ship']} carries {' or '.join(ship.booty)}."
    return None


def turn_begins(view: dict[str, Any], player: str) -> bool:
    """Whether ``view`` shows ``player``'s turn as captain beginning (no mutiny under way): his
    queued move is due."""
    return not view["over"] and view["to_move"] == player and view["table"]["pending"] is None


def fields(view: dict[str, Any]) -> dict[str, Any]:
    """Each pirate by name (``R3``) with the pirates of the stack it heads (``[]``: another's
    stack covers it), and ``display``: the ships displayed."""
    stacks = view["table"]["stacks"]
    covered = {pirate for stack in stacks.values() for pirate in stack["pirates"]}
    watched: dict[str, Any] = {}
    for seat in range(len(view["players"])):
        for pirate in board.pirates_of(seat):
            if pirate in stacks:
                watched[pirate] = list(stacks[pirate]["pirates"])
            else:
                watched[pirate] = [] if pirate in covered else [pirate]
    watched[DISPLAY] = list(view["table"]["display"])
    return watched
