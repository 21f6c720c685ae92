"""Shared types of the rules engines: the game protocol, errors and the registry.

Every game lives in its own package under ``engine/`` and exposes, at module
level, the functions of :class:`Game`. The service and the command line only
ever talk to a game through this protocol, so a new game plugs in by adding a
package and its name to :data:`GAMES`, the one list of games: the site finds
everything else about a game (its title, player counts, move fields, its own
package under ``games/kinds/``) from the module that name leads to.

The protocol's types, :class:`Game`, ``Move`` and :class:`Result`, are written
out in :mod:`engine.protocol` and imported from here.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from engine.protocol import Game as Game
from engine.protocol import Move as Move
from engine.protocol import Result as Result


class IllegalMove(Exception):
    """A move, setup or record the rules do not allow.

    ``code`` is a stable machine-readable string; ``message`` is a sentence a
    player understands and can act on.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {self.message!r})"


class GameState:
    """Base of the games' state classes (``__slots__`` ones): equality, seats, the end.

    Subclasses declare their fields in ``__slots__``, including ``players`` (names
    in seat order) and ``end_reason`` (``None`` while the game is under way).
    """

    __slots__ = ()

    players: tuple[str, ...]
    end_reason: str | None

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        names: tuple[str, ...] = type(self).__slots__
        return all(getattr(self, name) == getattr(other, name) for name in names)

    __hash__ = None  # type: ignore[assignment]

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    def seat(self, player: object) -> int:
        """Return the seat index of ``player``, or raise ``unknown_player``."""
        if not isinstance(player, str) or player not in self.players:
            raise IllegalMove("unknown_player", f"{player!r} does not play in this game.")
        return self.players.index(player)


GAMES = ("freibeuter", "seerauber", "flusspiraten")
"""Every game the project plays, in the order the lobby offers them; each is the package
``engine.<name>``. The only place in the project that lists the games."""


def top_scorers(players: Sequence[str], scores: Sequence[int]) -> list[str]:
    """The players sharing the highest score, in seat order: ties share the victory."""
    best = max(scores)
    return [name for name, score in zip(players, scores, strict=True) if score == best]


def get_game(name: object) -> Game:
    """Return the game module registered as ``name``."""
    if not isinstance(name, str) or name not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise IllegalMove("unknown_game", f"There is no game called {name!r}; known: {known}.")
    module: Game = importlib.import_module(f"engine.{name}")
    return module


def check_players(players: object, *, game: str, minimum: int, maximum: int) -> list[str]:
    """Validate a list of player names for ``game`` and return it as a list."""
    if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        raise IllegalMove("invalid_record", "Players must be a list of names.")
    if any(not p.strip() for p in players):
        raise IllegalMove("invalid_record", "Player names must not be empty.")
    if len(set(players)) != len(players):
        raise IllegalMove("invalid_record", "Player names must be unique.")
    if not minimum <= len(players) <= maximum:
        raise IllegalMove(
            "invalid_record",
            f"{game} is played by {minimum} to {maximum} players, not {len(players)}.",
        )
    return list(players)
