"""The state of a Seeräuber game, and dealing and checking a setup (rules §2)."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from engine.base import GameState, IllegalMove, check_players
from engine.seerauber import board


class State(GameState):
    """Everything about one game at one moment, the deck order included.

    Players are seat indices internally. ``stacks`` maps every stack's name
    (its top pirate) to its pirates from bottom to top; a free pirate is a
    stack of one. ``asked`` is the seat answering a mutiny question, and
    ``mutiny_by`` the seat whose mutiny forces the captain to board
    ``mutiny_stack``. The rules functions never mutate a state they were
    given: ``apply`` works on a :meth:`copy`.
    """

    __slots__ = (
        "players",
        "stacks",
        "deck",
        "deck_top",
        "display",
        "ducats",
        "booty",
        "boarded",
        "turn",
        "asked",
        "mutiny_by",
        "mutiny_stack",
        "passes",
        "moves",
        "end_reason",
    )

    players: tuple[str, ...]
    stacks: dict[str, tuple[str, ...]]
    deck: tuple[str, ...]
    deck_top: int
    display: list[str]
    ducats: list[int]
    booty: list[dict[str, int]]
    boarded: list[list[str]]
    turn: int
    asked: int | None
    mutiny_by: int | None
    mutiny_stack: str | None
    passes: int
    moves: int
    end_reason: str | None

    def copy(self) -> State:
        """Return an independent copy (stacks are tuples and the deck is shared)."""
        new = self.shared_copy()
        new.stacks = dict(self.stacks)
        new.display = self.display[:]
        new.ducats = self.ducats[:]
        new.booty = [dict(kinds) for kinds in self.booty]
        new.boarded = [ships[:] for ships in self.boarded]
        return new

    def deck_left(self) -> int:
        return len(self.deck) - self.deck_top

    def seat_scores(self) -> list[int]:
        """Return each seat's score if the game ended now: ducats, majority shares and
        consolations (§7)."""
        points = self.ducats[:]
        for kind in board.BOOTY:
            brought = booty_points(kind, [held[kind] for held in self.booty])
            points = [score + more for score, more in zip(points, brought, strict=True)]
        return points


def booty_points(kind: str, counts: Sequence[int]) -> list[int]:
    """What each seat's ``counts[seat]`` pieces of booty ``kind`` bring at the end (§7): the
    seats with the most pieces share the kind's majority value, rounded down; the others
    score one point a piece. No pieces at all bring nothing."""
    most = max(counts)
    if most == 0:
        return [0] * len(counts)
    share = board.MAJORITY[kind] // counts.count(most)
    return [share if count == most else count for count in counts]


def new_setup(players: Sequence[str], rng: Random) -> dict[str, Any]:
    """Shuffle the ship deck with ``rng``; its first three cards are the opening display."""
    ships = list(board.SHIP_NAMES)
    rng.shuffle(ships)
    return {"ships": ships}


def start(players: Sequence[str], setup: object) -> State:
    """Check that ``setup`` holds each ship card exactly once and return the opening state."""
    players = check_players(
        players, game="Seeräuber", minimum=board.MIN_PLAYERS, maximum=board.MAX_PLAYERS
    )
    if not isinstance(setup, dict) or "ships" not in setup:
        raise IllegalMove("invalid_setup", "The setup must be an object with a 'ships' list.")
    ships = setup["ships"]
    if (
        not isinstance(ships, list)
        or not all(isinstance(ship, str) for ship in ships)
        or sorted(ships) != sorted(board.SHIP_NAMES)
    ):
        raise IllegalMove(
            "invalid_setup",
            f"The setup's ships must list S01 to S15, each exactly once, not {ships!r}.",
        )
    n = len(players)
    state = State.__new__(State)
    state.players = tuple(players)
    state.stacks = {p: (p,) for seat in range(n) for p in board.pirates_of(seat)}
    state.deck = tuple(ships)
    state.deck_top = board.DISPLAY_SIZE
    state.display = list(ships[: board.DISPLAY_SIZE])
    state.ducats = [board.STARTING_DUCATS] * n
    state.booty = [dict.fromkeys(board.BOOTY, 0) for _ in range(n)]
    state.boarded = [[] for _ in range(n)]
    state.turn = 0
    state.asked = state.mutiny_by = state.mutiny_stack = None
    state.passes = 0
    state.moves = 0
    state.end_reason = None
    return state
