"""Measure the three engines against their budgets.

    .venv/bin/python bench/engine.py

Prints one line per figure, each the median of several runs, next to its
budget. Times are the process's CPU time, so other work on a shared machine
does not count. Every game is built from fixed seeds at the start, so two runs
on the same machine measure the same work. Besides the replay (``record.replay``,
moves made in place on a state the replay owns) it times the fold the
service's load path makes (``games.store.loading.fold`` over the game's
events, as ``state_at`` folds them from creation; Django is set up for it, no
database is used), and prints the ratio of the two. Not part of the test run.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Run as bench/engine.py, this folder would come first on the path (and bench/http.py shadow
# the standard library's ``http``, which Django imports): the project's root stands for it.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import django  # noqa: E402

from bench.flusspiraten_bots import bot_record  # noqa: E402
from engine.base import Move, Rules, get_game  # noqa: E402
from engine.record import new_record, replay  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "freibeuter_site.settings")
django.setup()

from games.store import events  # noqa: E402
from games.store.loading import fold  # noqa: E402

RUNS = 7
PLAYERS = ["Ann", "Ben", "Cy", "Dee"]
REPLAY_SEED = 1
LEGAL_SEEDS = range(100, 110)
RANDOM_GAMES_PER_RUN = 100
BOT_SEEDS = range(200, 203)

GAME: Rules = get_game("freibeuter")
SEERAUBER: Rules = get_game("seerauber")
SEERAUBER_PLAYERS = ["Ann", "Ben", "Cy", "Dee", "Eve"]
FLUSSPIRATEN_GAME = (4, 2)
"""Players and seed of the Flußpiraten bot game replayed (random play rarely ends)."""


def random_record(seed: int, game: Rules = GAME, players: list[str] = PLAYERS) -> dict[str, Any]:
    """Deal a game from ``seed`` and play it out with uniformly random legal moves."""
    rng = random.Random(seed)
    record = new_record(game.NAME, players, rng)
    _, state = replay(record)
    while moves := game.legal_moves(state):
        player = game.to_move(state)[0]
        move = rng.choice(moves)
        record["moves"].append({"player": player, **move})
        state = game.apply(state, player, move)
    return record


def positions(record: dict[str, Any]) -> list[Any]:
    """Every state of a recorded game that has a player to move."""
    _, state = replay(dict(record, moves=[]))
    found = []
    for move in record["moves"]:
        found.append(state)
        state = GAME.apply(state, move["player"], move)
    return found


def median_of_runs(run: Callable[[], float]) -> float:
    """Run ``run`` (which returns one measurement) ``RUNS`` times and return the median."""
    return statistics.median(run() for _ in range(RUNS))


def time_replay(record: dict[str, Any], repeat: int = 50) -> float:
    """Seconds to replay ``record`` from its dict, mean of ``repeat`` replays."""
    start = time.process_time()
    for _ in range(repeat):
        replay(record)
    return (time.process_time() - start) / repeat


def stored_events(record: dict[str, Any]) -> list[tuple[int, str, int, Any]]:
    """``record`` as the service stores it: ``(seq, type, version, payload)`` of each event."""
    created = {key: record[key] for key in ("format", "game", "players", "setup")}
    stored = [(1, events.GAME_CREATED, 1, created)]
    for seq, move in enumerate(record["moves"], start=2):
        payload = {"player": move["player"], "move": move, "auto": False}
        stored.append((seq, events.MOVE, 1, payload))
    return stored


def time_fold(record: dict[str, Any], repeat: int = 50) -> float:
    """Seconds of the service's load path over ``record``'s events (``loading.fold``)."""
    game = get_game(record["game"])
    stored = stored_events(record)
    start = time.process_time()
    for _ in range(repeat):
        fold(game, 0, None, stored)
    return (time.process_time() - start) / repeat


def time_legal_moves(states: list[Any]) -> float:
    """Mean seconds of one ``legal_moves`` call over ``states``."""
    legal_moves = GAME.legal_moves
    start = time.process_time()
    for state in states:
        legal_moves(state)
    return (time.process_time() - start) / len(states)


def play_random_games(
    count: int, seed: int, game: Rules = GAME, players: list[str] = PLAYERS
) -> float:
    """Play ``count`` random games, setup dealing included; return games per second."""
    rng = random.Random(seed)
    choice = rng.choice
    start = time.process_time()
    for _ in range(count):
        state = game.start(players, game.new_setup(players, rng))
        while moves := game.legal_moves(state):
            state = game.apply(state, game.to_move(state)[0], choice(moves))
    return count / (time.process_time() - start)


def time_bot_moves() -> float:
    """Mean seconds per ``bot_move`` over complete 4-bot games."""
    spent = 0.0
    made = 0
    for seed in BOT_SEEDS:
        state = GAME.start(PLAYERS, GAME.new_setup(PLAYERS, random.Random(seed)))
        while not GAME.result(state):
            player = GAME.to_move(state)[0]
            start = time.process_time()
            move: Move = GAME.bot_move(state, player)
            spent += time.process_time() - start
            made += 1
            state = GAME.apply(state, player, move)
    return spent / made


def report(label: str, value: str, budget: str, ok: bool) -> None:
    print(f"{label:<44} {value:>11}   budget {budget:<10} {'ok' if ok else 'OVER BUDGET'}")


def report_replay(record: dict[str, Any], budget_ms: float) -> None:
    """Report the replay of ``record`` and the ``apply`` fold over it, interleaved."""
    replays: list[float] = []
    folds: list[float] = []
    for _ in range(RUNS):
        replays.append(time_replay(record))
        folds.append(time_fold(record))
    replay_s = statistics.median(replays)
    fold_s = statistics.median(folds)
    players, moves = len(record["players"]), len(record["moves"])
    report(
        f"replay, {players}-player game of {moves} moves",
        f"{replay_s * 1e3:.3f} ms",
        f"<= {budget_ms:g} ms",
        replay_s <= budget_ms / 1e3,
    )
    print(
        f"{'  load path (the service fold of the events)':<44} {fold_s * 1e3:>8.3f} ms"
        f"   {fold_s / replay_s:.2f}x the replay"
    )


def main() -> None:
    load = os.getloadavg()[0]
    replay_game = random_record(REPLAY_SEED)
    legal_states = [state for seed in LEGAL_SEEDS for state in positions(random_record(seed))]

    legal_s = median_of_runs(lambda: time_legal_moves(legal_states))
    runs = iter(range(RUNS))
    games_per_s = median_of_runs(lambda: play_random_games(RANDOM_GAMES_PER_RUN, next(runs)))
    bot_s = median_of_runs(time_bot_moves)

    print(
        f"Freibeuter engine, Python {sys.version.split()[0]}, CPU time, medians of {RUNS} runs"
        f" (load average {load:.2f} on {os.cpu_count()} CPUs before the run)"
    )
    report_replay(replay_game, 0.2)
    report(
        f"legal_moves, mean over {len(legal_states)} positions",
        f"{legal_s * 1e6:.1f} us",
        "<= 100 us",
        legal_s <= 100e-6,
    )
    report(
        "random 4-player games per second",
        f"{games_per_s:.0f} /s",
        ">= 300 /s",
        games_per_s >= 300,
    )
    report("bot move, mean over 4-bot games", f"{bot_s * 1e3:.2f} ms", "<= 5 ms", bot_s <= 5e-3)
    seerauber()
    flusspiraten()


def seerauber() -> None:
    """Replay a complete 5-player Seeräuber game and play random 5-player games."""
    game = random_record(REPLAY_SEED, SEERAUBER, SEERAUBER_PLAYERS)
    runs = iter(range(RUNS))
    games_per_s = median_of_runs(
        lambda: play_random_games(RANDOM_GAMES_PER_RUN, next(runs), SEERAUBER, SEERAUBER_PLAYERS)
    )
    print(f"Seeräuber engine, medians of {RUNS} runs")
    report_replay(game, 2)
    report("random 5-player games per second", f"{games_per_s:.0f} /s", "-", True)


def flusspiraten() -> None:
    """Replay a complete Flußpiraten game among bots (``bench/flusspiraten.py`` has the rest)."""
    record, _ = bot_record(*FLUSSPIRATEN_GAME)
    print(f"Flußpiraten engine, medians of {RUNS} runs")
    report_replay(record, 20e-3 * len(record["moves"]))


if __name__ == "__main__":
    main()
