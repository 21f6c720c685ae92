"""A bot asked to move for a player who is not asked to move refuses as the rules do.

Every game's ``bot_move``, at every level, answers a player whose move it is not with
``IllegalMove`` code ``not_your_turn`` (the code the command line and the site pass on),
never with an error of its own.
"""

from __future__ import annotations

from random import Random

import pytest

from engine.base import IllegalMove, get_game
from engine.search import LEVELS

NAMES = ("Ann", "Ben", "Cy")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("kind", ["freibeuter", "seerauber", "flusspiraten"])
def test_a_bot_refuses_to_move_for_a_player_not_asked_to(kind: str, level: str) -> None:
    game = get_game(kind)
    state = game.start(list(NAMES), game.new_setup(list(NAMES), Random(3)))
    for _ in range(40):  # past the deal (where everyone may be asked at once)
        asked = game.to_move(state)
        if len(asked) < len(NAMES):
            break
        state = game.apply(state, asked[0], game.bot_move(state, asked[0]))
    idle = [name for name in NAMES if name not in game.to_move(state)]
    assert idle, "no state with a player not asked to move"
    with pytest.raises(IllegalMove) as refused:
        game.bot_move(state, idle[0], level=level, rng=Random(1))
    assert refused.value.code == "not_your_turn"
