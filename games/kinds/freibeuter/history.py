"""Freibeuter's history page: every move in words, and the board at any earlier move.

The game is replayed from its events (the table's ``history``), and each
position is seen through ``view(state, viewer)``: a seat sees its own past
hands, never another's; a spectator sees none. Descriptions use public
positions only (``describe``). The notes at the table and, once the game is
over, its record and salt are the shared history page's (``games.web.history_views``);
the revealed deal is drawn by ``_deal.html``.
"""

from __future__ import annotations

from typing import Any

from games.kinds.base import TableView, replay_fields
from games.kinds.freibeuter.boards import player_marks
from games.kinds.freibeuter.describe import move_words, player_label, public_position
from games.kinds.freibeuter.drawing import board_drawing
from games.kinds.freibeuter.page import move_highlight
from games.kinds.freibeuter.svg import board_svg


def history_context(*, table: TableView, at: int | None) -> dict[str, Any]:
    """The moves in words and the position after move ``at`` (default: the latest)."""
    engine, viewer = table.engine, table.viewer
    history = table.history()
    moves: list[dict[str, Any]] = []
    state, position = history.start, public_position(engine.view(history.start, viewer))
    for number, played in enumerate(history.moves, start=1):
        before = (
            position
            if played.before is state
            else public_position(engine.view(played.before, viewer))
        )
        state, position = played.after, public_position(engine.view(played.after, viewer))
        moves.append(
            {
                "number": number,
                "seq": played.seq,
                "player": player_label(played.player, viewer),
                "words": move_words(played.move, before, position, viewer),
                "auto": played.auto,
            }
        )
    at = history.clamp(at)
    view = engine.view(history.state_after(at), viewer)
    marks = player_marks(view)
    highlight = move_highlight(history.moves[at - 1].move) if at else set()
    return {
        **replay_fields(moves, at),
        "view": view,
        "board": board_svg(board_drawing(view, marks, last=highlight)),
        "players": [
            {
                "name": name,
                "label": player_label(name, viewer),
                "mark": marks[name],
                "score": view["scores"][name],
                "chests": player["chests"],
                "credit": player["credit"],
                "supply": player["supply"],
                "ships": player["ships"],
                "hand": player.get("hand"),
            }
            for name, player in sorted(view["players"].items(), key=lambda item: item[1]["seat"])
        ],
    }
