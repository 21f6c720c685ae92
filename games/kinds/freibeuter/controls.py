"""Freibeuter's legal moves as direct controls: pick a card, then its field, then the draw.

The selection lives in the page's query string (``card``, ``field``,
``move``), so every step is a plain link that works without JavaScript; htmx
only swaps the part of the page that changes. Nothing here decides what is
legal: every option is one of the engine's ``legal_moves``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.base import IllegalMove, Rules
from engine.freibeuter.board import is_dutchman_card
from games.kinds.base import query
from games.kinds.freibeuter.describe import card_label, move_action


@dataclass
class Option:
    """One finished move the player can go on to confirm."""

    notation: str
    label: str
    query: str


@dataclass
class Controls:
    """What the seat to move can click now, given its selection so far."""

    cards: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    boardable: list[str] = field(default_factory=list)
    card: str | None = None
    card_label: str = ""
    dutchman_fields: list[str] = field(default_factory=list)
    chosen_field: str | None = None
    options: list[Option] = field(default_factory=list)
    move: dict[str, Any] | None = None
    notation: str = ""
    refusal: IllegalMove | None = None

    @property
    def stage(self) -> str:
        """``confirm``, ``draw`` (options to pick), ``field`` (Dutchman fields) or ``card``."""
        if self.move is not None:
            return "confirm"
        if self.options:
            return "draw"
        if self.dutchman_fields:
            return "field"
        return "card"


def _option(engine: Rules, move: dict[str, Any]) -> Option:
    notation = engine.format_move(move)
    label = move_action(move)
    return Option(
        notation=notation, label=label[:1].upper() + label[1:], query=query(move=notation)
    )


def controls_for(engine: Rules, legal: list[dict[str, Any]], selection: dict[str, str]) -> Controls:
    """The controls for ``legal`` moves and the player's ``selection`` from the query string."""
    controls = Controls()
    for move in legal:
        if move["type"] == "board":
            controls.boardable.append(move["tile"])
        else:
            controls.cards.setdefault(move["card"], []).append(move)
    if not legal:
        return controls
    text = selection.get("move", "")
    if text:
        controls.notation = text
        try:
            move = engine.parse_move(text)
        except IllegalMove as error:
            controls.refusal = error
            return controls
        # A listed move carries no ``order`` (in which its surrounded tiles are settled).
        if {key: value for key, value in move.items() if key != "order"} in legal:
            controls.move = move
            controls.notation = engine.format_move(move)
        return controls
    card = selection.get("card", "")
    if card not in controls.cards:
        return controls
    controls.card = card
    controls.card_label = card_label(card)
    moves = controls.cards[card]
    if is_dutchman_card(card):
        controls.dutchman_fields = sorted({move["field"] for move in moves})
        chosen = selection.get("field", "")
        if chosen not in controls.dutchman_fields:
            return controls
        controls.chosen_field = chosen
        moves = [move for move in moves if move["field"] == chosen]
    controls.options = [_option(engine, move) for move in moves]
    return controls
