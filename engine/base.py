"""Shared types of the rules engines: the game protocol, errors and the registry.

Every game lives in its own package under ``engine/`` and exposes, at module
level, the functions of :class:`Game`. The service and the command line only
ever talk to a game through this protocol, so a new game plugs in by adding a
package and its name to :data:`GAMES`, the one list of games: the site finds
everything else about a game (its title, player counts, move fields, its own
package under ``games/kinds/``) from the module that name leads to.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from random import Random
    from typing import Any, Protocol, TypedDict
else:  # importing typing costs the command line more than a replay: the types are mypy's
    Protocol = object
    TypedDict = dict

Move = dict[str, "Any"]
"""A move: a plain JSON-able dict in the canonical notation of its game."""


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


class Game(Protocol):
    """What a game module offers (each name is a module-level attribute)."""

    NAME: str
    TITLE: str
    """The game's name as players write it, for pages and emails (umlauts and all)."""
    RULES_VERSION: int
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    MOVE_FIELDS: dict[str, type]
    """The keys a move may carry, with their JSON types (the record format's notation)."""

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

    def result(self, state: Any) -> Result | None:
        """Return the final result, or ``None`` while the game is under way."""

    def rolls_needed(self, state: Any, move: Move) -> int:
        """Return how many dice the service must roll into ``move`` before applying it."""

    def parse_move(self, text: str) -> Move:
        """Parse the text notation (as in an email reply) into a canonical move."""

    def format_move(self, move: Move) -> str:
        """Write a canonical move in the text notation."""

    def bot_move(self, state: Any, player: str) -> Move:
        """Choose a legal move for ``player`` deterministically (the built-in bot)."""


class Result(TypedDict):
    """The end of a game: the winners in seat order, final scores, and why it ended."""

    winners: list[str]
    scores: dict[str, int]
    reason: str


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


def imported_on_first_use(
    namespace: dict[str, Any], sources: dict[str, str]
) -> Callable[[str], object]:
    """A module's ``__getattr__`` (PEP 562) importing each name of ``sources`` when first asked for.

    ``sources`` maps a name to the module it comes from; ``namespace`` is the module's
    ``globals()``, which keeps the name once imported. Used for what a replay does not need.
    """

    def __getattr__(name: str) -> object:
        if name not in sources:
            raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")
        found = namespace[name] = getattr(importlib.import_module(sources[name]), name)
        return found

    return __getattr__


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
