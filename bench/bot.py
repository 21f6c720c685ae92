"""Measure the strength of a game's built-in bot against uniformly random players.

    .venv/bin/python bench/bot.py [freibeuter|seerauber] [--games 1000]

For every player count of the game, one seat is the bot and the others choose uniformly
among the legal moves. The bot's seat rotates from game to game, so the
advantage of any seat cancels out. Game ``i`` is dealt from seed ``i`` and its
random players draw from seed ``i`` too, so every run plays the same games.
A shared victory counts as a win; outright wins are reported as well.
Not part of the test run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.base import Rules, get_game  # noqa: E402

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]


def play(game: Rules, players: list[str], bot: str, seed: int) -> tuple[list[str], dict[str, int]]:
    """Play one game, ``bot`` against random players; return the winners and the scores."""
    deal = random.Random(seed)
    chooser = random.Random(f"random players {seed}")
    state = game.start(players, game.new_setup(players, deal))
    while moves := game.legal_moves(state):
        player = game.to_move(state)[0]
        move = game.bot_move(state, player) if player == bot else chooser.choice(moves)
        state = game.apply(state, player, move)
    result = game.result(state)
    assert result is not None
    return result["winners"], result["scores"]


def measure(game: Rules, count: int, games: int) -> str:
    """Play ``games`` games of ``count`` players and describe how the bot did."""
    players = NAMES[:count]
    wins = outright = 0
    margins = []
    for i in range(games):
        bot = players[i % count]
        winners, scores = play(game, players, bot, seed=i)
        wins += bot in winners
        outright += winners == [bot]
        margins.append(scores[bot] - max(s for p, s in scores.items() if p != bot))
    return (
        f"{count} players: bot wins {wins / games:6.1%} (outright {outright / games:6.1%}), "
        f"fair share {1 / count:5.1%}; median lead {statistics.median(margins):+.0f} points"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    games = ["freibeuter", "seerauber"]
    parser.add_argument("game", nargs="?", default="freibeuter", choices=games)
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    args = parser.parse_args()
    game = get_game(args.game)
    start = time.perf_counter()
    print(f"{args.game} bot against random players, {args.games} games per player count")
    for count in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1):
        print(measure(game, count, args.games))
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
