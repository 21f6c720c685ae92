"""How many days a correspondence game takes with and without standing answers.

    .venv/bin/python bench/standing.py [--games 200]

Tables of Seeräuber and Flußpiraten (3 to 5 players) are played by the easy bot, each
decision answered by its player after a delay: log-normal with a median of 3 hours
(sigma 1), counted in waking hours only. Each player wakes at 7:00 plus 0 to 3 hours
(drawn per player) and sleeps 8 hours, so a delay that outlasts his day resumes the
next morning. Players asked at once (a deploy, a rowing test) answer independently,
each from the moment he was asked, and the game goes on with whoever answers first.

With standing answers, every question a player is asked off his turn (the engines'
``standing.question``: a mutiny; a rowing-test choice or a wish as partner) is answered
at once, by a standing answer taken to be the move he would have chosen (the bot's), so
both runs play the same moves with the same dice; every other decision takes its delay
as before. Game ``i`` is dealt, played and timed from seed ``i`` both ways, so the two
runs differ only in the waiting. Not part of the test run.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.base import Rules, get_game  # noqa: E402
from engine.flusspiraten import standing as flusspiraten_standing  # noqa: E402
from engine.seerauber import standing as seerauber_standing  # noqa: E402

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]
MEDIAN_HOURS = 3.0
SIGMA = 1.0
AWAKE_HOURS = 16.0
STANDING: dict[str, ModuleType] = {
    "seerauber": seerauber_standing,
    "flusspiraten": flusspiraten_standing,
}
"""Each game's standing answers, which name the questions asked off one's turn."""
PLAYERS = {"seerauber": (3, 4, 5), "flusspiraten": (3, 4, 5)}


def reply_at(asked: float, wake: float, rng: random.Random) -> float:
    """The hour (from the game's start) at which a player asked at hour ``asked`` answers:
    a log-normal delay counted in his waking hours (he wakes at ``wake`` each day)."""
    left = rng.lognormvariate(math.log(MEDIAN_HOURS), SIGMA)
    day = math.floor((asked - wake) / 24)
    now = asked
    while True:
        awake_until = wake + 24 * day + AWAKE_HOURS
        now = max(now, wake + 24 * day)
        if now + left <= awake_until:
            return now + left
        left -= max(0.0, awake_until - now)
        day += 1


def play(kind: str, players: int, seed: int, standing: bool) -> tuple[float, int, int]:
    """One game: the days it took, its decisions and how many a standing answer made."""
    game: Rules = get_game(kind)
    names = NAMES[:players]
    deal = random.Random(seed)
    timing = random.Random(f"timing {seed}")
    dice = random.Random(f"dice {seed}")
    wake = {name: 7 + 3 * timing.random() for name in names}
    module = STANDING[kind]
    state = game.start(names, game.new_setup(names, deal))
    due: dict[str, float] = {}
    now, decisions, ahead = 0.0, 0, 0
    while not state.over:
        asked = game.to_move(state)
        due = {name: due[name] for name in asked if name in due}
        for name in asked:
            if name not in due:
                off_turn = standing and module.question(game.view(state, name), name)
                reply = reply_at(now, wake[name], timing)  # drawn either way: same delays
                due[name] = now if off_turn else reply
        name = min(asked, key=lambda each: (due[each], asked.index(each)))
        now = due.pop(name)
        ahead += bool(standing and module.question(game.view(state, name), name))
        move = game.bot_move(state, name)
        if count := game.rolls_needed(state, move):
            move = {**move, "roll": [dice.randint(1, 6) for _ in range(count)]}
        state = game.apply(state, name, move)
        decisions += 1
    return now / 24, decisions, ahead


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per game and size")
    args = parser.parse_args()
    print(
        f"delay: log-normal, median {MEDIAN_HOURS:g} h, sigma {SIGMA:g}, "
        f"in waking hours ({AWAKE_HOURS:g} h a day); {args.games} games each"
    )
    print(
        f"{'game':<13}{'players':>8}{'days without':>14}{'days with':>11}{'saved':>8}"
        f"{'answered ahead':>16}"
    )
    for kind, sizes in PLAYERS.items():
        for players in sizes:
            without = [play(kind, players, seed, False) for seed in range(args.games)]
            with_ = [play(kind, players, seed, True) for seed in range(args.games)]
            slow = statistics.mean(days for days, _, _ in without)
            fast = statistics.mean(days for days, _, _ in with_)
            ahead = sum(a for _, _, a in with_) / sum(d for _, d, _ in with_)
            print(
                f"{kind:<13}{players:>8}{slow:>14.1f}{fast:>11.1f}"
                f"{(slow - fast) / slow:>8.0%}{ahead:>16.1%}"
            )


if __name__ == "__main__":
    main()
