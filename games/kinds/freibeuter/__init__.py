"""Freibeuter on the site: everything particular to it, in one package.

The game page, its controls and the history (``page``, ``controls``),
moves in words (``describe``), the board drawn as SVG for pages
(``drawing``, ``svg``) and as a text grid and a PNG for emails (``boards``);
here its money rows, seat marks and timeout move. Its templates are in
``templates/games/freibeuter/``.
"""

from __future__ import annotations

from typing import Any

from engine.base import Move, Rules
from games.kinds.freibeuter.boards import board_png, position_text, seat_marks
from games.kinds.freibeuter.describe import move_action
from games.kinds.freibeuter.page import history_context, page_context
from games.kinds.freibeuter.queued import queue_choices, queue_field_words
from games.kinds.freibeuter.result import score_sheets

__all__ = [
    "STYLESHEET",
    "TAKEBACK_MOVES",
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


def player_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Chests, credit, boats and ships of each player, in seat order."""
    return [
        {
            "name": name,
            "number": player["seat"] + 1,
            "chests": player["chests"],
            "credit": player["credit"],
            "supply": player["supply"],
            "ships": ", ".join(player["ships"]),
        }
        for name, player in sorted(view["players"].items(), key=lambda item: item[1]["seat"])
    ]


def timeout_move(engine: Rules, state: Any, player: str) -> Move:
    """A late Freibeuter player's turn is played by the bot."""
    return engine.bot_move(state, player)


TAKEBACK_MOVES: frozenset[str] = frozenset({"board"})
"""Only boarding draws no card (rules §3a)."""
STYLESHEET: str | None = None
