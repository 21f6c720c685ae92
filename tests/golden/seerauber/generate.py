"""Write the Seeräuber golden records and the engine tests' recorded games (a one-off tool).

    .venv/bin/python tests/golden/seerauber/generate.py [--check]

Games are dealt with ``new_setup(players, random.Random(seed))`` and played
by a policy: ``bot`` (every seat the bot), ``random`` (uniform legal moves),
``mixed`` (even seats the bot, odd seats random) or ``noisy`` (the bot, one
move in three random). Seeds are tried in order until each wanted kind of
game is found. Existing files are never overwritten; ``--check`` only
compares. The tests never run this script: the committed files are what
counts (``README.md``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from engine.seerauber import (  # noqa: E402
    apply,
    board,
    bot_move,
    legal_moves,
    new_setup,
    start,
    summary,
    to_move,
)
from engine.seerauber.state import State  # noqa: E402

HERE = Path(__file__).resolve().parent
DATA = ROOT / "tests" / "engine" / "seerauber" / "data"
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]
POLICIES = ("bot", "random", "mixed", "noisy")


def choose(policy: str, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    moves = legal_moves(state)
    player = state.players[seat]
    if policy == "bot" or (policy == "mixed" and seat % 2 == 0):
        return bot_move(state, player)
    if policy == "noisy" and rng.random() >= 1 / 3:
        return bot_move(state, player)
    return rng.choice(moves)


def play(
    names: list[str], seed: int, policy: str, stop: Callable[[State], bool] | None = None
) -> tuple[dict[str, Any], set[str]]:
    """Play one game (until ``stop`` holds, if given); return its record and its tags."""
    rng = random.Random(seed)
    setup = new_setup(names, rng)
    state = start(names, setup)
    moves: list[dict[str, Any]] = []
    tags = {policy}
    while legal_moves(state) and not (stop and stop(state)):
        player = to_move(state)[0]
        seat = state.players.index(player)
        move = choose(policy, state, seat, rng)
        tags |= _tags(state, seat, move)
        moves.append({"player": player, **move})
        state = apply(state, player, move)
    if state.over:
        tags.add(str(state.end_reason))
        if len(summary(state)["winners"]) > 1:
            tags.add("shared_victory")
    record = {
        "format": "pbem-record/1",
        "game": "seerauber",
        "players": names,
        "setup": setup,
        "moves": moves,
    }
    return record, tags


def _tags(state: State, seat: int, move: dict[str, Any]) -> set[str]:
    kind = move["type"]
    tags = {kind} if kind in ("mutiny", "no_mutiny", "pass") else set()
    if kind == "board":
        ship = board.SHIPS[move["ship"]]
        pirates = state.stacks[move["stack"]]
        wages = sum(board.wage(p, ship) for p in pirates if board.owner(p) != seat)
        if wages > state.ducats[seat] + ship.ducats:
            tags.add("stock")
    return tags


GOLDEN = [
    (3, "bot", {"last_ship"}),
    (4, "bot", {"last_ship"}),
    (5, "bot", {"last_ship"}),
    (3, "random", {"last_ship", "mutiny", "stock"}),
    (4, "random", {"last_ship", "mutiny", "stock"}),
    (5, "random", {"last_ship", "mutiny", "stock"}),
    (3, "mixed", {"last_ship", "mutiny"}),
    (4, "mixed", {"last_ship", "mutiny", "stock"}),
    (5, "noisy", {"last_ship", "mutiny"}),
    (3, "random", {"deadlock"}),
    (4, "random", {"deadlock"}),
    (5, "random", {"deadlock", "mutiny"}),
    (3, "random", {"last_ship", "shared_victory"}),
]
"""Player count, policy and the tags the game must show, one golden record each."""


def find(
    count: int, policy: str, wanted: set[str], start_seed: int = 0
) -> tuple[int, dict[str, Any], set[str]]:
    seed = start_seed
    while True:
        record, tags = play(NAMES[:count], seed, policy)
        if wanted <= tags:
            return seed, record, tags
        seed += 1


def write(path: Path, data: Any, check: bool) -> None:
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    if path.exists():
        if path.read_text(encoding="utf-8") != text:
            print(f"differs (kept): {path.name}")
        return
    if check:
        print(f"missing: {path.name}")
        return
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path.name}")


def golden(check: bool) -> None:
    used: set[tuple[int, str, int]] = set()
    for count, policy, wanted in GOLDEN:
        seed = 0
        while True:
            seed, record, tags = find(count, policy, wanted, seed)
            if (count, policy, seed) not in used:
                break
            seed += 1
        used.add((count, policy, seed))
        name = f"seerauber-{count}p-{record_end(tags)}-{policy}-seed{seed}"
        state = _replay(record)
        write(HERE / f"{name}.record.json", record, check)
        write(HERE / f"{name}.summary.json", summary(state), check)
        print(f"| `{name}` | {', '.join(sorted(tags))} |")


def record_end(tags: set[str]) -> str:
    return "deadlock" if "deadlock" in tags else "last-ship"


def _replay(record: dict[str, Any]) -> State:
    state = start(record["players"], record["setup"])
    for move in record["moves"]:
        state = apply(state, move["player"], move)
    return state


def test_data(check: bool) -> None:
    """The recorded games that ``tests/engine/seerauber`` replays."""
    _, record, _ = find(3, "random", {"last_ship"})
    write(DATA / "last-ship.record.json", record, check)
    _, record, _ = find(3, "random", {"deadlock"})
    write(DATA / "deadlock.record.json", record, check)
    names = ["Karin", "Kim", "Nico", "Nina"]
    seed = 0
    while True:
        record, _ = play(names, seed, "random")
        state = _replay(record)
        if [held["chest"] for held in state.booty] == [2, 1, 2, 1]:
            break
        seed += 1
    write(DATA / "scoring-example.record.json", record, check)
    record, _ = play(NAMES[:3], 0, "random", stop=lambda s: s.deck_top == 6)
    write(DATA / "three-boardings.record.json", record, check)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    golden(args.check)
    test_data(args.check)


if __name__ == "__main__":
    main()
