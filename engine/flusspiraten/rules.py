"""Checking and carrying out Flußpiraten moves (rules §2–§7, record format "Moves").

Each handler checks the whole move, its dice included, before it changes
anything, so an illegal move never leaves a half-made state behind.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import TypeGuard

from engine.base import IllegalMove, Move, by_json
from engine.flusspiraten import board, turn
from engine.flusspiraten.movement import (
    BOAT_STEP,
    SOURCE_STEP,
    river_path_ok,
    waiting,
    walk_path_ok,
    walk_paths,
)
from engine.flusspiraten.state import State


def to_move_seats(state: State) -> list[int]:
    """The seats that may move now, in seat order from the player whose turn it is."""
    step = state.step
    if step is None:
        return []
    if step == "deploy":
        return [s for s, done in enumerate(state.deployed) if not done]
    if step == "announce":
        return [state.turn]
    if step == "choose":
        crew = sorted(state.crew[state.boat], key=lambda s: s != state.turn)
        return [s for s in crew if s not in state.choices]
    if step == "pile":
        return [state.waiter]
    return [state.rower]


def _integer(value: object) -> TypeGuard[int]:
    return type(value) is int


def _boat_number(move: Move) -> int:
    boat = move.get("boat")
    if not _integer(boat) or not 1 <= boat <= board.BOATS:
        raise IllegalMove("no_such_boat", f"Boats are numbered 1 to 8, not {boat!r}.")
    return int(boat) - 1


def _dice(move: Move, needed: int) -> tuple[int, ...]:
    """The move's ``roll``, checked against the dice the rules roll for it (record format, Dice)."""
    if "roll" not in move:
        if needed:
            raise IllegalMove("missing_roll", f"This move needs a roll of {needed} dice.")
        return ()
    if not needed:
        raise IllegalMove("unexpected_roll", "This move rolls no dice; it must carry no roll.")
    roll = move["roll"]
    if (
        not isinstance(roll, list)
        or len(roll) != needed
        or not all(_integer(d) and 1 <= d <= 6 for d in roll)
    ):
        raise IllegalMove("bad_roll", f"The roll must be {needed} dice from 1 to 6, not {roll!r}.")
    return tuple(roll)


def rolls_needed(state: State, move: Move) -> int:
    """How many dice the service rolls into ``move`` (0 for a move that is illegal anyway)."""
    kind = move.get("type") if isinstance(move, dict) else None
    if state.step == "announce" and kind == "walk":
        return 1
    if state.step == "announce" and kind == "row":
        boat = move.get("boat")
        if not _integer(boat) or not 1 <= boat <= board.BOATS:
            return 0
        if state.at[boat - 1] < 0:
            return 2
        return 1 if len(state.crew[boat - 1]) == 1 else 0
    if state.step == "choose" and kind == "choose" and len(state.choices) == 1:
        choice = str(move.get("choice"))
        ((first_seat, first),) = state.choices.items()
        cell = (first, choice) if first_seat == state.turn else (choice, first)
        return turn.TEST_DICE.get(cell, 0)
    return 0


def _deploy(state: State, seat: int, move: Move) -> None:
    left = move.get("left")
    if not _integer(left) or not 0 <= left <= board.PIRATES:
        raise IllegalMove("bad_deploy", f"left must be 0 to 5 pirates, not {left!r}.")
    _dice(move, 0)
    state.walkers[seat] = [board.SL] * left + [board.SR] * (board.PIRATES - left)
    state.deployed[seat] = True
    if all(state.deployed):
        turn.begin_turn(state, 0)


def _walk(state: State, seat: int, move: Move) -> None:
    name = move.get("from")
    start = board.WALK_INDEX.get(name) if isinstance(name, str) else None
    if start is None or start not in state.walkers[seat]:
        raise IllegalMove("no_pirate_there", f"You have no pirate on foot on {name!r}.")
    (roll,) = _dice(move, 1)
    paths = walk_paths(state, seat, start, roll)
    if len(paths) == 1 and not paths[0][1]:
        _carry_walk(state, seat, start, paths[0][0], -1)
        turn.end_action(state)
    else:
        turn.ask_path(state, -1, seat, roll, start)


