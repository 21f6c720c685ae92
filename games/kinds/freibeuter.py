"""Freibeuter on the site: its email board (grid text and PNG), money rows and timeout move.

Its game page (:mod:`games.pages.game`), history (:mod:`games.pages.history`) and
moves in words (:mod:`games.pages.describe`) have modules of their own.
"""

from __future__ import annotations

from typing import Any

from engine.base import Game as Engine
from engine.base import Move
from games.pages.describe import move_action
from games.pages.game import game_page as page_context
from games.pages.history import game_replay as history_context
from games.pictures.boards import board_png, position_text

__all__ = [
    "HISTORY_TEMPLATE",
    "PAGE_TEMPLATE",
    "PLAY_AREA_TEMPLATE",
    "REPLAY_TEMPLATE",
    "TAKEBACK_MOVES",
    "board_png",
    "history_context",
    "move_action",
    "page_context",
    "player_rows",
    "position_text",
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


def timeout_move(engine: Engine, state: Any, player: str) -> Move:
    """A late Freibeuter player's turn is played by the bot."""
    return engine.bot_move(state, player)


PAGE_TEMPLATE = "games/game.html"
PLAY_AREA_TEMPLATE = "games/_play_area.html"
TAKEBACK_MOVES: frozenset[str] = frozenset({"board"})
"""Only boarding draws no card (rules §3a)."""
HISTORY_TEMPLATE = "games/history.html"
REPLAY_TEMPLATE = "games/_replay.html"
