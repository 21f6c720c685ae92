"""Flußpiraten states a player cannot tell from the one he sees: the searching bot's worlds.

Everything is public (§8) but a rowing-test choice until both rowers have
chosen: when the other rower has chosen, a world draws his choice, as often
as not the one the greedy bot makes (it always chooses the die) and else any
of the three. The view does not say which boats have moved in the turn so
far: a world counts the boats the view names (the rowed boat, the boats a
pirate may pile into) and no others. Future dice are no part of a state; the
search rolls them as the service would.
"""

from __future__ import annotations

from random import Random
from typing import Any

from engine.flusspiraten import board
from engine.flusspiraten.state import State

GREEDY_CHOICE = "die"
"""The choice the greedy bot makes in every rowing test."""


def _walkers(seen: dict[str, Any]) -> list[int]:
    """The walk spaces of a player's pirates on foot, from his part of the view."""
    spaces = ["SL"] * seen["SL"] + ["SR"] * seen["SR"] + seen["banks"] + seen["fords"]
    return [board.WALK_INDEX[space] for space in spaces]


def _place(name: str) -> int:
    """A boat's ``at`` from the name of its river space or berth."""
    if name in board.RIVER_INDEX:
        return board.RIVER_INDEX[name]
    return -board.BERTH_NAMES.index(name) - 1


def _step(state: State, step: dict[str, Any], seat_of: dict[str, int], rng: Random) -> None:
    """Set the pending step's fields of ``state`` from the view's ``step``."""
    kind = step["kind"]
    state.step = kind
    state.turn = -1 if step["turn"] is None else seat_of[step["turn"]]
    state.clear_turn()
    if kind == "choose":
        state.boat = state.rowed = step["boat"] - 1
        for name in step["chosen"]:
            choice = step["choices"].get(name)
            if choice is None:
                choice = GREEDY_CHOICE if rng.random() < 0.5 else rng.choice(board.CHOICES)
            state.choices[seat_of[name]] = choice
    elif kind == "path":
        state.rower = seat_of[step["player"]]
        state.points = step["points"]
        if step["from"] is None:
            state.boat = state.rowed = step["boat"] - 1
        else:
            state.walk_from = board.WALK_INDEX[step["from"]]
    elif kind == "wish":
        state.rower = seat_of[step["player"]]
        state.boat = state.rowed = step["boat"] - 1
        state.moved[state.boat] = True
    elif kind == "pile":
        state.waiter = seat_of[step["player"]]
        state.ford = board.WALK_INDEX[step["ford"]]
        state.pile_boats = [b - 1 for b in step["boats"]]
        for boat in state.pile_boats:
            state.moved[boat] = True


def sample_state(view: dict[str, Any], rng: Random) -> State:
    """A state whose view for ``view["viewer"]`` is ``view``, a sealed choice drawn by ``rng``."""
    players = list(view["players"])
    seat_of = {name: seat for seat, name in enumerate(players)}
    seen = [view["players"][name] for name in players]
    state = State.__new__(State)
    state.players = tuple(players)
    state.turntable = view["turntable"]
    state.scores = [player["score"] for player in seen]
    state.finished = [player["finished"] for player in seen]
    state.deployed = [player["deployed"] for player in seen]
    state.walkers = [_walkers(player) for player in seen]
    state.at = [_place(view["boats"][str(b + 1)]["at"]) for b in range(board.BOATS)]
    state.crew = [
        [seat_of[name] for name in view["boats"][str(b + 1)]["crew"]] for b in range(board.BOATS)
    ]
    state.river = [-1] * board.RIVER
    state.berths = [-1] * board.BOATS
    for boat, at in enumerate(state.at):
        if at >= 0:
            state.river[at] = boat
        else:
            state.berths[-1 - at] = boat
    state.end_reason = view["end_reason"]
    _step(state, view["step"], seat_of, rng)
    return state
