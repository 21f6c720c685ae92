"""Flußpiraten (Walter Müller and Klaus Zoch, 1990), as settled in ``docs/rules/flusspiraten.md``.

Its module-level names, each imported ``as`` itself to export it, are the game protocol.
Dice are never rolled here: the service writes them into the moves
(:func:`rolls_needed` says how many), and replay reads them.
"""

from __future__ import annotations

from engine.base import result as result
from engine.base import scores as scores
from engine.flusspiraten import queued as queued
from engine.flusspiraten import standing as standing
from engine.flusspiraten.board import MAX_PLAYERS as MAX_PLAYERS
from engine.flusspiraten.board import MIN_PLAYERS as MIN_PLAYERS
from engine.flusspiraten.bot import bot_move as bot_move
from engine.flusspiraten.notation import format_move as format_move
from engine.flusspiraten.notation import parse_move as parse_move
from engine.flusspiraten.rules import apply as apply
from engine.flusspiraten.rules import apply_in_place as apply_in_place
from engine.flusspiraten.rules import legal_moves as legal_moves
from engine.flusspiraten.rules import rolls_needed as rolls_needed
from engine.flusspiraten.state import State as State
from engine.flusspiraten.state import new_setup as new_setup
from engine.flusspiraten.state import start as start
from engine.flusspiraten.views import summary as summary
from engine.flusspiraten.views import to_move as to_move
from engine.flusspiraten.views import view as view

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
