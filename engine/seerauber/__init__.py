"""Seeräuber (Buccaneer; Stefan Dorra, 2006), as settled in ``docs/rules/seerauber.md``.

Its module-level names, each imported ``as`` itself to export it, are the game protocol.
"""

from __future__ import annotations

from engine.base import no_dice
from engine.base import result as result
from engine.base import scores as scores
from engine.seerauber import queued as queued
from engine.seerauber import standing as standing
from engine.seerauber.board import MAX_PLAYERS as MAX_PLAYERS
from engine.seerauber.board import MIN_PLAYERS as MIN_PLAYERS
from engine.seerauber.bot import bot_move as bot_move
from engine.seerauber.notation import format_move as format_move
from engine.seerauber.notation import parse_move as parse_move
from engine.seerauber.rules import apply as apply
from engine.seerauber.rules import apply_in_place as apply_in_place
from engine.seerauber.rules import legal_moves as legal_moves
from engine.seerauber.state import State as State
from engine.seerauber.state import new_setup as new_setup
from engine.seerauber.state import start as start
from engine.seerauber.views import summary as summary
from engine.seerauber.views import to_move as to_move
from engine.seerauber.views import view as view

rolls_needed = no_dice

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
