"""How many days a correspondence game takes with and without standing orders.

    .venv/bin/python bench/standing.py [--games 200]

Tables of Freibeuter (2 to 4 players), Seeräuber and Flußpiraten (3 to 5) are played by the
easy bot, each decision answered by its player after a delay: log-normal with a median of
3 hours (sigma 1), counted in waking hours only. Each player wakes at 7:00 plus 0 to 3 hours
(drawn per player) and sleeps 8 hours, so a delay that outlasts his day resumes the next
morning. Players asked at once (a deploy, a rowing test) answer independently, each from the
moment he was asked, and the game goes on with whoever answers first.

Each game is played four ways, dealt, played and timed from the same seed:

- *nothing*: every decision takes its delay.
- *answers*: every question a player is asked off his turn (the engine's
  ``standing.question``: Seeräuber's mutiny; Flußpiraten's deploy, rowing-test choice, path,
  wish and ford) is answered at once, by a standing answer taken to be the move he would
  have chosen (the bot's); these runs play the same moves as *nothing*. Freibeuter asks no
  question off one's turn: its *answers* are its *nothing*.
- *queued*: a player who makes a decision himself also queues, if his queue is empty, the
  move he expects to make at the start of his next turn: the easy bot's choice in a future
  he imagines from his own view (a world drawn by the engine's ``worlds.sample_state``,
  played on by the easy bot with dice of his imagining until his turn begins). A move that
  begins his turn empties his queue. When his turn begins, the queued move is played at
  once if it is legal then (and, in Freibeuter, the fields it names, those of its card,
  Dutchman field or tile, show what they showed when he queued it: the engine's
  ``queued.fields``); else he decides after his delay. A player whose queued move was played
  reads of it after a delay of his own and only then queues his next one. A queued move
  played may differ from the move he would have chosen then, so these runs play their own
  games.
- *both*: standing answers and queued moves.

Not part of the test run.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.base import Move, Rules, get_game  # noqa: E402
from engine.flusspiraten import worlds as flusspiraten_worlds  # noqa: E402
from engine.freibeuter import board as freibeuter_board  # noqa: E402
from engine.freibeuter import worlds as freibeuter_worlds  # noqa: E402
from engine.seerauber import worlds as seerauber_worlds  # noqa: E402

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]
MEDIAN_HOURS = 3.0
SIGMA = 1.0
AWAKE_HOURS = 16.0
PLAYERS = {"freibeuter": (2, 3, 4), "seerauber": (3, 4, 5), "flusspiraten": (3, 4, 5)}
WORLDS: dict[str, ModuleType] = {
    "freibeuter": freibeuter_worlds,
    "seerauber": seerauber_worlds,
    "flusspiraten": flusspiraten_worlds,
}
"""Each game's worlds: the states a player cannot tell from the one he sees."""
FORESIGHT = 60
"""The most moves a player imagines before his next turn (more: he queues nothing)."""
MODES = {"nothing": (False, False), "answers": (True, False), "queued": (False, True)}
MODES["both"] = (True, True)
"""Each way a game is played: (standing answers, queued moves)."""


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


def rolled(game: Rules, state: Any, move: Move, dice: random.Random) -> Move:
    """``move`` with the dice the service would roll into it."""
    if count := game.rolls_needed(state, move):
        return {**move, "roll": [dice.randint(1, 6) for _ in range(count)]}
    return move


@dataclass
class Queued:
    """A queued move and the fields its condition watches, with what they showed."""

    move: Move
    watched: dict[str, Any] = field(default_factory=dict)


def named_fields(kind: str, move: Move) -> list[str]:
    """The fields of the board a Freibeuter move names (its card's, its Dutchman field, its
    tile's four); none in the other games, whose queued moves name pieces that move."""
    if kind != "freibeuter":
        return []
    if move["type"] == "board":
        tile = freibeuter_board.TILE_INDEX[move["tile"]]
        return [freibeuter_board.FIELD_NAMES[f] for f in freibeuter_board.TILE_FIELDS[tile]]
    return [move["field"] if move["type"] == "dutchman" else move["card"]]


def plan(kind: str, state: Any, name: str, rng: random.Random) -> Queued | None:
    """The move ``name`` queues for his next turn in ``state``: the easy bot's choice when his
    turn begins in a future he imagines from his view (none if it does not come soon)."""
    game: Rules = get_game(kind)
    if state.over:
        return None
    view = game.view(state, name)
    world = WORLDS[kind].sample_state(view, rng)
    for _ in range(FORESIGHT):
        if world.over:
            return None
        if game.queued.turn_begins(game.view(world, name), name):
            move = game.bot_move(world, name)
            if game.queued.queue_error(view, name, move) is not None:
                return None
            shown = game.queued.fields(view)
            return Queued(move, {f: shown[f] for f in named_fields(kind, move)})
        mover = game.to_move(world)[0]
        world = game.apply(world, mover, rolled(game, world, game.bot_move(world, mover), rng))
    return None


