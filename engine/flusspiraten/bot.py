"""The built-in Flußpiraten bot: plays for timed-out players and empty seats.

A cheap fixed policy, deterministic given the state (the dice are in the
moves, never drawn here). It always cooperates in rowing tests (``die``):
both rowers move their own pirates upriver, so games among bots end. It
rows its best boat before anything else, pairs up in harbour boats with
other players' pirates, and walks towards the nearest place to board.

This bot is the ``easy`` level of :func:`bot_move`. The ``strong`` level is the
search of :mod:`engine.search` from the player's view alone, which plays its
worlds on with this bot (:data:`SEARCH`).
"""

from __future__ import annotations

from random import Random

from engine.base import IllegalMove, Move, get_game
from engine.flusspiraten import board
from engine.flusspiraten.rules import legal_moves
from engine.flusspiraten.state import State
from engine.flusspiraten.worlds import sample_state
from engine.search import Model, level_move


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


def _greedy(state: State, player: str) -> Move:
    """The greedy bot's move for ``player``, who must be asked to move."""
    seat = state.seat(player)
    moves = legal_moves(state, player)
    if not moves:
        raise IllegalMove("not_your_turn", f"{player} has no move to make now.")
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


def ranked(state: State, player: str) -> list[Move]:
    """The legal moves of ``player``: the greedy bot's first, the others in list order."""
    first = _greedy(state, player)
    return [first, *(move for move in legal_moves(state, player) if move != first)]


def lead(state: State, seat: int) -> float:
    """How many points ``seat`` is ahead of the best other player."""
    return state.scores[seat] - max(p for s, p in enumerate(state.scores) if s != seat)


SEARCH = Model(
    sample=sample_state, ranked=ranked, value=lead, scale=3.0, width=6, depth=8, budget=6000
)
"""The searching bot's worlds, prior, valuation and work (``bench/bots.py`` measures them)."""


def bot_move(state: State, player: str, level: str = "easy", rng: Random | None = None) -> Move:
    """Choose the move of ``player`` (who must be asked to move) at the bot ``level``.

    ``easy`` is the greedy policy, deterministic; a searching level sees only
    ``player``'s view and draws its worlds and the dice from ``rng`` (by default
    one seeded from that view).
    """
    if level != "easy":
        return level_move(get_game("flusspiraten"), SEARCH, state, player, level, rng)
    return _greedy(state, player)
