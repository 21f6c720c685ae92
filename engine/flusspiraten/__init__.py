"""Flußpiraten (Walter Müller and Klaus Zoch, 1990), as settled in ``docs/rules/flusspiraten.md``.

The module-level names below make up the game protocol of :mod:`engine.base`.
Dice are never rolled here: the service writes them into the moves
(:func:`rolls_needed` says how many), and replay reads them.
"""

from __future__ import annotations

from engine.flusspiraten.board import MAX_PLAYERS, MIN_PLAYERS
from engine.flusspiraten.bot import bot_move
from engine.flusspiraten.notation import format_move, parse_move
from engine.flusspiraten.rules import apply, apply_in_place, legal_moves, rolls_needed
from engine.flusspiraten.state import State, new_setup, start
from engine.flusspiraten.views import result, scores, summary, to_move, view

NAME = "flusspiraten"
TITLE = "Flußpiraten"
RULES_VERSION = 1
MOVE_FIELDS: dict[str, type] = {
    "type": str,
    "left": int,
    "from": str,
    "boat": int,
    "choice": str,
    "steps": list,
    "evict": str,
    "turn": bool,
    "roll": list,
}
"""The keys a move may carry, with their JSON types (``docs/record-format.md``); ``roll``
is written by the service, which rolls the dice."""

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
