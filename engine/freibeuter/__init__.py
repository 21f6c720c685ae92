"""Freibeuter (Reiner Stockhausen, 1998), as settled in ``docs/rules/freibeuter.md``.

Its module-level names, each imported ``as`` itself to export it, are the game protocol.
"""

from __future__ import annotations

from engine.base import no_dice
from engine.base import result as result
from engine.base import scores as scores
from engine.freibeuter import queued as queued
from engine.freibeuter.board import MAX_PLAYERS as MAX_PLAYERS
from engine.freibeuter.board import MIN_PLAYERS as MIN_PLAYERS
from engine.freibeuter.bot import bot_move as bot_move
from engine.freibeuter.legal import legal_moves as legal_moves
from engine.freibeuter.notation import format_move as format_move
from engine.freibeuter.notation import parse_move as parse_move
from engine.freibeuter.rules import apply as apply
from engine.freibeuter.rules import apply_in_place as apply_in_place
from engine.freibeuter.state import State as State
from engine.freibeuter.state import new_setup as new_setup
from engine.freibeuter.state import start as start
from engine.freibeuter.views import summary as summary
from engine.freibeuter.views import to_move as to_move
from engine.freibeuter.views import view as view

rolls_needed = no_dice

standing = None  # Freibeuter asks nothing off a player's turn

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
