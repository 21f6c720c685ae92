"""Freibeuter on the site: its email board (grid text and PNG), money rows and timeout move."""

from __future__ import annotations

from typing import Any

from engine.base import Game as Engine
from engine.base import Move
from games.boards import board_png, position_text

__all__ = [
    "HISTORY_TEMPLATE",
    "PAGE_TEMPLATE",
    "PLAY_AREA_TEMPLATE",
    "REPLAY_TEMPLATE",
    "TAKEBACK_MOVES",
    "TITLE",
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


def move_action(move: Move) -> str:
    """A move in a few words (``games.describe``, imported here to keep imports acyclic)."""
    from games.describe import move_action as describe

    return describe(move)


def timeout_move(engine: Engine, state: Any, player: str) -> Move:
    """A late Freibeuter player's turn is played by the bot."""
    return engine.bot_move(state, player)


TITLE = "Freibeuter"
PAGE_TEMPLATE = "games/game.html"
PLAY_AREA_TEMPLATE = "games/_play_area.html"
TAKEBACK_MOVES: frozenset[str] = frozenset({"board"})
"""Only boarding draws no card (rules §3a)."""


def page_context(*, game: Any, seat: Any, selection: dict[str, str]) -> dict[str, Any]:
    """The Freibeuter game page (``games.game_page``, imported here to keep imports acyclic)."""
    from games.game_page import game_page

    return game_page(game=game, seat=seat, selection=selection)


HISTORY_TEMPLATE = "games/history.html"
REPLAY_TEMPLATE = "games/_replay.html"


def history_context(*, game: Any, seat: Any, at: int | None) -> dict[str, Any]:
    """The Freibeuter history page (``games.replay``)."""
    from games.replay import game_replay

    return game_replay(game=game, seat=seat, at=at)
