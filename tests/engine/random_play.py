"""Random legal games for the property tests, reproducible from a seed: Freibeuter's in
detail (:func:`random_move`), any game's states by :func:`random_states`.

Hypothesis draws the seeds and player counts; :data:`REPRODUCIBLE` makes it
draw the same ones on every run (``derandomize``) and keeps no example
database, so CI sees exactly what a developer sees with the same profile.
:func:`examples` sizes every property test of the engine to that profile.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from oracle import surrounds
from positions import FOUR

from engine.base import Move, get_game
from engine.freibeuter import State, apply, legal_moves, new_setup, start, summary, to_move

REPRODUCIBLE = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def examples(count: int) -> int:
    """``count`` examples in the ``ci`` profile; in ``dev`` a tenth of them, at least 10.

    The profiles are registered in ``conftest.py``.
    """
    if settings.get_current_profile_name() == "dev":
        return min(count, max(10, count // 10))
    return count


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


def canonical(move: Move) -> str:
    """The JSON text of a move without the keys the engine ignores (§10)."""
    kind = move.get("type")
    kept = ("type", "card", "field", "draw")
    if kind == "board":
        kept = ("type", "tile")
    elif kind == "place":
        kept = ("type", "card", "boat", "draw")
    return json.dumps({k: move[k] for k in kept if k in move}, sort_keys=True)


def is_listed(state: State, player: object, move: object) -> bool:
    """Whether ``move`` by ``player`` is one of the legal moves listed, ignored keys aside.

    An ``order``, if given, must name each surrounded tile once (§10). A move
    that ends the game with the last lair counts as listed whatever its
    ``draw`` says [D7], as long as it is listed with some draw.
    """
    if not isinstance(move, dict) or player not in to_move(state):
        return False
    listed = legal_moves(state)
    undrawn = canonical({k: v for k, v in move.items() if k != "draw"})
    match = next((m for m in listed if canonical(m) == canonical(move)), None)
    if match is None:
        match = next(
            (
                m
                for m in listed
                if canonical({k: v for k, v in m.items() if k != "draw"}) == undrawn
                and apply(state, player, m).end_reason == "last_lair"
            ),
            None,
        )
    if match is None:
        return False
    if match["type"] == "board" or "order" not in move:
        return True
    order = move["order"]
    tiles = surrounds(summary(state), match)
    return (
        isinstance(order, list)
        and all(isinstance(t, str) for t in order)
        and (sorted(order) == sorted(tiles))
    )


def random_game(players: int, seed: int) -> tuple[dict[str, Any], Iterator[Step]]:
    """A fresh setup for ``players`` players, and the steps of a random game from it."""
    rng = random.Random(seed)
    names = FOUR[:players]
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
        "players": list(FOUR[:players]),
        "setup": setup,
        "moves": [{"player": step.player, **step.move} for step in steps],
    }


def random_states(
    kind: str, seed: int, moves: int, names: tuple[str, ...] = ("Anne", "Bart", "Cleo")
) -> Iterator[Any]:
    """The states of a random game of ``kind`` between ``names``, one before each of its
    first ``moves`` moves (each a legal move drawn with ``seed``, rolled where it needs dice)."""
    engine = get_game(kind)
    rng = random.Random(seed)
    state = engine.start(list(names), engine.new_setup(list(names), rng))
    for _ in range(moves):
        if state.over:
            return
        yield state
        player = engine.to_move(state)[0]
        move = rng.choice(engine.legal_moves(state, player))
        if count := engine.rolls_needed(state, move):
            move = {**move, "roll": [rng.randint(1, 6) for _ in range(count)]}
        state = engine.apply(state, player, move)
