"""Random legal Freibeuter games for the property tests, reproducible from a seed.

Hypothesis draws the seeds and player counts; :data:`REPRODUCIBLE` makes it
draw the same ones on every run (``derandomize``) and keeps no example
database, so CI sees exactly what a developer sees.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from oracle import surrounds

from engine.base import Move
from engine.freibeuter import State, apply, legal_moves, new_setup, start, summary, to_move

REPRODUCIBLE = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

NAMES = ("Volker", "Birgit", "Dieter", "Anke")
player_counts = st.sampled_from([2, 3, 4])
seeds = st.integers(min_value=0, max_value=2**64 - 1)


@dataclass
class Step:
    """One move of a random game: the state before, who moved, the move, the state after."""

    before: State
    player: str
    move: Move
    after: State


def random_move(state: State, rng: random.Random) -> Move:
    """A legal move chosen at random, sometimes with an explicit ``order`` or without ``draw``.

    An explicit order is a random permutation of the tiles the move surrounds;
    ``draw`` is dropped only where the move ends the game before its draw [D7].
    """
    move = dict(rng.choice(legal_moves(state)))
    if move["type"] != "board" and rng.random() < 0.3:
        order = surrounds(summary(state), move)
        rng.shuffle(order)
        move["order"] = order
    if move["type"] != "board" and rng.random() < 0.5:
        undrawn = {k: v for k, v in move.items() if k != "draw"}
        after = apply(state, to_move(state)[0], move)
        if after.end_reason == "last_lair":
            move = undrawn
    return move


def random_game(players: int, seed: int) -> tuple[dict[str, Any], Iterator[Step]]:
    """A fresh setup for ``players`` players, and the steps of a random game from it."""
    rng = random.Random(seed)
    names = NAMES[:players]
    setup = new_setup(names, rng)

    def steps() -> Iterator[Step]:
        state = start(names, setup)
        while not state.over:
            player = to_move(state)[0]
            move = random_move(state, rng)
            after = apply(state, player, move)
            yield Step(state, player, move, after)
            state = after

    return setup, steps()


def record_of(setup: dict[str, Any], players: int, steps: list[Step]) -> dict[str, Any]:
    """The ``pbem-record/1`` record of a game."""
    return {
        "format": "pbem-record/1",
        "game": "freibeuter",
        "players": list(NAMES[:players]),
        "setup": setup,
        "moves": [{"player": step.player, **step.move} for step in steps],
    }
