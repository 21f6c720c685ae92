"""The game protocol: what a game module offers, a move, a result.

A game is its module (each name of :class:`Rules` a module-level attribute); a
move and a result are plain dicts. :mod:`engine.base` re-exports these names.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from types import ModuleType
from typing import Any, Protocol, TypedDict

Move = dict[str, Any]
"""A move: a plain JSON-able dict in the canonical notation of its game."""


class Rules(Protocol):
    """What a game module offers (each name is a module-level attribute)."""

    NAME: str
    TITLE: str
    """The game's name as players write it, for pages and emails (umlauts and all)."""
    RULES_VERSION: int
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    MOVE_FIELDS: dict[str, type]
    """The keys a move may carry, with their JSON types (the record format's notation)."""
    standing: ModuleType | None
    """The game's standing answers to the questions it asks off a player's turn (a module
    with ``QUESTIONS``, ``rule_error``, ``question`` and ``answer``, all on a seat's view, and
    ``AT_THE_START``, those asked of every player as the game begins, which a player may
    answer when he takes his seat), or ``None`` for a game that asks none."""
    queued: ModuleType
    """The moves a player may queue for his next turn (a module with ``TYPES``, the move types
    of a turn's first step; ``queue_error(view, player, move)``, why a move cannot be queued,
    ``None`` if it can; ``turn_begins(view, player)``, whether the view shows his turn
    beginning, when his queued move is due; and ``fields(view)``, the named places of the board
    a queued move's condition may watch, with what the view shows on each)."""

    def new_setup(self, players: Sequence[str], rng: Random) -> dict[str, Any]:
        """Deal a fresh random setup, all hidden information included."""

    def start(self, players: Sequence[str], setup: dict[str, Any]) -> Any:
        """Validate ``setup`` and return the initial state."""

    def apply(self, state: Any, player: str, move: Move) -> Any:
        """Return the state after ``player`` makes ``move``; ``state`` is unchanged."""

    def apply_in_place(self, state: Any, player: str, move: Move) -> None:
        """Make ``move`` on ``state`` itself, for a caller that owns ``state`` (a replay).

        Every check comes first, so an illegal move raises and leaves ``state`` unchanged.
        A state from :meth:`apply` may share parts with the one it came from: it is owned
        only once that one is no longer used.
        """

    def legal_moves(self, state: Any, player: str | None = None) -> list[Move]:
        """List the legal moves of ``player`` (default: the first player to move)."""

    def to_move(self, state: Any) -> list[str]:
        """List the players who may move now, in seat order; ``[]`` once over."""

    def view(self, state: Any, player: str | None) -> dict[str, Any]:
        """Return what ``player`` may see (``None``: a spectator)."""

    def summary(self, state: Any) -> dict[str, Any]:
        """Return the omniscient summary of the game-record format."""

    def scores(self, state: Any) -> dict[str, int]:
        """Return each player's score if the game ended now: the summary's ``scores``, without
        the rest of the summary (the service keeps them on every move)."""

    def result(self, state: Any) -> Result | None:
        """Return the final result, or ``None`` while the game is under way."""

    def rolls_needed(self, state: Any, move: Move) -> int:
        """Return how many dice the service must roll into ``move`` before applying it."""

    def parse_move(self, text: str) -> Move:
        """Parse the text notation (as in an email reply) into a canonical move."""

    def format_move(self, move: Move) -> str:
        """Write a canonical move in the text notation."""

    def bot_move(
        self, state: Any, player: str, level: str = "easy", rng: Random | None = None
    ) -> Move:
        """Choose a legal move for ``player`` at a bot level of :data:`engine.search.LEVELS`:
        ``easy``, the greedy bot, deterministically; a searching level from ``player``'s view
        alone, drawing what it cannot see from ``rng`` (by default seeded from the view)."""


class Result(TypedDict):
    """The end of a game: the winners in seat order, final scores, and why it ended."""

    winners: list[str]
    scores: dict[str, int]
    reason: str
