"""The state of a Flußpiraten game, and drawing and checking a setup (rules §2)."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from engine.base import GameState, IllegalMove, check_players
from engine.flusspiraten import board


class State(GameState):
    """Everything about one game at one moment.

    Players are seat indices internally. A boat's place ``at`` is a river
    space (0–33) or ``-1 - berth`` in the harbour. The pending step (the
    record format's "turn as a sequence of steps") is ``step`` with the
    fields it needs; ``apply`` works on a :meth:`copy`.
    """

    __slots__ = (
        "players",
        "turntable",
        "scores",
        "finished",
        "deployed",
        "walkers",
        "at",
        "crew",
        "river",
        "berths",
        "step",
        "turn",
        "boat",
        "choices",
        "rower",
        "walk_from",
        "points",
        "rowed",
        "moved",
        "waiter",
        "ford",
        "pile_boats",
        "end_reason",
    )

    players: tuple[str, ...]
    turntable: int
    scores: list[int]
    finished: list[int]
    deployed: list[bool]
    walkers: list[list[int]]
    at: list[int]
    crew: list[list[int]]
    river: list[int]
    berths: list[int]
    step: str | None
    turn: int
    boat: int
    choices: dict[int, str]
    rower: int
    walk_from: int
    points: int
    rowed: int
    moved: list[bool]
    waiter: int
    ford: int
    pile_boats: list[int]
    end_reason: str | None

    def copy(self) -> State:
        """Return an independent copy."""
        new = self.shared_copy()
        new.scores = self.scores[:]
        new.finished = self.finished[:]
        new.deployed = self.deployed[:]
        new.walkers = [w[:] for w in self.walkers]
        new.at = self.at[:]
        new.crew = [c[:] for c in self.crew]
        new.river = self.river[:]
        new.berths = self.berths[:]
        new.choices = dict(self.choices)
        new.moved = self.moved[:]
        new.pile_boats = self.pile_boats[:]
        return new

    def seat_scores(self) -> list[int]:
        """Return each seat's score: Flußpiraten scores as it goes."""
        return self.scores

    def clear_turn(self) -> None:
        """Forget the fields of the steps and of the turn so far (``-1``: none)."""
        self.boat = self.rower = self.walk_from = self.rowed = self.waiter = self.ford = -1
        self.points = 0
        self.choices = {}
        self.pile_boats = []
        self.moved = [False] * board.BOATS


def new_setup(players: Sequence[str], rng: Random) -> dict[str, Any]:
    """Roll the die that turns the turntable from 0 (§2)."""
    return {"turntable_roll": rng.randint(1, 6)}


def start(players: Sequence[str], setup: dict[str, Any]) -> State:
    """Check the setup and return the state before deployment."""
    names = check_players(
        players, game="Flußpiraten", minimum=board.MIN_PLAYERS, maximum=board.MAX_PLAYERS
    )
    roll = setup.get("turntable_roll") if isinstance(setup, dict) else None
    if type(roll) is not int or not 1 <= roll <= 6:
        raise IllegalMove(
            "invalid_setup", f"turntable_roll must be a die roll from 1 to 6, not {roll!r}."
        )
    state = State.__new__(State)
    state.players = tuple(names)
    state.turntable = roll
    state.scores = [0] * len(names)
    state.finished = [0] * len(names)
    state.deployed = [False] * len(names)
    state.walkers = [[] for _ in names]
    state.at = [-1 - b for b in range(board.BOATS)]
    state.crew = [[] for _ in range(board.BOATS)]
    state.river = [-1] * board.RIVER
    state.berths = list(range(board.BOATS))
    state.step = "deploy"
    state.turn = -1
    state.clear_turn()
    state.end_reason = None
    return state
