"""Hand-built Flußpiraten positions for the rule tests (players A, B, C, … in seat order)."""

from __future__ import annotations

from typing import Any

from engine import flusspiraten as game
from engine.base import Move
from engine.flusspiraten import board
from engine.flusspiraten.state import State
from engine.flusspiraten.turn import begin_turn

NAMES = ("A", "B", "C", "D", "E", "F")


def position(
    players: int = 3,
    *,
    boats: dict[int, tuple[str, str]] | None = None,
    walkers: dict[str, list[str]] | None = None,
    turn: str = "A",
    turntable: int = 1,
    scores: dict[str, int] | None = None,
    finished: dict[str, int] | None = None,
) -> State:
    """A deployed game at ``turn``'s announcement.

    ``boats`` maps a boat number to its space and crew letters, e.g.
    ``{1: ("I3", "AB")}``; other boats stay on their berths. ``walkers`` maps a
    player to the walk spaces of his pirates on foot.
    """
    names = NAMES[:players]
    state = game.start(names, {"turntable_roll": 1})
    state.turntable = turntable
    state.deployed = [True] * players
    for number, (space, crew) in (boats or {}).items():
        b = number - 1
        state.berths[-1 - state.at[b]] = -1
        if space.startswith("H"):
            berth = int(space[1:]) - 1
            assert state.berths[berth] == -1, "put the boat of that berth elsewhere first"
            state.berths[berth] = b
            state.at[b] = -1 - berth
        else:
            state.at[b] = board.RIVER_INDEX[space]
            state.river[state.at[b]] = b
        state.crew[b] = sorted(names.index(p) for p in crew)
    for player, spaces in (walkers or {}).items():
        state.walkers[names.index(player)] = [board.WALK_INDEX[s] for s in spaces]
    for player, points in (scores or {}).items():
        state.scores[names.index(player)] = points
    for player, count in (finished or {}).items():
        state.finished[names.index(player)] = count
    begin_turn(state, names.index(turn))
    return state


def play(state: State, player: str, move: Move, roll: list[int] | None = None) -> State:
    """Make ``move`` (with ``roll`` when given) and return the new state."""
    full: dict[str, Any] = dict(move)
    if roll is not None:
        full["roll"] = roll
    return game.apply(state, player, full)


def at(state: State, boat: int) -> str:
    """Where boat ``boat`` (1–8) is, as the summary names it."""
    return str(game.summary(state)["boats"][str(boat)]["at"])


def crew(state: State, boat: int) -> list[str]:
    return list(game.summary(state)["boats"][str(boat)]["crew"])


def banks(state: State, player: str) -> list[str]:
    return list(game.summary(state)["players"][player]["banks"])


def step(state: State) -> dict[str, Any] | None:
    result: dict[str, Any] | None = game.summary(state)["step"]
    return result


def paths(state: State, player: str | None = None) -> list[list[str]]:
    """The ``steps`` of every legal ``path`` move."""
    return [m["steps"] for m in game.legal_moves(state, player) if m["type"] == "path"]
