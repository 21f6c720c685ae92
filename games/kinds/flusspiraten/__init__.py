"""Flußpiraten on the site: the river on the page and the history, as text and a PNG for emails.

Here the page and history contexts, moves in words, score rows, seat marks
and the timeout defaults; the river's geometry and SVG drawing are in
``river``, its emailed picture in ``river_png``; the templates in
``templates/games/flusspiraten/`` (the history page is the shared
``games/history.html``).

Emails carry the river as a text table: one row per position 1–17 with both
lanes, the boats on them and the pirates on the banks and fords, then the
harbour, the turntable and the pending step; and as an inline PNG
(:func:`board_png`, drawn by ``river_png``). The view never holds a
sealed choice ([F5]), so neither does the text or the picture.

The game page draws the river as inline SVG (``river.river_svg``).
Each legal move is a button; during a rowing test they are the three
choices, and a rower who has chosen sees "waiting for the other rower".

Timeouts (issue 8): an unanswered rowing test counts as ``die``, an
unanswered pile-in as ``stay``, an unanswered turntable wish as no, an
unanswered deploy puts 3 pirates on the left start; any other late step is
the bot's.
"""

from __future__ import annotations

from typing import Any

from engine.base import Game as Engine
from engine.base import Move
from engine.flusspiraten import format_move
from engine.flusspiraten.board import CURRENT, LENGTH
from games.kinds.base import PlayedMove, Table, replay_fields
from games.kinds.flusspiraten import river_png
from games.kinds.flusspiraten.river import (
    COLOURS,
    FORDS,
    PAINT,
    POSITIONS,
    river_svg,
    seat_colours,
    walk_letters,
)
from games.pictures import marks
from games.pictures.marks import Mark

TIMEOUT_MOVES: dict[str, Move] = {
    "choose": {"type": "choose", "choice": "die"},
    "pile": {"type": "stay"},
    "wish": {"type": "wish", "turn": False},
    "deploy": {"type": "deploy", "left": 3},
}
"""The move made for a late player at each step that has a default."""


def _boat_label(number: str, crew: list[str], colours: dict[str, str]) -> str:
    return f"[{number}:{''.join(colours[name] for name in crew) or '-'}]"


def _step_line(step: dict[str, Any] | None) -> str:
    if step is None:
        return "The game is over."
    kind = step["kind"]
    if kind == "deploy":
        return "Waiting for every player to deploy."
    if kind == "announce":
        return f"{step['turn']} announces a walk, a row or a pass."
    if kind == "choose":
        waiting = ", ".join(step["chosen"]) or "nobody"
        return (
            f"Rowing test in boat {step['boat']} ({step['helmsman']} and {step['partner']});"
            f" chosen so far: {waiting}."
        )
    if kind == "path":
        where = f"boat {step['boat']}" if step["boat"] is not None else step["from"]
        return f"{step['player']} chooses the path of {where} ({step['points']} points)."
    if kind == "wish":
        return f"{step['player']} answers the turntable wish of boat {step['boat']}."
    boats = ", ".join(map(str, step["boats"]))
    return f"{step['player']} may pile into boat {boats} at {step['ford']}."


def position_text(view: dict[str, Any]) -> str:
    """The river as text: per position the left bank, both lanes and the right bank."""
    colours = seat_colours(view)
    walkers = walk_letters(view, colours)
    boats = {
        boat["at"]: _boat_label(number, boat["crew"], colours)
        for number, boat in view["boats"].items()
    }
    lines = [
        f"Source (top). Turntable: {view['turntable']}.",
        "pos  left bank  inner   outer   right bank  (~n: current)",
    ]
    for position in POSITIONS:
        ford = f"F{position}" if position in FORDS else ""
        left = walkers.get(f"L{position}", "") + (
            f" {ford}:{walkers.get(ford, '')}" if ford else ""
        )
        inner = boats.get(f"I{position}", f"~{CURRENT[position - 1]}")
        outer = boats.get(f"O{position}", f"~{CURRENT[LENGTH + position - 1]}")
        right = walkers.get(f"R{position}", "")
        lines.append(f"{position:>3}  {left:<9}  {inner:<6}  {outer:<6}  {right}")
    harbour = [boats[f"H{n}"] for n in range(1, 9) if f"H{n}" in boats]
    lines.append(f"Harbour: {' '.join(harbour) or '-'}")
    lines.append(f"Crossings: XL {walkers.get('XL', '-')}  XR {walkers.get('XR', '-')}")
    starts = "  ".join(
        f"{colours[name]} SL {info['SL']} SR {info['SR']}" for name, info in view["players"].items()
    )
    lines.append(f"Start spaces: {starts}")
    lines.append(_step_line(view["step"]))
    return "\n".join(lines)


