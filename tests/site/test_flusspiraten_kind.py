"""Flußpiraten's site module: timeout defaults per step and the river in emails.

An unanswered rowing test counts as ``die``, a pile-in as ``stay``,
a turntable wish as no, a deploy as 3 pirates left; other steps are the
bot's. The text never shows a sealed choice.
"""

from __future__ import annotations

import random
from typing import Any

from engine import flusspiraten as engine
from games.kinds import flusspiraten as kind

PLAYERS = ["Volker", "Birgit", "Dieter"]


def _timed_out_game(seed: int) -> list[tuple[str, Any, dict[str, Any]]]:
    """A game in which every step times out: (step kind, state, move made) per step."""
    rng = random.Random(seed)
    state = engine.start(PLAYERS, {"turntable_roll": 2})
    steps = []
    while movers := engine.to_move(state):
        move = kind.timeout_move(engine, state, movers[0])
        steps.append((engine.summary(state)["step"]["kind"], state, move))
        count = engine.rolls_needed(state, move)
        if count:
            move = {**move, "roll": [rng.randint(1, 6) for _ in range(count)]}
        state = engine.apply(state, movers[0], move)
    return steps


def test_each_late_step_gets_its_default_and_a_game_of_timeouts_ends() -> None:
    made: dict[str, set[str]] = {}
    for seed in range(6):
        for step, _, move in _timed_out_game(seed):
            made.setdefault(step, set()).add(engine.format_move(move))
    assert made["deploy"] == {"deploy 3"}
    assert made["choose"] == {"die"}
    assert made["wish"] == {"wish no"}
    assert made.get("pile", {"stay"}) == {"stay"}
    assert made["announce"] and made["path"]


def test_the_email_text_shows_the_river_and_hides_a_sealed_choice() -> None:
    for step, state, _move in _timed_out_game(3):
        if step == "choose" and engine.summary(state)["step"]["chosen"]:
            break
    else:
        raise AssertionError("no rowing test half-chosen")
    helmsman = engine.summary(state)["step"]["helmsman"]
    for reader in [None, *PLAYERS]:
        text = kind.position_text(engine.view(state, reader))
        assert "Rowing test in boat" in text and "17" in text and "Harbour" in text
        assert "die" not in text and "club" not in text and "empty" not in text
    rows = kind.player_rows(engine.view(state, helmsman))
    assert [row["letter"] for row in rows] == ["V", "B", "D"]  # the marks' letters
    assert kind.board_png(engine.view(state, None)).startswith(b"\x89PNG")
