"""Boats and pirates moving: pushing, drifting, the source, and every legal path (§3–§7).

Paths are tuples of ints. A boat's path lists river spaces (0–33) and may end
in :data:`SOURCE_STEP`; a walk lists walk spaces and may end in
``BOAT_STEP + boat``. The enumerations work on copies of the river, so they
never change the state; the ``execute_*`` functions change it.
"""

from __future__ import annotations

from engine.flusspiraten import board
from engine.flusspiraten.state import State

SOURCE_STEP = board.RIVER
"""The step that enters the source from position 17."""
BOAT_STEP = 100
"""A walk step ``BOAT_STEP + b`` enters boat ``b`` (0-based)."""
IN_SOURCE = -100
"""Where a simulated boat is once pushed into the source."""

WalkPath = tuple[tuple[int, ...], bool]
"""A walk's steps, and whether it ends on a ford where a pirate waits (so it needs ``evict``)."""


def can_push(state: State, river: list[int], target: int, rower: int) -> bool:
    """Whether entering ``target`` may push the chain there: none of it holds the rower's pirate."""
    end = target - target % board.LENGTH + board.LENGTH
    crew = state.crew
    while target < end and river[target] >= 0:
        if rower in crew[river[target]]:
            return False
        target += 1
    return True


def shove(river: list[int], at: list[int], target: int) -> int:
    """Push the chain from ``target`` one space up its lane; return the boat sourced, or -1."""
    end = target - target % board.LENGTH + board.LENGTH
    top = target
    while top < end and river[top] >= 0:
        top += 1
    sourced = -1
    if top == end:
        sourced = river[end - 1]
        river[end - 1] = -1
        at[sourced] = IN_SOURCE
        top = end - 1
    for space in range(top - 1, target - 1, -1):
        boat = river[space]
        river[space + 1] = boat
        at[boat] = space + 1
    river[target] = -1
    return sourced


def _targets(here: int) -> tuple[int, int]:
    """The space upriver (or the source) and the space across, from river space ``here``."""
    up = SOURCE_STEP if here % board.LENGTH == board.LENGTH - 1 else here + 1
    across = here + board.LENGTH if here < board.LENGTH else here - board.LENGTH
    return up, across


def river_paths(state: State, boat: int, points: int, rower: int) -> list[tuple[int, ...]]:
    """Every legal path of a river boat rowing ``points`` (§4, [F10], [F26]).

    A depth-first walk on a stack of its own, upriver before across: a nested function calling
    itself would make a reference cycle, the state in it, that only the garbage collector frees.
    """
    start = state.at[boat]
    full: list[tuple[int, ...]] = []
    every: list[tuple[int, ...]] = []
    stack: list[tuple[list[int], list[int], int, tuple[int, ...]]] = [
        (state.river, state.at, start, ())
    ]
    while stack:
        river, at, here, steps = stack.pop()
        every.append(steps)
        if len(steps) == points:
            full.append(steps)
            continue
        onward = []
        for target in _targets(here):
            if target == SOURCE_STEP:
                full.append((*steps, SOURCE_STEP))
                continue
            if target == start or target in steps:
                continue
            occupied = river[target] >= 0
            if occupied and not can_push(state, river, target, rower):
                continue
            river2, at2 = river[:], at[:]
            if occupied:
                shove(river2, at2, target)
            river2[here] = -1
            river2[target] = boat
            at2[boat] = target
            onward.append((river2, at2, target, (*steps, target)))
        stack.extend(reversed(onward))
    if full:
        return full
    longest = max(len(steps) for steps in every)
    return [steps for steps in every if len(steps) == longest]


def river_path_ok(state: State, boat: int, points: int, rower: int, steps: tuple[int, ...]) -> bool:
    """Whether ``steps`` is a legal path; enumerates only when it does not use every point."""
    river, at = state.river[:], state.at[:]
    here = start = state.at[boat]
    for index, target in enumerate(steps):
        if target not in _targets(here):
            return False
        if target == SOURCE_STEP:
            return index == len(steps) - 1 and index < points
        if target == start or target in steps[:index]:
            return False
        if river[target] >= 0:
            if not can_push(state, river, target, rower):
                return False
            shove(river, at, target)
        river[here] = -1
        river[target] = boat
        here = target
    return len(steps) == points or steps in river_paths(state, boat, points, rower)


def harbour_paths(state: State, points: int, rower: int) -> list[tuple[int, ...]]:
    """The legal departures straight up a lane with the highest odd roll ``points`` ([F9]).

    ``[()]`` when neither lane can be entered: the boat stays.
    """
    reach = []
    for lane in (0, 1):
        river, at = state.river[:], state.at[:]
        length = 0
        for target in range(lane * board.LENGTH, lane * board.LENGTH + points):
            if river[target] >= 0:
                if not can_push(state, river, target, rower):
                    break
                shove(river, at, target)
            length += 1
        reach.append(length)
    best = max(reach)
    if best == 0:
        return [()]
    return [
        tuple(range(lane * board.LENGTH, lane * board.LENGTH + best))
        for lane in (0, 1)
        if reach[lane] == best
    ]


