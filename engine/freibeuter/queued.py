"""Queued moves of Freibeuter: the move of a player's next turn, chosen ahead (rules §3).

A Freibeuter turn is one move: a sea card placing a boat or taking chests, a Flying
Dutchman card, or boarding a ship. A queued move names a card of the player's hand (it
stays his until he plays it), a field of the board or a tile holding a ship not yet
boarded; whether it is legal is known only when his turn begins. A condition may watch
any field of the board: who has boats on it.
"""

from __future__ import annotations

from typing import Any

from engine.base import Move
from engine.freibeuter import board
from engine.freibeuter.rules import DRAWS

TYPES = ("place", "dutchman", "board")
"""The moves a player may queue: each is a whole turn."""
_KEYS = {
    "place": {"type", "card", "boat", "draw"},
    "dutchman": {"type", "card", "field", "draw"},
    "board": {"type", "tile"},
}


def queue_error(view: dict[str, Any], player: str, move: Move) -> str | None:
    """Why ``player`` cannot queue ``move`` in the position ``view`` shows him (``None``: he
    can)."""
    kind = move.get("type")
    if kind not in TYPES:
        return "Only a turn's move can be queued: a sea card, a Flying Dutchman card or boarding."
    if set(move) != _KEYS[kind]:
        return f"A queued {kind} move names exactly: {', '.join(sorted(_KEYS[kind] - {'type'}))}."
    if not all(isinstance(value, str | int) for value in move.values()):
        return "A queued move names its cards, places and numbers plainly."
    if kind == "board":
        tile = view["board"]["tiles"].get(move["tile"])
        if tile is None or tile["tile"] not in board.SHIPS or tile["boarded_by"] is not None:
            return f"{move['tile']} holds no ship left to board."
        return None
    if move["draw"] not in DRAWS:
        return "The card drawn after it comes from the sea deck or the Dutchman deck."
    card = move["card"]
    if card not in view["players"][player]["hand"]:
        return f"You do not hold the card {card}."
    if kind == "place":
        if board.is_dutchman_card(card) or type(move["boat"]) is not bool:
            return "A sea card places a boat (boat yes) or takes chests (boat no)."
        return None
    if not board.is_dutchman_card(card):
        return f"{card} is a sea card, not a Flying Dutchman card."
    if board.FIELD_INDEX.get(move["field"]) not in board.DUTCHMAN_FIELDS[card]:
        return f"The Flying Dutchman card {card} places it on a field of its line only."
    return None


def turn_begins(view: dict[str, Any], player: str) -> bool:
    """Whether ``view`` shows ``player``'s turn beginning: his queued move is due."""
    return bool(view["to_move"] == player)


def fields(view: dict[str, Any]) -> dict[str, Any]:
    """Every field of the board by name (``C3``), with the players whose boats are on it."""
    occupied = view["board"]["fields"]
    return {name: list(occupied.get(name, [])) for name in board.FIELD_NAMES}
