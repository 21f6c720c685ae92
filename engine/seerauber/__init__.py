"""Seeräuber (Buccaneer; Stefan Dorra, 2006), as settled in ``docs/rules/seerauber.md``.

The module-level names below make up the game protocol of :mod:`engine.base`.
"""

from __future__ import annotations

from engine.base import Move
from engine.seerauber.board import MAX_PLAYERS, MIN_PLAYERS
from engine.seerauber.bot import bot_move
from engine.seerauber.notation import format_move, parse_move
from engine.seerauber.rules import apply, apply_in_place, legal_moves
from engine.seerauber.state import State, new_setup, start
from engine.seerauber.views import result, scores, summary, to_move, view

NAME = "seerauber"
TITLE = "Seeräuber"
RULES_VERSION = 1
MOVE_FIELDS: dict[str, type] = {
    "type": str,
    "piece": str,
    "onto": str,
    "stack": str,
    "ship": str,
    "booty": str,
}
"""The keys a move may carry, with their JSON types (``docs/rules/seerauber.md`` §9)."""


def rolls_needed(state: State, move: Move) -> int:
    """Seeräuber has no dice: the only random thing is the deck order in the setup."""
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
