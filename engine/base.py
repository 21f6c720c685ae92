"""What the rules engines share: the game protocol, errors, the registry, common parts.

Every game is a package ``engine.<name>`` whose module-level names make up
:class:`Rules` (written out in :mod:`engine.protocol`); the service and the command
line reach a game only through them. :data:`GAMES` is the one list of games: the
site finds everything else about a game from its module.
"""

from __future__ import annotations

import importlib
import json
from typing import Self, TypeVar

from engine.protocol import Move as Move
from engine.protocol import Result as Result
from engine.protocol import Rules as Rules


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
    in seat order) and ``end_reason`` (``None`` while the game is under way), and
    say how a game scores in :meth:`seat_scores`.
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

    def seat_scores(self) -> list[int]:
        """Return the score of each seat if the game ended now."""
        raise NotImplementedError

    def shared_copy(self) -> Self:
        """Return a new state holding the very same parts: the caller replaces what changes."""
        new = object.__new__(type(self))
        names: tuple[str, ...] = type(self).__slots__
        for name in names:
            setattr(new, name, getattr(self, name))
        return new


def scores(state: GameState) -> dict[str, int]:
    """Return each player's score if the game ended now, by name (the summary's ``scores``)."""
    return dict(zip(state.players, state.seat_scores(), strict=True))


def winners(state: GameState) -> list[str]:
    """Return the players sharing the highest score, in seat order (``[]`` while under way).

    Ties share the victory.
    """
    if state.end_reason is None:
        return []
    points = state.seat_scores()
    best = max(points)
    return [name for name, score in zip(state.players, points, strict=True) if score == best]


def result(state: GameState) -> Result | None:
    """Return the final result, or ``None`` while the game is under way."""
    if state.end_reason is None:
        return None
    return {"winners": winners(state), "scores": scores(state), "reason": state.end_reason}


WIN_BONUS = 1000.0
"""What a bot adds to (or takes from) a finished game's margin, so a won game beats any open one."""


def final_margin(state: GameState, seat: int) -> float:
    """How far ``seat`` finished ahead of the best other player, plus or minus :data:`WIN_BONUS`."""
    points = state.seat_scores()
    lead = points[seat] - max(p for s, p in enumerate(points) if s != seat)
    return lead + (WIN_BONUS if lead >= 0 else -WIN_BONUS)


def no_dice(state: GameState, move: Move) -> int:
    """The ``rolls_needed`` of a game without dice: every random thing is in its setup."""
    return 0


_Item = TypeVar("_Item")


def by_json(items: list[_Item]) -> list[_Item]:
    """Return ``items`` in the order of their JSON text (keys sorted): how summaries list sets
    and ``legal_moves`` lists moves."""
    return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))


def bad_notation(text: str, expected: str, examples: str) -> IllegalMove:
    """The error for a move's text that does not read as ``expected``, with ``examples``."""
    return IllegalMove(
        "bad_notation",
        f"Could not read {text.strip()!r}: expected {expected}. Examples: {examples}.",
    )


GAMES = ("freibeuter", "seerauber", "flusspiraten")
"""Every game the project plays, in the order the lobby offers them; each is the package
``engine.<name>``. The only place in the project that lists the games."""


def get_game(name: object) -> Rules:
    """Return the game module registered as ``name``."""
    if not isinstance(name, str) or name not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise IllegalMove("unknown_game", f"There is no game called {name!r}; known: {known}.")
    module: Rules = importlib.import_module(f"engine.{name}")
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
