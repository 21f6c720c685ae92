"""Flußpiraten on the site: everything particular to it, in one package.

The game page and the history (``page``) with the controls of each step
(``controls``, prompts in ``steps``), moves in words (``describe``), the river
drawn as SVG for pages (``river``) and as text and a PNG for emails
(``river_text``, ``river_png``); here its timeout defaults. Its templates are
in ``templates/games/flusspiraten/``. No page, email or picture ever holds a
sealed rowing-test choice ([F5]): the view hides it, and moves in words name
it only once the other rower has chosen.
"""

from __future__ import annotations

from typing import Any

from engine.base import Move, Rules
from games.kinds.flusspiraten.describe import move_action
from games.kinds.flusspiraten.page import history_context, page_context
from games.kinds.flusspiraten.queued import queue_choices, queue_field_words
from games.kinds.flusspiraten.result import score_sheets
from games.kinds.flusspiraten.river import seat_marks
from games.kinds.flusspiraten.river_png import board_png
from games.kinds.flusspiraten.river_text import player_rows, position_text

__all__ = [
    "STYLESHEET",
    "TAKEBACK_MOVES",
    "TIMEOUT_MOVES",
    "board_png",
    "history_context",
    "move_action",
    "page_context",
    "player_rows",
    "position_text",
    "queue_choices",
    "queue_field_words",
    "score_sheets",
    "seat_marks",
    "timeout_move",
]

TIMEOUT_MOVES: dict[str, Move] = {
    "choose": {"type": "choose", "choice": "die"},
    "pile": {"type": "stay"},
    "wish": {"type": "wish", "turn": False},
    "deploy": {"type": "deploy", "left": 3},
}
"""The move made for a late player at each step that has a default."""


def timeout_move(engine: Rules, state: Any, player: str) -> Move:
    """The default of the pending step (:data:`TIMEOUT_MOVES`), else the bot's move."""
    step = engine.summary(state)["step"]
    default = TIMEOUT_MOVES.get(step["kind"]) if step else None
    if default is not None and default in engine.legal_moves(state, player):
        return dict(default)
    return engine.bot_move(state, player)


TAKEBACK_MOVES: frozenset[str] = frozenset()
"""Every move is bound to dice rolled or a sealed choice made since."""
STYLESHEET: str | None = "games/flusspiraten.css"
