"""Each game's ``scores`` (the protocol's, which the service keeps on every move) is exactly
its summary's ``scores``, at every position of a game."""

from __future__ import annotations

from random import Random

import pytest

from engine.base import GAMES, get_game

PLAYERS = ("Ann", "Ben", "Cy", "Dee")


@pytest.mark.parametrize("name", GAMES)
def test_scores_are_the_summary_s_at_every_position(name: str) -> None:
    game = get_game(name)
    for seed in range(3):
        rng = Random(seed)
        players = PLAYERS[: max(game.MIN_PLAYERS, 3)]
        state = game.start(players, game.new_setup(players, rng))
        positions = 0
        while game.to_move(state) and positions < 400:
            assert game.scores(state) == game.summary(state)["scores"]
            player = game.to_move(state)[0]
            move = rng.choice(game.legal_moves(state, player))
            state = game.apply(state, player, _rolled(game, state, move, rng))
            positions += 1
        assert game.scores(state) == game.summary(state)["scores"]
        result = game.result(state)
        if result is not None:
            assert game.scores(state) == result["scores"]


def _rolled(game: object, state: object, move: dict[str, object], rng: Random) -> dict[str, object]:
    """``move`` with the dice the service would roll into it (Flußpiraten's; none elsewhere)."""
    dice = game.rolls_needed(state, move)  # type: ignore[attr-defined]
    return {**move, "roll": [rng.randint(1, 6) for _ in range(dice)]} if dice else move
