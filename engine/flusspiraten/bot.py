"""The built-in Flußpiraten bot: plays for timed-out players and empty seats.

A cheap fixed policy, deterministic given the state (the dice are in the
moves, never drawn here). It always cooperates in rowing tests (``die``):
both rowers move their own pirates upriver, so games among bots end. It
rows its best boat before anything else, pairs up in harbour boats with
other players' pirates, and walks towards the nearest place to board.
"""

from __future__ import annotations

from engine.base import Move
from engine.flusspiraten import board
from engine.flusspiraten.rules import legal_moves
from engine.flusspiraten.state import State


def _distances() -> tuple[int, ...]:
    """The walk steps from each walk space to the nearest boarding place (``XL``, ``XR``, fords)."""
    far = len(board.WALK_NAMES)
    found = [far] * far
    frontier = [*board.HARBOUR_SIDES, *board.FORDS]
    for space in frontier:
        found[space] = 0
    while frontier:
        nxt = []
        for space in frontier:
            for near in board.NEIGHBOURS[space]:
                if found[near] > found[space] + 1:
                    found[near] = found[space] + 1
                    nxt.append(near)
        frontier = nxt
    return tuple(found)


DISTANCE = _distances()


def _height(state: State, boat: int) -> int:
    """How far upriver a boat is (0 in the harbour)."""
    at = state.at[boat]
    return at % board.LENGTH + 1 if at >= 0 else 0


def _row_value(state: State, move: Move) -> tuple[int, int]:
    boat = move["boat"] - 1
    crew = state.crew[boat]
    paired = len(crew) == 2
    return (2 if paired and state.at[boat] >= 0 else 1 if paired else 0, _height(state, boat))


def _announce(state: State, moves: list[Move]) -> Move:
    rows = [m for m in moves if m["type"] == "row"]
    if rows:
        return max(rows, key=lambda m: _row_value(state, m))
    walks = [m for m in moves if m["type"] == "walk"]
    if walks:
        return min(walks, key=lambda m: DISTANCE[board.WALK_INDEX[m["from"]]])
    return moves[0]


def _walk_value(state: State, move: Move) -> tuple[int, int]:
    last = move["steps"][-1]
    if last.startswith("boat"):
        boat = int(last.split()[1]) - 1
        return (2 if state.crew[boat] else 1, 0)
    return (0, -DISTANCE[board.WALK_INDEX[last]])


def _boat_value(move: Move) -> int:
    if not move["steps"]:
        return 0
    last = move["steps"][-1]
    if last == board.SOURCE:
        return 99
    return int(last[1:])


def _path(state: State, seat: int, moves: list[Move]) -> Move:
    if state.walk_from >= 0:
        best = max(moves, key=lambda m: _walk_value(state, m))
        if "evict" in best:
            ford = board.WALK_INDEX[best["steps"][-1]]
            target = "L5" if ford in state.walkers[seat] else "L17"
            return next(
                m for m in moves if m["steps"] == best["steps"] and m.get("evict") == target
            )
        return best
    wish = state.turntable != board.TURNTABLE - 1
    best = max(moves, key=_boat_value)
    return next(m for m in moves if m["steps"] == best["steps"] and m.get("turn", wish) == wish)


def bot_move(state: State, player: str) -> Move:
    """Choose a legal move for ``player`` (who must be asked to move) deterministically."""
    seat = state.seat(player)
    moves = legal_moves(state, player)
    step = state.step
    if step == "deploy":
        return {"type": "deploy", "left": 3}
    if step == "announce":
        return _announce(state, moves)
    if step == "choose":
        return {"type": "choose", "choice": "die"}
    if step == "path":
        return _path(state, seat, moves)
    if step == "wish":
        return {"type": "wish", "turn": state.turntable != board.TURNTABLE - 1}
    return moves[0] if moves[0]["type"] == "pile" else moves[-1]
