"""The turn after the announcement: the rowing test's outcomes, the end-of-turn drift,
the pile steps and the next turn (record format "The turn as a sequence of steps").

Each function here changes the state and leaves it waiting for the next step.
"""

from __future__ import annotations

from engine.flusspiraten import board
from engine.flusspiraten.movement import (
    boat_takes,
    drift,
    execute_row,
    harbour_paths,
    river_paths,
    to_berth,
    waiting,
)
from engine.flusspiraten.state import State

OVERBOARD = {
    ("die", "empty"): "helmsman",
    ("die", "club"): "partner",
    ("empty", "die"): "partner",
    ("empty", "club"): "helmsman",
    ("club", "die"): "helmsman",
    ("club", "empty"): "partner",
    ("club", "club"): "both",
}
"""Who goes overboard in each cell of the rowing-test table (§4, [F5])."""
TEST_DICE = {("die", "die"): 2, ("die", "club"): 1, ("club", "die"): 1}
"""The dice the second choice carries, by (helmsman's, partner's) choice (record format, Dice)."""


def has_announcement(state: State, seat: int) -> bool:
    """Whether ``seat`` may walk or row: anything but pirates alone in harbour boats ([F17])."""
    if state.walkers[seat]:
        return True
    return any(
        seat in crew and (state.at[b] >= 0 or len(crew) == 2) for b, crew in enumerate(state.crew)
    )


def begin_turn(state: State, seat: int) -> None:
    """Start ``seat``'s turn at ``announce``, or end the game at a stalemate ([F29])."""
    state.turn = seat
    state.clear_turn()
    if any(has_announcement(state, s) for s in range(len(state.players))):
        state.step = "announce"
    else:
        state.end_reason = "stalemate"
        state.step = None


def end_action(state: State) -> None:
    """Step 6: the mover's lone river boats drift ([F3], [F12]); then the pile steps."""
    turn = state.turn
    lone = [
        (state.at[b] % board.LENGTH, state.at[b], b)
        for b, crew in enumerate(state.crew)
        if crew == [turn] and state.at[b] >= 0 and b != state.rowed
    ]
    for _, _, boat in sorted(lone):
        drift(state, boat)
    next_pile(state, 0)


def next_pile(state: State, first: int) -> None:
    """Step 7 from ford ``first`` on ([F7], [F13]); step 8 when no ford asks."""
    for ford in board.FORDS[first:]:
        seat = waiting(state, ford)
        if seat < 0:
            continue
        spaces = board.ford_spaces(ford)
        boats = [
            b
            for b in range(board.BOATS)
            if state.moved[b] and state.at[b] in spaces and boat_takes(state, b, seat)
        ]
        if boats:
            state.step = "pile"
            state.ford = ford
            state.waiter = seat
            state.pile_boats = boats
            return
    begin_turn(state, (state.turn + 1) % len(state.players))


def ask_path(state: State, boat: int, rower: int, points: int, walk_from: int = -1) -> None:
    """Wait for the ``path`` of ``rower`` (or of a walker from ``walk_from``)."""
    state.step = "path"
    state.boat = boat
    state.rower = rower
    state.points = points
    state.walk_from = walk_from


def forward(state: State, boat: int, rower: int, points: int) -> None:
    """Row a river boat ``points`` forward: at once if one path is legal, else ask ([F15])."""
    paths = river_paths(state, boat, points, rower)
    if len(paths) > 1:
        ask_path(state, boat, rower, points)
        return
    execute_row(state, boat, paths[0])
    if not state.over:
        end_action(state)


def row_alone(state: State, boat: int, rower: int, die: int) -> None:
    """An odd roll rows forward, an even one (or none, 0) drifts (§4)."""
    if die % 2:
        forward(state, boat, rower, die)
    else:
        drift(state, boat)
        end_action(state)


def _highest_odd(roll: tuple[int, ...]) -> int:
    """The highest odd die of ``roll``, or 0 when none is odd."""
    return max((d for d in roll if d % 2), default=0)


def depart(state: State, boat: int, helmsman: int, roll: tuple[int, ...]) -> None:
    """Leave the harbour with the highest odd roll, or stay ([F9], [F14], [F27])."""
    points = _highest_odd(roll)
    if points and harbour_paths(state, points, helmsman) != [()]:
        ask_path(state, boat, helmsman, points)
    else:
        end_action(state)


def overboard(state: State, boat: int, seat: int) -> None:
    """Put ``seat``'s pirate from ``boat`` on the bank beside it ([F6], [F25])."""
    state.crew[boat].remove(seat)
    state.walkers[seat].append(board.bank_beside(state.at[boat]))


def resolve_test(state: State, roll: tuple[int, ...]) -> None:
    """Resolve the rowing test once both have chosen (§4's table, [F10], [F18])."""
    boat = state.boat
    helmsman = state.turn
    partner = next(seat for seat in state.crew[boat] if seat != helmsman)
    cell = (state.choices[helmsman], state.choices[partner])
    state.choices = {}
    who = OVERBOARD.get(cell)
    if who in ("helmsman", "both"):
        overboard(state, boat, helmsman)
    if who in ("partner", "both"):
        overboard(state, boat, partner)
    if who == "both":
        to_berth(state, boat)
        end_action(state)
    elif cell == ("die", "die"):
        row_alone(state, boat, helmsman, _highest_odd(roll))
    elif cell == ("die", "club"):
        row_alone(state, boat, helmsman, roll[0])
    elif cell == ("club", "die"):
        row_alone(state, boat, partner, roll[0])
    else:
        drift(state, boat)
        end_action(state)


def harbour_or_river_paths(state: State) -> list[tuple[int, ...]]:
    """The legal boat paths of the pending ``path`` step."""
    if state.at[state.boat] < 0:
        return harbour_paths(state, state.points, state.rower)
    return river_paths(state, state.boat, state.points, state.rower)


def execute_boat_path(state: State, steps: tuple[int, ...], turn: bool | None) -> None:
    """Carry out the boat path of the pending step and go on: after a departure whose helmsman
    wished a turn (``turn``), to the partner's wish ([F4], [F14])."""
    execute_row(state, state.boat, steps)
    if state.over:
        return
    if turn:
        state.step = "wish"
        state.rower = next(seat for seat in state.crew[state.boat] if seat != state.turn)
    else:
        end_action(state)