def board_png(view: dict[str, Any]) -> bytes:
    """The river of ``view`` as a PNG for emails (``river_png``)."""
    return river_png.board_png(view)


def player_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Colour, score, pirates at the source and boats of each player, in seat order."""
    colours = seat_colours(view)
    return [
        {
            "name": name,
            "number": number,
            "colour": colours[name],
            "score": info["score"],
            "finished": info["finished"],
            "boats": ", ".join(map(str, info["boats"])),
        }
        for number, (name, info) in enumerate(view["players"].items(), start=1)
    ]


def move_action(move: Move) -> str:
    """A move in its text notation (``walk SL``, ``path O1 O2 turn``); a choice stays unsaid.

    Lists such as the dashboard's last move cannot tell a sealed choice from
    an answered one, so they never say which choice was made.
    """
    return "choose" if move.get("type") == "choose" else format_move(move)


def timeout_move(engine: Engine, state: Any, player: str) -> Move:
    """The default of the pending step (:data:`TIMEOUT_MOVES`), else the bot's move."""
    step = engine.summary(state)["step"]
    default = TIMEOUT_MOVES.get(step["kind"]) if step else None
    if default is not None and default in engine.legal_moves(state, player):
        return dict(default)
    return engine.bot_move(state, player)


PAGE_TEMPLATE = "games/flusspiraten/game.html"
PLAY_AREA_TEMPLATE = "games/flusspiraten/_play_area.html"
TAKEBACK_MOVES: frozenset[str] = frozenset()
"""Every move is bound to dice rolled or a sealed choice made since."""
DEAL_TEMPLATE = "games/flusspiraten/_deal.html"
REPLAY_TEMPLATE = "games/flusspiraten/_replay.html"


def river_context(view: dict[str, Any]) -> dict[str, Any]:
    """The river of ``view`` for the templates: the drawing, the step and the players' rows."""
    return {
        "view": view,
        "river": river_svg(view),
        "step_line": _step_line(view["step"]),
        "players": [
            {**row, "to_move": row["name"] in view["to_move"], "paint": PAINT[row["colour"]][0]}
            for row in player_rows(view)
        ],
    }


def seat_marks(names: list[str]) -> dict[str, Mark]:
    """Marks of players given in seat order, in their river colours."""
    return marks.seat_marks(names, [PAINT[letter][0] for letter in COLOURS])


def _shown(played: PlayedMove, words: str) -> dict[str, Any]:
    return {"player": played.player, "words": words, "auto": played.auto}


def page_context(*, table: Table, selection: dict[str, str]) -> dict[str, Any]:
    """The river as the viewer sees it, his legal moves as buttons and the last move.

    A sealed choice shows in none of it: the view hides it ([F5]) and a
    choice is never named in the last move (:func:`move_action`).
    """
    view = table.engine.view(table.state, table.viewer)
    step = view["step"] or {}
    latest = table.last_move()
    return {
        **river_context(view),
        "controls": None,
        "options": [
            {"notation": text, "label": text} for text in map(table.engine.format_move, table.legal)
        ],
        "rowing_test": step.get("kind") == "choose" and bool(table.legal),
        "waiting_for_rower": step.get("kind") == "choose"
        and table.viewer in step.get("chosen", []),
        "last_move": None if latest is None else _shown(latest, move_action(latest.move)),
    }


def history_context(*, table: Table, at: int | None) -> dict[str, Any]:
    """Every move in notation (choices unsaid until answered) and the river after move ``at``."""
    history = table.history()
    sealed = table.sealed_seq()
    moves = [
        {
            "number": number,
            **_shown(
                played,
                "choose" if played.seq == sealed else table.engine.format_move(played.move),
            ),
        }
        for number, played in enumerate(history.moves, start=1)
    ]
    at = history.clamp(at)
    view = table.engine.view(history.state_after(at), table.viewer)
    return {**river_context(view), **replay_fields(moves, at)}
