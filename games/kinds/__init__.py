"""What the site does differently for each kind of game, one module per kind.

Each module offers the same functions (see :class:`Kind`); the service, the
emails and the deadline sweep ask :func:`kind_of` instead of testing the game's
name, so a new game plugs in with a module and a line in :data:`KINDS`.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.base import Game as Engine
from engine.base import Move
from games.kinds import flusspiraten, freibeuter, seerauber
from games.models import Game, Seat


class Kind(Protocol):
    """The per-kind parts of the site (module-level functions)."""

    def position_text(self, view: dict[str, Any]) -> str:
        """The position as monospaced text, for emails."""

    def board_png(self, view: dict[str, Any]) -> bytes | None:
        """The position as a PNG for emails, or ``None`` when the text says it all."""

    def player_rows(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """One row per player in seat order (``name``, ``number`` and the kind's money)."""

    def timeout_move(self, engine: Engine, state: Any, player: str) -> Move:
        """The move the service makes for ``player`` when his deadline has passed."""

    def page_context(
        self, *, game: Game, seat: Seat | None, selection: dict[str, str]
    ) -> dict[str, Any]:
        """Everything the game page shows ``seat`` (``None``: a spectator), with its controls."""

    def move_action(self, move: Move) -> str:
        """A move in a few words, for lists (the dashboard's last move)."""

    def history_context(self, *, game: Game, seat: Seat | None, at: int | None) -> dict[str, Any]:
        """The moves of the history page and the position after move ``at``."""

    PAGE_TEMPLATE: str
    PLAY_AREA_TEMPLATE: str
    HISTORY_TEMPLATE: str
    REPLAY_TEMPLATE: str
    TAKEBACK_MOVES: frozenset[str]
    """Move types that reveal nothing hidden (no card, ship or die), so may be taken back."""


KINDS: dict[str, Kind] = {
    "freibeuter": freibeuter,
    "seerauber": seerauber,
    "flusspiraten": flusspiraten,
}


def kind_of(name: str) -> Kind:
    """The site module of the game kind ``name``."""
    return KINDS[name]
