"""Measure the Flußpiraten engine against its budget: <= 20 us per move replayed.

    .venv/bin/python bench/flusspiraten.py

Prints the replay cost per move (``record.replay``, an ``apply_in_place``
fold) of a bot game and of a long random game, and the time of
``legal_moves`` over every position of those games, path enumeration
separately. Each figure is the median of several runs; the games come from
fixed seeds (dice from a seeded ``random.Random``, as the service rolls them).
Not part of the test run.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flusspiraten_bots import bot_record  # noqa: E402

from engine import flusspiraten as game  # noqa: E402
from engine.record import new_record, replay  # noqa: E402

RUNS = 7
RANDOM_MOVES = 3000
PLAYERS = ["Ann", "Ben", "Cy", "Dee", "Eve"]


def random_record(seed: int) -> dict[str, Any]:
    """A 5-player game of ``RANDOM_MOVES`` random legal moves (random play rarely ends)."""
    rng = random.Random(seed)
    record = new_record("flusspiraten", PLAYERS, rng)
    state = game.start(PLAYERS, record["setup"])
    while not state.over and len(record["moves"]) < RANDOM_MOVES:
        player = rng.choice(game.to_move(state))
        move = rng.choice(game.legal_moves(state, player))
        if dice := game.rolls_needed(state, move):
            move = {**move, "roll": [rng.randint(1, 6) for _ in range(dice)]}
        game.apply_in_place(state, player, move)
        record["moves"].append({"player": player, **move})
    return record


def positions(record: dict[str, Any]) -> list[Any]:
    """Every state of a recorded game before each of its moves."""
    state = game.start(record["players"], record["setup"])
    found = []
    for move in record["moves"]:
        found.append(state.copy())
        game.apply_in_place(state, move["player"], move)
    return found


def median_of_runs(run: Callable[[], float]) -> float:
    return statistics.median(run() for _ in range(RUNS))


def per_move_replay(record: dict[str, Any], repeat: int = 5) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        replay(record)
    return (time.perf_counter() - start) / repeat / len(record["moves"])


def per_call(states: list[Any]) -> float:
    legal_moves = game.legal_moves
    start = time.perf_counter()
    for state in states:
        legal_moves(state)
    return (time.perf_counter() - start) / len(states)


def report(label: str, value: float, budget: float | None) -> None:
    verdict = (
        ""
        if budget is None
        else f"budget {budget:.0f} us  " + ("ok" if value * 1e6 <= budget else "OVER BUDGET")
    )
    print(f"{label:<58} {value * 1e6:8.1f} us   {verdict}")


def main() -> None:
    bots = [bot_record(players, seed)[0] for players, seed in ((3, 1), (4, 2), (5, 3), (6, 4))]
    wild = random_record(7)
    print(f"Flußpiraten engine, Python {sys.version.split()[0]}, medians of {RUNS} runs")
    for record in bots:
        report(
            f"replay per move, {len(record['players'])}-bot game of {len(record['moves'])} moves",
            median_of_runs(lambda r=record: per_move_replay(r)),
            20,
        )
    report(
        f"replay per move, random 5-player game of {len(wild['moves'])} moves",
        median_of_runs(lambda: per_move_replay(wild, 2)),
        20,
    )
    states = [s for record in (*bots, wild) for s in positions(record)]
    paths = [s for s in states if s.step == "path"]
    report(
        f"legal_moves, mean over {len(states)} positions",
        median_of_runs(lambda: per_call(states)),
        None,
    )
    report(
        f"legal_moves at a path step (enumeration), {len(paths)} positions",
        median_of_runs(lambda: per_call(paths)),
        None,
    )
    report(
        "legal_moves at a path step, worst position",
        max(per_call([s]) for s in paths),
        None,
    )


if __name__ == "__main__":
    main()
