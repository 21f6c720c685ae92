"""The game page's queued moves panel: the seat's queue in words, the moves it may queue as
its view shows the board, and the fields a condition may watch (``games.play.queued``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from engine.base import Move
from games.kinds import kind_of
from games.kinds.base import TableView
from games.models import Game, Seat
from games.play.queued import QUEUE_LIMIT, queue_move_words, queued_moves
from games.store.loading import engine_for, load_state

WATCHES = ("move", "none", "chosen")
"""What a queued move's condition watches: the fields the move names (the form's default),
none, or the fields the player ticks."""


@dataclass(frozen=True)
class QueuedEntry:
    """One queued move in words, with the fields its condition watches, in words."""

    words: str
    fields: list[str]


@dataclass(frozen=True)
class QueueChoice:
    """A move the form offers to queue: its text notation (posted) and its words."""

    notation: str
    words: str


def named_fields(move: Move, watchable: list[str]) -> list[str]:
    """The fields of ``watchable`` that ``move`` names (a card's or a boat's field, a stack,
    a ship, a boat), in the board's order."""
    said = {str(value) for value in move.values()} | {
        f"{key} {value}" for key, value in move.items()
    }
    return [name for name in watchable if name in said]


def watchable_fields(game: Game, seat: Seat) -> list[str]:
    """The fields a condition of ``seat``'s queued moves may watch, as its view shows them."""
    engine = engine_for(game)
    return list(engine.queued.fields(engine.view(load_state(game), seat.display_name)))


def form_fields(move: Move, watch: str, chosen: list[str], watchable: list[str]) -> list[str]:
    """The fields the posted condition watches: those ``move`` names, none, or ``chosen``."""
    if watch == "none":
        return []
    if watch == "chosen":
        return chosen
    return named_fields(move, watchable)


@dataclass(frozen=True)
class QueueGroup:
    """Moves the form offers together, under their words (``""``: in no group)."""

    label: str
    choices: list[QueueChoice]


@dataclass(frozen=True)
class QueuedPanel:
    """What the panel shows: the queue, and the moves and fields the form offers (no moves
    on the seat's own turn, when it plays its move instead, nor with a full queue)."""

    entries: list[QueuedEntry]
    limit: int
    your_turn: bool
    full: bool
    groups: list[QueueGroup]
    fields: list[tuple[str, str]]
    """Each field a condition may watch: its name (posted) and its words."""


def _panel(game: Game, seat: Seat, table: TableView) -> QueuedPanel:
    engine = table.engine
    kind = kind_of(game.kind)
    player = seat.display_name
    view = engine.view(table.state, player)
    rules = engine.queued
    queue = queued_moves(seat)
    your_turn = any(move["type"] in rules.TYPES for move in table.legal)
    full = len(queue) >= QUEUE_LIMIT
    offered = [] if your_turn or full else kind.queue_choices(view, player)
    return QueuedPanel(
        entries=[
            QueuedEntry(
                queue_move_words(game, entry["move"]),
                list(map(kind.queue_field_words, entry["fields"])),
            )
            for entry in queue
        ],
        limit=QUEUE_LIMIT,
        your_turn=your_turn,
        full=full,
        groups=[
            QueueGroup(label, choices)
            for label, moves in offered
            if (
                choices := [
                    QueueChoice(engine.format_move(move), queue_move_words(game, move))
                    for move in moves
                    if rules.queue_error(view, player, move) is None
                ]
            )
        ],
        fields=[(name, kind.queue_field_words(name)) for name in rules.fields(view)],
    )


def queued_context(game: Game, seat: Seat | None, table: TableView) -> dict[str, Any]:
    """The panel, for the seat's own page while the game is under way (``None`` for a
    spectator or a finished game); worked out only when the page shows it, not when a
    poll renders the play area alone."""
    if seat is None or game.status not in (Game.Status.ACTIVE, Game.Status.PAUSED):
        return {"queued": None}
    return {"queued": cache(partial(_panel, game, seat, table))}