def _row(state: State, seat: int, move: Move) -> None:
    boat = _boat_number(move)
    crew = state.crew[boat]
    if seat not in crew:
        raise IllegalMove("not_your_boat", f"None of your pirates sits in boat {boat + 1}.")
    harbour = state.at[boat] < 0
    if harbour and len(crew) < 2:
        raise IllegalMove("harbour_needs_two", "A boat leaves the harbour only with two pirates.")
    roll = _dice(move, rolls_needed(state, move))
    state.rowed = boat
    if harbour:
        turn.depart(state, boat, seat, roll)
    elif len(crew) == 1:
        turn.row_alone(state, boat, seat, roll[0])
    else:
        state.step = "choose"
        state.boat = boat
        state.choices = {}


def _pass(state: State, seat: int, move: Move) -> None:
    if turn.has_announcement(state, seat):
        raise IllegalMove("cannot_pass", "You may pass only when you can neither walk nor row.")
    _dice(move, 0)
    turn.end_action(state)


def _choose(state: State, seat: int, move: Move) -> None:
    choice = move.get("choice")
    if choice not in board.CHOICES:
        raise IllegalMove("bad_choice", f"Choose die, empty or club, not {choice!r}.")
    roll = _dice(move, rolls_needed(state, move))
    state.choices[seat] = choice
    if len(state.choices) == 2:
        turn.resolve_test(state, roll)


def _steps(raw: object, names: dict[str, int], extra: dict[str, int]) -> tuple[int, ...]:
    if not isinstance(raw, list) or not all(isinstance(s, str) for s in raw):
        raise IllegalMove("illegal_path", f"steps must be a list of space names, not {raw!r}.")
    try:
        return tuple(names[s] if s in names else extra[s] for s in raw)
    except KeyError as error:
        raise IllegalMove("illegal_path", f"{error.args[0]!r} is not a space here.") from None


BOAT_ENTRIES = {f"boat {b + 1}": BOAT_STEP + b for b in range(board.BOATS)}


def _path(state: State, seat: int, move: Move) -> None:
    if "turn" in move and (state.walk_from >= 0 or state.at[state.boat] >= 0):
        raise IllegalMove("illegal_path", "Only a boat leaving the harbour says turn.")
    if state.walk_from >= 0:
        _walk_path(state, seat, move)
        return
    steps = _steps(move.get("steps"), board.RIVER_INDEX, {board.SOURCE: SOURCE_STEP})
    wish = move.get("turn")
    departing = state.at[state.boat] < 0
    if departing:
        if not isinstance(wish, bool):
            raise IllegalMove("illegal_path", "A departure's path says turn: true or false.")
        legal = steps in turn.harbour_or_river_paths(state)
    else:
        legal = river_path_ok(state, state.boat, state.points, state.rower, steps)
    if not legal:
        raise IllegalMove("illegal_path", f"{move.get('steps')!r} is not a legal path here.")
    _dice(move, 0)
    turn.execute_boat_path(state, steps, wish)


def _walk_path(state: State, seat: int, move: Move) -> None:
    steps = _steps(move.get("steps"), board.WALK_INDEX, BOAT_ENTRIES)
    needs_evict = walk_path_ok(state, seat, state.walk_from, state.points, steps)
    if needs_evict is None:
        raise IllegalMove("illegal_path", f"{move.get('steps')!r} is not a legal walk here.")
    evict = -1
    if needs_evict:
        name = move.get("evict")
        evict = board.WALK_INDEX.get(name, -1) if isinstance(name, str) else -1
        if evict not in board.BANKS:
            raise IllegalMove(
                "illegal_path", "Say where the waiting pirate goes: L1–L17 or R1–R17."
            )
    elif "evict" in move:
        raise IllegalMove("illegal_path", "Nobody waits where this walk ends: leave out evict.")
    _dice(move, 0)
    _carry_walk(state, seat, state.walk_from, steps, evict)
    turn.end_action(state)


def _carry_walk(state: State, seat: int, start: int, steps: tuple[int, ...], evict: int) -> None:
    state.walkers[seat].remove(start)
    last = steps[-1]
    if last >= BOAT_STEP:
        insort(state.crew[last - BOAT_STEP], seat)
        return
    if evict >= 0:
        waiter = waiting(state, last)
        state.walkers[waiter].remove(last)
        state.walkers[waiter].append(evict)
    state.walkers[seat].append(last)


def _wish(state: State, seat: int, move: Move) -> None:
    wish = move.get("turn")
    if not isinstance(wish, bool):
        raise IllegalMove("bad_wish", f"A wish is turn: true or false, not {wish!r}.")
    _dice(move, 0)
    if wish:
        state.turntable = (state.turntable + 1) % board.TURNTABLE
    turn.end_action(state)


