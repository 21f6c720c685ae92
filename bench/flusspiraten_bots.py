"""Games of Flußpiraten among the built-in bots: how many rounds they last.

    .venv/bin/python bench/flusspiraten_bots.py [--games 200]

For 3 to 6 players, plays ``--games`` games from fixed seeds, the dice drawn
from a seeded ``random.Random`` here (as the service rolls them from the
game's secret), never in the engine. Prints, per player count, how the games
ended and the distribution of rounds (turns of the first seat). Not part of
the test run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import flusspiraten as game  # noqa: E402
from engine.record import new_record  # noqa: E402

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
MOVE_LIMIT = 20_000
"""A game still under way after this many moves counts as unfinished."""


def bot_record(players: int, seed: int) -> tuple[dict[str, Any], game.State]:
    """A complete game among bots, dice from ``random.Random(seed)``: its record and end state."""
    rng = random.Random(seed)
    record = new_record("flusspiraten", NAMES[:players], rng)
    state = game.start(record["players"], record["setup"])
    while not state.over and len(record["moves"]) < MOVE_LIMIT:
        player = game.to_move(state)[0]
        move = game.bot_move(state, player)
        dice = game.rolls_needed(state, move)
        if dice:
            move = {**move, "roll": [rng.randint(1, 6) for _ in range(dice)]}
        game.apply_in_place(state, player, move)
        record["moves"].append({"player": player, **move})
    return record, state


def rounds(record: dict[str, Any]) -> int:
    """The rounds played: how many times the first seat announced."""
    first = record["players"][0]
    kinds = ("walk", "row", "pass")
    return sum(1 for m in record["moves"] if m["player"] == first and m["type"] in kinds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    games = parser.parse_args().games
    print(f"Flußpiraten bot games, {games} per player count (seeds 0–{games - 1})")
    for players in range(3, 7):
        lengths, ends, moves = [], Counter[str](), []
        for seed in range(games):
            record, state = bot_record(players, seed)
            ends[state.end_reason or "unfinished"] += 1
            lengths.append(rounds(record))
            moves.append(len(record["moves"]))
        q = statistics.quantiles(lengths, n=10)
        print(
            f"{players} players: rounds min {min(lengths)}, p10 {q[0]:.0f}, "
            f"median {statistics.median(lengths):.0f}, p90 {q[-1]:.0f}, max {max(lengths)}; "
            f"moves median {statistics.median(moves):.0f}; ends {dict(sorted(ends.items()))}"
        )


if __name__ == "__main__":
    main()
