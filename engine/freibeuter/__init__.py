"""Freibeuter (Reiner Stockhausen, 1998), as settled in ``docs/rules/freibeuter.md``.

The module-level names below make up the game protocol of :mod:`engine.base`.
"""

from __future__ import annotations

from engine.base import Move
from engine.freibeuter.board import MAX_PLAYERS, MIN_PLAYERS
from engine.freibeuter.bot import bot_move
from engine.freibeuter.legal import legal_moves
from engine.freibeuter.notation import format_move, parse_move
from engine.freibeuter.rules import apply, apply_in_place
from engine.freibeuter.state import State, new_setup, start
from engine.freibeuter.views import result, scores, summary, to_move, view

NAME = "freibeuter"
TITLE = "Freibeuter"
RULES_VERSION = 1
MOVE_FIELDS: dict[str, type] = {
    "type": str,
    "tile": str,
    "card": str,
    "boat": bool,
    "draw": str,
    "field": str,
    "order": list,
}
"""The keys a move may carry, with their JSON types (``docs/rules/freibeuter.md`` §10)."""


def rolls_needed(state: State, move: Move) -> int:
    """Freibeuter has no dice: every random thing is in the setup."""
    return 0


__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MOVE_FIELDS",
    "NAME",
    "RULES_VERSION",
    "State",
    "TITLE",
    "apply",
    "apply_in_place",
    "bot_move",
    "format_move",
    "legal_moves",
    "new_setup",
    "parse_move",
    "result",
    "rolls_needed",
    "scores",
    "start",
    "summary",
    "to_move",
    "view",
]