def boat_takes(state: State, boat: int, seat: int) -> bool:
    """Whether ``seat``'s pirate may enter ``boat``: a free seat and no pirate of his colour."""
    crew = state.crew[boat]
    return len(crew) < 2 and seat not in crew


def waiting(state: State, ford: int) -> int:
    """The seat of the pirate waiting on ``ford``, or -1."""
    return next((seat for seat, spaces in enumerate(state.walkers) if ford in spaces), -1)


def ford_boats(state: State, ford: int, seat: int) -> list[int]:
    """The boats at ``ford`` that ``seat``'s pirate may pile into."""
    spaces = board.ford_spaces(ford)
    return [b for b in range(board.BOATS) if state.at[b] in spaces and boat_takes(state, b, seat)]


def walk_paths(state: State, seat: int, start: int, roll: int) -> list[WalkPath]:
    """Every legal walk of ``roll`` from ``start`` (§3, §6, [F8], [F20]): depth first, in the
    order of each space's neighbours, on a stack of its own (as :func:`river_paths`)."""
    harbour = [b for b in range(board.BOATS) if state.at[b] < 0 and boat_takes(state, b, seat)]
    found: list[WalkPath] = []
    stack: list[tuple[int, int, tuple[int, ...]]] = [(start, -1, ())]
    while stack:
        here, previous, steps = stack.pop()
        if len(steps) == roll:
            if here in board.FORDS:
                found.append((steps, waiting(state, here) >= 0))
                found.extend(
                    ((*steps, BOAT_STEP + b), False) for b in ford_boats(state, here, seat)
                )
            else:
                found.append((steps, False))
            continue
        if here in board.HARBOUR_SIDES:
            found.extend(((*steps, BOAT_STEP + b), False) for b in harbour)
        for nxt in reversed(board.NEIGHBOURS[here]):
            if nxt != previous:
                stack.append((nxt, here, (*steps, nxt)))
    return found


def walk_path_ok(
    state: State, seat: int, start: int, roll: int, steps: tuple[int, ...]
) -> bool | None:
    """Whether ``steps`` is a legal walk: ``None`` if not, else whether it needs ``evict``."""
    here, previous = start, -1
    for index, step in enumerate(steps):
        if step >= BOAT_STEP:
            boat = step - BOAT_STEP
            if index != len(steps) - 1 or not 0 <= boat < board.BOATS:
                return None
            if here in board.HARBOUR_SIDES and index < roll and state.at[boat] < 0:
                return False if boat_takes(state, boat, seat) else None
            if here in board.FORDS and index == roll and boat in ford_boats(state, here, seat):
                return False
            return None
        if step not in board.NEIGHBOURS[here] or step == previous:
            return None
        here, previous = step, here
    if len(steps) != roll:
        return None
    return here in board.FORDS and waiting(state, here) >= 0


def check_end(state: State) -> None:
    """End the game when a score reaches a red space or a fifth pirate reached the source (§7)."""
    if any(score >= board.RED for score in state.scores):
        state.end_reason = "red_space"
    elif any(count == board.PIRATES for count in state.finished):
        state.end_reason = "fifth_pirate"
    if state.end_reason is not None:
        state.step = None


def _dock(state: State, boat: int) -> None:
    """Put ``boat`` on the lowest-numbered free berth ([F11])."""
    berth = state.berths.index(-1)
    state.berths[berth] = boat
    state.at[boat] = -1 - berth


def _score(state: State, boat: int) -> None:
    """A boat in the source: its pirates score and leave, it takes a berth, the table turns."""
    for seat in state.crew[boat]:
        state.scores[seat] += state.turntable
        state.finished[seat] += 1
    state.crew[boat] = []
    state.turntable = (state.turntable + 1) % board.TURNTABLE
    _dock(state, boat)
    check_end(state)


def execute_row(state: State, boat: int, steps: tuple[int, ...]) -> None:
    """Carry out a boat's path step by step ([F19]); a departing boat leaves its berth first."""
    if steps and state.at[boat] < 0:
        state.berths[-1 - state.at[boat]] = -1
    for target in steps:
        here = state.at[boat]
        if here >= 0:
            state.river[here] = -1
        state.moved[boat] = True
        if target == SOURCE_STEP:
            _score(state, boat)
            return
        sourced = -1
        if state.river[target] >= 0:
            end = target - target % board.LENGTH + board.LENGTH
            for space in range(target, end):
                if state.river[space] < 0:
                    break
                state.moved[state.river[space]] = True
            sourced = shove(state.river, state.at, target)
        state.river[target] = boat
        state.at[boat] = target
        if sourced >= 0:
            _score(state, sourced)
            if state.over:
                return


def drift(state: State, boat: int) -> None:
    """Drift a river boat back with the current, stopping behind a boat or in a free berth (§5)."""
    here = state.at[boat]
    for _ in range(board.CURRENT[here]):
        if here % board.LENGTH == 0:
            to_berth(state, boat)
            return
        if state.river[here - 1] >= 0:
            return
        state.river[here] = -1
        here -= 1
        state.river[here] = boat
        state.at[boat] = here
        state.moved[boat] = True


def to_berth(state: State, boat: int) -> None:
    """Put a river boat on the lowest free berth (a capsize, [F11])."""
    state.river[state.at[boat]] = -1
    _dock(state, boat)
    state.moved[boat] = True
