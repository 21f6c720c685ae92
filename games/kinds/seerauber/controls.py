"""Seeräuber's legal moves as steps: pick a stack, then a ship or a stack to put it on; confirm.

The selection lives in the page's query string (``stack``, ``move``), so
every step is a plain link that works without JavaScript; htmx only loads
the confirmation in place. A mutiny question is its own prompt (mutiny or
not), and a lone stack that can move (after a mutiny, the mutinous one) is
chosen already. Nothing here decides what is legal: every option is one of
the engine's ``legal_moves``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.base import IllegalMove, Move, Rules
from engine.seerauber.board import SHIPS
from games.kinds.base import TableView, query
from games.kinds.seerauber.describe import move_choice, pirate_words


@dataclass
class Option:
    """One finished move the player can go on to confirm."""

    notation: str
    label: str
    query: str
    ship: str = ""
    """The ship a boarding boards (drawn highlighted)."""
    onto: str = ""
    """The stack a stacking move goes on (its choices are grouped by captain)."""


@dataclass
class Controls:
    """What the seat to move can click now, given its selection so far."""

    stacks: list[str] = field(default_factory=list)
    """The viewer's stacks (free pirates too) that have a move, by top pirate."""
    stack: str | None = None
    stack_words: str = ""
    boardings: list[Option] = field(default_factory=list)
    stackings: list[Option] = field(default_factory=list)
    answers: list[Option] = field(default_factory=list)
    """The mutiny question's two answers, or the lone ``pass``."""
    move: Move | None = None
    notation: str = ""
    refusal: IllegalMove | None = None

    @property
    def stage(self) -> str:
        """``answer`` (mutiny or pass), ``target`` (a stack chosen) or ``stack`` (pick one)."""
        if self.answers:
            return "answer"
        if self.stack is not None:
            return "target"
        return "stack"


def _option(engine: Rules, move: Move, stack: str = "") -> Option:
    notation = engine.format_move(move)
    return Option(
        notation=notation,
        label=move_choice(move),
        query=query(stack=stack, move=notation),
        ship=str(move.get("ship", "")),
        onto=str(move.get("onto", "")),
    )


def _completed(move: Move) -> Move:
    """``move`` with the booty a one-booty ship gives filled in (legal moves always name it)."""
    ship = SHIPS.get(str(move.get("ship")))
    if move.get("type") == "board" and "booty" not in move and ship and len(ship.booty) == 1:
        return {**move, "booty": ship.booty[0]}
    return move


def _chosen(controls: Controls, engine: Rules, state: Any, viewer: str, text: str) -> None:
    """Take the typed or clicked ``text`` as the move to confirm, or explain why it is not one."""
    controls.notation = text
    try:
        move = _completed(engine.parse_move(text))
        engine.apply(state, viewer, move)
    except IllegalMove as error:
        controls.refusal = error
        return
    controls.move = move
    controls.notation = engine.format_move(move)


def controls_for(table: TableView, selection: dict[str, str]) -> Controls | None:
    """The controls of the table's viewer for his legal moves and his ``selection``."""
    engine, viewer, legal = table.engine, table.viewer, table.legal
    if viewer is None:
        return None
    controls = Controls()
    if not legal:
        return controls
    if selection.get("move"):
        _chosen(controls, engine, table.state, viewer, selection["move"])
    if legal[0]["type"] in ("mutiny", "no_mutiny", "pass"):
        controls.answers = [_option(engine, move) for move in legal]
        return controls
    controls.stacks = list(dict.fromkeys(move.get("piece") or move["stack"] for move in legal))
    stack = controls.stacks[0] if len(controls.stacks) == 1 else selection.get("stack", "")
    if stack not in controls.stacks:
        return controls
    controls.stack = stack
    controls.stack_words = pirate_words(stack)
    for move in legal:
        if move["type"] == "board" and move["stack"] == stack:
            controls.boardings.append(_option(engine, move, stack))
        elif move["type"] == "stack" and move["piece"] == stack:
            controls.stackings.append(_option(engine, move, stack))
    controls.boardings.sort(key=lambda option: SHIPS[option.ship].crew)
    return controls
