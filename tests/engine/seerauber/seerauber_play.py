"""Helpers for the Seeräuber engine tests: games played from text moves, and random games."""

from __future__ import annotations

import random
from typing import Any

from engine.seerauber import (
    apply,
    bot_move,
    legal_moves,
    new_setup,
    parse_move,
    start,
    to_move,
)
from engine.seerauber.state import State

PLAYERS = ["Ann", "Ben", "Cy", "Dee", "Eve"]
ORDER = ["S02", "S14", "S09", "S01", "S03", "S04", "S05", "S06"]
ORDER += ["S07", "S08", "S10", "S11", "S12", "S13", "S15"]
"""The deck of the format document's worked example: S02, S14 and S09 are displayed first."""


def game(*moves: str, players: int = 3, ships: list[str] | None = None) -> State:
    """Start a game and make ``moves`` (text notation), each by the player to move."""
    state = start(PLAYERS[:players], {"ships": ships or ORDER})
    return play(state, *moves)


def play(state: State, *moves: str) -> State:
    """Make ``moves`` (text notation) on ``state``, each by the player to move then."""
    for text in moves:
        state = apply(state, to_move(state)[0], parse_move(text))
    return state


def record(players: list[str], ships: list[str], moves: list[dict[str, Any]]) -> dict[str, Any]:
    """A ``pbem-record/1`` record of a Seeräuber game."""
    return {
        "format": "pbem-record/1",
        "game": "seerauber",
        "players": players,
        "setup": {"ships": ships},
        "moves": moves,
    }


def random_game(players: int, seed: int, bot_share: float = 0.0) -> dict[str, Any]:
    """Play a whole game from ``seed``: random legal moves, the bot's with ``bot_share``."""
    rng = random.Random(seed)
    names = PLAYERS[:players]
    setup = new_setup(names, rng)
    state = start(names, setup)
    moves = []
    while options := legal_moves(state):
        player = to_move(state)[0]
        move = bot_move(state, player) if rng.random() < bot_share else rng.choice(options)
        moves.append({"player": player, **move})
        state = apply(state, player, move)
    return record(names, setup["ships"], moves)
