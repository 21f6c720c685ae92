"""The Flußpiraten game page and history: the river as the viewer may see it, and his controls.

Everything comes from ``view(state, viewer)`` (``None`` for a spectator) and
from public move payloads (STYLE habit 3). A sealed choice shows in none of
it: the view hides it ([F5]), and the last move and the history name a choice
only once the other rower has chosen (``table.sealed_seq``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from engine.flusspiraten.board import PIRATES, RED
from games.kinds.base import PlayedMove, TableView, player_label, replay_fields, told
from games.kinds.flusspiraten.controls import confirmation, controls_for
from games.kinds.flusspiraten.describe import move_words, space_label
from games.kinds.flusspiraten.river import (
    ACROSS,
    DOWN,
    Target,
    boat_words,
    river_svg,
    turntable_svg,
    view_marks,
)
from games.kinds.flusspiraten.river_text import player_rows
from games.kinds.flusspiraten.steps import step_line
from games.pictures.marks import Mark

TRACK_END = RED + 6
"""The last space of the scoring track drawn: a score of 17 plus the turntable's 7."""


def _words(table: TableView, played: PlayedMove, sealed: bool) -> str:
    """The move in words; a choice that settles a rowing test is read in the view of the
    rower who chose first, whose choice it unseals ([F5]), so its words name both."""
    engine, viewer = table.engine, table.viewer
    before, after = engine.view(played.before, viewer), engine.view(played.after, viewer)
    chosen = (before["step"] or {}).get("chosen")
    if played.move["type"] == "choose" and chosen and not sealed:
        before = engine.view(played.before, chosen[0])
    return move_words(played.move, before, after, sealed=sealed)


def _on_foot(view: dict[str, Any], name: str) -> str:
    info = view["players"][name]
    spaces = [f"{space_label(side)} ×{info[side]}" for side in ("SL", "SR") if info[side]] + [
        space_label(space) for space in info["banks"] + info["fords"]
    ]
    return ", ".join(spaces)


def _players(
    view: dict[str, Any], mark_of: dict[str, Mark], viewer: str | None
) -> list[dict[str, Any]]:
    """The rows of the emails' players table, with what the page shows besides."""
    return [
        {
            **row,
            "label": player_label(row["name"], viewer),
            "mark": mark_of[row["name"]],
            "left": PIRATES - row["finished"],
            "on_foot": _on_foot(view, row["name"]),
            "to_move": row["name"] in view["to_move"],
            "winner": row["name"] in view["winners"],
        }
        for row in player_rows(view)
    ]


def _track(view: dict[str, Any], mark_of: dict[str, Mark]) -> list[dict[str, Any]]:
    end = max([TRACK_END, *(info["score"] for info in view["players"].values())])
    return [
        {
            "value": value,
            "red": value >= RED,
            "marks": [
                mark_of[name] for name, info in view["players"].items() if info["score"] == value
            ],
        }
        for value in range(end + 1)
    ]


def river_words(view: dict[str, Any]) -> list[str]:
    """The river in sentences, for readers who do not see the drawing."""
    lines = [boat_words(number, boat) for number, boat in view["boats"].items()]
    for name in view["players"]:
        if on_foot := _on_foot(view, name):
            lines.append(_("%(player)s on foot: %(spaces)s") % {"player": name, "spaces": on_foot})
    return lines


def river_context(
    view: dict[str, Any], viewer: str | None, targets: Sequence[Target] = ()
) -> dict[str, Any]:
    """The river of ``view`` for the templates: both drawings (with the spaces ``targets`` a
    tap chooses), the turntable, track and players."""
    mark_of = view_marks(view)
    return {
        "view": view,
        "river_across": river_svg(view, mark_of, ACROSS, targets),
        "river_down": river_svg(view, mark_of, DOWN, targets),
        "turntable": turntable_svg(view["turntable"]),
        "track": _track(view, mark_of),
        "players": _players(view, mark_of, viewer),
        "river_words": river_words(view),
    }


def page_context(*, table: TableView, selection: dict[str, str]) -> dict[str, Any]:
    """The river as the viewer sees it, his controls for the step asked and the last move."""
    view = table.engine.view(table.state, table.viewer)
    controls = controls_for(table, selection)
    latest = table.last_move()
    sealed = bool((view["step"] or {}).get("chosen"))
    last = told(latest, table.viewer, _words(table, latest, sealed=sealed)) if latest else None
    options = [
        option for group in (controls.groups if controls else []) for option in group.options
    ]
    return {
        **river_context(view, table.viewer, controls.targets if controls else ()),
        "controls": controls,
        "options": options,
        "confirmation": confirmation(table, controls) if controls else "",
        "refusal": controls.refusal if controls else None,
        "turn_detail": step_line(view["step"], table.viewer),
        "last_move": last,
    }


def history_context(*, table: TableView, at: int | None) -> dict[str, Any]:
    """Every move in words (a choice unsaid while sealed) and the river after move ``at``."""
    history = table.history()
    sealed = table.sealed_seq()
    moves = [
        told(played, table.viewer, _words(table, played, sealed=played.seq == sealed), number)
        for number, played in enumerate(history.moves, start=1)
    ]
    at, state = history.after(at)
    view = table.engine.view(state, table.viewer)
    return {**river_context(view, table.viewer), **replay_fields(moves, at)}