def _pile(state: State, seat: int, move: Move) -> None:
    boat = _boat_number(move)
    if boat not in state.pile_boats:
        raise IllegalMove("cannot_pile", f"Your waiting pirate cannot pile into boat {boat + 1}.")
    _dice(move, 0)
    state.walkers[seat].remove(state.ford)
    insort(state.crew[boat], seat)
    turn.next_pile(state, board.FORDS.index(state.ford) + 1)


def _stay(state: State, seat: int, move: Move) -> None:
    _dice(move, 0)
    turn.next_pile(state, board.FORDS.index(state.ford) + 1)


HANDLERS: dict[str, tuple[str, Callable[[State, int, Move], None]]] = {
    "deploy": ("deploy", _deploy),
    "walk": ("announce", _walk),
    "row": ("announce", _row),
    "pass": ("announce", _pass),
    "choose": ("choose", _choose),
    "path": ("path", _path),
    "wish": ("wish", _wish),
    "pile": ("pile", _pile),
    "stay": ("pile", _stay),
}
"""Each move type, with the step that asks for it and the function that makes it."""


def apply_in_place(state: State, player: str, move: Move) -> None:
    """Make ``move`` on ``state``; an illegal move raises and changes nothing."""
    if state.over:
        raise IllegalMove("game_over", "The game is over; no more moves can be made.")
    if not isinstance(player, str):
        raise IllegalMove("unknown_player", "A move must name the player who makes it.")
    seat = state.seat(player)
    kind = move.get("type") if isinstance(move, dict) else None
    if not isinstance(kind, str) or kind not in HANDLERS:
        raise IllegalMove("bad_move", f"There is no move of type {kind!r}.")
    if seat not in to_move_seats(state):
        raise IllegalMove("not_your_turn", f"{player} is not asked to move now.")
    step, handler = HANDLERS[kind]
    if step != state.step:
        raise IllegalMove("wrong_step", f"The game waits for a {state.step} step, not {kind}.")
    handler(state, seat, move)


def apply(state: State, player: str, move: Move) -> State:
    """Return the state after ``player`` makes ``move``; ``state`` is unchanged."""
    new = state.copy()
    apply_in_place(new, player, move)
    return new


def _path_moves(state: State) -> list[Move]:
    if state.walk_from >= 0:
        moves: list[Move] = []
        for steps, needs_evict in walk_paths(state, state.rower, state.walk_from, state.points):
            names = [
                board.WALK_NAMES[s] if s < BOAT_STEP else f"boat {s - BOAT_STEP + 1}" for s in steps
            ]
            if needs_evict:
                moves += [
                    {"type": "path", "steps": names, "evict": board.WALK_NAMES[b]}
                    for b in board.BANKS
                ]
            else:
                moves.append({"type": "path", "steps": names})
        return moves
    paths = [
        [board.SOURCE if s == SOURCE_STEP else board.RIVER_NAMES[s] for s in steps]
        for steps in turn.harbour_or_river_paths(state)
    ]
    if state.at[state.boat] < 0:
        return [{"type": "path", "steps": p, "turn": w} for p in paths for w in (True, False)]
    return [{"type": "path", "steps": p} for p in paths]


def _announcements(state: State, seat: int) -> list[Move]:
    moves: list[Move] = [
        {"type": "walk", "from": board.WALK_NAMES[s]} for s in sorted(set(state.walkers[seat]))
    ]
    moves += [
        {"type": "row", "boat": b + 1}
        for b, crew in enumerate(state.crew)
        if seat in crew and (state.at[b] >= 0 or len(crew) == 2)
    ]
    return moves or [{"type": "pass"}]


def legal_moves(state: State, player: str | None = None) -> list[Move]:
    """Every legal move of ``player`` (default: the first to move), without ``roll``, sorted."""
    seats = to_move_seats(state)
    if not seats:
        return []
    seat = seats[0] if player is None else state.seat(player)
    if seat not in seats:
        return []
    step = state.step
    moves: list[Move]
    if step == "deploy":
        moves = [{"type": "deploy", "left": n} for n in range(board.PIRATES + 1)]
    elif step == "announce":
        moves = _announcements(state, seat)
    elif step == "choose":
        moves = [{"type": "choose", "choice": c} for c in board.CHOICES]
    elif step == "path":
        moves = _path_moves(state)
    elif step == "wish":
        moves = [{"type": "wish", "turn": w} for w in (True, False)]
    else:
        moves = [{"type": "pile", "boat": b + 1} for b in state.pile_boats] + [{"type": "stay"}]
    return by_json(moves)
