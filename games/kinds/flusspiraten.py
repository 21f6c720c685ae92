"""Flußpiraten on the site: the river as text and a picture for emails, score rows, timeouts.

Emails carry the river as a text table: one row per position 1–17 with both
lanes, the boats on them and the pirates on the banks and fords, then the
harbour, the turntable and the pending step; and as an inline PNG
(:func:`board_png`, drawn by :mod:`games.pictures.river_png`). The view never holds a
sealed choice ([F5]), so neither does the text or the picture.

The game page draws the river as inline SVG (:func:`games.pictures.river.river_svg`).
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
from games.display import deadline_local
from games.models import Event, Game, Seat
from games.pictures.river import FORDS, PAINT, POSITIONS, river_svg, seat_colours, walk_letters
from games.pictures.river_png import board_png as river_png
from games.play.selectors import sealed_seq
from games.store import events
from games.store.loading import engine_for, load_state

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
    """The river of ``view`` as a PNG for emails (:mod:`games.pictures.river_png`)."""
    return river_png(view)


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
HISTORY_TEMPLATE = "games/table_history.html"
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


def _last_move(payload: dict[str, Any]) -> dict[str, Any]:
    return _shown(payload, move_action(payload["move"]))


def _shown(payload: dict[str, Any], words: str) -> dict[str, Any]:
    return {"player": payload["player"], "words": words, "auto": bool(payload.get("auto"))}


def page_context(*, game: Game, seat: Seat | None, selection: dict[str, str]) -> dict[str, Any]:
    """The river as ``seat`` sees it, its legal moves as buttons and the last move.

    A sealed choice shows in none of it: the view hides it ([F5]) and a
    choice is never named in the last move (:func:`move_action`).
    """
    engine = engine_for(game)
    state = load_state(game)
    viewer = None if seat is None else seat.display_name
    view = engine.view(state, viewer)
    legal: list[Move] = []
    if seat is not None and game.status == Game.Status.ACTIVE and viewer in game.to_move:
        legal = engine.legal_moves(state, viewer)
    step = view["step"] or {}
    waiting = step.get("kind") == "choose" and viewer in step.get("chosen", [])
    last = Event.objects.filter(game=game, type=events.MOVE).order_by("-seq").first()
    time_zone = seat.time_zone if seat is not None else "UTC"
    return {
        **river_context(view),
        "game": game,
        "seat": seat,
        "controls": None,
        "options": [{"notation": text, "label": text} for text in map(engine.format_move, legal)],
        "rowing_test": step.get("kind") == "choose" and bool(legal),
        "waiting_for_rower": waiting,
        "last_move": _last_move(events.upcast(last.type, last.version, last.payload))
        if last is not None
        else None,
        "deadline_local": deadline_local(game, seat),
        "time_zone": time_zone,
    }


def history_context(*, game: Game, seat: Seat | None, at: int | None) -> dict[str, Any]:
    """Every move in notation (choices unsaid until answered) and the river after move ``at``."""
    engine = engine_for(game)
    viewer = None if seat is None else seat.display_name
    sealed = sealed_seq(game)
    states: list[Any] = []
    moves: list[dict[str, Any]] = []
    stored = Event.objects.filter(game=game, seq__lte=game.last_seq).order_by("seq")
    for event in stored:
        payload = events.upcast(event.type, event.version, event.payload)
        if event.type == events.GAME_CREATED:
            states = [engine.start(payload["players"], payload["setup"])]
        elif event.type == events.MOVE_TAKEN_BACK and moves:
            moves.pop()
            states.pop()
        elif event.type == events.MOVE and states:
            states.append(engine.apply(states[-1], payload["player"], payload["move"]))
            words = "choose" if event.seq == sealed else engine.format_move(payload["move"])
            moves.append({"number": len(moves) + 1, **_shown(payload, words)})
    count = len(moves)
    at = count if at is None else max(0, min(at, count))
    return {
        **river_context(engine.view(states[at], viewer)),
        "moves": moves,
        "at": at,
        "count": count,
        "shown": moves[at - 1] if at else None,
    }
