"""Flußpiraten on the site: the river as text for emails, score rows and timeout moves.

Emails carry the river as a text table (``board_png`` is ``None``): one row
per position 1–17 with both lanes, the boats on them and the pirates on the
banks and fords, then the harbour, the turntable and the pending step. The
view never holds a sealed choice ([F5]), so neither does the text.

Timeouts (issue 8): an unanswered rowing test counts as ``die``, an
unanswered pile-in as ``stay``, an unanswered turntable wish as no, an
unanswered deploy puts 3 pirates on the left start; any other late step is
the bot's.
"""

from __future__ import annotations

from typing import Any

from engine.base import Game as Engine
from engine.base import Move

COLOURS = "RBGYKW"
"""Seat colours, by seat (``formats/game-record.md``)."""
POSITIONS = range(17, 0, -1)
TIMEOUT_MOVES: dict[str, Move] = {
    "choose": {"type": "choose", "choice": "die"},
    "pile": {"type": "stay"},
    "wish": {"type": "wish", "turn": False},
    "deploy": {"type": "deploy", "left": 3},
}
"""The move made for a late player at each step that has a default."""


def _colours(view: dict[str, Any]) -> dict[str, str]:
    return dict(zip(view["players"], COLOURS, strict=False))


def _boat_label(number: str, crew: list[str], colours: dict[str, str]) -> str:
    return f"[{number}:{''.join(colours[name] for name in crew) or '-'}]"


def _walkers(view: dict[str, Any], colours: dict[str, str]) -> dict[str, str]:
    """Letters of the pirates on each walk space outside the start spaces."""
    found: dict[str, str] = {}
    for name, info in view["players"].items():
        for space in info["banks"] + info["fords"]:
            found[space] = found.get(space, "") + colours[name]
    return found


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
    colours = _colours(view)
    walkers = _walkers(view, colours)
    boats = {
        boat["at"]: _boat_label(number, boat["crew"], colours)
        for number, boat in view["boats"].items()
    }
    lines = [
        f"Source (top). Turntable: {view['turntable']}.",
        "pos  left bank  inner   outer   right bank",
    ]
    for position in POSITIONS:
        ford = f"F{position}" if position in (6, 12) else ""
        left = walkers.get(f"L{position}", "") + (
            f" {ford}:{walkers.get(ford, '')}" if ford else ""
        )
        lines.append(
            f"{position:>3}  {left:<9}  {boats.get(f'I{position}', '~'):<6}  "
            f"{boats.get(f'O{position}', '~'):<6}  {walkers.get(f'R{position}', '')}"
        )
    harbour = [boats[f"H{n}"] for n in range(1, 9) if f"H{n}" in boats]
    lines.append(f"Harbour: {' '.join(harbour) or '-'}")
    lines.append(f"Crossings: XL {walkers.get('XL', '-')}  XR {walkers.get('XR', '-')}")
    starts = "  ".join(
        f"{colours[name]} SL {info['SL']} SR {info['SR']}" for name, info in view["players"].items()
    )
    lines.append(f"Start spaces: {starts}")
    lines.append(_step_line(view["step"]))
    return "\n".join(lines)


def board_png(view: dict[str, Any]) -> bytes | None:
    """Flußpiraten emails carry the river as a text table only."""
    return None


def player_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Colour, score, pirates at the source and boats of each player, in seat order."""
    colours = _colours(view)
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
    """A move in its text notation (``walk SL``, ``path O1 O2 turn``, ``die``)."""
    from engine.flusspiraten import format_move

    return format_move(move)


def timeout_move(engine: Engine, state: Any, player: str) -> Move:
    """The default of the pending step (:data:`TIMEOUT_MOVES`), else the bot's move."""
    step = engine.summary(state)["step"]
    default = TIMEOUT_MOVES.get(step["kind"]) if step else None
    if default is not None and default in engine.legal_moves(state, player):
        return dict(default)
    return engine.bot_move(state, player)
