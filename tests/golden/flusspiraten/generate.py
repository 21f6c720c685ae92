"""Write the golden Flußpiraten records (a one-off tool; the tests never run it).

    .venv/bin/python tests/golden/flusspiraten/generate.py [--check]

Plays games from fixed seeds: the built-in bot for every player, or "mixed"
(each move a random legal one with chance 0.3, else the bot's), dice from the
same seeded ``random.Random`` through ``rolls_needed``. Writes each finished
game's record and the summary ``replay`` gives, but never overwrites a file:
committed records are what counts. ``--check`` only compares.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from engine import flusspiraten as game  # noqa: E402
from engine.record import new_record, replay  # noqa: E402

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
GAMES = [
    (players, style, seed)
    for players in (3, 4, 5, 6)
    for style, seed in (("bot", players), ("bot", 10 + players), ("mixed", 20 + players))
]


def play(players: int, style: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    record = new_record("flusspiraten", NAMES[:players], rng)
    state = game.start(record["players"], record["setup"])
    while not state.over:
        player = rng.choice(game.to_move(state))
        if style == "mixed" and rng.random() < 0.3:
            move = rng.choice(game.legal_moves(state, player))
        else:
            move = game.bot_move(state, player)
        if dice := game.rolls_needed(state, move):
            move = {**move, "roll": [rng.randint(1, 6) for _ in range(dice)]}
        game.apply_in_place(state, player, move)
        record["moves"].append({"player": player, **move})
    return record


def main() -> None:
    check = "--check" in sys.argv
    for players, style, seed in GAMES:
        record = play(players, style, seed)
        _, state = replay(record)
        name = f"flusspiraten-{players}p-{state.end_reason}-{style}-seed{seed}"
        for suffix, data in (("record", record), ("summary", game.summary(state))):
            path = HERE / f"{name}.{suffix}.json"
            text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
            if path.exists():
                print(f"{path.name}: {'same' if path.read_text() == text else 'DIFFERS'}")
            elif not check:
                path.write_text(text, encoding="utf-8")
                print(f"{path.name}: written")


if __name__ == "__main__":
    main()