def fires(game: Rules, state: Any, name: str, queued: Queued | None) -> bool:
    """Whether ``name``'s queued move is played now: his turn begins, it is legal, and the
    fields it watches show what they showed when he queued it."""
    if queued is None:
        return False
    view = game.view(state, name)
    if not game.queued.turn_begins(view, name):
        return False
    shown = game.queued.fields(view)
    legal = queued.move in game.legal_moves(state, name)
    return legal and all(shown[f] == was for f, was in queued.watched.items())


@dataclass
class Outcome:
    """One game: the days it took, its decisions, and how many each kind of order made."""

    days: float
    decisions: int
    answered: int
    queued: int


def play(kind: str, players: int, seed: int, answers: bool, queues: bool) -> Outcome:
    """Play and time game ``seed`` of ``kind`` with ``players``, with standing ``answers``
    and queued moves (``queues``) or without."""
    game: Rules = get_game(kind)
    names = NAMES[:players]
    deal = random.Random(seed)
    timing = random.Random(f"timing {seed}")
    dice = random.Random(f"dice {seed}")
    imagined = random.Random(f"imagined {seed}")
    wake = {name: 7 + 3 * timing.random() for name in names}
    state = game.start(names, game.new_setup(names, deal))
    due: dict[str, tuple[float, str]] = {}
    queue: dict[str, Queued | None] = dict.fromkeys(names)
    rethink: dict[str, float] = {}
    now, outcome = 0.0, Outcome(0.0, 0, 0, 0)
    while not state.over:
        asked = game.to_move(state)
        due = {name: due[name] for name in asked if name in due}
        for name in asked:
            if name in due:
                continue
            reply = reply_at(now, wake[name], timing)  # drawn either way: the same delays
            if answers and game.standing and game.standing.question(game.view(state, name), name):
                due[name] = (now, "answer")
            elif queues and fires(game, state, name, queue[name]):
                due[name] = (now, "queued")
            else:
                due[name] = (reply, "self")
        name = min(asked, key=lambda each: (due[each][0], asked.index(each)))
        for each, at in sorted(rethink.items(), key=lambda item: item[1]):
            if at <= due[name][0]:
                del rethink[each]
                queue[each] = queue[each] or plan(kind, state, each, imagined)
        now, how = due.pop(name)
        began = game.queued.turn_begins(game.view(state, name), name)
        entry = queue[name]
        move = entry.move if how == "queued" and entry else game.bot_move(state, name)
        state = game.apply(state, name, rolled(game, state, move, dice))
        outcome.decisions += 1
        outcome.answered += how == "answer"
        outcome.queued += how == "queued"
        if began:
            queue[name] = None
        if queues and how == "self" and queue[name] is None:
            queue[name] = plan(kind, state, name, imagined)
        elif how == "queued":
            rethink[name] = reply_at(now, wake[name], timing)
    outcome.days = now / 24
    return outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per game and size")
    args = parser.parse_args()
    print(
        f"delay: log-normal, median {MEDIAN_HOURS:g} h, sigma {SIGMA:g}, "
        f"in waking hours ({AWAKE_HOURS:g} h a day); {args.games} games each"
    )
    print("mean days a game takes, and the share of decisions each kind of order made")
    print(
        f"{'game':<13}{'players':>8}"
        + "".join(f"{mode:>9}" for mode in MODES)
        + f"{'saved':>7}{'answers':>9}{'queued':>8}"
    )
    for kind, sizes in PLAYERS.items():
        for players in sizes:
            asks = get_game(kind).standing is not None
            runs = {
                mode: [play(kind, players, seed, *MODES[mode]) for seed in range(args.games)]
                for mode in MODES
                if asks or not MODES[mode][0]
            }
            if not asks:  # no question off one's turn: the answers change nothing
                runs["answers"], runs["both"] = runs["nothing"], runs["queued"]
            days = {mode: statistics.mean(o.days for o in runs[mode]) for mode in MODES}
            both = runs["both"]
            decisions = sum(o.decisions for o in both)
            shown = {mode: f"{d:.1f}" for mode, d in days.items()}
            if not asks:
                shown["answers"] = "—"
            print(
                f"{kind:<13}{players:>8}"
                + "".join(f"{shown[mode]:>9}" for mode in MODES)
                + f"{(days['nothing'] - days['both']) / days['nothing']:>7.0%}"
                + f"{sum(o.answered for o in both) / decisions:>9.1%}"
                + f"{sum(o.queued for o in both) / decisions:>8.1%}"
            )


if __name__ == "__main__":
    main()
