"""Measure a searching bot level against the greedy bots ("easy"), per game and player count.

    nice -n 19 .venv/bin/python bench/bots.py [GAME ...] [--games 40] [--level strong]
        [--players N] [--jobs 3] [--out bench/results/bots.txt]

By default each game is measured at the table of the goals (4 players of
Freibeuter, 5 of Seeräuber, 4 of Flußpiraten); ``--players`` names another
count. The games are played side by side in ``--jobs`` processes. In every
game one seat plays at ``--level`` and all others are the greedy bot.
Game ``i`` is dealt from seed ``i`` (the service's dice too, for Flußpiraten),
and the searching seat moves from seat to seat with ``i``, so every seat's
advantage cancels out and every run plays the same games. A shared victory
counts as a win. Printed per game and player count: the searching bot's win
share with its 95 % Wilson interval against the fair share (one over the
players), its mean placement (1 = first; tied players share the better place),
and the process CPU time of its moves, median, 99th percentile and most.
The output is also added at the end of ``--out`` (``-``: nowhere). Not part of the test run.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.base import GAMES, get_game  # noqa: E402

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
GOALS = {"freibeuter": 4, "seerauber": 5, "flusspiraten": 4}
"""The player count measured per game by default: the tables of the goals, twice the fair
share (50 % at four players, 40 % at five)."""
Z = 1.96
"""The normal quantile of a two-sided 95 % interval."""


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win share of ``wins`` in ``games``."""
    share = wins / games
    centre = share + Z * Z / (2 * games)
    spread = Z * math.sqrt(share * (1 - share) / games + Z * Z / (4 * games * games))
    scale = 1 + Z * Z / games
    return (centre - spread) / scale, (centre + spread) / scale


def play(name: str, count: int, level: str, seed: int) -> dict[str, Any]:
    """Play game ``seed`` of ``count`` players, the searching bot in seat ``seed % count``;
    return its placement, whether it won, and its CPU per move."""
    game = get_game(name)
    players = NAMES[:count]
    searcher = players[seed % count]
    rng = random.Random(seed)
    state = game.start(players, game.new_setup(players, rng))
    cpu = []
    while not state.over:
        player = game.to_move(state)[0]
        if player == searcher:
            think = random.Random(f"{seed} {len(cpu)}")
            start = time.process_time()
            move = game.bot_move(state, player, level, think)
            cpu.append(time.process_time() - start)
        else:
            move = game.bot_move(state, player)
        dice = game.rolls_needed(state, move)
        if dice:
            move = {**move, "roll": [rng.randint(1, 6) for _ in range(dice)]}
        state = game.apply(state, player, move)
    result = game.result(state)
    assert result is not None
    scores = result["scores"]
    placement = 1 + sum(score > scores[searcher] for score in scores.values())
    return {"won": searcher in result["winners"], "placement": placement, "cpu": cpu}


def _played(task: tuple[str, int, str, int]) -> dict[str, Any]:
    """:func:`play` in a worker process."""
    return play(*task)


def describe(name: str, count: int, outcomes: list[dict[str, Any]]) -> str:
    """How the searching bot did in the ``outcomes`` of the games of one table."""
    games = len(outcomes)
    wins = sum(outcome["won"] for outcome in outcomes)
    placements = [outcome["placement"] for outcome in outcomes]
    cpu = sorted(seconds for outcome in outcomes for seconds in outcome["cpu"])
    low, high = wilson(wins, games)
    p99 = cpu[min(len(cpu) - 1, math.ceil(0.99 * len(cpu)) - 1)]
    fair = 1 / count
    return (
        f"{name} {count} players: wins {wins / games:5.1%} [{low:5.1%}, {high:5.1%}] "
        f"= {wins / games / fair:.2f}× fair share {fair:5.1%}; "
        f"mean placement {statistics.fmean(placements):.2f}; "
        f"CPU per move median {statistics.median(cpu) * 1000:.0f} ms, "
        f"p99 {p99 * 1000:.0f} ms, most {cpu[-1] * 1000:.0f} ms ({len(cpu)} moves)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help=f"some of {', '.join(GAMES)} (default: all)")
    parser.add_argument("--games", type=int, default=40, help="games per game and player count")
    parser.add_argument("--level", default="strong")
    parser.add_argument("--players", type=int, help="the player count (default: the goals')")
    parser.add_argument("--jobs", type=int, default=3, help="games played side by side")
    parser.add_argument("--out", default="bench/results/bots.txt", help="- to write no file")
    args = parser.parse_args()
    if unknown := set(args.game) - set(GAMES):
        parser.error(f"unknown games: {', '.join(sorted(unknown))}")
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    lines = [
        f"$ {' '.join(['bench/bots.py', *sys.argv[1:]])}",
        f"{args.level} bot against greedy bots, {args.games} games per table; "
        f"main at {commit}, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
    ]
    print(*lines, sep="\n", flush=True)
    tables = [(name, args.players or GOALS[name]) for name in args.game or GAMES]
    tasks = [(name, count, args.level, i) for name, count in tables for i in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        outcomes = iter(pool.imap(_played, tasks))
        for name, count in tables:
            lines.append(describe(name, count, [next(outcomes) for _ in range(args.games)]))
            print(lines[-1], flush=True)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    lines.append(f"({children.ru_utime + children.ru_stime:.0f} s of CPU in all)")
    print(lines[-1])
    if args.out != "-":
        with Path(args.out).open("a", encoding="utf-8") as results:
            results.write("\n".join(["", *lines]) + "\n")


if __name__ == "__main__":
    main()
