"""Generate the golden Freibeuter records (a one-off tool; the tests never run it).

    .venv/bin/python tests/golden/generate.py          # write the records that are missing
    .venv/bin/python tests/golden/generate.py --check  # compare, write nothing

Games are played from ``new_setup`` with ``random.Random(seed)``, by the
built-in bot, by random play, or by a mix, until every kind of game wanted in
``README.md`` has been found. A record that already exists is never
overwritten: golden files do not change once committed.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from engine.freibeuter import apply, bot_move, legal_moves, new_setup, start, summary, to_move
from engine.record import replay

HERE = Path(__file__).resolve().parent
NAMES = ("Volker", "Birgit", "Dieter", "Anke")
POLICIES = ("bot", "random", "mixed", "noisy", "boarding", "thrifty")
"""bot: every seat plays the bot. random: every seat plays a random legal move.
mixed: even seats play the bot, odd seats at random. noisy: the bot, but one
move in three at random. boarding: random, but boarding a ship whenever one is
free seven times in ten (so that boats run out sooner). thrifty: random, but
taking 2 chests instead of a boat whenever it can, seven times in ten (so that
the sea deck runs out in two-player games too)."""
SEARCH = 40_000


def random_move(state: Any, rng: random.Random) -> dict[str, Any]:
    """A random legal move; sometimes with an explicit order, or without its draw [D7]."""
    move = dict(rng.choice(legal_moves(state)))
    if move["type"] == "board":
        return move
    player = to_move(state)[0]
    after = apply(state, player, move)
    if rng.random() < 0.4:
        before_tiles = summary(state)["board"]["tiles"]
        gone = [t for t in before_tiles if t not in summary(after)["board"]["tiles"]]
        rng.shuffle(gone)
        move["order"] = gone
    if after.end_reason == "last_lair" and rng.random() < 0.5:
        del move["draw"]
    return move


def play(players: int, policy: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    names = list(NAMES[:players])
    setup = new_setup(names, rng)
    state = start(names, setup)
    moves = []
    while not state.over:
        player = to_move(state)[0]
        seat = names.index(player)
        bot = policy == "bot" or (policy == "mixed" and seat % 2 == 0)
        bot = bot or (policy == "noisy" and rng.random() >= 1 / 3)
        preferred = {
            "boarding": [m for m in legal_moves(state) if m["type"] == "board"],
            "thrifty": [m for m in legal_moves(state) if m.get("boat") is False],
        }.get(policy)
        if bot:
            move = bot_move(state, player)
        elif preferred and rng.random() < 0.7:
            move = rng.choice(preferred)
        else:
            move = random_move(state, rng)
        state = apply(state, player, move)
        moves.append({"player": player, **move})
    return {"format": "pbem-record/1", "game": "freibeuter", "players": names, "setup": setup,
            "moves": moves}  # fmt: skip


def features(record: dict[str, Any], final: dict[str, Any]) -> set[str]:
    """What a finished game shows, as tags."""
    moves = record["moves"]
    tags = {final["end_reason"]}
    if any(p["credit"] for p in final["players"].values()):
        tags.add("credit")
    if final["set_aside"]["doubles"]:
        tags.add("doubles")
    if len(final["winners"]) > 1:
        tags.add("shared_victory")
    if any(m.get("order") and len(m["order"]) > 1 for m in moves):
        tags.add("explicit_order")
    if any(m["type"] == "dutchman" for m in moves):
        tags.add("dutchman")
    if any(m.get("boat") is False for m in moves):
        tags.add("chests")
    if any(m["type"] != "board" and "draw" not in m for m in moves):
        tags.add("no_draw")
    return tags


def wanted() -> Counter[tuple[Any, ...]]:
    """How many games of each kind the set needs."""
    need: Counter[tuple[Any, ...]] = Counter()
    for players in (2, 3, 4):
        for reason in ("last_lair", "sea_deck_empty", "no_boats"):
            need[(players, reason)] = 2
        for policy in POLICIES:
            need[(players, policy)] = 1
        for tag in ("credit", "doubles", "shared_victory"):
            need[(players, tag)] = 1
    # Four players never run out of boats: a player's 25 boats take 25 turns, so the game
    # would need at least 25 + 3 × 24 = 97 moves, but only 96 can be made without ending
    # it: 28 boardings, 10 Dutchman draws and 58 sea draws.
    del need[(4, "no_boats")]
    return need


def search() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    need = wanted()
    chosen = []
    for seed in range(SEARCH):
        players, policy = (2, 3, 4)[seed % 3], POLICIES[(seed // 3) % len(POLICIES)]
        if policy != "random" and not any(
            need[(players, k)] for k in (policy, "last_lair", "sea_deck_empty", "no_boats")
        ):
            continue
        record = play(players, policy, seed)
        _, state = replay(record)
        final = summary(state)
        tags = features(record, final) | {policy}
        keys = [(players, tag) for tag in tags if need[(players, tag)]]
        if not keys:
            continue
        for key in keys:
            need[key] -= 1
        name = f"{players}p-{final['end_reason'].replace('_', '-')}-{policy}-seed{seed}"
        chosen.append((name, record, final))
        print(f"{name}: {', '.join(sorted(tags))}", file=sys.stderr)
        if not +need:
            break
    for key, missing in (+need).items():
        print(f"not found: {missing} × {key}", file=sys.stderr)
    return chosen


def main(check: bool) -> int:
    differ = 0
    for name, record, final in search():
        for suffix, content in (("record", record), ("summary", final)):
            path = HERE / f"{name}.{suffix}.json"
            text = json.dumps(content, indent=1, ensure_ascii=False) + "\n"
            if path.exists():
                if json.loads(path.read_text(encoding="utf-8")) != content:
                    print(f"{path.name} differs from what the engine gives now", file=sys.stderr)
                    differ += 1
            elif not check:
                path.write_text(text, encoding="utf-8")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(check="--check" in sys.argv[1:]))
